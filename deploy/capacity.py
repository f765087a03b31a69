#!/usr/bin/env python3
"""Capacity at internet scale, by simulation: how many spinnerd replicas a day of page
views needs behind a CDN and the caching front of deploy/nginx.

Page views (each fetches one spinner URL; popularity is Zipf over `--urls` URLs: the
kind × format defaults hottest, then a long tail of brand colours, sizes, styles and
durations) go through three layers:

1. a CDN: `--pops` points of presence, each a byte-bounded LRU; a view goes to one at
   random;
2. `--fronts` nginx fronts (deploy/nginx/spinnerd-front.conf), each a byte-bounded LRU of
   `max_size`; a CDN miss goes to each in turn;
3. N replicas behind each front's `hash $request_uri consistent` ring, computed exactly as
   nginx's ngx_http_upstream_hash_module does (160 points per server, each
   crc32(HOST \\0 PORT PREV_HASH); a URL's point is the first at or after
   crc32($request_uri), wrapping; the cluster test checks it against nginx), each with the
   byte-bounded LRU of `--cache-bytes` (default 64 MiB).

A replica miss is a render. What a render costs (CPU seconds: the estimate admission uses,
from `spinnerd cost`, whose table scripts/calibrate-render-cost.py measured) and what its
answer weighs (bytes: rendered by `spinnerd render` at three sizes, interpolated by a power
law in the size) come from the binary; a cached answer's CPU from a live server.

A day of a billion views cannot be replayed in Python, and how much the caches absorb
depends on the volume (more views of the same tail, more hits), so each daily volume is
simulated by spatial sampling (SHARDS): a hash of each URL keeps it with probability
`rate`, every view of a kept URL is replayed, and every cache is scaled by `rate`. Two
days are replayed; the second is measured.

For each volume it reports the shares the CDN, the fronts and the replicas' caches
absorb, origin renders per million views, the replica CPU and count (cores × the HPA's
target at a peak over the mean, at least 3), and, at that count, the renders that
follow losing one replica or adding one, beside the replicas' working set over N.

    capacity.py [--binary PATH] [--volumes 10e6,30e6,100e6,300e6,1e9,3e9,10e9]
                [--write deploy/CAPACITY.md]   # the page and its plot, deploy/capacity.svg
    capacity.py --check …                       # make test: what must hold, on a small stream
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
EXTENSION = {"gif": "gif", "svg": "svg", "webp": "webp", "apng": "apng", "png": "png", "json": "json"}


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

def default_urls():
    """The kind × format defaults, hottest first: the head of the popularity law."""
    formats = dict(FORMATS)
    pairs = sorted(((k, f) for k in KIND_WEIGHTS for f in formats), key=lambda kf: -KIND_WEIGHTS[kf[0]] * formats[kf[1]])
    return [(f"/spinner/{kind}.{fmt}", (kind, fmt, None)) for kind, fmt in pairs]


def tail_url(rank, seed):
    """The URL of popularity rank `rank` past the defaults: a variation drawn from the rank
    alone (a brand colour, a size, a style, a duration, alone or together), so any
    sample of ranks has the same URLs. Returns (path, class key)."""
    rng = random.Random(seed * 1_000_003 + rank)
    kind = rng.choices(list(KIND_WEIGHTS), list(KIND_WEIGHTS.values()))[0]
    fmt = rng.choices([f for f, _ in FORMATS], [w for _, w in FORMATS])[0]
    while True:
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
        if query:
            return f"/spinner/{kind}.{fmt}?" + "&".join(query), (kind, fmt, size)


def every_class():
    """Every (kind, format, size) class a URL can have."""
    return {(k, f, size) for k in KIND_WEIGHTS for f, _ in FORMATS for size in [None] + SIZES}


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

def spatial_sample(universe, head, zipf, views_per_day, sample_views, seed):
    """A spatially hashed sample of one day's views (SHARDS, Waldspurger et al., FAST
    2015): each tail URL is in the sample with probability `rate` by a hash of its rank,
    and every view of a sampled URL is kept, so the sample's cache behaviour is the
    day's with every cache scaled by `rate`. The `head` defaults are left out: they are
    the hottest URLs, cached at every layer after their first view, and are counted as
    CDN hits. Returns (ranks sampled, their weights normalised, the rate, the tail's
    share of all views)."""
    ranks = numpy.arange(head, universe, dtype=numpy.uint64)
    weights_all = 1.0 / numpy.arange(1, universe + 1, dtype=numpy.float64) ** zipf
    tail_share = weights_all[head:].sum() / weights_all.sum()
    rate = min(1.0, sample_views / (views_per_day * tail_share))
    # splitmix64 of the rank: a uniform number per URL, the same in every run.
    z = ranks + numpy.uint64((0x9E3779B97F4A7C15 * (seed + 1)) % (1 << 64))
    z = (z ^ (z >> numpy.uint64(30))) * numpy.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> numpy.uint64(27))) * numpy.uint64(0x94D049BB133111EB)
    z = z ^ (z >> numpy.uint64(31))
    kept = ranks[(z >> numpy.uint64(11)).astype(numpy.float64) / float(1 << 53) < rate]
    weights = weights_all[kept.astype(numpy.int64)]
    return kept.astype(numpy.int64), weights / weights.sum(), rate, tail_share


def page_views(count, weights, pops, seed):
    """`count` (sample index, point of presence) views drawn by weight, a PoP at random."""
    generator = numpy.random.default_rng(seed)
    cdf = numpy.cumsum(weights)
    cdf /= cdf[-1]
    return numpy.searchsorted(cdf, generator.random(count)).tolist(), generator.integers(0, pops, count).tolist()


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


def replica_layer(misses, count, key_hash, sizes, cache_bytes, servers=None, caches=None):
    """Replays the fronts' misses on `count` replicas (or `servers`, a list of names).
    Returns (per-miss: rendered?, caches)."""
    names = servers or replica_names(count)
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

def replicas_for(cpu_per_day, arguments):
    """Replicas whose cores carry `cpu_per_day` CPU seconds at the peak, at least 3."""
    per_replica = 86400 * arguments.cores * arguments.utilisation / arguments.peak
    return max(3, math.ceil(cpu_per_day / per_replica))


def simulate(arguments, log=print):
    """One row per daily volume: the layers' shares, renders, replica CPU and count, and
    what losing or adding a replica costs at that count."""
    binary = os.path.abspath(arguments.binary)
    unknown = set(KIND_WEIGHTS) - set(kinds(binary))
    if unknown:
        raise SystemExit(f"capacity: the binary does not serve {sorted(unknown)}")
    started = time.monotonic()
    log(f"  measuring render costs and answer sizes with {binary}")
    costs = Costs(binary, every_class())
    log(f"  a cached answer costs {costs.hit_seconds * 1e6:.0f} µs of server CPU")
    head = len(default_urls())
    rows = []
    for volume in arguments.volumes:
        ranks, weights, rate, tail_share = spatial_sample(arguments.urls, head, arguments.zipf, volume,
                                                          arguments.sample_views, arguments.seed)
        urls = [tail_url(int(rank), arguments.seed) for rank in ranks]
        sizes = [costs.answer_bytes(*cls) for _, cls in urls]
        seconds = [costs.seconds[cls] for _, cls in urls]
        key_hash = [zlib.crc32(path.encode()) for path, _ in urls]
        day = int(round(volume * tail_share * rate))
        views, pop_of = page_views(2 * day, weights, arguments.pops, arguments.seed + volume)
        scaled = lambda capacity: max(1, int(capacity * rate))  # noqa: E731
        cdn_hits, front_hits, misses = edge_layers(views, pop_of, sizes, arguments.pops, scaled(arguments.pop_bytes),
                                                   arguments.fronts, scaled(arguments.front_bytes))
        # Day one warms the caches; day two is measured.
        measured = [m for m in misses if m[0] >= day]
        cdn = sum(1 for i in cdn_hits if i >= day) / day
        front = sum(1 for i in front_hits if i >= day) / day
        count, renders, cpu = 3, 0, 0.0
        for _ in range(3):  # replicas → their caches → renders → CPU → replicas, to a fixed point
            rendered, _ = replica_layer(misses, count, key_hash, sizes, scaled(arguments.cache_bytes))
            renders = sum(1 for (index, _), r in zip(misses, rendered) if r and index >= day)
            cpu = (sum(seconds[url] for (index, url), r in zip(misses, rendered) if r and index >= day)
                   + len(measured) * costs.hit_seconds) / rate
            needed = replicas_for(cpu, arguments)
            if needed == count:
                break
            count = needed
        lose, lose_moved, working_set = change_renders(misses, count, key_hash, sizes, scaled(arguments.cache_bytes), "lose")
        add, add_moved, _ = change_renders(misses, count, key_hash, sizes, scaled(arguments.cache_bytes), "add")
        row = {
            "volume": volume, "rate": rate, "sample_urls": len(urls), "sample_views": day,
            "cdn": (1 - tail_share) + tail_share * cdn, "front": tail_share * front,
            "replica_hits": tail_share * (len(measured) - renders) / day,
            "renders_per_million": tail_share * renders / day * 1e6,
            "cpu_per_day": cpu, "replicas": count,
            "lose": lose / rate, "lose_moved": lose_moved, "add": add / rate, "add_moved": add_moved,
            "working_set": working_set / rate,
        }
        rows.append(row)
        log(f"  {volume / 1e6:8,.0f} M views/day (sample {rate:.4f}: {len(urls):,} URLs, {day:,} views a day): "
            f"CDN {row['cdn']:.1%}, fronts {row['front']:.1%}, {row['renders_per_million']:,.0f} renders per M views, "
            f"{cpu / 3600:,.1f} CPU-hours/day → {count} replicas; losing one: {row['lose']:,.0f} renders "
            f"(working set {row['working_set']:,.0f}, /N {row['working_set'] / count:,.0f}; {lose_moved:.3f} of URLs move), "
            f"adding one: {row['add']:,.0f} ({add_moved:.3f} move)")
    return {"elapsed": time.monotonic() - started, "hit_seconds": costs.hit_seconds, "head": head}, rows


def page(arguments, summary, rows):
    """deploy/CAPACITY.md: the rule, the assumptions, the table."""
    per_replica_cpu = 86400 * arguments.cores * arguments.utilisation / arguments.peak
    lines = [
        "# Capacity: how many replicas",
        "",
        "Generated by `deploy/capacity.py --write` (`make capacity`); never edit by hand.",
        "A simulation, not a load test: one day of page views through a CDN, the nginx fronts",
        "of `deploy/nginx/spinnerd-front.conf` (the same consistent hash, checked against nginx",
        "by the cluster test) and N replicas, each render's CPU and bytes taken from the binary.",
        "",
        "## The rule",
        "",
        f"A replica (2 cores, kept under {arguments.utilisation:.0%} busy at a peak {arguments.peak:g}× the daily"
        f" mean) carries {per_replica_cpu:,.0f} CPU seconds a day. Replicas = the day's views × CPU per view ÷ that,"
        " at least 3. CPU per view falls as the volume grows (more of the tail is already cached), so read"
        " it from the row nearest your volume:",
        "",
        "| views per day | CDN hit ratio | replicas | per 100 M views/day |",
        "|---:|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(f"| {row['volume'] / 1e6:,.0f} M | {row['cdn']:.1%} | {row['replicas']} |"
                     f" {row['replicas'] / (row['volume'] / 1e8):.2f} |")
    lines += [
        "",
        "If your CDN keeps less (a lower hit ratio), more reaches the fronts and replicas: scale by the",
        "share that misses the CDN. Losing or adding a replica moves only its share of URLs (about",
        "1/N of them), so the renders that follow are at most the moved share of the replicas'",
        "working set; the fronts' caches absorb most of it (the table's last columns).",
        "",
        "## The stream",
        "",
        f"- Popularity: Zipf with exponent {arguments.zipf:g} over {arguments.urls:,} URLs: the {summary['head']}"
        " kind × format defaults first (cached everywhere after their first view; counted as CDN hits),"
        " then variations (a brand colour in 70 %, a size in 40 %, a style in 30 % of circular's,"
        " a duration in 15 %).",
        f"- Sampled, not replayed whole: each day is a spatially hashed sample (SHARDS) of about"
        f" {arguments.sample_views:,} views — every view of a sampled URL, with every cache scaled by the"
        " sampling rate. Day one warms the caches, day two is measured.",
        f"- CDN: {arguments.pops} points of presence of {arguments.pop_bytes // MIB:,} MiB each; a view goes to one at random.",
        f"- Fronts: {arguments.fronts}, each `max_size` {arguments.front_bytes // MIB:,} MiB; a CDN miss goes to each in turn.",
        f"- Replicas: `--cache-bytes` {arguments.cache_bytes // MIB} MiB each; a cached answer costs"
        f" {summary['hit_seconds'] * 1e6:.0f} µs of CPU (measured), a render what `spinnerd cost` estimates.",
        "",
        "## The table",
        "",
        "| views per day | sample | CDN | fronts | replica caches | renders per M views | replica CPU h/day | replicas |"
        " lose one: renders (working set / N) | add one: renders (URLs moved; 1/(N+1)) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        n = row["replicas"]
        lines.append(
            f"| {row['volume'] / 1e6:,.0f} M | {row['rate']:.4f} | {row['cdn']:.1%} | {row['front']:.1%} |"
            f" {row['replica_hits']:.2%} | {row['renders_per_million']:,.0f} | {row['cpu_per_day'] / 3600:,.1f} | {n} |"
            f" {row['lose']:,.0f} ({row['working_set'] / n:,.0f}) | {row['add']:,.0f} ({row['add_moved']:.3f}; {1 / (n + 1):.3f}) |")
    lines += [
        "",
        "![Replicas needed and renders per million views, by daily volume](capacity.svg)",
        "",
        f"Simulated in {summary['elapsed']:.0f} s. Re-run after a renderer, an encoder or the cost table changes.",
        "",
    ]
    return "\n".join(lines)


def plot(rows):
    return line_chart(
        "Replicas needed, and origin renders per million views (÷100), by page views per day",
        "page views per day, millions (log scale)", "count",
        [Series("replicas", [(r["volume"] / 1e6, r["replicas"]) for r in rows]),
         Series("renders per M views ÷ 100", [(r["volume"] / 1e6, r["renders_per_million"] / 100) for r in rows],
                dashed=True)],
        width=760, height=340, log_x=True)


def check(summary, rows):
    """What must hold whatever the stream: losing a replica moves its share of URLs and
    only that (about 1/N), adding one moves about 1/(N+1) to it; every view is answered
    by exactly one layer; a larger volume never needs more CPU per view."""
    failures = []
    for row in rows:
        n = row["replicas"]
        if abs(row["lose_moved"] - 1 / n) > 0.35 / n:
            failures.append(f"{row['volume']:,}: losing one of {n} moved {row['lose_moved']:.3f} of URLs, not about {1 / n:.3f}")
        if abs(row["add_moved"] - 1 / (n + 1)) > 0.35 / (n + 1):
            failures.append(f"{row['volume']:,}: adding one to {n} moved {row['add_moved']:.3f} of URLs, not about {1 / (n + 1):.3f}")
        answered = row["cdn"] + row["front"] + row["replica_hits"] + row["renders_per_million"] / 1e6
        if abs(answered - 1) > 1e-6:
            failures.append(f"{row['volume']:,}: the layers answer {answered:.6f} of views, not all")
    for smaller, larger in zip(rows, rows[1:]):
        if larger["cpu_per_day"] / larger["volume"] > smaller["cpu_per_day"] / smaller["volume"] * 1.05:
            failures.append(f"{larger['volume']:,} views/day need more CPU per view than {smaller['volume']:,}")
    for failure in failures:
        print("  [FAIL] " + failure)
    print("capacity: " + ("FAILED" if failures else "every check held"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "spinnerd"))
    parser.add_argument("--volumes", default="10e6,30e6,100e6,300e6,1e9,3e9,10e9", help="page views per day, one row each")
    parser.add_argument("--sample-views", type=int, default=1_000_000, help="views per simulated day (the sample)")
    parser.add_argument("--urls", type=int, default=5_000_000, help="distinct URLs in use (embeds and their variants)")
    parser.add_argument("--zipf", type=float, default=1.0, help="popularity exponent (web sites': about 1)")
    parser.add_argument("--pops", type=int, default=20)
    parser.add_argument("--pop-bytes", type=int, default=1024 * MIB)
    parser.add_argument("--fronts", type=int, default=2)
    parser.add_argument("--front-bytes", type=int, default=2048 * MIB, help="the front's max_size")
    parser.add_argument("--cache-bytes", type=int, default=64 * MIB)
    parser.add_argument("--cores", type=float, default=2, help="cores per replica (the deployment's limit)")
    parser.add_argument("--utilisation", type=float, default=0.7, help="the HPA's CPU target")
    parser.add_argument("--peak", type=float, default=3, help="peak traffic over the daily mean")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", help="write the page here and its plot beside it (capacity.svg)")
    parser.add_argument("--check", action="store_true",
                        help="assert what must hold whatever the stream (what make test runs, on a small one)")
    arguments = parser.parse_args()
    arguments.volumes = [int(float(v)) for v in arguments.volumes.split(",")]
    summary, rows = simulate(arguments)
    if arguments.check:
        return check(summary, rows)
    if arguments.write:
        with open(arguments.write, "w") as out:
            out.write(page(arguments, summary, rows))
        with open(os.path.join(os.path.dirname(arguments.write), "capacity.svg"), "w") as out:
            out.write(plot(rows))
        print(f"  wrote {arguments.write} and capacity.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
