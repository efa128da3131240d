# hp17b: the virtual HP-17B. `make run` plays NIM, `make test` checks everything.
GO        ?= go
FUZZTIME  ?= 5s
BIN       := bin/hp17b

.PHONY: run test bench lint deps build fuzz clean

build:
	$(GO) build -o $(BIN) ./cmd/hp17b

# The main job: the calculator with NIM loaded (terminal play).
run: build
	./$(BIN) play

# Installs what the tests need when it is missing, then vets, runs every test
# with the race detector, and gives each fuzz target a short run.
test: deps
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...
	$(MAKE) --no-print-directory fuzz

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./solver
	$(GO) test -run '^$$' -fuzz '^FuzzEval$$' -fuzztime $(FUZZTIME) ./solver

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint:
	@test -z "$$(gofmt -l .)" || { gofmt -l .; echo "gofmt: the files above need formatting"; exit 1; }
	$(GO) vet ./...

deps:
	@sh scripts/deps.sh

clean:
	rm -rf bin
