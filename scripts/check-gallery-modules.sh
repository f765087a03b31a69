#!/usr/bin/env bash
# Every script of the gallery (Sources/GalleryFiles/Front/*.js) parses as an ES
# module. `node --check FILE` takes a .js file for a CommonJS script and passes a module
# with a syntax error in it; from standard input with --input-type=module it parses
# the file as what the page loads it as.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for module in Sources/GalleryFiles/Front/*.js; do
    node --input-type=module --check < "$module" || { echo "check-gallery-modules: $module does not parse" >&2; status=1; }
done
exit $status
