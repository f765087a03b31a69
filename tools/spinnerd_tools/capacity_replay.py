"""The replay the capacity model is held to: a stream of views small enough for Python, drawn
by the URL space's popularity, through real byte-bounded LRUs (CDN, fronts, replicas) and
the real ring, counted into the figures `Deployment.evaluate` gives."""
from collections import OrderedDict

import numpy

from .capacity_ring import replica_names


class LRU:
    """A byte-bounded least-recently-used cache of URL ids (what HAProxy's cache and
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
    # Losing the first replica: the front's ring without it sends its URLs to the others.
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
