#!/bin/bash
# spinnerd under the sanitizers, while attacked. Every report from every process (the
# servers the suites start included) is written to .build/sanitizer-reports/RUN.PID by the
# sanitizer's log_path; any report fails the run, and its first lines are printed.
#
# Two builds:
#   address  .build/fuzz/release/spinnerd: the fuzz build (`make fuzz-build`,
#            -sanitize=fuzzer,address) makes spinnerd beside spinnerd-fuzz, so AddressSanitizer
#            costs make test no build of its own (libFuzzer's coverage counters make it a
#            little slower than a plain ASan build; its driver never runs).
#   thread   .build/tsan: optimised, -DTHREAD_SANITIZER (Locked tells TSan about each turn of
#            its lock, Sources/Concurrency); `tsan-build` makes spinnerd, `tsan-build-tests` the
#            XCTests too.
#
# Runs (each its own report prefix, so two may run side by side):
#   scripts/sanitize.sh address-hostile   # the hostile suite and the parser differential
#   scripts/sanitize.sh address-largest   # the codecs on the largest admitted render of each
#                                         # raster format (render admission's search)
#   scripts/sanitize.sh address-stress    # the soak's load on a 4 MiB cache (cached answers
#                                         # lent to the loops and evicted while written)
#   scripts/sanitize.sh address-lending   # the lending stress (Tests/Sanitizers/lending_stress.py):
#                                         # answers evicted while loops write them to slow readers
#   scripts/sanitize.sh address-lending-control   # the same against the known-bad control
#                                         # (grace periods that pass at once): must be caught
#   scripts/sanitize.sh address-admission # render admission in full (slow: `make sanitize`)
#   scripts/sanitize.sh thread-stress     # the soak's load on a 4 MiB cache on two event loops,
#                                         # renders churning both lanes and the final encodes,
#                                         # SIGTERM while it runs
#   scripts/sanitize.sh thread-tests      # the HTTP, service, scheduler, cache, grace-period,
#                                         # prerender and signing XCTests (`make sanitize`)
#   scripts/sanitize.sh address | thread  # everything of one sanitizer (`make sanitize`)
#
# `make test` runs tsan-build, address-hostile, address-largest, address-stress,
# address-lending, address-lending-control and thread-stress, each beside a plain step
# (scripts/test.sh); `make sanitize` runs all.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
RUN=${1:?usage: scripts/sanitize.sh address|thread|address-hostile|address-largest|address-stress|address-lending|address-lending-control|address-admission|thread-stress|thread-tests|tsan-build|tsan-build-tests}
REPORTS=$PWD/.build/sanitizer-reports
mkdir -p "$REPORTS"
export SWIFT_BACKTRACE=enable=no
ASAN_BINARY=.build/fuzz/release/spinnerd
source scripts/builds.sh  # TSAN_BUILD
TSAN_BINARY=.build/tsan/release/spinnerd
# How long the stresses put the soak's load on (make test keeps them short).
STRESS_MINUTES=${STRESS_MINUTES:-1}

# run_with SANITIZER NAME COMMAND...: COMMAND with the sanitizer's options, reports going to
# $REPORTS/NAME.PID; fails when COMMAND fails or any report was written.
run_with() {
  local sanitizer=$1 name=$2; shift 2
  rm -f "$REPORTS/$name".*
  local status=0
  if [ "$sanitizer" = address ]; then
    [ -x "$ASAN_BINARY" ] || { echo "sanitize: $ASAN_BINARY is missing; run make fuzz-build" >&2; return 2; }
    # fontconfig (under Cairo) keeps its configuration for the life of the process.
    LSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/lsan.supp:print_suppressions=0" \
    ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$REPORTS/$name" \
    SPINNERD_SANITIZER=address "$@" || status=1
  else
    [ -x "$TSAN_BINARY" ] || { echo "sanitize: $TSAN_BINARY is missing; run scripts/sanitize.sh tsan-build" >&2; return 2; }
    TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$REPORTS/$name" \
    SPINNERD_SANITIZER=thread "$@" || status=1
  fi
  local found
  found=$(cd "$REPORTS" && ls | grep "^$name\." || true)
  if [ -n "$found" ]; then
    echo "sanitize: $name: $(echo "$found" | wc -l) report(s) in $REPORTS:" >&2
    for file in $found; do head -40 "$REPORTS/$file" >&2; done
    status=1
  else
    echo "sanitize: $name: 0 reports"
  fi
  return $status
}

# The soak's load against BINARY on a 4 MiB cache, which it churns past its bound all along,
# under a memory limit just above the floor with two heavy threads and a client asking the
# APNG of the largest peak (--memory-limit: the memory gate makes costly renders wait for
# each other; nothing enforces the limit here, the sanitizers' own memory is not what is
# measured). A plain build, when there is one, chooses the costliest renders
# (`spinnerd cost`) sooner.
stress() {  # stress BINARY REPORT_DIR [more soak flags]
  local binary=$1 report=$2; shift 2
  local plain=${PLAIN_BINARY:-.build/test/release/spinnerd}
  [ -x "$plain" ] || plain=$binary
  python3 Tests/Soak/soak.py --binary "$binary" --search-binary "$plain" --minutes "$STRESS_MINUTES" --every 5 \
    --server-args="--cache-bytes ${STRESS_CACHE_BYTES:-4194304} --memory-limit ${STRESS_MEMORY_LIMIT:-400000000} --heavy-workers 2" \
    --memory-heavy-clients 1 --report "$report" "$@"
}

case $RUN in
  tsan-build) $SWIFT build "${TSAN_BUILD[@]}" --product spinnerd ;;
  tsan-build-tests) $SWIFT build "${TSAN_BUILD[@]}" --build-tests ;;
  address-hostile)
    # Every case but `silent` (3 000 silent and 2 000 dribbling sockets timed out: 23 s here,
    # mostly waiting for the request timeout); the soak's slow and silent sockets time out
    # under AddressSanitizer in address-stress. HOSTILE_CASES="" for all of them.
    run_with address address-hostile bash -c "python3 Tests/Hostile/hostile.py --binary $ASAN_BINARY \
      ${HOSTILE_CASES-pipelining pipelined fd-limit emfile aborted} \
      && python3 Tests/Hostile/parser_differential.py --binary $ASAN_BINARY" ;;
  address-largest)
    plain=${PLAIN_BINARY:-.build/test/release/spinnerd}
    [ -x "$plain" ] || plain=$ASAN_BINARY
    run_with address address-largest python3 Tests/Hostile/render_admission.py --binary $ASAN_BINARY --search-binary "$plain" largest ;;
  address-stress)
    # Cached answers are lent to the event loops uncounted and freed after a grace period:
    # with a 4 MiB cache they are evicted all along while loops write them.
    run_with address address-stress stress $ASAN_BINARY .build/asan-stress ;;
  address-lending)
    # Without the control: no report, every answer read whole and unchanged.
    run_with address address-lending python3 Tests/Sanitizers/lending_stress.py --binary $ASAN_BINARY \
      --seconds "${LENDING_SECONDS:-30}" --reports "$REPORTS" --report-prefix address-lending ;;
  address-lending-control)
    # The known-bad control (KNOWN_BAD_CONTROLS, compiled into this build only): grace periods
    # that pass at once, so an evicted answer is freed while a loop writes it. The stress must
    # catch it — ASan's report (the server stops on it) or bytes that differ — and ends as
    # soon as it does; the reports are kept apart (.build/sanitizer-reports/controls).
    control=$REPORTS/controls
    mkdir -p "$control"; rm -f "$control"/address-lending-control.*
    [ -x "$ASAN_BINARY" ] || { echo "sanitize: $ASAN_BINARY is missing; run make fuzz-build" >&2; exit 2; }
    SPINNERD_KNOWN_BAD=grace-periods ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:log_path=$control/address-lending-control" \
      SPINNERD_SANITIZER=address python3 Tests/Sanitizers/lending_stress.py --binary $ASAN_BINARY --control --seconds 120 \
      --reports "$control" --report-prefix address-lending-control
    status=$?
    for file in $(ls "$control" | grep '^address-lending-control\.' || true); do
      echo "sanitize: address-lending-control: the control's report (expected): $(grep -m1 'ERROR: AddressSanitizer' "$control/$file")"
    done
    exit $status ;;
  address-admission)
    run_with address address-admission python3 Tests/Hostile/render_admission.py --binary $ASAN_BINARY ;;
  thread-stress)
    run_with thread thread-stress stress $TSAN_BINARY .build/tsan-stress --term-under-load ;;
  thread-tests)
    run_with thread thread-tests $SWIFT test "${TSAN_BUILD[@]}" --skip-build --parallel \
      --filter 'HTTPServerTests|ServiceHTTPTests|ServiceResponderTests|RenderOutcomeTests|MemoryGateTests|RenderSchedulerTests|RenderFlightsTests|RenderLaneTests|ByteBoundedLRUTests|GracePeriodTests|CacheGracePeriodTests|ConcurrencyTests|FinalEncodeLaneTests|VisitorRendersTests|PreparedAnswerTests|PrerenderTests|URLSigningTests|SignedModeTests' ;;
  address)
    status=0
    make --no-print-directory fuzz-build SWIFT="$SWIFT" || exit 1
    HOSTILE_CASES="" "$0" address-hostile || status=1
    "$0" address-admission || status=1
    STRESS_MINUTES=${STRESS_MINUTES_FULL:-2} "$0" address-stress || status=1
    "$0" address-lending || status=1
    "$0" address-lending-control || status=1
    exit $status ;;
  thread)
    status=0
    "$0" tsan-build-tests || exit 1
    "$0" thread-tests || status=1
    STRESS_MINUTES=${STRESS_MINUTES_FULL:-2} "$0" thread-stress || status=1
    exit $status ;;
  *) echo "sanitize: unknown run $RUN" >&2; exit 2 ;;
esac
