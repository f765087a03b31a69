"""The URL space the capacity model is asked: the traffic mix (formats and kinds by weight,
sizes, styles, durations) and `count` URLs in Zipf popularity order, the kind × format
defaults first."""

import numpy

from .capacity_ring import haproxy_uri_hashes, ring_owners, slot_of


# The traffic mix (model inputs, by path extension and by kind): checked against the
# catalog of the binary measured, so a kind or format it does not serve stops the run.
FORMATS = [("gif", 0.34), ("svg", 0.30), ("webp", 0.14), ("apng", 0.10), ("png", 0.06), ("json", 0.06)]
KIND_WEIGHTS = {"circular": 0.40, "activity": 0.20, "dots": 0.20, "arc": 0.10, "capsules": 0.10}
SIZES = [16, 20, 24, 32, 40, 48, 64, 96, 128]
STYLES = {"circular": ["hierarchy", "bubbledForeground", "nineties", "accent"]}
DURATIONS = ["0.8", "1.5", "2"]


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
    Holds each URL's class (kind, format, size or None), its key on the front's ring (where it sends
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
        self.hashes = haproxy_uri_hashes(paths)
        self.paths = paths if keep_paths else None
        weights = 1.0 / numpy.arange(1, count + 1, dtype=numpy.float64) ** zipf
        self.probability = weights / weights.sum()

    def owners(self, servers):
        """Which of `servers` the ring sends each URL to (indices into `servers`)."""
        return ring_owners([slot_of(name) for name in servers], self.hashes)
