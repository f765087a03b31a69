# The flags of make test's own builds, sourced by scripts/test.sh, flaky-check.sh and
# sanitize.sh (the Makefile's fuzz-build writes the same LINE_TABLES in FUZZ_FLAGS).
#
# LINE_TABLES: debug information as line tables only (-gline-tables-only after SwiftPM's
# -g, the last one counting): what sanitizer reports, crash backtraces and addr2line read
# (function, file, line), without the types and variables a debugger would want. The
# ThreadSanitizer build took 125 → 116 CPU-s here with it, 88 → 77 s alone on 2 cores.
LINE_TABLES=(-Xswiftc -gline-tables-only)
# The optimised build with testing enabled (for the tests' @testable imports) that the unit
# and integration XCTests and every plain suite drive.
TEST_BUILD=(-c release --build-path .build/test -Xswiftc -enable-testing "${LINE_TABLES[@]}")
# The ThreadSanitizer build (scripts/sanitize.sh).
TSAN_BUILD=(-c release --build-path .build/tsan --sanitize=thread -Xswiftc -DTHREAD_SANITIZER -Xswiftc -enable-testing "${LINE_TABLES[@]}")
