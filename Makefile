# hp17b: the virtual HP-17B. `make run` starts the calculator, `make test`
# checks everything.
GO        ?= go
FUZZTIME  ?= 5s
STATICCHECK_VERSION := v0.8.2
XVFB      := xvfb-run -a -s "-screen 0 1280x1024x24"
# The state file's checks without the race detector (much faster at JSON;
# make test runs their short form under it): seeded mixes of eight
# concurrent writers against the serial order, writer processes, and
# writers killed while loading or saving a 3 MB state (HP17B_MIXES and
# HP17B_KILLS say how many).
STATECHECK = $(GO) test -count=1 -timeout 90m -run 'TestConcurrentMixes|TestConcurrentProcesses|TestKillWhileLoadingAndSaving' ./emulator/

.PHONY: run test test-race test-browser test-rest bench lint deps build cross dist web fuzz fuzz-long clean

# The three programs: hp17b (commands, terminal play), hp17b-window (the
# window, which needs a display and which hp17b starts when there is one)
# and hp17b-serve (the browser build's server, which hp17b serve starts).
# No cgo: the same build works on any Linux with X11 or Wayland libraries.
# All are stamped with the version git describes (as make dist does).
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.releaseVersion=$(VERSION)
build: deps
	CGO_ENABLED=0 $(GO) build -ldflags "$(LDFLAGS)" -o bin/hp17b ./cmd/hp17b
	CGO_ENABLED=0 $(GO) build -ldflags "$(LDFLAGS)" -o bin/hp17b-window ./cmd/hp17b-window
	CGO_ENABLED=0 $(GO) build -ldflags "$(LDFLAGS)" -o bin/hp17b-serve ./cmd/hp17b-serve

# The main job: the calculator with NIM in its SOLVE list; in a terminal
# without a display, NIM in the terminal.
run: build
	./bin/hp17b

# Installs what the tests need when it is missing, then checks the format,
# vets and runs staticcheck (make lint), and then runs three lanes at once
# (the live window's and the browser's tests mostly wait on what they
# check, so the cores are free for the rest):
# - test-race: every test but the browser's with the race detector (under
#   Xvfb, for the window's tests; their waits stretch with the machine's
#   load, and the timeout leaves room for a load of 10);
# - test-browser: the browser build's tests (e2e's TestBrowser*, headless
#   Chromium through the DevTools protocol), also with the race detector;
# - test-rest: the heaps panel's model-based test once more at full length
#   without it (10,000 sequences), the arithmetic's differential tests
#   whole (the race run takes a sample of them), the state file's
#   concurrency and kill checks, the six targets' builds (make cross), and
#   a short run of each fuzz target (make fuzz).
test: deps lint
	@$(MAKE) --no-print-directory -j3 test-race test-browser test-rest

test-race:
	$(XVFB) $(GO) test -race -count=1 -timeout 90m -skip '^TestBrowser' ./...

test-browser:
	$(GO) test -race -count=1 -timeout 90m -run '^TestBrowser' ./e2e/

test-rest:
	$(GO) test -count=1 -run '^TestGameModel$$' ./ui/
	$(GO) test -count=1 -run '^(TestElementaryTable|TestAgainstReference)$$' ./hp17b/
	HP17B_MIXES=2000 HP17B_KILLS=20 $(STATECHECK)
	$(MAKE) --no-print-directory cross
	$(MAKE) --no-print-directory fuzz

# Both programs compile without cgo for Linux, Windows and macOS on amd64
# and arm64 (compile only; the Linux window runs in the e2e tests).
cross:
	@for t in linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64; do \
	  GOOS=$${t%/*} GOARCH=$${t#*/} CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/... || exit 1; \
	  echo "cross: $$t builds"; \
	done

# The calculator for browsers in dist/web (serve it with any static server).
web:
	@sh scripts/web.sh dist/web

# The release archives (six targets, checksums) in dist/.
dist: deps
	@sh scripts/dist.sh

fuzz:
	@FUZZTIME=$(FUZZTIME) sh scripts/fuzz.sh

# Every fuzz target for two minutes (thirty-three targets: about 66 minutes in all), the
# state file's concurrency and kill checks at length, and 10^7 more arguments a function
# for the elementary functions (their two stages against each other, apd at 50 digits on
# every 1,000th and wherever they cannot decide); make test keeps its short runs.
fuzz-long:
	@FUZZTIME=2m sh scripts/fuzz.sh
	HP17B_MIXES=20000 HP17B_KILLS=200 $(STATECHECK)
	ELEMENTARY_LONG=10000000 go test ./hp17b -run TestElementaryLong -timeout 0

# Every benchmark of every package, the window's under Xvfb, and the whole
# processes of cmd/hp17b (BenchmarkProcess*, built as make build builds):
# the figures of docs/speed.md. BENCHCOUNT=6 gives six runs of
# each, for medians.
BENCHCOUNT ?= 1
bench: deps
	$(XVFB) $(GO) test -run '^$$' -bench . -benchmem -count $(BENCHCOUNT) -timeout 60m ./...

lint: deps
	@test -z "$$(gofmt -l .)" || { gofmt -l .; echo "gofmt: the files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) ./...

deps:
	@sh scripts/deps.sh

clean:
	rm -rf bin dist
