#!/usr/bin/env python3
"""Several spinnerd replicas behind the caching front of deploy/kubernetes, on loopback.

Run by `make cluster-test` (part of `make test`). The front is HAProxy with
deploy/kubernetes/spinnerd-front.cfg as committed, finding the replicas through a name
dnsmasq serves (`spinnerd_tools.front`, as Tests/Cluster/resize.py does), in front of
three `spinnerd serve` replicas on 127.0.0.2–4:

- sharding: 1 000 distinct URLs through the front, then again past its cache
  (`Cache-Control: no-cache`, so the replicas answer): the replicas render exactly 1 000
  times in all, as each URL goes to the replica that already holds it, and each replica
  rendered what the capacity model's copy of HAProxy's ring (capacity_ring) gives it;
- the front's cache answers a URL asked again, and an `If-None-Match` from it;
- an ETag from one replica gets a 304 from another;
- under a steady load of uncached URLs through the front, a rolling SIGTERM restart of
  every replica and then a SIGKILL of one lose no request.

    cluster.py [--binary PATH]
"""
import argparse
import os
import signal
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.capacity_ring import HAProxyRing, haproxy_uri_hash
from spinnerd_tools.front import ADDRESSES, DNS, Front, Load, Stage, free_port_on_every_address, run_cases
from spinnerd_tools.harness import Results, Server, get, kinds, metric


class Replica(Server):
    """One `spinnerd serve` on its own loopback address and the replicas' shared port, so
    it can come back on them."""

    def __init__(self, binary, name, address, port):
        self.name = name
        super().__init__(binary, args=["--max-connections-per-client", "0"], port=port, host=address, log_level="warn")

    def renders(self):
        return metric(self.port, "spinnerd_renders_total", host=self.host)


def fetch_all(port, paths, threads=8, headers=None):
    """GETs every path through `port` with a few threads: {status: count}."""
    tally, lock = {}, threading.Lock()
    queue = list(paths)

    def work():
        while True:
            with lock:
                if not queue:
                    return
                path = queue.pop()
            try:
                status = get(port, path, headers)[0]
            except OSError as error:
                status = type(error).__name__
            with lock:
                tally[status] = tally.get(status, 0) + 1

    workers = [threading.Thread(target=work) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return tally


def sharding(replicas, front, results, names):
    # A title makes none of them a kind's default, which every replica renders ahead.
    paths = [f"/spinner/{kind}.svg?size={8 + index}&title=shard" for kind in names for index in range(200)]
    before = [replica.renders() for replica in replicas]
    first = fetch_all(front.port, paths)
    again = fetch_all(front.port, paths, headers={"Cache-Control": "no-cache"})
    per_replica = [replica.renders() - start for replica, start in zip(replicas, before)]
    print(f"  1 000 URLs through the front: {first}; again past its cache: {again}; "
          f"renders per replica {[int(r) for r in per_replica]}, {int(sum(per_replica))} in all", flush=True)
    results.check("sharding", first == {200: 1000} and again == {200: 1000}, "every request answered 200 both times")
    results.check("sharding", sum(per_replica) == 1000, f"exactly 1 000 renders over the replicas ({int(sum(per_replica))})")
    results.check("sharding", min(per_replica) > 100, f"every replica holds a share ({[int(r) for r in per_replica]})")
    # deploy/capacity.py simulates the front's ring: it must send each URL where HAProxy does.
    slots = {address: slot for slot, address, status in front.slots() if status == "UP"}
    order = sorted(replicas, key=lambda replica: slots[replica.host])
    ring = HAProxyRing([slots[replica.host] for replica in order])
    predicted_by_address = {replica.host: 0 for replica in replicas}
    for path in paths:
        predicted_by_address[order[ring.owner(haproxy_uri_hash(path))].host] += 1
    predicted = [predicted_by_address[replica.host] for replica in replicas]
    results.check("sharding", predicted == [int(r) for r in per_replica],
                  f"each replica rendered what capacity.py's copy of HAProxy's ring gives it ({predicted})")
    # The front's own cache: a URL asked again, and its revalidation.
    path = paths[0]
    status, headers, _ = get(front.port, path)
    headers = {name.lower(): value for name, value in headers.items()}  # HAProxy writes names in lower case
    revalidated = get(front.port, path, {"If-None-Match": headers.get("etag", "")})[0]
    renders = sum(replica.renders() for replica in replicas)
    results.check("front cache", status == 200 and "age" in headers, f"a URL asked again is answered from the front's cache "
                  f"(Age: {headers.get('age')})")
    results.check("front cache", revalidated == 304, f"an If-None-Match is answered 304 ({revalidated})")
    results.check("front cache", renders == sum(before) + 1000, "and nothing more was rendered")


def etags(replicas, results):
    path = "/spinner/dots.gif?size=44"
    status, headers, _ = get(replicas[0].port, path, host=replicas[0].host)
    tag = headers.get("ETag")
    other = get(replicas[1].port, path, host=replicas[1].host)[1].get("ETag")
    revalidated = get(replicas[2].port, path, {"If-None-Match": tag}, host=replicas[2].host)[0]
    print(f"  {path}: ETag {tag} from {replicas[0].name}, {other} from {replicas[1].name}; "
          f"If-None-Match at {replicas[2].name}: {revalidated}", flush=True)
    results.check("etag", status == 200 and tag is not None and tag == other, "two replicas give the same ETag")
    results.check("etag", revalidated == 304, f"an ETag from one replica gets 304 from another ({revalidated})")


def restarts(replicas, front, results, names):
    """Uncached URLs through the front, without a pause, while every replica is restarted
    in turn with SIGTERM and then one is killed with SIGKILL."""
    load = Load(front.port, lambda worker, index: f"/spinner/{names[index % len(names)]}.svg?size={8 + index % 900}"
                                                  f"&title=w{worker}r{index}", workers=6, timeout=30).start()
    try:
        time.sleep(1)
        codes = []
        for replica in replicas:
            codes.append(replica.signal(signal.SIGTERM))
            replica.start(settle=False)  # back as soon as it answers, rendering its defaults ahead meanwhile
            time.sleep(1)
        rolled = load.requests
        replicas[1].signal(signal.SIGKILL)
        time.sleep(2)
        replicas[1].start(settle=False)
        time.sleep(1)
    finally:
        load.stop()
    failures = load.failures
    print(f"  {load.requests} requests ({rolled} during the rolling restart, exit codes {codes}), "
          f"then SIGKILL of {replicas[1].name}: {len(failures)} failed {failures[:5]}", flush=True)
    results.check("restarts", all(code == 0 for code in codes), f"each replica drained and exited 0 on SIGTERM ({codes})")
    results.check("restarts", load.requests > 100, f"the load ran ({load.requests} requests)")
    results.check("restarts", not failures, f"no request lost through a rolling restart and a SIGKILL ({len(failures)} failed)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    arguments = parser.parse_args()
    results = Results()
    errors = []
    with Stage("spinnerd-cluster-") as stage:
        # One at a time, so those started before a failure are still stopped.
        names = kinds(arguments.binary)
        port = free_port_on_every_address()
        replicas = [stage.keep(Replica(arguments.binary, f"spinnerd-{n}", address, port))
                    for n, address in enumerate(ADDRESSES[:3], start=1)]
        dns = stage.keep(DNS(stage.work))
        dns.serve(ADDRESSES[:3])
        front = stage.keep(Front(stage.work, dns, port))
        front.wait_for(ADDRESSES[:3])
        try:
            run_cases([("sharding", lambda: sharding(replicas, front, results, names)),
                       ("etag", lambda: etags(replicas, results)),
                       ("restarts", lambda: restarts(replicas, front, results, names))])
        finally:
            front.log.flush()
            errors = [line for line in open(front.log_path, errors="replace").read().splitlines() if "WARNING" in line or "ALERT" in line]
    if results.failures:
        for line in errors[-12:]:
            print("  front log: " + line)
    return results.report("cluster")


if __name__ == "__main__":
    sys.exit(main())
