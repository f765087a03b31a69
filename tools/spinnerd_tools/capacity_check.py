"""`deploy/capacity.py --check` (make test): the capacity model held to a replay through real
LRUs and the real ring, and to its own invariants."""
import argparse
import os
import time

from .capacity_measure import Costs
from .capacity_model import MIB, Deployment, per_replica_seconds, volume_for
from .capacity_replay import replay
from .capacity_urls import URLSpace, every_class


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
