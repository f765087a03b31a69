#!/usr/bin/env bash
# Cold answers at the sizes people use (default, 64 and 128 px at scale=2), before and
# after in one run (scripts/bench_sizes.py), and lossy files against the tools on the same
# frames (scripts/bench_quality.py). The baseline is BASELINE (a spinnerd binary) or,
# without it, BASELINE_REF (default 0cc41c7, main before issue 49's work) built once into
# bench-out/baseline (a git worktree; a release build of a few minutes, kept for the next run).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/release/spinnerd
[[ -x "$binary" ]] || { echo "bench-sizes: $binary is missing (make release)" >&2; exit 1; }
baseline=${BASELINE:-}
if [[ -z "$baseline" ]]; then
    ref=${BASELINE_REF:-0cc41c7}
    tree=bench-out/baseline/$ref
    if [[ ! -x "$tree/.build/release/spinnerd" ]]; then
        rm -rf "$tree" && mkdir -p bench-out/baseline
        git worktree prune
        git worktree add --detach "$tree" "$ref" >/dev/null
        (cd "$tree" && swift build -c release --product spinnerd >/dev/null)
    fi
    baseline=$tree/.build/release/spinnerd
fi
echo "== Sizes people use: $baseline (before) against $binary (after)"
python3 scripts/bench_sizes.py --baseline "$baseline" --binary "$binary" --rounds "${SIZES_ROUNDS:-3}"
echo
echo "== Lossy files (quality=${QUALITY:-80}) against the tools on the same frames"
python3 scripts/bench_quality.py --binary "$binary" --quality "${QUALITY:-80}"
