"""Capacity at internet scale: how many spinnerd replicas a day of page views needs behind
a CDN and the caching fronts of deploy/nginx.

Page views (each fetches one spinner URL; popularity is Zipf over `--urls` URLs: the
kind × format defaults hottest, then a long tail of brand colours, sizes, styles and
durations) go through three layers:

1. a CDN: `--pops` points of presence, each a byte-bounded LRU; a view goes to one at
   random;
2. `--fronts` nginx fronts (deploy/nginx/spinnerd-front.conf), each a byte-bounded LRU of
   `max_size`; a CDN miss goes to each in turn;
3. N replicas behind the fronts' `hash $request_uri consistent` ring, computed exactly as
   nginx's ngx_http_upstream_hash_module does (160 points per server, each
   crc32(HOST \\0 PORT PREV_HASH); a URL's point is the first at or after
   crc32($request_uri), wrapping; the cluster test checks it against nginx), each with the
   byte-bounded LRU of `--cache-bytes` (default 64 MiB).

A replica miss is a render. What a render costs (CPU seconds: the estimate admission uses,
from `spinnerd cost`, whose table scripts/calibrate-render-cost.py measured) and what its
answer weighs (bytes: rendered by `spinnerd render` at three sizes, interpolated by a power
law in the size) come from the binary; a cached answer's CPU from a live server.

How the caches are computed. A day of a billion views cannot be replayed in Python, and
scaling the caches down with a sample (SHARDS) fails at that volume (a sampled 1 GiB
cache holds less than one image). Each LRU is instead solved with Che's approximation
(Che, Tung and Wang, IEEE JSAC 2002; for LRU hierarchies Martina, Garetto and Leonardi,
INFOCOM 2014): a cache of C bytes seeing URL i at λᵢ views a day keeps, after a warm-up
of W days, what was asked within its characteristic time T, the root of
Σᵢ sizeᵢ·(1 − e^(−λᵢ·T)) = C; over the measured day that follows, URL i hits with the
probability that it was asked within min(T, its age) before. A layer's misses are the
next layer's views. `--check` (in make test) replays a stream small enough for Python
through real byte-bounded LRUs and the real ring, and requires the model to agree with
it layer by layer, and with the renders that follow losing or adding a replica.

For N replicas from 3 to 100 it reports the daily volume they carry (cores × the HPA's
target at a peak over the mean), the shares the CDN, the fronts and the replicas' caches
absorb, origin renders per million views, the replica CPU, and the renders that follow
losing one replica or adding one beside the replicas' working set over N.

    deploy/capacity.py [--binary PATH] [--replicas 3,5,10,20,30,50,75,100]
                       [--write deploy/CAPACITY.md]   # the page and its plot, deploy/capacity.svg
    deploy/capacity.py --check                        # make test: model against replay, the ring

(The model is spinnerd_tools.capacity, part of the tooling package; deploy/capacity.py runs it.)
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
import zlib
from bisect import bisect_left
from collections import OrderedDict

import numpy

from .harness import ROOT, TICKS, Server, formats, kinds
from .svgplot import Series, line_chart

MIB = 1 << 20
# The traffic mix (model inputs, by path extension and by kind): checked against the
# catalog of the binary measured, so a kind or format it does not serve stops the run.
FORMATS = [("gif", 0.34), ("svg", 0.30), ("webp", 0.14), ("apng", 0.10), ("png", 0.06), ("json", 0.06)]
KIND_WEIGHTS = {"circular": 0.40, "activity": 0.20, "dots": 0.20, "arc": 0.10, "capsules": 0.10}
SIZES = [16, 20, 24, 32, 40, 48, 64, 96, 128]
STYLES = {"circular": ["hierarchy", "bubbledForeground", "nineties", "accent"]}
DURATIONS = ["0.8", "1.5", "2"]


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
        target = os.path.join(folder, f"{kind}.{fmt}")
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


# ------------------------------------------------------------------------ the URL space

def default_urls():
    """The kind × format defaults, hottest first: the head of the popularity law."""
    formats = dict(FORMATS)
    pairs = sorted(((k, f) for k in KIND_WEIGHTS for f in formats), key=lambda kf: -KIND_WEIGHTS[kf[0]] * formats[kf[1]])
    return [(f"/spinner/{kind}.{fmt}", (kind, fmt, None)) for kind, fmt in pairs]


def every_class():
    """Every (kind, format, size) class a URL can have."""
    return {(k, f, size) for k in KIND_WEIGHTS for f, _ in FORMATS for size in [None] + SIZES}


class URLSpace:
    """`count` URLs in popularity order: the defaults, then variations (a brand colour in
    70 %, a size in 40 %, a style in 30 % of circular's, a duration in 15 %, at least one).
    Holds each URL's class (kind, format, size or None), its crc32 (where the ring sends
    it) and its Zipf probability of being the one a view asks for."""

    def __init__(self, count, zipf, seed, keep_paths=False):
        head = default_urls()
        rng = numpy.random.default_rng(seed)
        n = count - len(head)
        kind_names, format_names = list(KIND_WEIGHTS), [f for f, _ in FORMATS]
        kind = rng.choice(len(kind_names), n, p=numpy.array(list(KIND_WEIGHTS.values())) / sum(KIND_WEIGHTS.values()))
        fmt = rng.choice(len(format_names), n, p=numpy.array([w for _, w in FORMATS]) / sum(w for _, w in FORMATS))
        color, color_value = rng.random(n) < 0.7, rng.integers(0, 1 << 24, n)
        sized, size_index = rng.random(n) < 0.4, rng.integers(0, len(SIZES), n)
        styled = (kind == kind_names.index("circular")) & (rng.random(n) < 0.3)
        style_index = rng.integers(0, len(STYLES["circular"]), n)
        timed, duration_index = rng.random(n) < 0.15, rng.integers(0, len(DURATIONS), n)
        color |= ~(sized | styled | timed)
        self.classes = [cls for _, cls in head]
        paths = [path.encode() for path, _ in head]
        styles, durations = STYLES["circular"], DURATIONS
        for k, f, c, cv, z, zi, st, si, t, di in zip(kind.tolist(), fmt.tolist(), color.tolist(), color_value.tolist(),
                                                   sized.tolist(), size_index.tolist(), styled.tolist(),
                                                   style_index.tolist(), timed.tolist(), duration_index.tolist()):
            query = []
            if c:
                query.append("color=%06x" % cv)
            if z:
                query.append(f"size={SIZES[zi]}")
            if st:
                query.append("style=" + styles[si])
            if t:
                query.append("duration=" + durations[di])
            paths.append(f"/spinner/{kind_names[k]}.{format_names[f]}?{'&'.join(query)}".encode())
            self.classes.append((kind_names[k], format_names[f], SIZES[zi] if z else None))
        self.hashes = numpy.fromiter((zlib.crc32(p) for p in paths), dtype=numpy.uint64, count=count)
        self.paths = paths if keep_paths else None
        weights = 1.0 / numpy.arange(1, count + 1, dtype=numpy.float64) ** zipf
        self.probability = weights / weights.sum()

    def owners(self, servers):
        """Which of `servers` the ring sends each URL to (indices into `servers`)."""
        points = nginx_chash_points(servers)
        hashes = numpy.array([h for h, _ in points], dtype=numpy.uint64)
        owner = numpy.array([i for _, i in points], dtype=numpy.int64)
        return owner[numpy.searchsorted(hashes, self.hashes, side="left") % len(hashes)]


# ------------------------------------------------------------ the caches, by Che's method

class Layer:
    """One byte-bounded LRU solved by Che's approximation: URL i asked λᵢ times a day, the
    cache warmed for `warm` days, then measured for `day` days. `hit` is each URL's chance
    that a view of it on the measured day hits, `held` its chance to be in the cache at
    the end of the warm-up, `T` the characteristic time in days (inf: nothing evicted).

    `upstream` = (K, T′) when the views are the misses of K caches alike (PoPs in front
    of a front, fronts in front of a replica) with characteristic time T′: a view that
    missed upstream cache u was not asked of u within T′, so only the other caches'
    misses (and u's own from longer ago than T′) can have left it here to hit."""

    def __init__(self, rates, sizes, capacity, warm=1.0, day=1.0, upstream=None):
        reach = warm + day
        self.rates, self.warm, self.day = rates, warm, day
        self.T = math.inf
        if capacity <= 0:
            self.T = 0.0
        elif float(numpy.dot(sizes, -numpy.expm1(-rates * reach))) > capacity:
            self.T = self.characteristic_time(rates, sizes, capacity, reach)
        looking = rates
        if upstream is not None:
            count, upstream_T = upstream
            own = 0.0 if upstream_T == math.inf else 1.0 if self.T == math.inf else max(0.0, 1 - upstream_T / self.T)
            looking = rates * (1 - (1 - own) / count)
        with numpy.errstate(divide="ignore", invalid="ignore"):
            # Over the measured day a view at time t looks back min(T, warm + t).
            a = min(max(self.T - warm, 0.0), day)
            early = a - numpy.where(looking > 0, (numpy.exp(-looking * warm) - numpy.exp(-looking * (warm + a))) / looking, 0.0)
            late = (day - a) * -numpy.expm1(-looking * min(self.T, reach)) if a < day else 0.0
            self.hit = numpy.where(rates > 0, (early + late) / day, 0.0)
        self.held = -numpy.expm1(-rates * min(self.T, warm))

    def lost_hits(self):
        """Per URL: the chance it is held at the end of the warm-up and asked again before
        it would have been evicted, within the next day: a hit that becomes a render when
        the cache is lost (or the URL moves elsewhere)."""
        rates, T, day = self.rates, self.T, self.day
        window = min(T, self.warm)
        c = min(max(T - day, 0.0), window)
        first = -numpy.expm1(-rates * c) * -numpy.expm1(-rates * day)
        if c >= window:
            return first
        return first + numpy.exp(-rates * c) - numpy.exp(-rates * window) - rates * numpy.exp(-rates * T) * (window - c)

    @staticmethod
    def characteristic_time(rates, sizes, capacity, reach):
        """The root T of Σ sizeᵢ·(1 − e^(−λᵢT)) = capacity in (0, reach): bisection on log T,
        then Newton from below (the sum is concave in T, so those steps never overshoot)."""
        def held_bytes(t):
            return float(numpy.dot(sizes, -numpy.expm1(-rates * t)))
        low, high = reach * 1e-15, reach
        for _ in range(14):
            middle = math.sqrt(low * high)
            low, high = (middle, high) if held_bytes(middle) < capacity else (low, middle)
        t = low
        for _ in range(6):
            decay = numpy.exp(-rates * t)
            value = float(numpy.dot(sizes, 1 - decay)) - capacity
            slope = float(numpy.dot(sizes * rates, decay))
            if value >= 0 or slope <= 0:
                break
            t = min(high, t - value / slope)
        return t


class Deployment:
    """The URL space, what each URL's answer costs and weighs, and the layers' settings:
    `evaluate(views_per_day, replicas)` gives what each layer absorbs."""

    def __init__(self, space, costs, arguments):
        self.space, self.arguments = space, arguments
        index = {cls: i for i, cls in enumerate(sorted(every_class(), key=str))}
        byte_table = numpy.array([costs.answer_bytes(*cls) for cls in sorted(every_class(), key=str)], dtype=numpy.float64)
        second_table = numpy.array([costs.seconds[cls] for cls in sorted(every_class(), key=str)], dtype=numpy.float64)
        class_of = numpy.fromiter((index[cls] for cls in space.classes), dtype=numpy.int64, count=len(space.classes))
        self.sizes, self.seconds = byte_table[class_of], second_table[class_of]
        self.hit_seconds = costs.hit_seconds
        self.owner_cache = {}

    def owners(self, names):
        key = tuple(names)
        if key not in self.owner_cache:
            self.owner_cache = {key: self.space.owners(names)}
        return self.owner_cache[key]

    def replicas(self, to_replicas, names, upstream):
        """The replicas `names` behind the ring, views reaching them `to_replicas` a day:
        per URL its owner, hit chance, held chance and lost-hit chance (Layer)."""
        owner = self.owners(names)
        hit, held, lost_hits = (numpy.zeros_like(to_replicas) for _ in range(3))
        for r in range(len(names)):
            mine = owner == r
            layer = Layer(to_replicas[mine], self.sizes[mine], self.arguments.cache_bytes, upstream=upstream)
            hit[mine], held[mine], lost_hits[mine] = layer.hit, layer.held, layer.lost_hits()
        return owner, hit, held, lost_hits

    def evaluate(self, volume, replicas, pops=None, changes=False):
        """What `volume` views a day do to `replicas` replicas: the shares of views each
        layer answers, renders, replica CPU seconds a day, the replicas' working set and,
        with `changes`, the renders the next day brings beyond an unchanged one after
        losing the first replica or adding one: the moved URLs' renders from starting cold
        at their new owners (`_rerenders`), plus (or minus) what the new ring's shares do
        to the caches once warm."""
        args = self.arguments
        pops = args.pops if pops is None else pops
        views = volume * self.space.probability
        sizes = self.sizes
        if pops > 0:
            cdn = Layer(views / pops, sizes, args.pop_bytes)
            to_fronts = views * (1 - cdn.hit)
            front = Layer(to_fronts / args.fronts, sizes, args.front_bytes, upstream=(pops, cdn.T))
        else:
            to_fronts = views
            front = Layer(to_fronts / args.fronts, sizes, args.front_bytes)
        to_replicas = to_fronts * (1 - front.hit)
        upstream = (args.fronts, front.T)
        names = replica_names(replicas)
        owner, hit, held, lost_hits = self.replicas(to_replicas, names, upstream)
        renders = to_replicas * (1 - hit)
        row = {
            "volume": volume, "replicas": replicas,
            "cdn": float((views - to_fronts).sum()) / volume,
            "front": float((to_fronts - to_replicas).sum()) / volume,
            "replica_hits": float((to_replicas * hit).sum()) / volume,
            "renders_per_million": float(renders.sum()) / volume * 1e6,
            "cpu_per_day": float(numpy.dot(renders, self.seconds)) + float(to_replicas.sum()) * self.hit_seconds,
            "working_set": float(held.sum()),
        }
        if changes:
            for change, after in (("lose", names[1:]), ("add", names + replica_names(replicas + 1)[replicas:])):
                after_owner, after_hit, _, after_lost_hits = self.replicas(to_replicas, after, upstream)
                before_index = numpy.array([names.index(n) if n in names else -1 for n in after])
                moved = before_index[after_owner] != owner
                # A moved URL starts cold at its new owner: the hits it would have had
                # there from being held at the day's start are renders.
                row[change + "_rerenders"] = float(after_lost_hits[moved].sum())
                # The rest is the new ring's caches in their steady state against the old's.
                row[change] = row[change + "_rerenders"] + float((to_replicas * (hit - after_hit)).sum())
                row[change + "_moved"] = float(moved.mean())
        return row


def per_replica_seconds(arguments):
    """CPU seconds a day one replica carries: its cores at the HPA's target at the peak."""
    return 86400 * arguments.cores * arguments.utilisation / arguments.peak


def volume_for(deployment, replicas, pops=None):
    """The most views a day `replicas` replicas carry, and the evaluation there: the
    volume whose replica CPU fills them (regula falsi on log volume; CPU grows with it)."""
    target = replicas * per_replica_seconds(deployment.arguments)
    low, high = 1e3, 1e14
    f_low = math.log(deployment.evaluate(low, replicas, pops)["cpu_per_day"] / target)
    f_high = math.log(deployment.evaluate(high, replicas, pops)["cpu_per_day"] / target)
    if f_low > 0 or f_high < 0:
        raise SystemExit(f"capacity: {replicas} replicas carry less than {low:g} or more than {high:g} views a day")
    row, side = None, 0
    for _ in range(40):
        x = (math.log(low) * f_high - math.log(high) * f_low) / (f_high - f_low)
        row = deployment.evaluate(math.exp(x), replicas, pops)
        f = math.log(row["cpu_per_day"] / target)
        if abs(f) < 1e-3:
            break
        if f < 0:
            low, f_low = math.exp(x), f
            if side == -1:
                f_high /= 2  # Illinois: keep the far end from sticking
            side = -1
        else:
            high, f_high = math.exp(x), f
            if side == 1:
                f_low /= 2
            side = 1
    return deployment.evaluate(row["volume"], replicas, pops, changes=True)


# ------------------------------------------------------- the replay the model is held to

def page_views(count, probability, pops, seed):
    """`count` (URL id, point of presence) views drawn by probability, a PoP at random."""
    generator = numpy.random.default_rng(seed)
    cdf = numpy.cumsum(probability)
    cdf /= cdf[-1]
    return numpy.searchsorted(cdf, generator.random(count)).tolist(), generator.integers(0, max(1, pops), count).tolist()


def edge_layers(views, pop_of, sizes, pops, pop_bytes, fronts, front_bytes):
    """Replays views through the CDN (none when `pops` is 0) and the fronts. Returns the
    indices of CDN and front hits and the front misses [(view index, URL id)] the replicas
    answer."""
    cdn = [LRU(pop_bytes) for _ in range(pops)]
    front = [LRU(front_bytes) for _ in range(fronts)]
    cdn_hits, front_hits, misses = [], [], []
    turn = 0
    for index, (url, pop) in enumerate(zip(views, pop_of)):
        if pops and cdn[pop].hit(url):
            cdn_hits.append(index)
            continue
        turn = (turn + 1) % fronts
        if front[turn].hit(url):
            front_hits.append(index)
        else:
            misses.append((index, url))
            front[turn].insert(url, sizes[url])
        if pops:
            cdn[pop].insert(url, sizes[url])
    return cdn_hits, front_hits, misses


def replica_layer(misses, names, owner_of, sizes, cache_bytes, caches=None):
    """Replays the fronts' misses on the replicas `names` (`owner_of(url)` is an index
    into them). Returns (per miss: rendered?, the caches by name)."""
    caches = caches if caches is not None else {}
    rendered = []
    for _, url in misses:
        cache = caches.setdefault(names[owner_of(url)], LRU(cache_bytes))
        if cache.hit(url):
            rendered.append(False)
        else:
            cache.insert(url, sizes[url])
            rendered.append(True)
    return rendered, caches


def replay(space, sizes, arguments, views_per_day, replicas, seed):
    """Two days of views replayed through real LRUs and the real ring; day two measured.
    Returns the same figures as Deployment.evaluate, counted."""
    day = int(views_per_day)
    views, pop_of = page_views(2 * day, space.probability, arguments.pops, seed)
    sizes = sizes.tolist()
    cdn_hits, front_hits, misses = edge_layers(views, pop_of, sizes, arguments.pops, arguments.pop_bytes,
                                               arguments.fronts, arguments.front_bytes)
    names = replica_names(replicas)
    owner = space.owners(names).tolist()
    added_names = names + replica_names(replicas + 1)[replicas:]
    added_owner = space.owners(added_names).tolist()
    split = next((i for i, (index, _) in enumerate(misses) if index >= day), len(misses))
    first, second = misses[:split], misses[split:]
    _, warm = replica_layer(first, names, owner.__getitem__, sizes, arguments.cache_bytes)
    working_set = sum(len(c.entries) for c in warm.values())

    def copies(skip=None):
        return {n: c.copy() for n, c in warm.items() if n != skip}
    base, _ = replica_layer(second, names, owner.__getitem__, sizes, arguments.cache_bytes, copies())
    # Losing the first replica: nginx's ring without it sends its URLs to the others.
    lost_names = names[1:]
    lost_owner = space.owners(lost_names).tolist()
    after_loss, _ = replica_layer(second, lost_names, lost_owner.__getitem__, sizes, arguments.cache_bytes,
                                  copies(skip=names[0]))
    after_add, _ = replica_layer(second, added_names, added_owner.__getitem__, sizes, arguments.cache_bytes, copies())
    # The new rings warmed by day one themselves: what day two costs once the move is forgotten.
    warm_after = {}
    for change, ring, ring_owner in (("lose", lost_names, lost_owner), ("add", added_names, added_owner)):
        _, warmed = replica_layer(first, ring, ring_owner.__getitem__, sizes, arguments.cache_bytes)
        warm_after[change], _ = replica_layer(second, ring, ring_owner.__getitem__, sizes, arguments.cache_bytes,
                                              {n: c.copy() for n, c in warmed.items()})

    renders = sum(base)
    row = {
        "volume": day, "replicas": replicas,
        "cdn": sum(1 for i in cdn_hits if i >= day) / day,
        "front": sum(1 for i in front_hits if i >= day) / day,
        "replica_hits": (len(second) - renders) / day,
        "renders_per_million": renders / day * 1e6,
        "working_set": working_set,
    }
    # The URLs that move: the lost replica's, and those the added one takes.
    for change, after, moved in (("lose", after_loss, lambda url: owner[url] == 0),
                                 ("add", after_add, lambda url: added_owner[url] == replicas)):
        row[change] = sum(after) - renders
        cold = [a - w for a, w in zip(after, warm_after[change])]
        row[change + "_rerenders"] = sum(e for e, (_, url) in zip(cold, second) if moved(url))
    return row


# ---------------------------------------------------------------------------- report

def simulate(arguments, log=print):
    """For each replica count: the volume it carries and what every layer does there,
    with the CDN and with the fronts alone."""
    binary = os.path.abspath(arguments.binary)
    unknown = (set(KIND_WEIGHTS) - set(kinds(binary))) | ({f for f, _ in FORMATS} - {f["extension"] for f in formats(binary)})
    if unknown:
        raise SystemExit(f"capacity: the binary does not serve {sorted(unknown)}")
    started = time.monotonic()
    log(f"  measuring render costs and answer sizes with {binary}")
    costs = Costs(binary, every_class())
    log(f"  a cached answer costs {costs.hit_seconds * 1e6:.0f} µs of server CPU")
    log(f"  {arguments.urls:,} URLs, Zipf {arguments.zipf:g}")
    deployment = Deployment(URLSpace(arguments.urls, arguments.zipf, arguments.seed), costs, arguments)
    rows, bare = [], []
    for replicas in arguments.replicas:
        row = volume_for(deployment, replicas)
        rows.append(row)
        log(f"  {replicas:3} replicas carry {row['volume'] / 1e6:10,.1f} M views/day: CDN {row['cdn']:.1%}, "
            f"fronts {row['front']:.1%}, replica caches {row['replica_hits']:.2%}, "
            f"{row['renders_per_million']:,.0f} renders per M views, {row['cpu_per_day'] / 3600:,.1f} CPU-h/day; "
            f"losing one: {row['lose_rerenders']:,.0f} renders from cold (working set / N "
            f"{row['working_set'] / replicas:,.0f}), {row['lose']:+,.0f} in all; adding one: "
            f"{row['add_rerenders']:,.0f} from cold, {row['add']:+,.0f} in all")
        row = volume_for(deployment, replicas, pops=0)
        bare.append(row)
        log(f"      without a CDN: {row['volume'] / 1e6:10,.1f} M views/day, fronts {row['front']:.1%}, "
            f"{row['renders_per_million']:,.0f} renders per M views")
    summary = {"elapsed": time.monotonic() - started, "hit_seconds": costs.hit_seconds, "head": len(default_urls())}
    return summary, rows, bare


def renders_per_replica(arguments, row):
    """Renders a day one replica carries at `row`'s mix: its CPU seconds over the CPU a
    render costs there, the cached answers around it included."""
    renders = row["renders_per_million"] * row["volume"] / 1e6
    return per_replica_seconds(arguments) / (row["cpu_per_day"] / renders)


def millions(value):
    """A count in millions with two significant figures at least: 0.8 M, 1.4 M, 36 M, 140 M."""
    m = value / 1e6
    return f"{m:,.1f} M" if m < 10 else f"{m:,.0f} M"


def span(low, high):
    """`low–high` rounded to whole numbers, or one number when they round alike."""
    low, high = round(low), round(high)
    return f"{low:,}" if low == high else f"{low:,}–{high:,}"


def page(arguments, summary, rows, bare):
    """deploy/CAPACITY.md: the rule, the assumptions, the table."""
    per_replica = per_replica_seconds(arguments)
    carried = [renders_per_replica(arguments, r) for r in rows + bare]
    low, high = min(carried), max(carried)
    rate = lambda row: row["volume"] / row["replicas"]  # noqa: E731  views a day per replica
    absorbed = lambda row: 1 - row["renders_per_million"] / 1e6  # noqa: E731  views any cache answers
    cdn = sum(r["cdn"] for r in rows) / len(rows)
    lines = [
        "# Capacity: how many replicas",
        "",
        "Generated by `deploy/capacity.py --write` (`make capacity`); never edit by hand.",
        "A model, not a load test: a day of page views through a CDN, the nginx fronts of",
        "`deploy/nginx/spinnerd-front.conf` (the same consistent hash, checked against nginx by",
        "the cluster test) and N replicas, each render's CPU and bytes taken from the binary.",
        "Each byte-bounded LRU is solved with Che's approximation; `make test` replays a smaller",
        "stream through real LRUs and requires the model to agree with it (`capacity.py --check`).",
        "",
        "## The rule",
        "",
        f"A replica (2 cores, kept under {arguments.utilisation:.0%} busy at a peak {arguments.peak:g}× the daily mean)"
        f" has {per_replica:,.0f} CPU seconds a day, and almost all of them go to renders: a cached answer costs"
        f" {summary['hit_seconds'] * 1e6:.0f} µs, a render of this mix (with the cached answers around it)"
        f" {span(per_replica / high * 1e3, per_replica / low * 1e3)} ms. So:",
        "",
        f"**k replicas = V × (1 − h) / {low / 1e3:,.0f} k, at least 3**, for V page views a day of which a share h is",
        "answered by a cache (the CDN's, the fronts' or the replicas' own), that is one replica per",
        f"{low / 1e3:,.0f} k renders a day. Where the service runs, V × (1 − h) is the fleet's renders a day:",
        "`sum(increase(spinnerd_renders_total[1d]))` over the replicas. Before it runs, read h off",
        "the table below or from your CDN's hit ratio:",
        "",
        "| h, share of views from a cache | page views a day per replica |",
        "|---:|---:|",
    ]
    for h in (0.5, 0.65, 0.8, 0.9, 0.95, 0.99):
        lines.append(f"| {h:.0%} | {millions(low / (1 - h))} |")
    lines += [
        "",
        f"Behind a CDN that answers about {cdn:.0%} of views, the simulated stream below has h ="
        f" {min(absorbed(r) for r in rows):.0%}–{max(absorbed(r) for r in rows):.0%}: N replicas carry",
        "",
        "| replicas | page views a day, behind the CDN | per replica | h | without a CDN (fronts alone) | per replica | h |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row, alone in zip(rows, bare):
        lines.append(f"| {row['replicas']} | {millions(row['volume'])} | {millions(rate(row))} | {absorbed(row):.1%} |"
                     f" {millions(alone['volume'])} | {millions(rate(alone))} | {absorbed(alone):.1%} |")
    lines += [
        "",
        "The share per replica grows with the fleet because more replicas hold more of the tail in",
        "their caches. If your CDN keeps less than the table's share, more reaches the fronts: the",
        "replicas needed lie between the two columns.",
        "",
        "Losing a replica moves only its URLs (about 1/N of them) to the others; adding one moves",
        "about 1/(N+1) to it. A moved URL starts cold at its new owner and renders when next asked",
        "there: in the day that follows, at most the moved share of the working set (the table's",
        "\"from cold\"), fewer since much of what a replica holds is not asked of it again that day.",
        f"Beyond the move, the fleet's caches shrink (or grow) by one replica's {arguments.cache_bytes // MIB} MiB, which the",
        "\"in all\" figures add over the whole next day: until the HPA replaces a lost replica, the",
        "others render more; an added one soon saves more renders than its cold start costs.",
        "",
        "## The stream and the layers",
        "",
        f"- Popularity: Zipf with exponent {arguments.zipf:g} over {arguments.urls:,} URLs: the {summary['head']}"
        " kind × format defaults first, then variations (a brand colour in 70 %, a size in 40 %, a style in"
        " 30 % of circular's, a duration in 15 %).",
        f"- CDN: {arguments.pops} points of presence of {arguments.pop_bytes // MIB:,} MiB each; a view goes to one at random.",
        f"- Fronts: {arguments.fronts}, each `max_size` {arguments.front_bytes // MIB:,} MiB; a CDN miss goes to either.",
        f"- Replicas: `--cache-bytes` {arguments.cache_bytes // MIB} MiB each; a cached answer costs"
        f" {summary['hit_seconds'] * 1e6:.0f} µs of CPU (measured), a render what `spinnerd cost` estimates.",
        "- Every cache warmed for one day (as after a rollout: the replicas' caches are in memory), then",
        "  the next day measured. Longer-lived CDN and front caches absorb more: the rule errs toward more replicas.",
        "",
        "## The table, behind the CDN",
        "",
        "Shares are of page views; \"working set\" is the URLs the replicas hold at the day's start.",
        "",
        "| replicas | page views a day | CDN | fronts | replica caches | renders per M views | replica CPU h/day"
        " | working set / N | lose one: URLs moved · next day's renders from cold · in all, beyond no change"
        " | add one: URLs moved · next day's renders from cold · in all, beyond no change |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        n = row["replicas"]
        lines.append(
            f"| {n} | {millions(row['volume'])} | {row['cdn']:.1%} | {row['front']:.1%} | {row['replica_hits']:.2%} |"
            f" {row['renders_per_million']:,.0f} | {row['cpu_per_day'] / 3600:,.1f} | {row['working_set'] / n:,.0f} |"
            f" {row['lose_moved']:.1%} · {row['lose_rerenders']:+,.0f} · {row['lose']:+,.0f} |"
            f" {row['add_moved']:.1%} · {row['add_rerenders']:+,.0f} · {row['add']:+,.0f} |")
    lines += [
        "",
        "![Page views a day the replicas carry, with and without a CDN](capacity.svg)",
        "",
        f"Computed in {summary['elapsed']:.0f} s. Re-run after a renderer, an encoder or the cost table changes.",
        "",
    ]
    return "\n".join(lines)


def plot(rows, bare):
    return line_chart(
        "Page views a day N replicas carry, behind a CDN and without one",
        "replicas (log scale)", "million page views per day (log scale)",
        [Series("behind the CDN", [(r["replicas"], r["volume"] / 1e6) for r in rows]),
         Series("fronts alone", [(r["replicas"], r["volume"] / 1e6) for r in bare], dashed=True)],
        width=760, height=340, log_x=True, log_y=True)


# ----------------------------------------------------------------------------- check

# A stream small enough to replay in Python in seconds, with caches small enough that
# every layer is partly full: where the model can be wrong.
CHECK = {"urls": 200_000, "pops": 4, "pop_bytes": 24 * MIB, "fronts": 2, "front_bytes": 64 * MIB,
         "cache_bytes": 64 * MIB}
CHECK_VIEWS = 300_000


def check(arguments):
    """What `make test` holds the model to: it agrees with a replay through real LRUs and
    the real ring, layer by layer and in the renders that follow losing or adding a
    replica; the ring moves about 1/N of URLs; every view is answered by exactly one
    layer; more views never cost more CPU per view; and the volume N replicas are said
    to carry fills them."""
    settings = argparse.Namespace(**{**vars(arguments), **CHECK})
    failures = []

    def expect(condition, message):
        print(("  [ok]   " if condition else "  [FAIL] ") + message, flush=True)
        if not condition:
            failures.append(message)
    costs = Costs(os.path.abspath(arguments.binary), every_class())
    space = URLSpace(settings.urls, settings.zipf, settings.seed)
    deployment = Deployment(space, costs, settings)
    for replicas in (3, 10):
        started = time.monotonic()
        counted = replay(space, deployment.sizes, settings, CHECK_VIEWS, replicas, settings.seed)
        model = deployment.evaluate(CHECK_VIEWS, replicas, changes=True)
        print(f"  {replicas} replicas, {CHECK_VIEWS:,} views a day replayed in {time.monotonic() - started:.0f} s; "
              "replay / model:", flush=True)
        for layer in ("cdn", "front", "replica_hits"):
            expect(abs(counted[layer] - model[layer]) <= 0.02,
                   f"{layer}: {counted[layer]:.4f} / {model[layer]:.4f} of views (within 0.02)")
        for figure in ("renders_per_million", "working_set"):
            expect(abs(counted[figure] - model[figure]) <= 0.05 * counted[figure],
                   f"{figure}: {counted[figure]:,.0f} / {model[figure]:,.0f} (within 5 %)")
        # A change's renders in all are the moved URLs' renders from cold plus (or less)
        # what the new ring's shares do to the warm caches; they can nearly cancel, so the
        # bound is on the larger of the figure and the working set a replica holds.
        for figure, label in (("lose_rerenders", "lose one, from cold"), ("lose", "lose one, in all"),
                              ("add_rerenders", "add one, from cold"), ("add", "add one, in all")):
            scale = max(abs(counted[figure]), counted["working_set"] / replicas)
            expect(abs(counted[figure] - model[figure]) <= 0.25 * scale,
                   f"{label}: {counted[figure]:+,.0f} / {model[figure]:+,.0f} renders the next day "
                   f"(within 25 % of {scale:,.0f})")
    for replicas in (3, 10, 30, 100):
        row = deployment.evaluate(CHECK_VIEWS, replicas, changes=True)
        expect(abs(row["lose_moved"] - 1 / replicas) <= 0.35 / replicas,
               f"losing one of {replicas} moves {row['lose_moved']:.4f} of URLs (about {1 / replicas:.4f})")
        expect(abs(row["add_moved"] - 1 / (replicas + 1)) <= 0.35 / (replicas + 1),
               f"adding one to {replicas} moves {row['add_moved']:.4f} of URLs (about {1 / (replicas + 1):.4f})")
        for change in ("lose", "add"):
            expect(0 <= row[change + "_rerenders"] <= row["working_set"],
                   f"{change} one of {replicas}: {row[change + '_rerenders']:,.0f} renders from cold, within the "
                   f"working set ({row['working_set']:,.0f})")
    rows = [deployment.evaluate(volume, 3) for volume in (1e5, 1e6, 1e7, 1e8, 1e9, 1e10)]
    for row in rows:
        answered = row["cdn"] + row["front"] + row["replica_hits"] + row["renders_per_million"] / 1e6
        expect(abs(answered - 1) < 1e-9, f"{row['volume']:,.0f} views a day: the layers answer {answered:.12f} of them")
    for smaller, larger in zip(rows, rows[1:]):
        expect(larger["cpu_per_day"] / larger["volume"] <= smaller["cpu_per_day"] / smaller["volume"] * (1 + 1e-9),
               f"{larger['volume']:,.0f} views a day cost no more CPU per view than {smaller['volume']:,.0f}")
    for replicas in (3, 20):
        row = volume_for(deployment, replicas)
        filled = row["cpu_per_day"] / (replicas * per_replica_seconds(settings))
        expect(abs(filled - 1) < 0.01, f"{replicas} replicas carry {row['volume']:,.0f} views a day at {filled:.3f} of their CPU")
    print("capacity: " + ("FAILED" if failures else "every check held"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "spinnerd"))
    parser.add_argument("--replicas", default="3,5,10,20,30,50,75,100", help="replica counts, one row each")
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
                        help="hold the model to a replay through real LRUs (what make test runs)")
    arguments = parser.parse_args()
    arguments.replicas = [int(v) for v in arguments.replicas.split(",")]
    if arguments.check:
        return check(arguments)
    summary, rows, bare = simulate(arguments)
    if arguments.write:
        with open(arguments.write, "w") as out:
            out.write(page(arguments, summary, rows, bare))
        with open(os.path.join(os.path.dirname(arguments.write), "capacity.svg"), "w") as out:
            out.write(plot(rows, bare))
        print(f"  wrote {arguments.write} and capacity.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
