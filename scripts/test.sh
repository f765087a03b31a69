#!/usr/bin/env bash
# `make test`: every suite, each step timed, and a table of the steps' times at the end (also
# written to .build/test-times.txt), so the next slow step is seen the day it appears.
#
# One optimised build serves the plain steps: the release configuration with -enable-testing
# (for the tests' @testable imports) in .build/test, whose spinnerd the XCTest integration
# tests, Schemathesis, the hostile, cluster and soak suites all drive. Two other builds: the
# libFuzzer build (AddressSanitizer), which makes an ASan spinnerd too, and a ThreadSanitizer
# spinnerd (made beside the integration tests). After the builds the suites run in two lanes
# at once (see `lane` below): each suite that measures latency or memory under attack
# (hostile, render admission, soak) beside a sanitizer's run of the same load, which holds no
# such bound (scripts/sanitize.sh); half the fuzz targets at the end of each lane.
#
# Budgets that shrink here have a full form of their own (docs/development.md):
#   Schemathesis  coverage phase on 11 of the 40 spinner GETs  (make api-check-full: all 80)
#   soak          SOAK_MINUTES=1.5                              (make soak: 60 min)
#   fuzzing       FUZZ_SECONDS=15 per target                    (make fuzz: 600 s)
#   sanitizers    the stresses 1–1.5 min, XCTests under TSan not run (make sanitize)
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
source scripts/builds.sh  # TEST_BUILD
BINARY=.build/test/release/spinnerd
LOGS=.build/test-logs
mkdir -p "$LOGS"
started_all=$SECONDS
failed=0

# CPU busy on the machine (all cores) since `busy_mark` was taken, in % of every core:
# a step that keeps both cores busy is work to cut, one far below is time to fill. (Busy
# counts the lowest priority too: the servers' final encodes, SCHED_BATCH at nice 19, which
# take what nothing else wants.)
# busy_mark: "BUSY TOTAL NICE", the machine's CPU ticks so far (NICE: at a positive nice).
busy_mark() { awk '/^cpu /{ print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8, $3 }' /proc/stat; }
run_mark=$(busy_mark)  # the whole run's, for the table's last line
busy_since() {  # busy_since "BUSY TOTAL NICE"
  local now; now=$(busy_mark)
  awk -v a="$1" -v b="$now" 'BEGIN { split(a, x, " "); split(b, y, " "); t = y[2] - x[2]; printf "%d", (t > 0 ? 100 * (y[1] - x[1]) / t : 0) }'
}

names=() times=() verdicts=() loads=() owns=()
record() {  # record NAME SECONDS STATUS [CPU% [OWN-CPU-SECONDS]]
  names+=("$1"); times+=("$2"); loads+=("${4:--}"); owns+=("${5:--}")
  if [ "$3" -eq 0 ]; then verdicts+=("ok"); else verdicts+=("FAILED ($3)"); failed=1; fi
}

# step NAME COMMAND...: runs in the foreground, its output as it comes.
step() {
  local name=$1; shift
  local start=$SECONDS mark; mark=$(busy_mark)
  printf '\n━━ %s\n' "$name"
  "$@"
  local status=$?
  record "$name" $((SECONDS - start)) "$status" "$(busy_since "$mark")"
  return "$status"
}

table() {
  local index total=$((SECONDS - started_all))
  {
    printf '\nmake test: step times on %s cores (%s)\n' "$(nproc)" "$(git rev-parse --short HEAD 2>/dev/null || echo '?')"
    # cpu%: the machine's, over the step; cpu-s: the step's own processes' (user + system,
    # what they waited for; not the shared Chromium's): a step far under its seconds waits.
    printf '  %-58s %7s %5s %6s  %s\n' step seconds cpu% cpu-s result
    for index in "${!names[@]}"; do
      printf '  %-58s %7d %5s %6s  %s\n' "${names[index]}" "${times[index]}" "${loads[index]}" "${owns[index]}" "${verdicts[index]}"
    done
    printf '  %-58s %7d  (%d m %02d s)\n' "total (wall)" "$total" $((total / 60)) $((total % 60))
    awk -v a="$run_mark" -v b="$(busy_mark)" -v hz="$(getconf CLK_TCK)" 'BEGIN { split(a, x, " "); split(b, y, " ");
      printf "  CPU busy over the run: %d core-s, of which at a positive nice (final encodes): %d core-s\n",
        (y[1] - x[1]) / hz, (y[3] - x[3]) / hz }'
  } | tee .build/test-times.txt
}
trap table EXIT

step "install (skips what is present)" scripts/install-deps.sh test || exit 1
# lane RUN INDEX NAME1 COMMAND1 NAME2 COMMAND2 …: the steps one after the other (each
# COMMAND a string for bash -c, its output in its own log), each step's name, seconds,
# status, the machine's CPU over it and its own CPU seconds noted in
# $LOGS/lanes-RUN-INDEX.steps; a line as each step ends.
lane() {
  local run=$1 index=$2 number=0 start mark status own TIMEFORMAT='%U %S'; shift 2
  : > "$LOGS/lanes-$run-$index.steps"
  while (($#)); do
    start=$SECONDS mark=$(busy_mark)
    own=$( { time ( bash -c "$2" > "$LOGS/lanes-$run-$index-$number.log" 2>&1 ); } 2>&1 )
    status=$?
    own=$(awk '{ printf "%d", $1 + $2 }' <<< "$own")
    printf '%s\t%d\t%d\t%s\t%s\n' "$1" $((SECONDS - start)) "$status" "$(busy_since "$mark")" "$own" >> "$LOGS/lanes-$run-$index.steps"
    printf '   lane %d: %s: %s after %d s\n' "$index" "$1" "$([ "$status" -eq 0 ] && echo ok || echo "FAILED ($status)")" $((SECONDS - start))
    number=$((number + 1)); shift 2
  done
}
# two_lanes FIRST SECOND: the lanes in the arrays named FIRST and SECOND at once; then every
# step's output, lane by lane, and its row in the table (the second lane's marked "beside").
# Fails when any step failed.
lanes_run=0
two_lanes() {
  local -n first_lane=$1 second_lane=$2
  local run=$((lanes_run += 1)) first second index number name seconds status load marker failed_here=0
  printf '\n━━ two lanes: %d steps, %d beside them\n' $((${#first_lane[@]} / 2)) $((${#second_lane[@]} / 2))
  lane "$run" 0 "${first_lane[@]}" & first=$!
  lane "$run" 1 "${second_lane[@]}" & second=$!
  wait "$first"; wait "$second"
  for index in 0 1; do
    marker=$([ "$index" -eq 0 ] && echo "" || echo " (beside)")
    number=0
    while IFS=$'\t' read -r name seconds status load own; do
      printf '\n── %s\n' "$name"
      cat "$LOGS/lanes-$run-$index-$number.log"
      record "$name$marker" "$seconds" "$status" "$load" "$own"
      [ "$status" -eq 0 ] || failed_here=1
      number=$((number + 1))
    done < "$LOGS/lanes-$run-$index.steps"
  done
  return "$failed_here"
}
# The two builds in two lanes of one step each: each alone leaves a core idle for a tenth
# to a fifth of its time (one module waits for another), together they keep both busy.
build_lane=("build: release + tests, -enable-testing" "$SWIFT build ${TEST_BUILD[*]} --build-tests")
fuzz_build_lane=("fuzz build: libFuzzer + AddressSanitizer (spinnerd-fuzz, spinnerd)" "make --no-print-directory fuzz-build SWIFT=$SWIFT")
two_lanes build_lane fuzz_build_lane || exit 1

# After the builds, every suite in two lanes that run at once, each step starting as soon as
# the one before it in its lane ends (no step waits for the other lane's: paired steps with
# a barrier after each pair left a core idle for the difference, 40-50 s in all). The plain
# lane: the unit tests, the integration tests, then the suites that measure latency or
# memory under attack (render admission, the soak), Schemathesis and half the fuzz targets.
# The sanitizer lane: the checks that need only node, Python and the plain binary, the
# ThreadSanitizer build and the deployment checks, the sanitizers' runs of the same loads,
# the other half of the fuzz targets, then the hostile clients and the parser differential. So each attacked suite runs beside a
# sanitizer's run (their latency bounds are ratios to an idle peer, their memory bounds the
# process's own: each passes beside stress-ng on both cores, make flaky-check), and the
# sanitizers' runs hold no memory bound (harness.Results.bound) and compare latency to an
# idle peer of their own build. Three lanes were tried for the attacked suites: the machine
# was as busy and the phase no shorter (416 s against 456), and beside stress-ng --cpu 1 the
# AddressSanitizer's pipelining case lost its connection.
targets=($(.build/fuzz/release/spinnerd-fuzz --list | cut -f1))
fuzz_half() { local i out=(); for i in "${!targets[@]}"; do (( i % 2 == $1 )) && out+=("${targets[i]}"); done; echo "${out[*]}"; }
plain_lane=(
  "unit tests (XCTest, parallel)" "$SWIFT test ${TEST_BUILD[*]} --skip-build --parallel --skip IntegrationTests"
  # They wait on decoders, Chromium and the Lottie players (the suite passes beside stress-ng
  # on both cores: make flaky-check).
  "integration tests (XCTest, parallel)" "$SWIFT test ${TEST_BUILD[*]} --skip-build --parallel --filter IntegrationTests"
  "render admission" "python3 Tests/Hostile/render_admission.py --binary $BINARY"
  "soak, ${SOAK_MINUTES:-1.5} min" "python3 Tests/Soak/soak.py --binary $BINARY --minutes ${SOAK_MINUTES:-1.5} --every 5"
  "Schemathesis (scripts/api-check.sh)" "SPINNERD=$BINARY scripts/api-check.sh"
  "fuzzing $(fuzz_half 0), ${FUZZ_SECONDS:-15} s each" "FUZZ_TARGETS='$(fuzz_half 0)' scripts/fuzz.sh ${FUZZ_SECONDS:-15}"
)
sanitizer_lane=(
  # The front end's modules and tests, the Python tooling's own checks, the gradient grammar
  # of the editor against the service's over the fuzz corpus, the cost table, and debug
  # information valgrind can read (callgrind counts the benchmarks' instructions).
  "front end (modules parse, node --test); Python (compiles, no import cycle); gradient grammar, editor against service; cost table; debug information"
  "s=0; scripts/check-front.sh || s=1; scripts/check-python.sh || s=1; node Tests/Front/gradient_differential.mjs --binary $BINARY || s=1
   scripts/check-debuginfo.sh $BINARY || s=1
   python3 scripts/calibrate-render-cost.py write scripts/calibration/*.json --binary $BINARY --check || s=1; exit \$s"
  # The front's own checks (its answers, its memory under a slowloris in a cgroup at its
  # limit, two clients through it), the alert rules (promtool), a real Prometheus over every
  # dashboard and alert expression, and the image's package records (each passes beside
  # stress-ng on both cores).
  "ThreadSanitizer build (spinnerd); the front's answers, memory, clients; alert rules, Prometheus; image"
  "s=0; SWIFT=$SWIFT scripts/sanitize.sh tsan-build || s=1
   python3 Tests/Cluster/front_behaviour.py --binary $BINARY || s=1; python3 Tests/Cluster/front_memory.py --binary $BINARY || s=1
   python3 Tests/Cluster/front_clients.py --binary $BINARY || s=1; scripts/check-rules.sh || s=1
   python3 Tests/Deploy/prometheus.py --binary $BINARY || s=1; python3 Tests/Deploy/image_packages.py --binary $BINARY || s=1; exit \$s"
  "AddressSanitizer: hostile clients, parser differential" "scripts/sanitize.sh address-hostile"
  "AddressSanitizer: largest admitted render of each format" "PLAIN_BINARY=$BINARY scripts/sanitize.sh address-largest"
  # A quarter minute shorter than the soak: a slower server that drains under load at its end.
  "ThreadSanitizer: the soak's load on a 4 MiB cache, SIGTERM under it"
  "STRESS_MINUTES=$(python3 -c "print(max(0.5, ${SOAK_MINUTES:-1.5} - 0.25))") scripts/sanitize.sh thread-stress"
  "AddressSanitizer: the soak's load on a 4 MiB cache; the lending stress and its known-bad control"
  "s=0; STRESS_MINUTES=0.75 scripts/sanitize.sh address-stress || s=1; scripts/sanitize.sh address-lending || s=1
   scripts/sanitize.sh address-lending-control || s=1; exit \$s"
  # After its targets, the deployment checks: the manifests, the cluster, the capacity model,
  # the front's plan and the front through resizes (here, not in the plain lane, which was
  # 20-30 s the longer).
  "fuzzing $(fuzz_half 1), ${FUZZ_SECONDS:-15} s each; manifests, cluster, capacity, the front's plan and resizes"
  "s=0; FUZZ_TARGETS='$(fuzz_half 1)' scripts/fuzz.sh ${FUZZ_SECONDS:-15} || s=1; python3 Tests/Deploy/manifests.py --binary $BINARY || s=1
   python3 Tests/Cluster/cluster.py --binary $BINARY || s=1; python3 deploy/capacity.py --binary $BINARY --check || s=1
   python3 Tests/Deploy/front_plan.py || s=1; python3 Tests/Cluster/resize.py --binary $BINARY || s=1; exit \$s"
  # Here, not in the plain lane: with the integration tests grown, that lane ran 100 s the
  # longer (873 against 774 s on a fresh clone of f3a8f7c); these wait on sockets more than
  # they compute (24 CPU-s in 68 s).
  "hostile clients" "python3 Tests/Hostile/hostile.py --binary $BINARY"
  "parser differential against llhttp" "python3 Tests/Hostile/parser_differential.py --binary $BINARY"
)
two_lanes plain_lane sanitizer_lane
exit $failed
