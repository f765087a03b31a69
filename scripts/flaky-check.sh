#!/usr/bin/env bash
# Is any test flaky? `make flaky-check` runs, from one build (the one `make test` uses):
#   - the whole XCTest suite (unit and integration, parallel as in make test) FLAKY_QUIET
#     times in a row (default 5) on the machine as it is;
#   - the same FLAKY_LOADED times (default 3) beside a load on both cores (stress-ng
#     --cpu 2, started before and stopped after each run);
#   - the hostile suites (hostile clients, parser differential, render admission), the
#     cluster and capacity checks and a short soak FLAKY_SUITES times (default 2) beside
#     that load.
# Every run's output is kept in .build/flaky/; the summary lists each run, its result and
# the tests that failed in it, and ends in a count of runs and failures. Exit 1 on any.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
source scripts/builds.sh  # TEST_BUILD
BINARY=.build/test/release/spinnerd
OUT=.build/flaky
QUIET=${FLAKY_QUIET:-5}
LOADED=${FLAKY_LOADED:-3}
SUITES=${FLAKY_SUITES:-2}
rm -rf "$OUT"; mkdir -p "$OUT"
summary=()
runs=0 failures=0

"$SWIFT" build "${TEST_BUILD[@]}" --build-tests || exit 1

load_pid=""
load_on() {
  stress-ng --cpu 2 --timeout 0 --quiet > /dev/null 2>&1 &
  load_pid=$!
  # Wait until both workers are busy (the load is there before the run starts).
  local deadline=$((SECONDS + 30))
  local workers
  while workers=$(pgrep -c -P "$load_pid" 2>/dev/null); [ "${workers:-0}" -lt 2 ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
}
load_off() {
  [ -n "$load_pid" ] && kill "$load_pid" 2>/dev/null && wait "$load_pid" 2>/dev/null
  load_pid=""
}
trap load_off EXIT

# run LABEL LOG COMMAND...: one run, its verdict and failed tests in the summary.
run() {
  local label=$1 log=$2; shift 2
  local start=$SECONDS
  "$@" > "$log" 2>&1
  local status=$?
  runs=$((runs + 1))
  local failed=""
  if [ $status -ne 0 ]; then
    failures=$((failures + 1))
    # XCTest names its failed tests; the Python suites print [FAIL] lines.
    failed=$(grep -aoE "(Test Case '[^']+' failed|\[FAIL\] .*|^[A-Za-z]+Tests?\.[A-Za-z]+/test[A-Za-z0-9]+.*failed.*)" "$log" | sort -u | head -8 | tr '\n' ';')
    [ -n "$failed" ] || failed=$(tail -3 "$log" | tr '\n' ' ')
  fi
  local line
  line=$(printf '%-40s %5ds  %s %s' "$label" $((SECONDS - start)) "$([ $status -eq 0 ] && echo pass || echo FAIL)" "$failed")
  echo "$line"
  summary+=("$line")
}

xctest() { "$SWIFT" test "${TEST_BUILD[@]}" --skip-build --parallel; }

for n in $(seq 1 "$QUIET"); do
  run "XCTest suite, quiet, run $n" "$OUT/xctest-quiet-$n.log" xctest
done
for n in $(seq 1 "$LOADED"); do
  load_on
  run "XCTest suite, loaded, run $n" "$OUT/xctest-loaded-$n.log" xctest
  load_off
done
for n in $(seq 1 "$SUITES"); do
  load_on
  run "hostile clients, loaded, run $n" "$OUT/hostile-$n.log" python3 Tests/Hostile/hostile.py --binary "$BINARY"
  run "parser differential, loaded, run $n" "$OUT/differential-$n.log" python3 Tests/Hostile/parser_differential.py --binary "$BINARY"
  run "render admission, loaded, run $n" "$OUT/admission-$n.log" python3 Tests/Hostile/render_admission.py --binary "$BINARY"
  run "cluster, loaded, run $n" "$OUT/cluster-$n.log" python3 Tests/Cluster/cluster.py --binary "$BINARY"
  run "capacity --check, loaded, run $n" "$OUT/capacity-$n.log" python3 deploy/capacity.py --binary "$BINARY" --check
  run "soak 1.5 min, loaded, run $n" "$OUT/soak-$n.log" python3 Tests/Soak/soak.py --binary "$BINARY" --minutes 1.5 --every 5 --report "$OUT/soak-$n"
  load_off
done

{
  printf '\nflaky-check (%s, %s cores; load: stress-ng --cpu 2)\n' "$(git rev-parse --short HEAD 2>/dev/null)" "$(nproc)"
  printf '  %s\n' "${summary[@]}"
  printf '  %d runs, %d failed\n' "$runs" "$failures"
} | tee "$OUT/summary.txt"
[ "$failures" -eq 0 ]
