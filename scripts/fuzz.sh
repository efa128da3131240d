#!/bin/sh
# Gives each fuzz target a short run (the solver's parser and evaluator,
# the calculator's keys, the numbers' int64 fast path). A failure counts only
# when go test writes a reproducer to testdata/fuzz/TARGET: go test -fuzz can
# also stop with "fuzzing process hung or terminated unexpectedly" or a
# deadline error when -fuzztime ends while a worker is busy, with no failing
# input (golang/go#56238), and that says nothing about our code.
set -u
fuzztime=${FUZZTIME:-5s}
status=0
for spec in solver:FuzzParse solver:FuzzEval ui:FuzzKeys hp17b:FuzzFastPath; do
  pkg=${spec%%:*}
  target=${spec#*:}
  dir=$pkg/testdata/fuzz/$target
  before=$(ls "$dir" 2>/dev/null | wc -l)
  out=$(go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "./$pkg" 2>&1)
  rc=$?
  after=$(ls "$dir" 2>/dev/null | wc -l)
  if [ "$rc" -eq 0 ]; then
    echo "$out" | tail -n 2
  elif [ "$after" -gt "$before" ]; then
    echo "$out"
    echo "fuzz: $target found a failing input, written to $dir"
    status=1
  else
    echo "$out" | tail -n 4
    echo "fuzz: $target stopped at the deadline without a failing input (go test -fuzz flake, golang/go#56238): not counted"
  fi
done
exit $status
