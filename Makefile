# hp17b: the virtual HP-17B. `make run` starts the calculator, `make test`
# checks everything.
GO        ?= go
FUZZTIME  ?= 5s
XVFB      := xvfb-run -a -s "-screen 0 1280x1024x24"

.PHONY: run test bench lint deps build fuzz fuzz-long clean

# Both programs: hp17b (commands, terminal play) and hp17b-window (the
# window, which needs a display and which hp17b starts when there is one).
build: deps
	$(GO) build -o bin/hp17b ./cmd/hp17b
	$(GO) build -o bin/hp17b-window ./cmd/hp17b-window

# The main job: the calculator with NIM in its SOLVE list; in a terminal
# without a display, NIM in the terminal.
run: build
	./bin/hp17b

# Installs what the tests need when it is missing, then vets, runs every test
# with the race detector (under Xvfb, for the window's tests), and gives each
# fuzz target a short run.
test: deps
	$(GO) vet ./...
	$(XVFB) $(GO) test -race -count=1 ./...
	$(MAKE) --no-print-directory fuzz

fuzz:
	@FUZZTIME=$(FUZZTIME) sh scripts/fuzz.sh

# Every fuzz target for two minutes (about 18 minutes in all); make test
# keeps its short runs.
fuzz-long:
	@FUZZTIME=2m sh scripts/fuzz.sh

bench: deps
	$(XVFB) $(GO) test -run '^$$' -bench . -benchmem ./...

lint: deps
	@test -z "$$(gofmt -l .)" || { gofmt -l .; echo "gofmt: the files above need formatting"; exit 1; }
	$(GO) vet ./...

deps:
	@sh scripts/deps.sh

clean:
	rm -rf bin
