#!/usr/bin/env python3
"""Capacity at internet scale, by simulation: how many spinnerd replicas a page-view
stream needs behind a CDN and the caching front of deploy/nginx.

A synthetic stream of page views (each fetches one spinner URL; URL popularity is Zipf
over a space of kinds, formats, sizes, brand colours, styles and durations, the defaults
hottest) is replayed through three layers:

1. a CDN: `--pops` points of presence, each a byte-bounded LRU; a view goes to one at
   random;
2. `--fronts` nginx fronts (deploy/nginx/spinnerd-front.conf), each a byte-bounded LRU of
   `max_size`; a CDN miss goes to one in turn;
3. N replicas behind each front's `hash $request_uri consistent` ring, computed exactly as
   nginx's ngx_http_upstream_hash_module does (160 points per server, each
   crc32(HOST \\0 PORT PREV_HASH); a URL's point is the first at or after
   crc32($request_uri), wrapping), each replica with the byte-bounded LRU of
   `--cache-bytes` (the default 64 MiB).

A replica miss is a render. What a render costs (CPU seconds, the same estimate admission
uses, from `spinnerd cost`, whose table scripts/calibrate-render-cost.py measured) and
what its answer weighs (bytes, rendered by `spinnerd render` at three sizes and
interpolated by a power law in the size) come from the binary, and a cached answer's CPU
from a live server in the same run. LRUs count requests, not time: images are immutable
(max-age one year), so at a steady state what matters is the order of requests, and the
figures are per million page views whatever the daily volume.

For each N it reports origin renders per million page views, the shares the CDN, the
fronts and the replicas' caches absorb, the replica CPU per million page views and the
views per day N replicas carry; and, from a warm state, the renders that follow losing
one replica or adding one, beside 1/N of the replicas' working set.

    capacity.py [--binary PATH] [--page-views 4000000] [--replicas 3,5,10,20,30,50,75,100]
                [--write deploy/CAPACITY.md]   # the page and its plot, deploy/capacity.svg
"""
import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time
import zlib
from bisect import bisect_left
from collections import OrderedDict

import numpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
from harness import TICKS, Server, kinds  # noqa: E402
from svgplot import Series, line_chart  # noqa: E402

MIB = 1 << 20
FORMATS = [("gif", 0.34), ("svg", 0.30), ("webp", 0.14), ("apng", 0.10), ("png", 0.06), ("json", 0.06)]
KIND_WEIGHTS = {"circular": 0.40, "activity": 0.20, "dots": 0.20, "arc": 0.10, "capsules": 0.10}
SIZES = [16, 20, 24, 32, 40, 48, 64, 96, 128]
STYLES = {"circular": ["hierarchy", "bubbledForeground", "nineties", "accent"]}
DURATIONS = ["0.8", "1.5", "2"]
EXTENSION = {"gif": "gif", "svg": "svg", "webp": "webp", "apng": "png", "png": "png", "json": "json"}


# ---------------------------------------------------------------------------- the ring

def nginx_chash_points(servers):
    """nginx's consistent-hash ring for `servers` ("host:port" as written in `server`),
    weight 1 each: sorted (hash, server index), as ngx_http_upstream_update_chash."""
    points = []
    for index, server in enumerate(servers):
        host, _, port = server.rpartition(":")
        if not port.isdigit() or not host:
            host, port = server, ""
        base = zlib.crc32(host.encode() + b"\0" + port.encode())
        previous = 0
        for _ in range(160):
            value = zlib.crc32(previous.to_bytes(4, "little"), base)
            points.append((value, index))
            previous = value
    points.sort()
    deduplicated = []
    for point in points:
        if not deduplicated or deduplicated[-1][0] != point[0]:
            deduplicated.append(point)
    return deduplicated


class Ring:
    """Which server a key's crc32 goes to: the first point at or after it, wrapping."""

    def __init__(self, servers):
        points = nginx_chash_points(servers)
        self.hashes = [h for h, _ in points]
        self.owners = [i for _, i in points]

    def owner(self, key_hash):
        index = bisect_left(self.hashes, key_hash)
        return self.owners[index % len(self.hashes)]


def replica_names(count):
    return [f"spinnerd-{i + 1}:8080" for i in range(count)]


# --------------------------------------------------------------------------- the caches

class LRU:
    """A byte-bounded least-recently-used cache of URL ids (what nginx's cache manager and
    spinnerd's ImageCache approximate)."""

    def __init__(self, capacity):
        self.capacity, self.used, self.entries = capacity, 0, OrderedDict()

    def hit(self, key):
        if key in self.entries:
            self.entries.move_to_end(key)
            return True
        return False

    def insert(self, key, size):
        if size > self.capacity:
            return
        self.entries[key] = size
        self.used += size
        while self.used > self.capacity:
            _, evicted = self.entries.popitem(last=False)
            self.used -= evicted

    def copy(self):
        other = LRU(self.capacity)
        other.used, other.entries = self.used, OrderedDict(self.entries)
        return other


# ------------------------------------------------------------------------ the URL space

def url_space(count, seed):
    """`count` URLs by popularity rank: first every kind × format at its defaults (the
    most embedded), then variations drawn at random (a brand colour, a size, a style, a
    duration, alone or together). Returns [(path, query-free class key, size)]."""
    rng = random.Random(seed)
    known = list(KIND_WEIGHTS)
    defaults = sorted(((k, f) for k in known for f, _ in FORMATS),
                      key=lambda kf: -KIND_WEIGHTS[kf[0]] * dict(FORMATS)[kf[1]])
    urls, seen = [], set()
    for kind, fmt in defaults:
        path = f"/spinner/{kind}.{fmt}"
        urls.append((path, (kind, fmt, None)))
        seen.add(path)
    kind_names, kind_weights = zip(*KIND_WEIGHTS.items())
    format_names, format_weights = zip(*FORMATS)
    while len(urls) < count:
        kind = rng.choices(kind_names, kind_weights)[0]
        fmt = rng.choices(format_names, format_weights)[0]
        query, size = [], None
        if rng.random() < 0.7:
            query.append("color=%06x" % rng.randrange(1 << 24))
        if rng.random() < 0.4:
            size = rng.choice(SIZES)
            query.append(f"size={size}")
        if kind in STYLES and rng.random() < 0.3:
            query.append("style=" + rng.choice(STYLES[kind]))
        if rng.random() < 0.15:
            query.append("duration=" + rng.choice(DURATIONS))
        if not query:
            continue
        path = f"/spinner/{kind}.{fmt}?" + "&".join(query)
        if path in seen:
            continue
        seen.add(path)
        urls.append((path, (kind, fmt, size)))
    return urls


# --------------------------------------------------------------- costs from the binary

class Costs:
    """Per class (kind, format, size or None for the default): render CPU seconds from
    `spinnerd cost`, answer bytes from `spinnerd render` (interpolated in size), and one
    cached answer's CPU seconds measured on a live server."""

    def __init__(self, binary, classes):
        self.binary = binary
        self.seconds, self.bytes, self.natural = {}, {}, {}
        with tempfile.TemporaryDirectory() as folder:
            for kind, fmt in sorted({(k, f) for k, f, _ in classes}):
                natural = self.natural.setdefault(kind, self.natural_size(kind))
                measured = {natural: self.render_bytes(folder, kind, fmt, natural)}
                if fmt not in ("svg", "json"):
                    for size in (24, 128):
                        measured[size] = self.render_bytes(folder, kind, fmt, size)
                self.bytes[(kind, fmt)] = measured
            for kind, fmt, size in sorted(classes, key=str):
                self.seconds[(kind, fmt, size)] = self.cost_seconds(kind, fmt, size)
        self.hit_seconds = self.cached_answer_seconds()

    def natural_size(self, kind):
        out = subprocess.run([self.binary, "cost", kind, "format=png"], capture_output=True, text=True, check=True).stdout
        return int(dict(word.split("=", 1) for word in out.split())["pixels"])

    def render_bytes(self, folder, kind, fmt, size):
        target = os.path.join(folder, f"{kind}.{EXTENSION[fmt]}")
        subprocess.run([self.binary, "render", kind, f"format={'lottie' if fmt == 'json' else fmt}",
                        f"size={size}", "-o", target], check=True, capture_output=True)
        return os.path.getsize(target)

    def cost_seconds(self, kind, fmt, size):
        args = [self.binary, "cost", kind, f"format={'lottie' if fmt == 'json' else fmt}"]
        if size:
            args.append(f"size={size}")
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
        return float(dict(word.split("=", 1) for word in out.split())["seconds"])

    def answer_bytes(self, kind, fmt, size):
        measured = self.bytes[(kind, fmt)]
        natural = self.natural[kind]
        if size is None or len(measured) == 1:
            return measured[natural]
        # Bytes ≈ a·size^b through the two measured sizes that bracket `size`.
        small, large = (24, natural) if size <= natural else (natural, 128)
        if small == large:
            return measured[natural]
        b = math.log(measured[large] / measured[small]) / math.log(large / small)
        return int(measured[small] * (size / small) ** b)

    def cached_answer_seconds(self, requests=6000):
        """Server CPU seconds per cached answer: one keep-alive client asks a cached URL
        `requests` times; the server's CPU ticks (user + system) over the count."""
        import http.client
        server = Server(self.binary, log_level="warn")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            for _ in range(50):
                connection.request("GET", "/spinner/circular.gif")
                connection.getresponse().read()
            before = server.cpu_seconds()
            for _ in range(requests):
                connection.request("GET", "/spinner/circular.gif")
                connection.getresponse().read()
            after = server.cpu_seconds()
            connection.close()
        finally:
            server.stop()
        return max(after - before, 1 / TICKS) / requests


# ------------------------------------------------------------------------- the layers

def page_views(count, universe, zipf, pops, seed):
    """`count` (URL id, point of presence) page views: ranks drawn from a Zipf law of
    exponent `zipf` over the universe, a PoP at random."""
    generator = numpy.random.default_rng(seed)
    weights = 1.0 / numpy.arange(1, universe + 1) ** zipf
    cdf = numpy.cumsum(weights)
    cdf /= cdf[-1]
    ranks = numpy.searchsorted(cdf, generator.random(count))
    return ranks.tolist(), generator.integers(0, pops, count).tolist()


def edge_layers(views, pop_of, sizes, pops, pop_bytes, fronts, front_bytes):
    """Replays views through the CDN and the fronts. Returns the counts of CDN and front
    hits and the stream of front misses [(view index, URL id)] the replicas answer."""
    cdn = [LRU(pop_bytes) for _ in range(pops)]
    front = [LRU(front_bytes) for _ in range(fronts)]
    cdn_hits, front_hits, misses = [], [], []
    turn = 0
    for index, (url, pop) in enumerate(zip(views, pop_of)):
        if cdn[pop].hit(url):
            cdn_hits.append(index)
            continue
        turn = (turn + 1) % fronts
        if front[turn].hit(url):
            front_hits.append(index)
        else:
            misses.append((index, url))
            front[turn].insert(url, sizes[url])
        cdn[pop].insert(url, sizes[url])
    return cdn_hits, front_hits, misses


def replica_layer(misses, count, key_hash, sizes, cache_bytes, servers=None, caches=None, drop=None):
    """Replays the fronts' misses on `count` replicas (or `servers`, a list of names).
    Returns (per-miss: rendered?, caches). `drop` removes that replica's name first."""
    names = servers or replica_names(count)
    if drop is not None:
        names = [name for name in names if name != drop]
    ring = Ring(names)
    caches = caches if caches is not None else {name: LRU(cache_bytes) for name in names}
    rendered = []
    for _, url in misses:
        cache = caches.setdefault(names[ring.owner(key_hash[url])], LRU(cache_bytes))
        if cache.hit(url):
            rendered.append(False)
        else:
            cache.insert(url, sizes[url])
            rendered.append(True)
    return rendered, caches


def change_renders(misses, count, key_hash, sizes, cache_bytes, change):
    """From the state after the first half of the misses: `change` ("lose" the first
    replica, or "add" one) and replay the second half with and without it. Returns the
    renders of URLs whose replica changed beyond those the unchanged ring makes, the share
    of the URLs seen whose replica changes, and the working set (URLs the replicas held)."""
    half = len(misses) // 2
    names = replica_names(count)
    _, warm = replica_layer(misses[:half], count, key_hash, sizes, cache_bytes)
    working_set = sum(len(c.entries) for c in warm.values())
    if change == "lose":
        after_names = names[1:]
        changed = {n: c.copy() for n, c in warm.items() if n != names[0]}
    else:
        after_names = names + replica_names(count + 1)[count:]
        changed = {n: c.copy() for n, c in warm.items()}
    before_ring, after_ring = Ring(names), Ring(after_names)
    seen = {url for _, url in misses}
    moved = {url for url in seen
             if names[before_ring.owner(key_hash[url])] != after_names[after_ring.owner(key_hash[url])]}
    rest = misses[half:]
    base, _ = replica_layer(rest, count, key_hash, sizes, cache_bytes,
                            caches={n: c.copy() for n, c in warm.items()})
    after, _ = replica_layer(rest, count, key_hash, sizes, cache_bytes, servers=after_names, caches=changed)
    extra = sum(1 for (_, url), b, a in zip(rest, base, after) if url in moved and a) - \
        sum(1 for (_, url), b in zip(rest, base) if url in moved and b)
    return extra, len(moved) / len(seen), working_set


# ---------------------------------------------------------------------------- report

def simulate(arguments, log=print):
    binary = os.path.abspath(arguments.binary)
    served = set(kinds(binary))
    unknown = set(KIND_WEIGHTS) - served
    if unknown:
        raise SystemExit(f"capacity: the binary does not serve {sorted(unknown)}")
    started = time.monotonic()
    urls = url_space(arguments.urls, arguments.seed)
    classes = {cls for _, cls in urls}
    log(f"  {len(urls):,} URLs in {len(classes)} classes; measuring costs with {binary}")
    costs = Costs(binary, classes)
    sizes = [costs.answer_bytes(*cls) for _, cls in urls]
    seconds = [costs.seconds[cls] for _, cls in urls]
    key_hash = [zlib.crc32(path.encode()) for path, _ in urls]
    log(f"  a cached answer costs {costs.hit_seconds * 1e6:.0f} µs of server CPU; "
        f"replaying {arguments.page_views:,} page views")
    views, pop_of = page_views(arguments.page_views, len(urls), arguments.zipf, arguments.pops, arguments.seed)
    cdn_hits, front_hits, misses = edge_layers(views, pop_of, sizes, arguments.pops, arguments.pop_bytes,
                                               arguments.fronts, arguments.front_bytes)
    warm = arguments.page_views // 2
    measured_views = arguments.page_views - warm
    per_million = 1e6 / measured_views
    measured_misses = [m for m in misses if m[0] >= warm]
    distinct = len(set(views))
    summary = {
        "page_views": arguments.page_views, "distinct": distinct, "urls": len(urls),
        "cdn": sum(1 for i in cdn_hits if i >= warm) / measured_views,
        "front": sum(1 for i in front_hits if i >= warm) / measured_views,
        "hit_seconds": costs.hit_seconds,
        "mean_render_seconds": sum(seconds[u] for _, u in measured_misses) / max(1, len(measured_misses)),
    }
    rows = []
    for count in arguments.replicas:
        rendered, _ = replica_layer(misses, count, key_hash, sizes, arguments.cache_bytes)
        renders = sum(1 for (index, _), r in zip(misses, rendered) if r and index >= warm)
        cpu = sum(seconds[url] for (index, url), r in zip(misses, rendered) if r and index >= warm)
        cpu += len(measured_misses) * costs.hit_seconds
        lose, lose_moved, working_set = change_renders(misses, count, key_hash, sizes, arguments.cache_bytes, "lose")
        add, add_moved, _ = change_renders(misses, count, key_hash, sizes, arguments.cache_bytes, "add")
        cpu_per_million = cpu * per_million
        carried = count * arguments.cores * arguments.utilisation * 86400 / (cpu_per_million / 1e6) / arguments.peak
        row = {
            "replicas": count,
            "renders": renders * per_million,
            "replica_hits": (len(measured_misses) - renders) / measured_views,
            "cpu": cpu_per_million,
            "carried": carried,
            "lose": lose, "lose_moved": lose_moved,
            "add": add, "add_moved": add_moved,
            "working_set": working_set,
        }
        rows.append(row)
        log(f"  N={count:3d}: {row['renders']:8.0f} renders per M views, replica CPU {cpu_per_million:7.0f} s per M, "
            f"lose one: +{lose} renders ({lose / max(1, working_set):.3f} of {working_set} held, 1/N {1 / count:.3f}; "
            f"{lose_moved:.3f} of URLs move), add one: +{add} ({add_moved:.3f} move, 1/(N+1) {1 / (count + 1):.3f})")
    summary["elapsed"] = time.monotonic() - started
    return summary, rows


def page(arguments, summary, rows):
    """deploy/CAPACITY.md: the rule, the assumptions, the table."""
    base = rows[0]
    views_per_replica = base["carried"] / base["replicas"]
    lines = [
        "# Capacity: how many replicas",
        "",
        "Generated by `deploy/capacity.py --write` (never edit by hand); `make capacity` runs it.",
        "A simulation, not a load test: a synthetic page-view stream through a CDN, the nginx",
        "fronts of `deploy/nginx/spinnerd-front.conf` (the same consistent hash) and N replicas,",
        "with each render's CPU and bytes taken from the `spinnerd` binary.",
        "",
        "## The rule",
        "",
        f"**One replica (2 cores, kept below {arguments.utilisation:.0%} busy, sized for a peak"
        f" {arguments.peak:g}× the daily mean) per {views_per_replica / 1e6:,.0f} million page views a day**"
        f" at a CDN hit ratio of {summary['cdn']:.1%} and a front hit ratio of {summary['front']:.1%}"
        f" of all views. Run at least 3 (the HorizontalPodAutoscaler's floor is 2; one may be"
        " restarting). The replicas' CPU goes to what reaches them:"
        f" {1 - summary['cdn'] - summary['front']:.1%} of views here, each a cached answer"
        f" ({summary['hit_seconds'] * 1e6:.0f} µs) or a render (mean {summary['mean_render_seconds'] * 1e3:.0f} ms)."
        " If your CDN keeps less, scale the rule by the share that reaches the fronts.",
        "",
        "Adding or losing a replica moves only its share of URLs (about 1/N), so the renders",
        "that follow are about 1/N of the replicas' working set, as the table shows.",
        "",
        "## The stream",
        "",
        f"- {summary['page_views']:,} page views (the second half measured, the first warms the caches),"
        f" each one spinner URL; popularity Zipf with exponent {arguments.zipf:g} over {summary['urls']:,} URLs"
        f" ({summary['distinct']:,} were asked at least once): the {len(KIND_WEIGHTS) * len(FORMATS)} kind ×"
        " format defaults first, then brand colours, sizes, styles and durations.",
        f"- CDN: {arguments.pops} points of presence of {arguments.pop_bytes // MIB:,} MiB each; a view goes to one at random.",
        f"- Fronts: {arguments.fronts}, each `max_size` {arguments.front_bytes // MIB:,} MiB; a CDN miss goes to each in turn.",
        f"- Replicas: `--cache-bytes` {arguments.cache_bytes // MIB} MiB each; the ring is nginx's"
        " `hash $request_uri consistent` (160 points per server from crc32(host \\0 port prev), a URL's"
        " crc32 goes to the next point).",
        "",
        "## The table",
        "",
        "| replicas | renders per M views | replica cache hits (share of views) | replica CPU s per M views |"
        " views/day carried | lose one: renders (share of working set; 1/N) | add one: renders (URLs moved; 1/(N+1)) |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        n = row["replicas"]
        lines.append(
            f"| {n} | {row['renders']:,.0f} | {row['replica_hits']:.2%} | {row['cpu']:,.0f} |"
            f" {row['carried'] / 1e6:,.0f} M | {row['lose']:,} ({row['lose'] / max(1, row['working_set']):.3f}; {1 / n:.3f}) |"
            f" {row['add']:,} ({row['add_moved']:.3f}; {1 / (n + 1):.3f}) |")
    lines += [
        "",
        "![Renders per million views and views per day carried, by replica count](capacity.svg)",
        "",
        f"Simulated in {summary['elapsed']:.0f} s. Re-run after a renderer, an encoder or the cost table changes.",
        "",
    ]
    return "\n".join(lines)


def plot(rows):
    return line_chart(
        "Origin renders per million page views, and page views per day carried (millions)",
        "replicas (log scale)", "count",
        [Series("renders per M views", [(r["replicas"], r["renders"]) for r in rows]),
         Series("views/day carried, M", [(r["replicas"], r["carried"] / 1e6) for r in rows], dashed=True)],
        width=760, height=340, log_x=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "spinnerd"))
    parser.add_argument("--page-views", type=int, default=4_000_000)
    parser.add_argument("--urls", type=int, default=1_000_000, help="distinct URLs in the space")
    parser.add_argument("--zipf", type=float, default=0.9, help="popularity exponent")
    parser.add_argument("--replicas", default="3,5,10,20,30,50,75,100")
    parser.add_argument("--pops", type=int, default=20)
    parser.add_argument("--pop-bytes", type=int, default=256 * MIB)
    parser.add_argument("--fronts", type=int, default=2)
    parser.add_argument("--front-bytes", type=int, default=2048 * MIB)
    parser.add_argument("--cache-bytes", type=int, default=64 * MIB)
    parser.add_argument("--cores", type=float, default=2, help="cores per replica (the deployment's limit)")
    parser.add_argument("--utilisation", type=float, default=0.7, help="the HPA's CPU target")
    parser.add_argument("--peak", type=float, default=3, help="peak traffic over the daily mean")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", help="write the page here and its plot beside it (capacity.svg)")
    arguments = parser.parse_args()
    arguments.replicas = [int(n) for n in arguments.replicas.split(",")]
    summary, rows = simulate(arguments)
    if arguments.write:
        with open(arguments.write, "w") as out:
            out.write(page(arguments, summary, rows))
        with open(os.path.join(os.path.dirname(arguments.write), "capacity.svg"), "w") as out:
            out.write(plot(rows))
        print(f"  wrote {arguments.write} and capacity.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
