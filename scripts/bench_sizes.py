#!/usr/bin/env python3
"""Cold answers at the sizes people use, before and after in one run: run by
scripts/bench-sizes.sh (`make bench`).

Every kind x raster format (PNG, GIF, APNG, WebP) at three sizes (the default; 64 px and
128 px at scale=2), on two probes (`theme=dark`, `color=ff3b30`). Each round starts a
fresh `spinnerd serve --prerender=false` of each binary (the baseline first, then ours,
so both see the same drift of a shared machine's load) and asks it every URL once, one
request at a time, in an order shuffled per round; timed is the whole first answer. Then
each URL is rendered once more by each binary's `spinnerd render --provisional --timings`
(the work a cold URL's first answer does; the quick encode where the URL has one) for its
CPU time over all threads. Printed per cell: median wall ms over probes x rounds, before
-> after, and the median CPU ms before -> after; the count of cells within 50 ms after.
Only the standard library.
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys

from spinnerd_tools.bench_server import Server, loadavg  # the same fresh-server client as bench_cold.py
from spinnerd_tools.harness import kinds  # the binary's own list, not one written here

FORMATS = [("png", "png"), ("gif", "gif"), ("apng", "apng"), ("webp", "webp")]
SIZES = [("default", ""), ("64@2x", "size=64&scale=2"), ("128@2x", "size=128&scale=2")]
PROBES = ["theme=dark", "color=ff3b30"]
TARGET_MS = 50.0


def cpu_ms(binary, path):
    """CPU ms over all threads of `spinnerd render --provisional --timings` for a URL path."""
    target = path[len("/spinner/"):]
    out = subprocess.run([binary, "render", target, "--provisional", "--timings", "-o", "/dev/null"],
                         capture_output=True, text=True)
    m = re.search(r"cpu ([0-9.]+) ms", out.stderr)
    return float(m.group(1)) if m else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", required=True, help="the binary to compare with (before)")
    parser.add_argument("--binary", default=".build/release/spinnerd")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", default="bench-out/sizes")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    binaries = {"before": args.baseline, "after": args.binary}
    KINDS = kinds(args.binary)
    urls = [(kind, fmt, size, f"/spinner/{kind}.{ext}?" + "&".join(p for p in (query, probe) if p))
            for kind in KINDS for fmt, ext in FORMATS for size, query in SIZES for probe in PROBES]
    print("== Load before (/proc/loadavg): " + loadavg())
    walls = {}
    for round_number in range(1, args.rounds + 1):
        for label, binary in binaries.items():
            server = Server(binary, args.work, f"{label}-{round_number}")
            try:
                order = list(urls)
                random.Random(f"sizes/{round_number}").shuffle(order)
                for kind, fmt, size, path in order:
                    status, _, _, seconds = server.get(path)
                    if status != 200:
                        sys.exit(f"bench-sizes: {label} answered {status} to {path}")
                    walls.setdefault((label, kind, fmt, size), []).append(seconds * 1000)
            finally:
                server.stop()
    cpus = {}
    for kind, fmt, size, path in urls:
        for label, binary in binaries.items():
            cpus.setdefault((label, kind, fmt, size), []).append(cpu_ms(binary, path))
    print("== Load after (/proc/loadavg): " + loadavg())
    print()
    print(f"== First answer of a never-seen URL, ms: median wall over {len(PROBES)} probes x {args.rounds} fresh servers "
          f"before -> after, and median CPU of the same work (render --provisional) before -> after")
    print("%-9s %-5s" % ("kind", "fmt") + "".join("%30s" % size for size, _ in SIZES))
    within = {"before": 0, "after": 0}
    cpu_ratios = []
    for kind in KINDS:
        for fmt, _ in FORMATS:
            cells = []
            for size, _ in SIZES:
                wall = {label: statistics.median(walls[(label, kind, fmt, size)]) for label in binaries}
                cpu = {label: statistics.median(cpus[(label, kind, fmt, size)]) for label in binaries}
                for label in binaries:
                    within[label] += wall[label] <= TARGET_MS
                if size != "default":
                    cpu_ratios.append(cpu["after"] / cpu["before"])
                cells.append("%5.0f→%-4.0f cpu %4.0f→%-4.0f" % (wall["before"], wall["after"], cpu["before"], cpu["after"]))
            print("%-9s %-5s" % (kind, fmt) + "".join("%30s" % cell for cell in cells))
    total = len(KINDS) * len(FORMATS) * len(SIZES)
    print()
    print(f"== Cells with a median first answer <= {TARGET_MS:.0f} ms: before {within['before']} of {total}, "
          f"after {within['after']} of {total}")
    print("   CPU after / before at 64 and 128 px @2x: median %.2f, worst %.2f (target <= 0.5)"
          % (statistics.median(cpu_ratios), max(cpu_ratios)))


if __name__ == "__main__":
    main()
