#!/usr/bin/env python3
"""The front of deploy/kubernetes finding replicas by DNS while their number changes.

Run by `make cluster-test` (part of `make test`). As on Kubernetes, where the front asks
the headless Service's name and gets one A record per ready pod: dnsmasq serves a name
whose records this test rewrites, spinnerd replicas listen on 127.0.0.2…127.0.0.21 (one
port for all, as pods share a container port), and HAProxy runs the committed
deploy/kubernetes/spinnerd-front.cfg as it is, told only its addresses by environment.

Under a steady load of distinct and repeated URLs, the replicas go 3 → 20 → 4 as an
autoscaler would move them (past the 16 server slots the front once had: a pod beyond
them got no traffic): a new replica starts and is then added to DNS; a leaving one is
taken out of DNS, and once the front has let it go, stopped with SIGTERM (a pod's preStop
pause, then its drain). Checked:

- no request of the load fails (every answer 200);
- every replica in DNS gets a slot and is UP in the front, and each owns some of the
  probe URLs (at 20, the last four too);
- each resize moves only the URLs of the replicas that came or went, about the share that
  consistent hashing gives (Δ/N of them); a URL never moves between two replicas that
  stayed (500 probe URLs, each asked past the front's cache with `Cache-Control:
  no-cache` while the load pauses; the replica that answered is read from the front's
  log), and each went where capacity_ring.HAProxyRing, the capacity model's copy of
  HAProxy's ring, says;
- each URL is rendered on one replica at a time: the probe URLs' renders, counted from
  every replica's /metrics (the probes are PNGs, which nothing else asks), are exactly
  one per URL and replica process that owned it.

    resize.py [--binary PATH]
"""
import argparse
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.capacity_ring import HAProxyRing, haproxy_uri_hash
from spinnerd_tools.front import ADDRESSES, DNS, SETTLE_SECONDS, Front, Load, free_port_on_every_address
from spinnerd_tools.harness import Results, Server, get, kinds

SIZES = [3, 20, 4]  # the largest past the old front's 16 slots
PROBES = 500


def png_renders(replica):
    """The replica's PNG renders (`spinnerd_renders_total{format="png"}`)."""
    with urllib.request.urlopen(f"http://{replica.host}:{replica.port}/metrics", timeout=10) as response:
        text = response.read().decode()
    match = re.search(r'^spinnerd_renders_total\{format="png"\} (\d+)$', text, re.M)
    return int(match.group(1)) if match else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="spinnerd-resize-")
    os.chmod(work, 0o755)  # dnsmasq reads its hosts file after dropping privileges
    results = Results()
    names = kinds(arguments.binary)
    port = free_port_on_every_address()
    live, dns, front = {}, None, None  # address → Replica
    generation = {address: 0 for address in ADDRESSES}
    load = None

    def start(address):
        live[address] = Server(arguments.binary, args=["--max-connections-per-client", "0", "--prerender=false"],
                               port=port, host=address, log_level="warn", settle=False)
        generation[address] += 1

    def load_path(worker, index):
        # Distinct SVGs (each new) and a hot set of 40 repeated ones, through the front.
        if index % 2:
            return f"/spinner/{names[index % len(names)]}.svg?size={8 + index % 200}&title=w{worker}r{index}"
        return f"/spinner/{names[index % len(names)]}.svg?size={20 + index % 40}&title=hot"

    probes = [f"/spinner/{names[n % len(names)]}.png?size={16 + n // len(names)}" for n in range(PROBES)]
    table, owned = [], set()  # (url, address, generation) pairs that owned a probe: one render each
    try:
        dns = DNS(work)
        for address in ADDRESSES[:SIZES[0]]:
            start(address)
        dns.serve(ADDRESSES[:SIZES[0]])
        front = Front(work, dns, port)
        front.wait_for(ADDRESSES[:SIZES[0]])
        load = Load(front.port, load_path, workers=4, timeout=60).start()
        previous, current = None, ADDRESSES[:SIZES[0]]
        for size in SIZES:
            if previous is not None:
                # Leaving: those past `size` (the newest first, as a ReplicaSet scales down).
                leaving = [address for address in current if address not in ADDRESSES[:size]]
                coming = [address for address in ADDRESSES[:size] if address not in current]
                for address in coming:
                    start(address)
                current = ADDRESSES[:size]
                dns.serve(current)
                took = front.wait_for(current)
                for address in leaving:
                    code = live.pop(address).signal(signal.SIGTERM)
                    results.check("resize", code == 0, f"{address} drained and exited 0 ({code})")
            else:
                took = 0.0
            # The load pauses while the probes are asked (not while the replicas change): under
            # it, the front's log, which names the replica of each probe, may drop lines.
            load.pause()
            before = sum(png_renders(replica) for replica in live.values())
            offset = front.log_offset()
            for path in probes:
                status = get(front.port, path, {"Cache-Control": "no-cache"}, timeout=60)[0]
                if status != 200:
                    load.failures.append((path, status))
            deadline = time.time() + SETTLE_SECONDS
            while len(owners := front.owners(set(probes), offset)) < len(probes) and time.time() < deadline:
                time.sleep(0.1)  # the front's log lines are written as the answers leave
            rendered = sum(png_renders(replica) for replica in live.values()) - before
            load.resume()
            for path in probes:
                owned_now = owners.get(path)
                if owned_now:
                    owned.add((path, owned_now, generation[owned_now]))
            # Where HAProxy's own ring (capacity_ring.HAProxyRing) sends each probe, from the
            # slots the front gave the replicas: the capacity model's routing, checked here.
            up = sorted((slot, address) for slot, address, status in front.slots() if status == "UP")
            ring = HAProxyRing([slot for slot, _ in up])
            predicted = {path: up[ring.owner(haproxy_uri_hash(path))][1] for path in probes}
            row = {"size": size, "settled": took, "rendered": rendered, "owners": owners,
                   "predicted": sum(predicted[path] == owners.get(path) for path in probes)}
            if previous is not None:
                moved = [path for path in probes if previous["owners"].get(path) != owners.get(path)]
                stayed = set(previous["owners"].values()) & set(owners.values())
                between = [path for path in moved if previous["owners"].get(path) in stayed and owners.get(path) in stayed]
                changed = len(set(previous["owners"].values()) ^ set(owners.values()))
                expected = changed / max(1, len(set(previous["owners"].values())), len(set(owners.values())))
                row.update(moved=len(moved) / len(probes), expected=expected, between=len(between))
            table.append(row)
            previous = row
            results.check("resize", len(owners) == len(probes), f"{size} replicas: every probe's replica found in the front's log "
                          f"({len(owners)} of {len(probes)})")
            results.check("resize", row["predicted"] == len(probes),
                          f"{size} replicas: each probe went where capacity_ring.HAProxyRing says ({row['predicted']} of {len(probes)})")
            shares = {address: sum(owner == address for owner in owners.values()) for address in current}
            results.check("resize", len(up) == size and min(shares.values()) > 0,
                          f"{size} replicas: each has a slot ({len(up)} UP) and owns probe URLs "
                          f"(fewest {min(shares.values())}, most {max(shares.values())} of {len(probes)})")
        time.sleep(1)
    finally:
        if load:
            load.stop()
        if front:
            front.stop()
        if dns:
            dns.stop()
        for replica in live.values():
            replica.stop()
        shutil.rmtree(work, ignore_errors=True)

    print(f"  {'replicas':>8} {'settled s':>9} {'moved':>7} {'Δ/N':>7} {'between':>8} {'renders':>8}")
    for row in table:
        moved = f"{row['moved']:.1%}" if "moved" in row else "-"
        expected = f"{row['expected']:.1%}" if "expected" in row else "-"
        print(f"  {row['size']:>8} {row['settled']:>9.1f} {moved:>7} {expected:>7} {row.get('between', 0):>8} {row['rendered']:>8}")
    failures = load.failures
    print(f"  load: {load.requests} requests, {len(failures)} failed {failures[:5]}", flush=True)
    results.check("resize", load.requests > 200, f"the load ran through every resize ({load.requests} requests)")
    results.check("resize", not failures, f"no request failed while the replicas came and went ({len(failures)} failed)")
    for row in table[1:]:
        results.check("resize", row["between"] == 0,
                      f"to {row['size']} replicas: no URL moved between two replicas that stayed ({row['between']})")
        results.check("resize", abs(row["moved"] - row["expected"]) <= 0.15,
                      f"to {row['size']} replicas: {row['moved']:.1%} of the URLs moved, consistent hashing's share "
                      f"{row['expected']:.1%} ± 15 points")
    total = sum(row["rendered"] for row in table)
    results.check("resize", total == len(owned),
                  f"each probe URL rendered once per replica that owned it: {total} renders for {len(owned)} URL × replica pairs")
    return results.report("resize")


if __name__ == "__main__":
    sys.exit(main())
