"""The capacity model: each byte-bounded LRU (CDN points of presence, HAProxy fronts, replicas)
solved by Che's approximation (`Layer`), the layers stacked over the URL space
(`Deployment.evaluate`), and the volume N replicas carry at the HPA's target
(`volume_for`). See spinnerd_tools.capacity for the method."""
import math

import numpy

from .capacity_ring import replica_names
from .capacity_urls import every_class


# Bytes in a mebibyte: cache sizes are given in bytes and reported in MiB.
MIB = 1 << 20


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
