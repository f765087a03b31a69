"""The front's consistent-hash ring, computed exactly as HAProxy 2.6 does it for
deploy/kubernetes/spinnerd-front.cfg (`balance uri path-only whole`, `hash-type
consistent sdbm avalanche`, weight 100): src/lb_chash.c and src/backend.c. A server in
template slot s (its `puid`, 1 for the first) has weight × 16 points, point j at
full_hash(s × 4096 + j); a URL's key is full_hash(sdbm(path and query)), and it goes to
the nearer of the points around it (the one before on a tie), wrapping. A server that
leaves keeps no point and the others keep theirs; one that comes takes the lowest free
slot. The capacity model and its replay send URLs to replicas with it; the resize test
(Tests/Cluster/resize.py) checks it against HAProxy, URL by URL."""
import numpy

MASK = 0xFFFFFFFF
WEIGHT = 100  # spinnerd-front.cfg's default-server weight


def haproxy_full_hash(value):
    """HAProxy's full_hash (Bob Jenkins' 32-bit full avalanche, times a prime),
    include/haproxy/intops.h; `value` an int or a numpy uint64 array."""
    a = value & MASK
    a = ((a + 0x7ed55d16) + (a << 12)) & MASK
    a = ((a ^ 0xc761c23c) ^ (a >> 19)) & MASK
    a = ((a + 0x165667b1) + (a << 5)) & MASK
    a = ((a + 0xd3a2646c) ^ (a << 9)) & MASK
    a = ((a + 0xfd7046c5) + (a << 3)) & MASK
    a = ((a ^ 0xb55a4f09) ^ (a >> 16)) & MASK
    return (a * 3221225473) & MASK  # spread over the tree: a prime near 3/4 of 2^32


def haproxy_uri_hash(uri):
    """A URL's key: sdbm over its path and query (src/hash.c), then full_hash."""
    return int(haproxy_uri_hashes([uri.encode() if isinstance(uri, str) else uri])[0])


def haproxy_uri_hashes(paths):
    """The keys of many URLs (byte strings) at once: sdbm, c + (h << 6) + (h << 16) - h
    over each byte, a numpy column a byte; then full_hash."""
    longest = max((len(p) for p in paths), default=0)
    table = numpy.zeros((len(paths), longest), dtype=numpy.uint64)
    lengths = numpy.fromiter((len(p) for p in paths), dtype=numpy.int64, count=len(paths))
    for row, path in enumerate(paths):
        table[row, :len(path)] = numpy.frombuffer(path, dtype=numpy.uint8)
    value = numpy.zeros(len(paths), dtype=numpy.uint64)
    for column in range(longest):
        step = (table[:, column] + value * numpy.uint64(65599)) & numpy.uint64(MASK)
        value = numpy.where(lengths > column, step, value)
    return haproxy_full_hash(value)


def ring_points(slots, weight=WEIGHT):
    """The ring of servers in template `slots`: sorted point keys, and the index into
    `slots` of each point's server."""
    keys = numpy.concatenate([haproxy_full_hash(numpy.arange(weight * 16, dtype=numpy.uint64) + numpy.uint64(slot * 4096))
                              for slot in slots])
    owners = numpy.repeat(numpy.arange(len(slots)), weight * 16)
    order = numpy.argsort(keys, kind="stable")
    return keys[order], owners[order]


def ring_owners(slots, hashes, weight=WEIGHT):
    """For each key of `hashes` (numpy uint64), the index into `slots` of its server."""
    return nearest(*ring_points(slots, weight), hashes)


def nearest(keys, owners, hashes):
    """The owner of the ring point nearest each of `hashes` (the one before on a tie)."""
    after = numpy.searchsorted(keys, hashes, side="left") % len(keys)
    before = after - 1  # -1 is the last point: the ring wraps
    to_next = (keys[after] - hashes) & numpy.uint64(MASK)
    to_previous = (hashes - keys[before]) & numpy.uint64(MASK)
    return numpy.where(to_previous <= to_next, owners[before], owners[after])


class HAProxyRing:
    """Which server one key goes to, for servers in template `slots`."""

    def __init__(self, slots, weight=WEIGHT):
        self.keys, self.owners = ring_points(slots, weight)

    def owner(self, key_hash):
        """The index (into `slots`) of the server `key_hash` goes to."""
        return int(nearest(self.keys, self.owners, numpy.array([key_hash], dtype=numpy.uint64))[0])


def replica_names(count):
    """The `count` replicas as the front's template names their slots: spinnerd1, … (slot
    n is spinnerd<n>)."""
    return [f"spinnerd{i + 1}" for i in range(count)]


def slot_of(name):
    """The template slot of a replica name: spinnerd7 → 7."""
    return int(name.removeprefix("spinnerd"))
