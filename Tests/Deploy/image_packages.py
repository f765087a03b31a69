#!/usr/bin/env python3
"""The container image's libraries as an image scanner sees them (Trivy and Grype read a
distroless image's packages from /var/lib/dpkg/status.d/*, one control stanza per file).

The Dockerfile copies the binary's shared libraries out of the build stage; without a record
of their packages no scanner would report a CVE in libwebp, giflib or Cairo.
scripts/dpkg-records.sh writes those records. Checked, reading them as a scanner does:

- the libraries spinnerd draws and encodes with (Cairo, giflib, libwebp and its mux,
  libdeflate, zopfli, libimagequant, Nettle) are each listed with a package, a version and
  `Status: install ok installed` — in the records, or, in an image, in the base's own
  /var/lib/dpkg/status when the base has the library (Debian's slim image has Nettle) —
  and the version is the one dpkg installed;
- `prune` keeps only the records of packages whose libraries are still in the folder (the
  image drops those its base already has, whose packages its own status file lists).

    image_packages.py [--binary PATH]      # records made here for the binary's libraries (make test)
    image_packages.py --records DIR [--status FILE]   # an image's records and its base's
                                           # status file (make docker-smoke)
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.harness import Results

RECORDS = os.path.join(ROOT, "scripts", "dpkg-records.sh")
# The libraries spinnerd links for drawing, encoding and signing: each must be reported.
EXPECTED = ["libcairo2", "libgif7", "libwebp7", "libwebpmux3", "libdeflate0", "libzopfli1", "libimagequant0", "libnettle8"]


def stanzas(text):
    """{package: fields} of a dpkg status text: stanzas of `Name: value` lines between blank lines."""
    packages = {}
    for stanza in text.split("\n\n"):
        fields = {}
        for line in stanza.splitlines():
            if line[:1] not in (" ", "\t") and ":" in line:
                key, _, value = line.partition(":")
                fields[key.strip()] = value.strip()
        if "Package" in fields:
            packages[fields["Package"]] = fields
    return packages


def scanned(folder, status=None):
    """{package: fields} as a scanner reads an image: every file of status.d a stanza, and the
    base's own /var/lib/dpkg/status (`status`) when given."""
    packages = stanzas(open(status, errors="replace").read()) if status else {}
    for name in sorted(os.listdir(folder)):
        packages.update(stanzas(open(os.path.join(folder, name), errors="replace").read()))
    return packages


def check_records(folder, results, installed=None, status=None):
    records = scanned(folder)
    print(f"  the records ({len(records)} packages):")
    for name, fields in sorted(records.items()):
        print(f"  {name:<18} {fields.get('Version', '?'):<28} {fields.get('Source', name)}")
    packages = scanned(folder, status)
    for name in EXPECTED:
        fields = packages.get(name, {})
        results.check("records", bool(fields.get("Version")) and fields.get("Status") == "install ok installed",
                      f"{name} is listed with a version and as installed ({fields.get('Version')})")
        if installed is not None:
            results.check("records", fields.get("Version") == installed(name),
                          f"{name}'s recorded version is the one dpkg installed ({installed(name)})")
    return packages


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    parser.add_argument("--records", help="a status.d folder to read instead of making one")
    parser.add_argument("--status", help="with --records: the image's /var/lib/dpkg/status")
    arguments = parser.parse_args()
    results = Results()
    if arguments.records:
        check_records(arguments.records, results, status=arguments.status)
        return results.report("image packages")
    work = tempfile.mkdtemp(prefix="spinnerd-dpkg-")
    try:
        ldd = subprocess.run(["ldd", arguments.binary], capture_output=True, text=True, check=True).stdout
        pairs = [line.split()[0] + " " + line.split()[2] for line in ldd.splitlines()
                 if len(line.split()) >= 3 and line.split()[1] == "=>" and line.split()[2].startswith("/")]
        records, mapping = os.path.join(work, "status.d"), os.path.join(work, "map")
        made = subprocess.run([RECORDS, "record", records, mapping], input="\n".join(pairs) + "\n", capture_output=True, text=True)
        results.check("record", made.returncode == 0, f"dpkg-records.sh record ran ({made.stderr.strip()[:200] or 'quiet'})")

        def installed(name):
            return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", name], capture_output=True, text=True).stdout
        packages = check_records(records, results, installed)
        # Pruning: a folder holding Cairo's and giflib's libraries only keeps their records.
        libraries = os.path.join(work, "lib")
        os.makedirs(libraries)
        for soname in ("libcairo.so.2", "libgif.so.7"):
            open(os.path.join(libraries, soname), "w").close()
        pruned = subprocess.run([RECORDS, "prune", libraries, records, mapping], capture_output=True, text=True)
        left = sorted(os.listdir(records))
        results.check("prune", pruned.returncode == 0 and left == ["libcairo2", "libgif7"],
                      f"prune keeps the packages of the libraries left ({left}, of {len(packages)})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return results.report("image packages")


if __name__ == "__main__":
    sys.exit(main())
