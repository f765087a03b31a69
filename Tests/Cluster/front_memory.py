#!/usr/bin/env python3
"""The front within its memory limit under attack, on loopback, without containers.

HAProxy runs the committed deploy/kubernetes/spinnerd-front.cfg with front.yaml's CACHE_MB
inside a cgroup-v1 memory cgroup whose limit is front.yaml's memory limit (as the
container's would be), from its first instruction, so its cache (allocated and touched
at start) is charged there; the kernel's TCP buffers of its sockets are counted too
(memory.kmem.tcp, which cgroup v2 folds into the pod's usage). One `spinnerd serve`
replica on 127.0.0.2 behind it, found through dnsmasq (spinnerd_tools.front). A normal
client (its own address) asks a cached and a new URL in turn throughout. Then, from 160
addresses (each under the front's per-address cap):

- slow readers: more connections than the front admits, each pipelining requests for a
  large answer past the cache (930 KB) and reading nothing — every admitted connection at
  its costliest; the front holds exactly its maxconn, the rest wait in the kernel;
- slowloris: more connections than the front admits, each sending a 14 KB request head
  and then a header line a second, never ending it, reconnecting when the front closes it
  (`timeout http-request`) — thousands of connections in all.

Checked: the cache is charged to the cgroup at rest; the front is never OOM-killed
(memory.oom_control's oom_kill 0) and lives; its peak memory, and its peak with its
socket buffers added, stay under the limit; a connection at its worst costs no more than
front.yaml's plan says, and at rest no more than the plan's rest; the normal client is
answered during the slowloris and after both attacks, every answer a 200. Printed: peak
memory, per-connection costs, the normal client's answers in each phase.

With --container IMAGE (scripts/front-limit.sh) HAProxy runs as front.yaml runs it (-W:
master and worker) in a podman container with `--memory=` the limit, and the container's
own memory cgroup is read. --conf and --limit run an older configuration or limit (the
committed cfg's predecessor at its 384 MiB was OOM-killed by the slow readers).

    front_memory.py [--binary PATH] [--container IMAGE]    (as root: it makes a memory cgroup)
"""
import argparse
import errno
import http.client
import os
import re
import resource
import selectors
import shutil
import socket
import sys
import tempfile
import threading
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.front import ADDRESSES, DNS, FRONT_CONF, SETTLE_SECONDS, Front, config, directive, free_port_on_every_address
from spinnerd_tools.harness import Results, Server

FRONT_YAML = os.path.join(ROOT, "deploy", "kubernetes", "front.yaml")
MIB, KIB = 1 << 20, 1 << 10
BIG = "/spinner/circular.apng?size=400&color=5a5"  # 930 KB
ATTACK_ADDRESSES = [f"127.3.{n // 200}.{n % 200 + 1}" for n in range(160)]
SLOW_HEAD = b"GET /spinner/dots.svg HTTP/1.1\r\nHost: spinnerd\r\n" + b"".join(
    b"X-Slow-%03d: %s\r\n" % (n, b"s" * 140) for n in range(90))


def quantity(text):
    """A Kubernetes quantity of bytes ("640Mi", "1Gi", "512M") in bytes."""
    number, unit = re.fullmatch(r"(\d+)([KMGT]i?)?", text).groups()
    scale = {None: 1, "Ki": KIB, "Mi": MIB, "Gi": 1 << 30, "K": 10**3, "M": 10**6, "G": 10**9}[unit]
    return int(number) * scale


def front_manifest():
    """front.yaml's HAProxy container: its memory limit, its environment, and the plan its
    comment states (rest MiB, table MiB, maxconn, KiB a connection, total, limit)."""
    text = open(FRONT_YAML).read()
    deployment = next(d for d in yaml.safe_load_all(text) if d["kind"] == "Deployment")
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    environment = {variable["name"]: variable.get("value") for variable in container["env"]}
    plan = re.search(r"plan: rest (\d+) MiB \+ table (\d+) MiB \+ maxconn (\d+) × (\d+) KiB = (\d+) MiB ≤ limit (\S+)", text)
    return quantity(container["resources"]["limits"]["memory"]), environment, plan


class Cgroup:
    """A cgroup-v1 memory cgroup with `limit` bytes, made here, or a container's (`path`),
    with TCP buffer accounting on."""

    def __init__(self, limit, path=None):
        self.made = path is None
        self.path = path or f"/sys/fs/cgroup/memory/spinnerd-front-{os.getpid()}"
        if self.made:
            os.mkdir(self.path)
            self.write("memory.limit_in_bytes", limit)
        # Setting a TCP limit turns the accounting of the sockets' buffers on (cgroup v1
        # keeps it apart from memory.usage_in_bytes; v2 counts it in the pod's usage).
        self.write("memory.kmem.tcp.limit_in_bytes", limit)
        self.limit = self.read("memory.limit_in_bytes")

    def write(self, name, value):
        with open(os.path.join(self.path, name), "w") as f:
            f.write(str(value))

    def read(self, name):
        """A counter; -1 once the cgroup is gone (podman removes a container's as it ends)."""
        try:
            return int(open(os.path.join(self.path, name)).read())
        except FileNotFoundError:
            return -1

    def oom(self):
        try:
            return dict(line.split() for line in open(os.path.join(self.path, "memory.oom_control")) if line.strip())
        except FileNotFoundError:
            return {"oom_kill": "unknown (the cgroup is gone)"}

    def reset_peaks(self):
        self.write("memory.max_usage_in_bytes", 0)
        self.write("memory.kmem.tcp.max_usage_in_bytes", 0)

    def peaks(self):
        return self.read("memory.max_usage_in_bytes"), self.read("memory.kmem.tcp.max_usage_in_bytes")

    def remove(self):
        if not self.made:
            return  # podman removes the container's
        deadline = time.time() + 30
        while True:
            try:
                os.rmdir(self.path)
                return
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.1)


class Attack:
    """Many raw connections from ATTACK_ADDRESSES on one epoll loop (its own thread), kept
    at `target` open: `kind` "reader" (pipelined requests for BIG, nothing read) or
    "slowloris" (SLOW_HEAD, then a header line a second; reconnects when closed)."""

    def __init__(self, port, kind, target):
        self.port, self.kind, self.target = port, kind, target
        self.selector = selectors.DefaultSelector()
        self.stop_event = threading.Event()
        self.opened = self.closed_by_front = 0
        self.open = 0
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def connect(self, n):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.bind((ATTACK_ADDRESSES[n % len(ATTACK_ADDRESSES)], 0))
        s.setblocking(False)
        code = s.connect_ex(("127.0.0.1", self.port))
        if code not in (0, errno.EINPROGRESS):
            s.close()
            return
        self.opened += 1
        self.open += 1
        self.selector.register(s, selectors.EVENT_WRITE, {"n": n, "state": "connecting", "next": 0.0})

    def drop(self, s):
        """The front let `s` go (a 408, an end, a reset): closed, and counted."""
        self.selector.unregister(s)
        s.close()
        self.open -= 1
        self.closed_by_front += 1

    def run(self):
        n, quiet = 0, []  # readers, once they asked: nothing more is done with them
        while not self.stop_event.is_set():
            while self.open < self.target and not self.stop_event.is_set():
                self.connect(n)
                n += 1
            now = time.time()
            for key, _ in self.selector.select(timeout=0.05):
                s, data = key.fileobj, key.data
                if data["state"] == "connecting":
                    if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                        self.drop(s)
                        continue
                    try:
                        if self.kind == "reader":
                            s.send(f"GET {BIG} HTTP/1.1\r\nHost: spinnerd\r\nCache-Control: no-cache\r\n\r\n".encode() * 20)
                        else:
                            s.send(SLOW_HEAD)
                    except OSError:
                        self.drop(s)
                        continue
                    if self.kind == "reader":
                        self.selector.unregister(s)
                        quiet.append(s)
                    else:
                        data.update(state="open", next=now + 1)
                        self.selector.modify(s, selectors.EVENT_READ, data)
                else:  # a slowloris connection readable: the front answered 408 or closed it
                    self.drop(s)
            for key in list(self.selector.get_map().values()):
                data = key.data
                if data["state"] == "open" and data["next"] <= now:
                    try:
                        key.fileobj.send(b"X-More-%d: %s\r\n" % (int(now * 10) % 1000, b"m" * 60))
                        data["next"] = now + 1
                    except OSError:
                        self.drop(key.fileobj)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        for s in quiet:
            s.close()
        self.selector.close()

    def stop(self):
        self.stop_event.set()
        self.thread.join()


class NormalClient:
    """A client of its own address asking a cached URL and a new one in turn, fresh
    connections, a generous timeout; each answer tallied under the phase it ended in."""

    def __init__(self, port):
        self.port, self.phase, self.tally = port, "before", {}
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        n = 0
        while not self.stop_event.is_set():
            n += 1
            path = "/spinner/dots.svg?size=40" if n % 2 else f"/spinner/dots.svg?size={20 + n % 400}&title=normal{n}"
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120, source_address=("127.0.1.200", 0))
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                status = response.status
            except OSError as error:
                status = type(error).__name__
            finally:
                connection.close()
            phase = self.phase
            self.tally.setdefault(phase, {}).setdefault(status, 0)
            self.tally[phase][status] += 1
            time.sleep(0.05)

    def answers(self, phase):
        return self.tally.get(phase, {})

    def stop(self):
        self.stop_event.set()
        self.thread.join()


def scur(front, name="clients"):
    """Connections the front holds now on frontend `name` (`show stat`; 0 once it is gone)."""
    try:
        text = front.command("show stat")
    except OSError:
        return 0
    for line in text.splitlines():
        fields = line.split(",")
        if len(fields) > 4 and fields[0] == name and fields[1] == "FRONTEND":
            return int(fields[4])
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    parser.add_argument("--conf", default=FRONT_CONF, help="the front's configuration (the committed one by default)")
    parser.add_argument("--limit", help="a memory limit other than front.yaml's (e.g. 384Mi, the limit before this test)")
    parser.add_argument("--container", metavar="IMAGE", help="run HAProxy from IMAGE with podman --memory=LIMIT "
                        "(scripts/front-limit.sh) instead of in a cgroup made here")
    arguments = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    results = Results()
    limit, environment, plan = front_manifest()
    limit = quantity(arguments.limit) if arguments.limit else limit
    cache_mb = int(environment["CACHE_MB"])
    sections = config(arguments.conf)
    # Without a maxconn (an older configuration) the front takes what the descriptors allow.
    maxconn = int((directive(sections[("frontend", "clients")], "maxconn") or [1300])[0])
    rest_plan, per_connection_plan = int(plan.group(1)) * MIB, int(plan.group(4)) * KIB
    print(f"front.yaml: limit {limit / MIB:.0f} MiB, CACHE_MB {cache_mb}; the cfg admits {maxconn} client connections; "
          f"the plan: rest {rest_plan / MIB:.0f} MiB, {per_connection_plan / KIB:.0f} KiB a connection", flush=True)
    work = tempfile.mkdtemp(prefix="spinnerd-front-memory-")
    os.chmod(work, 0o755)
    replica = front = dns = cgroup = client = attack = None
    started_all = time.time()
    try:
        port = free_port_on_every_address()
        # The front's connections are every client's: no per-client connection limit here.
        replica = Server(arguments.binary, args=["--prerender=false", "--max-connections-per-client", "0"], port=port,
                         host=ADDRESSES[0], log_level="warn", settle=False)
        dns = DNS(work)
        dns.serve(ADDRESSES[:1])
        # Each attack on a fresh front (HAProxy keeps the memory of its pools once grown),
        # in the same cgroup.
        for kind, target in (("reader", maxconn + 300), ("slowloris", maxconn + 300)):
            print(f"== {kind}s: {target} connections kept open from {len(ATTACK_ADDRESSES)} addresses", flush=True)
            started = time.time()
            if arguments.container:
                front = Front(work, dns, port, environment={"CACHE_MB": str(cache_mb)}, conf=arguments.conf,
                              container=(arguments.container, limit))
                cgroup = Cgroup(limit, path=front.memory_cgroup())
            else:
                cgroup = Cgroup(limit)
                front = Front(work, dns, port, environment={"CACHE_MB": str(cache_mb)}, cgroup=cgroup.path, conf=arguments.conf)
            print(f"  HAProxy {front.pid} in {cgroup.path} (limit {cgroup.limit / MIB:.0f} MiB"
                  f"{', a container of ' + arguments.container if arguments.container else ''})", flush=True)
            front.wait_for(ADDRESSES[:1])
            warm = http.client.HTTPConnection("127.0.0.1", front.port, timeout=120)
            warm.request("GET", BIG)
            big_bytes = len(warm.getresponse().read())
            warm.close()
            rest = cgroup.read("memory.usage_in_bytes")
            print(f"  at rest: {rest / MIB:.1f} MiB in the cgroup ({BIG}: {big_bytes} bytes cached)", flush=True)
            results.check(kind, rest >= cache_mb * MIB, f"the cache's {cache_mb} MiB are charged to the front at rest "
                          f"({rest / MIB:.1f} MiB)")
            results.check(kind, rest <= rest_plan, f"at rest within the plan's {rest_plan / MIB:.0f} MiB")
            client = NormalClient(front.port)
            cgroup.reset_peaks()
            client.phase = "attack"
            attack = Attack(front.port, kind, target)
            # The front full: it holds its maxconn (the rest wait in the kernel).
            deadline = time.time() + SETTLE_SECONDS
            held = 0
            while time.time() < deadline and front.alive() and (held := max(held, scur(front))) < maxconn:
                time.sleep(0.1)
            if kind == "slowloris":
                # Past two of the front's request timeouts: thousands of connections in all,
                # and the normal client's answers among them.
                while time.time() < deadline and front.alive() and \
                        (attack.opened < 2 * target or sum(client.answers("attack").values()) < 3):
                    time.sleep(0.1)
            else:
                # Until the kernel's buffers of the held connections stop growing.
                last, steady_since = -1, time.time()
                while time.time() < deadline and time.time() - steady_since < 2 and front.alive():
                    now = cgroup.read("memory.kmem.tcp.usage_in_bytes")
                    if now > last * 1.01:
                        last, steady_since = now, time.time()
                    time.sleep(0.2)
            peak, tcp_peak = cgroup.peaks()
            held = max(held, scur(front))
            opened = attack.opened
            attack.stop()
            attack = None
            client.phase = "after"
            deadline = time.time() + SETTLE_SECONDS
            while time.time() < deadline and client.answers("after").get(200, 0) < 2 and front.alive():
                time.sleep(0.1)
            client.stop()
            oom, alive, killed = cgroup.oom(), front.alive(), front.oom_killed()
            per = (peak + tcp_peak - rest) / max(held, 1)
            print(f"  {opened} connections opened, {held} held at once; peak {peak / MIB:.1f} MiB, socket buffers' peak "
                  f"{tcp_peak / MIB:.1f} MiB, together {(peak + tcp_peak) / MIB:.1f} of {limit / MIB:.0f} MiB; "
                  f"{per / KIB:.0f} KiB a connection over the rest ({(peak - rest) / max(held, 1) / KIB:.0f} HAProxy's, "
                  f"{tcp_peak / max(held, 1) / KIB:.0f} the kernel's); failcnt {cgroup.read('memory.failcnt')}; "
                  f"oom_kill {oom.get('oom_kill')}; normal client: during {client.answers('attack')}, "
                  f"after {client.answers('after')}", flush=True)
            results.check(kind, held == maxconn, f"the front held exactly its maxconn ({held} of {maxconn})")
            results.check(kind, cgroup.limit == limit, f"the cgroup's limit is the manifest's ({cgroup.limit / MIB:.0f} MiB)")
            results.check(kind, oom.get("oom_kill") == "0" and alive and not killed,
                          f"not OOM-killed (oom_kill {oom.get('oom_kill')}{', podman: OOMKilled ' + str(killed) if killed is not None else ''}), alive")
            results.check(kind, 0 <= peak < limit and 0 <= tcp_peak and peak + tcp_peak < limit,
                          f"peak {peak / MIB:.1f} MiB, with socket buffers {(peak + tcp_peak) / MIB:.1f} MiB: under the "
                          f"limit {limit / MIB:.0f} MiB")
            results.check(kind, per <= per_connection_plan,
                          f"a connection costs {per / KIB:.0f} KiB, within the plan's {per_connection_plan / KIB:.0f}")
            if kind == "slowloris":
                answers = client.answers("attack")
                results.check(kind, opened >= 2 * target, f"thousands of slow connections in all ({opened})")
                results.check(kind, answers.get(200, 0) >= 3 and set(answers) == {200},
                              f"the normal client is answered during the slowloris ({answers})")
            results.check(kind, client.answers("after").get(200, 0) >= 2 and set(client.answers("after")) == {200}
                          and all(set(phase) == {200} for phase in client.tally.values()),
                          f"every answer the normal client got was a 200, and it is answered after the attack ({client.tally})")
            front.stop()
            front = None
            cgroup.remove()
            cgroup = None
            print(f"  ({time.time() - started:.0f} s)", flush=True)
    finally:
        if attack:
            attack.stop()
        if client:
            client.stop()
        if front:
            front.stop()
        if dns:
            dns.stop()
        if replica:
            replica.stop()
        if cgroup:
            cgroup.remove()
        shutil.rmtree(work, ignore_errors=True)
    print(f"  (all: {time.time() - started_all:.0f} s)")
    return results.report("front memory")


if __name__ == "__main__":
    sys.exit(main())
