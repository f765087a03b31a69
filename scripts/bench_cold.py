#!/usr/bin/env python3
"""Cold answers over HTTP: how long a visitor waits for a URL the server has never seen.

Run by scripts/bench-cold.sh (`make bench`). For every kind x format (30 classes) the
probes are the four fixed queries below and three per kind drawn from the catalog with a
fixed seed (the same URLs every run), at the default size and scale. Each round starts a
fresh `spinnerd serve --prerender=false` (nothing rendered ahead, nothing cached) and asks
it every URL once, in a shuffled order that differs per round, so that the drift of a
shared machine's load spreads over all classes instead of landing on the last kind. Timed
is the whole answer: from sending the request on an open keep-alive connection to the
last byte of the body (Python's http.client; one request at a time). Printed per class:
the median and the worst over all probes and rounds, and how many first answers were
final (Cache-Control with `immutable`) rather than a quick one with a short max-age.
Only the standard library.
"""
import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import time

from spinnerd_tools.bench_server import Server, loadavg

FIXED = ["theme=dark", "color=ff3b30", "color=34c759&theme=dark", "background=f2f2f7"]
FORMATS = ["svg", "png", "gif", "apng", "webp", "lottie"]
MIXED = ("color", "stroke", "duration", "theme")  # the random probes mix these, where a kind has them
TARGET_MS = 50.0


def number(value):
    return ("%.2f" % value).rstrip("0").rstrip(".")


def random_queries(kind, seed):
    """Three queries mixing two to four of color, stroke, duration and theme, drawn from
    the kind's catalog entry with a seed of its own (same URLs every run)."""
    rng = random.Random(f"{seed}/{kind['name']}")
    parameters = {p["name"]: p for p in kind["parameters"]}
    present = [name for name in MIXED if name in parameters]
    queries = []
    for _ in range(3):
        chosen = sorted(rng.sample(present, rng.randint(2, len(present))), key=MIXED.index)
        pairs = []
        for name in chosen:
            p = parameters[name]
            if name == "color":
                pairs.append("color=%06x" % rng.randrange(1 << 24))
            elif name == "stroke":
                # Half-point steps over the catalog's whole range.
                low, high = float(p["minimum"]), float(p["maximum"])
                steps = int((high - low) * 2)
                pairs.append("stroke=" + number(low + rng.randint(0, steps) / 2))
            elif name == "duration":
                # Quarter-second steps from the catalog's minimum up to 3 s (its maximum is
                # up to 20 s): a spinner's usual tempo. Longer loops are the heavy class with
                # an admission of their own (bench.sh step 7, Tests/Hostile/render_admission.py);
                # quarter seconds also keep loops that line up with a kind's fixed period short.
                low, high = max(float(p["minimum"]), 0.25), min(float(p["maximum"]), 3.0)
                first, last = int(-(-low * 4 // 1)), int(high * 4)
                pairs.append("duration=" + number(rng.randint(first, last) / 4))
            elif name == "theme":
                pairs.append("theme=" + rng.choice(p.get("enum", ["light", "dark"])))
        queries.append("&".join(pairs))
    return queries


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/spinnerd")
    parser.add_argument("--rounds", type=int, default=3, help="fresh servers, each asked every URL once")
    parser.add_argument("--seed", default="spinnerd-cold-1")
    parser.add_argument("--work", default="bench-out/cold")
    parser.add_argument("--server-arg", action="append", default=[],
                        help="one more `spinnerd serve` argument (repeatable), e.g. --provisional=false")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    began = time.monotonic()

    kinds_order = [k["name"] for k in json.loads(
        subprocess.run([args.binary, "kinds", "--json"], check=True, capture_output=True, text=True).stdout)["kinds"]]
    print("== Load before (/proc/loadavg): " + loadavg())

    samples = {}   # (kind, format) -> list of (status, bytes, cache-control, ms, url)
    urls = None
    pending_after = []
    for round_number in range(1, args.rounds + 1):
        server = Server(args.binary, args.work, round_number, args.server_arg)
        try:
            if urls is None:
                # The catalog as the server publishes it: which parameters each kind has and
                # their ranges. Asking for it renders nothing.
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                connection.request("GET", "/spinners")
                catalog = json.loads(connection.getresponse().read())
                connection.close()
                extension = {f["name"]: f["extension"] for f in catalog["formats"]}
                kinds = {k["name"]: k for k in catalog["kinds"]}
                missing = [k for k in kinds_order if k not in kinds]
                if missing:
                    sys.exit(f"bench-cold: kinds {missing} are not in GET /spinners")
                urls = []
                print("== Probes per kind (fixed, then three drawn with seed %r)" % args.seed)
                for name in kinds_order:
                    queries = FIXED + random_queries(kinds[name], args.seed)
                    print("  %-9s %s" % (name, " | ".join(queries[len(FIXED):])))
                    for fmt in FORMATS:
                        for query in queries:
                            urls.append((name, fmt, f"/spinner/{name}.{extension[fmt]}?{query}"))
                print(f"== {len(urls)} URLs, each asked once of {args.rounds} fresh servers "
                      f"(--prerender=false{''.join(' ' + a for a in args.server_arg)}), "
                      "one request at a time, shuffled per round")
            order = list(urls)
            random.Random(f"{args.seed}/order/{round_number}").shuffle(order)
            round_start = time.monotonic()
            for name, fmt, path in order:
                status, size, cache_control, seconds = server.get(path)
                samples.setdefault((name, fmt), []).append((status, size, cache_control, seconds * 1000, path))
            pending = server.metric("spinnerd_final_renders_pending")
            pending_after.append(pending)
            print("  round %d: %.1f s, port %d; final renders still pending at its end: %s"
                  % (round_number, time.monotonic() - round_start, server.port, pending if pending is not None else "(no such metric)"))
        finally:
            server.stop()

    print("== Load after (/proc/loadavg): " + loadavg())
    print()
    print("== First answer of a never-seen URL, whole body, ms (per class: %d probes x %d servers)"
          % (len(FIXED) + 3, args.rounds))
    print("%-9s %-6s %4s %8s %8s %10s %10s %9s %s" % (
        "kind", "format", "n", "median", "worst", "med bytes", "immutable", "non-200", "worst URL"))
    within = 0
    immutable_total = not_immutable_total = 0
    controls = {}
    failures = []
    for name in kinds_order:
        for fmt in FORMATS:
            rows = samples[(name, fmt)]
            ok = [r for r in rows if r[0] == 200]
            bad = [r for r in rows if r[0] != 200]
            failures += bad
            immutable = sum("immutable" in r[2] for r in ok)
            immutable_total += immutable
            not_immutable_total += len(ok) - immutable
            for r in ok:
                controls[r[2]] = controls.get(r[2], 0) + 1
            if ok:
                times = [r[3] for r in ok]
                median, worst = statistics.median(times), max(ok, key=lambda r: r[3])
                within += median <= TARGET_MS
                print("%-9s %-6s %4d %8.1f %8.1f %10d %6d/%-3d %9d %s" % (
                    name, fmt, len(ok), median, worst[3], statistics.median(r[1] for r in ok),
                    immutable, len(ok), len(bad), worst[4]))
            else:
                print("%-9s %-6s %4d %8s %8s %10s %10s %9d" % (name, fmt, 0, "-", "-", "-", "-", len(bad)))
    classes = len(kinds_order) * len(FORMATS)
    print()
    print("== Summary: %d of %d classes have a median first answer <= %.0f ms" % (within, classes, TARGET_MS))
    print("   first answers with an immutable Cache-Control: %d; without (a quick answer to be replaced): %d"
          % (immutable_total, not_immutable_total))
    for control, count in sorted(controls.items(), key=lambda item: -item[1]):
        print("     %5d x %s" % (count, control))
    if failures:
        print("   answers other than 200 (not in the times above): %d" % len(failures))
        for status, _, _, ms, path in failures[:20]:
            print("     %d after %.1f ms: %s" % (status, ms, path))
    print("   (%.0f s in all)" % (time.monotonic() - began))


if __name__ == "__main__":
    main()
