#!/bin/bash
# Runs every fuzz target of Fuzz/ (built by `make fuzz` into .build/fuzz) for SECONDS each:
# first the past findings in Fuzz/regressions/TARGET (each must now pass), then libFuzzer
# on a copy of the committed corpus with the target's dictionary. Prints executions,
# executions per second and coverage (edges) per target; fails on any finding, which
# lands in .build/fuzz-findings/.
#
#   scripts/fuzz.sh SECONDS            # make fuzz (FUZZ_SECONDS, default 600), make test (15, two lanes)
#   scripts/fuzz.sh                    # 30 s each
#   FUZZ_MERGE=1 scripts/fuzz.sh N     # also merge what was found into Fuzz/corpus, minimised
#   FUZZ_SEED=0 scripts/fuzz.sh N      # a random seed (default 1: runs repeat, as far as time allows)
#   FUZZ_RUNS=10000000 scripts/fuzz.sh 0   # each target for that many executions (0 s: no time limit)
#   FUZZ_TARGETS="url value" scripts/fuzz.sh N   # only these targets (two such runs use both cores)
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-30}
BINARY=.build/fuzz/release/spinnerd-fuzz
WORK=.build/fuzz-work
FINDINGS=.build/fuzz-findings
# The Swift runtime's backtracer and AddressSanitizer both catch the crash; let ASan report.
export SWIFT_BACKTRACE=enable=no
# Leaks are checked (LSan), as is every read and write (ASan).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}

dictionary() {
  case $1 in
    http) echo Fuzz/dictionaries/http.dict ;;
    url|value|signature) echo Fuzz/dictionaries/url.dict ;;
    gradient) echo Fuzz/dictionaries/gradient.dict ;;
    *) echo "" ;;
  esac
}

[ -x "$BINARY" ] || { echo "fuzz: $BINARY is missing; run make fuzz" >&2; exit 2; }
mkdir -p "$FINDINGS"
status=0
printf "%-10s %12s %10s %8s %8s  %s\n" target executions exec/s edges corpus findings
for target in ${FUZZ_TARGETS:-$("$BINARY" --list | cut -f1)}; do
  "$BINARY" --list | cut -f1 | grep -qx "$target" || { echo "fuzz: no target $target" >&2; exit 2; }
  if [ -d "Fuzz/regressions/$target" ] && [ -n "$(ls -A "Fuzz/regressions/$target")" ]; then
    if ! "$BINARY" "$target" Fuzz/regressions/"$target"/* > "$FINDINGS/$target-regressions.log" 2>&1; then
      echo "fuzz: $target: a past finding fails again; see $FINDINGS/$target-regressions.log" >&2
      status=1
    fi
  fi
  rm -f "$FINDINGS/$target"-crash-* "$FINDINGS/$target"-leak-* "$FINDINGS/$target"-timeout-* "$FINDINGS/$target"-oom-*
  rm -rf "${WORK:?}/$target"; mkdir -p "$WORK/$target" Fuzz/corpus/"$target"
  cp -r Fuzz/corpus/"$target"/. "$WORK/$target"/ 2>/dev/null
  dict=$(dictionary "$target")
  log="$FINDINGS/$target.log"
  "$BINARY" "$target" -seed="${FUZZ_SEED:-1}" -max_total_time="$SECONDS_EACH" -timeout=20 -rss_limit_mb=3072 -print_final_stats=1 \
    ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} ${dict:+-dict=$dict} -artifact_prefix="$FINDINGS/$target-" "$WORK/$target" Fuzz/corpus/"$target" > "$log" 2>&1
  code=$?
  executions=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}')
  rate=$(grep -a 'stat::average_exec_per_sec' "$log" | awk '{print $2}')
  edges=$(grep -ao 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  corpus=$(ls "$WORK/$target" | wc -l)
  found=$(ls "$FINDINGS" | grep -c "^$target-\(crash\|leak\|timeout\|oom\)" || true)
  printf "%-10s %12s %10s %8s %8s  %s\n" "$target" "${executions:-?}" "${rate:-?}" "${edges:-?}" "$corpus" "$found"
  if [ "$code" -ne 0 ] || [ "$found" -ne 0 ]; then
    echo "fuzz: $target found something (exit $code); the input and the report are in $FINDINGS ($log):" >&2
    grep -a -E 'oracle failed|ERROR|SUMMARY' "$log" | head -5 >&2
    status=1
  fi
  if [ "${FUZZ_MERGE:-0}" = 1 ]; then
    mkdir -p "$WORK/$target-merged"
    "$BINARY" "$target" -merge=1 "$WORK/$target-merged" Fuzz/corpus/"$target" "$WORK/$target" > "$WORK/$target-merge.log" 2>&1
    rm -rf Fuzz/corpus/"$target" && mv "$WORK/$target-merged" Fuzz/corpus/"$target"
  fi
done
exit $status
