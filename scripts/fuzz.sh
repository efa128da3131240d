#!/bin/sh
# Gives each fuzz target a run of FUZZTIME (5s by default; `make fuzz-long`
# gives each 2m). A failing input is written to PKG/testdata/fuzz/TARGET
# and fails the run. go test -fuzz can also end with "fuzzing process hung
# or terminated unexpectedly" when -fuzztime ends while a worker is busy
# (golang/go#56238); such a run is repeated once, and a target that fails
# twice fails the run: a worker that really hangs or dies is not ignored.
# The targets run in FUZZLANES lanes at once (2 by default, one a core),
# each fuzzing with one worker, so the whole takes half as long.
set -u
fuzztime=${FUZZTIME:-5s}
lanes=${FUZZLANES:-2}
specs=""
for spec in solver:FuzzParse solver:FuzzParseReference solver:FuzzLexer solver:FuzzEval solver:FuzzParseFile solver:FuzzReadFileAll \
  ui:FuzzKeys ui:FuzzGameActions ui:FuzzParseSkin hp17b:FuzzFastPath hp17b:FuzzNumberText hp17b:FuzzArithmetic \
  hp17b:FuzzParseNumber emulator:FuzzStateFile emulator:FuzzKeyScript emulator:FuzzMerge emulator:FuzzPaste \
  cmd/hp17b:FuzzNimArgs cmd/hp17b:FuzzCommandLine cmd/hp17b:FuzzPlay programs:FuzzDecodeMatch fin:FuzzFlows stat:FuzzStatistics \
  compare:FuzzAnswerLine solver:FuzzSaveLoad solver:FuzzCanonical solver:FuzzPostedSpellings emulator:FuzzEquationScript \
  hp17b:FuzzRoundingTest hp17b:FuzzFloatStage hp17b:FuzzDoubleStage fin:FuzzFastFinance hp17b:FuzzS15 \
  internal/link:FuzzRoundTrip library:FuzzParseEntry; do
  specs="$specs $spec"
done

# lane N runs every lanes-th target from the Nth; it exits 1 when one failed.
lane() {
  status=0
  i=0
  for spec in $specs; do
    i=$((i + 1))
    [ $(((i - 1) % lanes)) -eq "$1" ] || continue
    fuzz_one "$spec" || status=1
  done
  return $status
}

fuzz_one() {
  spec=$1
  pkg=${spec%%:*}
  target=${spec#*:}
  dir=$pkg/testdata/fuzz/$target
  for try in 1 2; do
    before=$(ls "$dir" 2>/dev/null | wc -l)
    out=$(go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" -parallel 1 "./$pkg" 2>&1)
    rc=$?
    after=$(ls "$dir" 2>/dev/null | wc -l)
    if [ "$rc" -eq 0 ]; then
      echo "$target: $(echo "$out" | grep -o 'execs: [0-9]*' | tail -n 1) in $fuzztime"
      break
    elif [ "$after" -gt "$before" ]; then
      echo "$out"
      echo "fuzz: $target found a failing input, written to $dir"
      return 1
    elif [ "$try" -eq 2 ]; then
      echo "$out" | tail -n 6
      echo "fuzz: $target failed twice without a failing input (a hung or killed worker)"
      return 1
    else
      echo "fuzz: $target ended at the deadline with a busy worker (golang/go#56238); once more"
    fi
  done
  return 0
}

pids=""
n=0
while [ $n -lt "$lanes" ]; do
  lane $n &
  pids="$pids $!"
  n=$((n + 1))
done
status=0
for pid in $pids; do
  wait "$pid" || status=1
done
exit $status
