#!/usr/bin/env bash
# The Debian packages the container image's copied libraries came from, recorded as image
# scanners (Trivy, Grype) read them in distroless images: one control stanza per package
# in /var/lib/dpkg/status.d/PACKAGE (dpkg-query's own record: Package, Version, Source,
# Architecture, Status…), so that a CVE in libwebp, giflib or Cairo is reported for the image.
#
#   dpkg-records.sh record RECORDS MAP < "SONAME PATH" lines (ldd's), in the build stage:
#       writes RECORDS/PACKAGE for each library dpkg owns, and "SONAME PACKAGE" lines to MAP
#       (a library dpkg does not own, e.g. one built from source, is named on stderr);
#   dpkg-records.sh prune LIBDIR RECORDS MAP, in the stage that drops the libraries the
#       runtime base has: keeps only the records of packages a library left in LIBDIR came from.
set -euo pipefail

case "${1:-}" in
record)
    records=$2 map=$3
    mkdir -p "$records"
    : > "$map"
    while read -r soname path; do
        owner=""
        for candidate in "$path" "$(readlink -f "$path")"; do
            owner=$(dpkg-query -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$owner" ] && break
        done
        if [ -z "$owner" ]; then
            echo "dpkg-records: $soname ($path) belongs to no Debian package" >&2
            continue
        fi
        dpkg-query -s "$owner" > "$records/$owner"
        echo "$soname $owner" >> "$map"
    done
    ;;
prune)
    libraries=$2 records=$3 map=$4
    for record in "$records"/*; do
        package=${record##*/}
        kept=false
        while read -r soname owner; do
            if [ "$owner" = "$package" ] && [ -e "$libraries/$soname" ]; then kept=true; break; fi
        done < "$map"
        "$kept" || rm -f "$record"
    done
    ;;
*)
    echo "usage: dpkg-records.sh record RECORDS MAP < 'SONAME PATH' lines | prune LIBDIR RECORDS MAP" >&2
    exit 2
    ;;
esac
