#!/usr/bin/env bash
# The gallery's front end (Sources/GalleryFiles/Front/*.js), checked with node
# alone: every module parses as the ES module the page loads (check-gallery-modules.sh),
# then the modules' tests (Tests/Front/*.test.mjs, node's own test runner) pass. No build,
# no browser: make check and make test run it; the gradient differential against the
# service (Tests/Front/gradient_differential.mjs) needs a binary and is make test's.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/check-gallery-modules.sh
node --test Tests/Front/
