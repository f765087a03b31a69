#!/bin/bash
# spinnerd under the sanitizers, while attacked. Every report from every process (the
# servers the suites start included) is written to .build/sanitizer-reports/KIND.PID by
# the sanitizer's log_path; any report fails the run.
#
#   scripts/sanitize.sh address   # ASan + LSan: the hostile suite, the parser
#                                 # differential, render admission and the soak's load on a
#                                 # small cache against an ASan spinnerd
#   scripts/sanitize.sh thread    # TSan: the HTTP, service and scheduler tests, then a
#                                 # concurrency stress (the soak's load with a small cache,
#                                 # SIGTERM in the middle of it) against a TSan spinnerd
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
KIND=${1:?usage: scripts/sanitize.sh address|thread}
REPORTS=$PWD/.build/sanitizer-reports
rm -rf "$REPORTS/$KIND".* ; mkdir -p "$REPORTS"
export SWIFT_BACKTRACE=enable=no
# The suites hold no resident-set bound against a sanitizer's build (harness.Results.bound).
export SPINNERD_SANITIZER=$KIND
status=0

check_reports() {
  local found
  found=$(ls "$REPORTS" 2>/dev/null | grep "^$KIND\." || true)
  if [ -n "$found" ]; then
    echo "sanitize: $KIND reports in $REPORTS:" >&2
    for file in $found; do head -30 "$REPORTS/$file" >&2; done
    status=1
  else
    echo "sanitize: $KIND: 0 reports"
  fi
}

case $KIND in
  address)
    $SWIFT build -c release --build-path .build/asan --sanitize=address --product spinnerd || exit 1
    BINARY=.build/asan/release/spinnerd
    # fontconfig (under Cairo) keeps its configuration for the life of the process.
    export LSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/lsan.supp:print_suppressions=0"
    export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$REPORTS/address"
    python3 Tests/Hostile/hostile.py --binary $BINARY || status=1
    python3 Tests/Hostile/parser_differential.py --binary $BINARY || status=1
    python3 Tests/Hostile/render_admission.py --binary $BINARY || status=1
    # Cached answers are lent to the event loops uncounted and freed after a grace period:
    # the soak's load on a small cache evicts them all along while they are written.
    python3 Tests/Soak/soak.py --binary $BINARY --minutes "${STRESS_MINUTES:-1}" --every 5 \
      --server-args="--cache-bytes 4194304" --report .build/asan-stress || status=1
    check_reports
    ;;
  thread)
    # THREAD_SANITIZER: Locked tells TSan about each turn of its lock (Sources/Locking).
    # Optimised (with -enable-testing for the tests' @testable imports): a debug build
    # under TSan renders a default APNG slower than the 10 s render deadline.
    TSAN_FLAGS=(-c release --build-path .build/tsan --sanitize=thread -Xswiftc -DTHREAD_SANITIZER -Xswiftc -enable-testing)
    $SWIFT build "${TSAN_FLAGS[@]}" --build-tests || exit 1
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$REPORTS/thread"
    $SWIFT test "${TSAN_FLAGS[@]}" --skip-build \
      --filter 'HTTPServerTests|ServiceHTTPTests|ServiceResponderTests|RenderSchedulerTests|RenderFlightsTests|RenderLaneTests|ByteBoundedLRUTests|GracePeriodTests|PreparedAnswerTests|PrerenderTests|URLSigningTests|SignedModeTests' \
      || status=1
    python3 Tests/Soak/soak.py --binary .build/tsan/release/spinnerd --minutes "${STRESS_MINUTES:-2}" --every 5 \
      --server-args="--cache-bytes 4194304" --term-under-load --report .build/tsan-stress || status=1
    check_reports
    ;;
  *) echo "sanitize: address or thread" >&2; exit 2 ;;
esac
exit $status
