#!/usr/bin/env bash
# The binary's debug information is what Debian 12's valgrind reads: no DWARF 5 unit.
# valgrind 3.19 gives up on a whole binary with one such unit in it ("possibly corrupted
# debuginfo"), and callgrind is how `make bench` counts the instructions of a cached answer
# (scripts/bench-instructions.sh). Swift writes DWARF 4; clang's default is 5, so a C target
# compiled by SwiftPM (GalleryFiles) must ask for 4 (Package.swift). A known-bad object,
# compiled here with -gdwarf-5, must be found, so that the check cannot pass by reading nothing.
#   scripts/check-debuginfo.sh BINARY
set -euo pipefail
binary=${1:?usage: check-debuginfo.sh BINARY}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The names of the compilation units of DWARF version 5 in $1, one a line.
dwarf5_units() {
    readelf --debug-dump=info "$1" 2>/dev/null | awk '
        /Compilation Unit @/ { version = 0 }
        /^ +Version: +[0-9]+/ { version = $2 }
        /DW_AT_name/ && version == 5 { sub(/.*: /, ""); print; version = -1 }'
}

echo 'int spinnerd_control;' > "$scratch/control.c"
clang -c -g -gdwarf-5 -o "$scratch/control.o" "$scratch/control.c"
if [[ -z $(dwarf5_units "$scratch/control.o") ]]; then
    echo "check-debuginfo: the control's DWARF 5 unit was not found: the check reads nothing" >&2
    exit 1
fi
units=$(readelf --debug-dump=info "$binary" 2>/dev/null | grep -c "Compilation Unit @" || true)
if ((units == 0)); then
    echo "check-debuginfo: $binary has no debug information to check" >&2
    exit 1
fi
found=$(dwarf5_units "$binary")
if [[ -n $found ]]; then
    echo "check-debuginfo: $binary has DWARF 5 units, which valgrind cannot read:" >&2
    echo "$found" | sed 's/^/  /' >&2
    exit 1
fi
echo "check-debuginfo: $units compilation units, none of DWARF 5 (valgrind reads them)"
