"""Capacity at internet scale: how many spinnerd replicas a day of page views needs behind
a CDN and the caching fronts of deploy/kubernetes (HAProxy, spinnerd-front.cfg).

Page views (each fetches one spinner URL; popularity is Zipf over `--urls` URLs: the
kind × format defaults hottest, then a long tail of brand colours, sizes, styles and
durations) go through three layers:

1. a CDN: `--pops` points of presence, each a byte-bounded LRU; a view goes to one at
   random;
2. `--fronts` HAProxy fronts (deploy/kubernetes/spinnerd-front.cfg), each a byte-bounded
   LRU of its cache's `total-max-size` (CACHE_MB, 256 MiB); a CDN miss goes to each in turn;
3. N replicas behind the fronts' consistent-hash ring, computed exactly as HAProxy 2.6
   does (capacity_ring: 1 600 points a replica slot; the resize test checks it against
   HAProxy URL by URL), each with the byte-bounded LRU of `--cache-bytes` (default 64 MiB).

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
import os
import sys

from .capacity_check import check
from .capacity_model import MIB
from .capacity_report import page, plot, simulate
from .harness import ROOT


def main():
    """The command line of deploy/capacity.py: --check, or the simulation and its page (--write)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "spinnerd"))
    parser.add_argument("--replicas", default="3,5,10,20,30,50,75,100", help="replica counts, one row each")
    parser.add_argument("--urls", type=int, default=5_000_000, help="distinct URLs in use (embeds and their variants)")
    parser.add_argument("--zipf", type=float, default=1.0, help="popularity exponent (web sites': about 1)")
    parser.add_argument("--pops", type=int, default=20)
    parser.add_argument("--pop-bytes", type=int, default=1024 * MIB)
    parser.add_argument("--fronts", type=int, default=2)
    parser.add_argument("--front-bytes", type=int, default=256 * MIB, help="the front's cache (CACHE_MB of spinnerd-front.cfg)")
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
