#!/usr/bin/env bash
# Cold answers over HTTP, run by `make bench` between the encoder benchmarks (bench.sh,
# which times renders in-process) and the cached-answer benchmarks (bench-http.sh): what a
# visitor waits for the first answer to a URL nobody asked before, through the whole
# service (admission, queue, render, encode, the bytes on the wire). Every kind x format
# (30 classes) on 4 fixed queries and 3 per kind drawn with a fixed seed, each URL asked
# once of each of 3 fresh servers, in an interleaved order; per class the median and the
# worst time, the machine's load before and after, and the count of first answers that
# were final (immutable) against quick ones the server replaces later. Target: median
# <= 50 ms. The measuring is scripts/bench_cold.py (standard library only).
#   COLD_ROUNDS (default 3) fresh servers; COLD_SEED (default spinnerd-cold-1) for the URLs.
# The load generator is one request at a time, so it hardly shares the cores; another
# process's load does: read the load line before trusting a worst time.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/release/spinnerd
[[ -x "$binary" ]] || { echo "bench-cold: $binary is missing (make release)" >&2; exit 1; }
work=bench-out/cold
rm -rf "$work" && mkdir -p "$work"
# First as the service answered before provisional answers (one final encode per URL, the
# first visitor waits for it: `--provisional=false`), then as it answers now, so the before
# and after are measured in one run on the same URLs.
echo "== Before: one final encode per URL (--provisional=false)"
python3 scripts/bench_cold.py --binary "$binary" --work "$work" \
    --rounds "${COLD_ROUNDS:-3}" --seed "${COLD_SEED:-spinnerd-cold-1}" --server-arg=--provisional=false
echo
echo "== After: provisional answers (the default)"
python3 scripts/bench_cold.py --binary "$binary" --work "$work" \
    --rounds "${COLD_ROUNDS:-3}" --seed "${COLD_SEED:-spinnerd-cold-1}"
