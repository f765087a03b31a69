#!/usr/bin/env python3
"""Several spinnerd replicas behind the caching front of deploy/nginx, on loopback.

Run by `make cluster-test` (part of `make test`). The front is Debian's nginx with
deploy/nginx/spinnerd-front.conf as committed (only its addresses and cache path are
changed to local ones), in front of three `spinnerd serve` replicas:

- sharding: 1 000 distinct URLs through the front, then again through a second front with
  an empty cache (so the replicas answer): the replicas render exactly 1 000 times in all,
  as each URL goes to the replica that already holds it;
- an ETag from one replica gets a 304 from another;
- under a steady load of uncached URLs through the front, a rolling SIGTERM restart of
  every replica and then a SIGKILL of one lose no request.

    cluster.py [--binary PATH]
"""
import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.harness import Results, Server, free_port, get, kinds, metric
from spinnerd_tools.capacity_ring import Ring
FRONT_CONF = os.path.join(ROOT, "deploy", "nginx", "spinnerd-front.conf")


class Replica(Server):
    """One `spinnerd serve` on a fixed loopback port, so it can come back on it."""

    def __init__(self, binary, name):
        self.name = name
        super().__init__(binary, args=["--max-connections-per-client", "0"], port=free_port(), log_level="warn")

    def renders(self):
        return metric(self.port, "spinnerd_renders_total")


class Front:
    """nginx with the committed front configuration, pointed at the replicas."""

    def __init__(self, replicas, work, name):
        self.port = free_port()
        self.dir = os.path.join(work, name)
        for sub in ["cache", "temp"]:
            os.makedirs(os.path.join(self.dir, sub), exist_ok=True)
        os.chmod(work, 0o777)
        for path in [self.dir, os.path.join(self.dir, "cache"), os.path.join(self.dir, "temp")]:
            os.chmod(path, 0o777)  # nginx's workers may run as an unprivileged user
        front = open(FRONT_CONF).read()
        for index, replica in enumerate(replicas, start=1):
            front, count = re.subn(rf"\bspinnerd-{index}:8080\b", f"127.0.0.1:{replica.port}", front)
            assert count == 1, f"spinnerd-{index}:8080 not in {FRONT_CONF}"
        front, count = re.subn(r"listen 8080;", f"listen 127.0.0.1:{self.port};", front)
        assert count == 1, "listen 8080 not in the front configuration"
        front = front.replace("/var/cache/nginx/spinnerd", os.path.join(self.dir, "cache"))
        open(os.path.join(self.dir, "front.conf"), "w").write(front)
        temp = os.path.join(self.dir, "temp")
        conf = os.path.join(self.dir, "nginx.conf")
        open(conf, "w").write(f"""daemon off;
worker_processes 1;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {self.dir}/front.conf;
}}
""")
        check = subprocess.run(["nginx", "-t", "-p", self.dir, "-c", conf], capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError("nginx -t: " + check.stderr)
        self.process = subprocess.Popen(["nginx", "-p", self.dir, "-c", conf], stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()  # nothing else would end it: the caller never gets this front
        raise RuntimeError("nginx did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def fetch_all(port, paths, threads=8):
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
                status = get(port, path)[0]
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


def sharding(replicas, front, second, results, names):
    # A title makes none of them a kind's default, which every replica renders ahead.
    paths = [f"/spinner/{kind}.svg?size={8 + index}&title=shard" for kind in names for index in range(200)]
    first = fetch_all(front.port, paths)
    again = fetch_all(second.port, paths)
    per_replica = [replica.renders() for replica in replicas]
    print(f"  1 000 URLs through the front: {first}; again through a second front with an empty cache: {again}; "
          f"renders per replica {[int(r) for r in per_replica]}, {int(sum(per_replica))} in all", flush=True)
    results.check("sharding", first == {200: 1000} and again == {200: 1000}, "every request answered 200 both times")
    results.check("sharding", sum(per_replica) == 1000, f"exactly 1 000 renders over the replicas ({int(sum(per_replica))})")
    results.check("sharding", min(per_replica) > 100, f"every replica holds a share ({[int(r) for r in per_replica]})")
    # deploy/capacity.py simulates the front's ring: it must send each URL where nginx does.
    ring = Ring([f"127.0.0.1:{replica.port}" for replica in replicas])
    predicted = [0] * len(replicas)
    for path in paths:
        predicted[ring.owner(zlib.crc32(path.encode()))] += 1
    results.check("sharding", predicted == [int(r) for r in per_replica],
                  f"each replica rendered what capacity.py's copy of nginx's ring gives it ({predicted})")


def etags(replicas, results):
    path = "/spinner/dots.gif?size=44"
    status, headers, _ = get(replicas[0].port, path)
    tag = headers.get("ETag")
    other = get(replicas[1].port, path)[1].get("ETag")
    revalidated = get(replicas[2].port, path, {"If-None-Match": tag})[0]
    print(f"  {path}: ETag {tag} from {replicas[0].name}, {other} from {replicas[1].name}; "
          f"If-None-Match at {replicas[2].name}: {revalidated}", flush=True)
    results.check("etag", status == 200 and tag is not None and tag == other, "two replicas give the same ETag")
    results.check("etag", revalidated == 304, f"an ETag from one replica gets 304 from another ({revalidated})")


def restarts(replicas, front, results, names):
    """Uncached URLs through the front, without a pause, while every replica is restarted
    in turn with SIGTERM and then one is killed with SIGKILL."""
    stop = threading.Event()
    counts, failures, lock = {"requests": 0}, [], threading.Lock()

    def load(worker):
        index = 0
        while not stop.is_set():
            index += 1
            path = f"/spinner/{names[index % len(names)]}.svg?size={8 + index % 900}&title=w{worker}r{index}"
            try:
                status = get(front.port, path, timeout=30)[0]
            except OSError as error:
                status = type(error).__name__
            with lock:
                counts["requests"] += 1
                if status != 200:
                    failures.append((path, status))

    workers = [threading.Thread(target=load, args=(n,)) for n in range(6)]
    for worker in workers:
        worker.start()
    time.sleep(1)
    codes = []
    for replica in replicas:
        codes.append(replica.signal(signal.SIGTERM))
        replica.start(settle=False)  # back as soon as it answers, rendering its defaults ahead meanwhile
        time.sleep(1)
    rolled = counts["requests"]
    replicas[1].signal(signal.SIGKILL)
    time.sleep(2)
    replicas[1].start(settle=False)
    time.sleep(1)
    stop.set()
    for worker in workers:
        worker.join()
    print(f"  {counts['requests']} requests ({rolled} during the rolling restart, exit codes {codes}), "
          f"then SIGKILL of {replicas[1].name}: {len(failures)} failed {failures[:5]}", flush=True)
    results.check("restarts", all(code == 0 for code in codes), f"each replica drained and exited 0 on SIGTERM ({codes})")
    results.check("restarts", counts["requests"] > 100, f"the load ran ({counts['requests']} requests)")
    results.check("restarts", not failures, f"no request lost through a rolling restart and a SIGKILL ({len(failures)} failed)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="spinnerd-cluster-")
    results = Results()
    replicas, fronts = [], []
    try:
        # One at a time, so those started before a failure are still stopped below.
        names = kinds(arguments.binary)
        for n in (1, 2, 3):
            replicas.append(Replica(arguments.binary, f"spinnerd-{n}"))
        for name in ("front", "second-front"):
            fronts.append(Front(replicas, work, name))
        for name, case in [("sharding", lambda: sharding(replicas, fronts[0], fronts[1], results, names)),
                           ("etag", lambda: etags(replicas, results)),
                           ("restarts", lambda: restarts(replicas, fronts[0], results, names))]:
            print(f"== {name}", flush=True)
            started = time.time()
            case()
            print(f"  ({time.time() - started:.0f} s)", flush=True)
    finally:
        errors = []
        for front in fronts:
            front.stop()
            path = os.path.join(front.dir, "error.log")
            errors += open(path, errors="replace").read().splitlines() if os.path.exists(path) else []
        for replica in replicas:
            replica.stop()
        shutil.rmtree(work, ignore_errors=True)
    if results.failures:
        for line in errors[-12:]:
            print("  front error.log: " + line)
    return results.report("cluster")


if __name__ == "__main__":
    sys.exit(main())
