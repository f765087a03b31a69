#!/usr/bin/env python3
"""Hostile clients against the release spinnerd, each as real sockets, asserting outcomes.

Run by `make hostile` (part of `make test`). Every case starts its own server with the
default settings (plus what the case is about: a low descriptor limit, say), attacks it,
and checks what must hold: bounded memory, other clients still served quickly, a clear
503 or 408 rather than silence or a reset, descriptors given back. Figures are printed
so a run can be compared with an earlier one.

Other loopback addresses are real sources on Linux (127.0.0.2, 127.1.x.y), so one
process plays many clients.

    hostile.py [--binary PATH] [CASE ...]      # no CASE: all of them
"""
import argparse
import os
import re
import resource
import select
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")
MIB = 1 << 20


class Server:
    """`spinnerd serve` on a free loopback port, its output in a file."""

    def __init__(self, binary, args=(), nofile=None):
        self.log_path = tempfile.mktemp(prefix="spinnerd-hostile-", suffix=".log")
        self.log = open(self.log_path, "wb")
        limit = None if nofile is None else (nofile, nofile)

        def limits():
            if limit:
                resource.setrlimit(resource.RLIMIT_NOFILE, limit)

        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", *args],
            stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=limits, close_fds=True)
        self.pid = self.process.pid
        deadline = time.time() + 20
        while time.time() < deadline:
            match = re.search(rb"listening on http://127\.0\.0\.1:(\d+)", open(self.log_path, "rb").read())
            if match:
                self.port = int(match.group(1))
                self.wait_for_prerenders()
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.02)
        raise RuntimeError("server did not start: " + open(self.log_path, errors="replace").read())

    def wait_for_prerenders(self, timeout=120):
        """The cases measure a settled server: the defaults it renders ahead at start
        (`--prerender`, on by default) are done first."""
        deadline = time.time() + timeout
        while metric(self.port, "spinnerd_prerenders_pending") > 0:
            if time.time() > deadline:
                raise RuntimeError("the defaults were not rendered ahead within %d s" % timeout)
            time.sleep(0.05)

    def status(self, field):
        for line in open(f"/proc/{self.pid}/status"):
            if line.startswith(field + ":"):
                return int(line.split()[1])
        return 0

    def rss_mib(self):
        return self.status("VmRSS") / 1024

    def descriptors(self):
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def cpu_seconds(self):
        fields = open(f"/proc/{self.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def log_lines(self):
        return open(self.log_path, "rb").read().count(b"\n")

    def log_text(self):
        return open(self.log_path, errors="replace").read()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        os.unlink(self.log_path)


def connect(port, source=None, timeout=5.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if source:
        s.bind((source, 0))
    s.settimeout(timeout)
    s.connect(("127.0.0.1", port))
    return s


def read_response(s, deadline):
    """One response off `s`: (status, headers dict, body); raises on reset, EOF or time out."""
    data = b""
    while b"\r\n\r\n" not in data:
        s.settimeout(max(0.001, deadline - time.time()))
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed before a response" if not data else "closed inside a response head")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        s.settimeout(max(0.001, deadline - time.time()))
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed inside a body")
        rest += chunk
    return status, headers, rest[:length]


def metric(port, name):
    """Sum of every sample of `name` in the server's /metrics (a name and a space or `{`)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith(name + " ") or line.startswith(name + "{"))


def probe(port, source, path="/healthz", timeout=5.0):
    """A fresh client from `source`: GET `path`; returns (status or error text, seconds)."""
    started = time.perf_counter()
    try:
        s = connect(port, source, timeout)
        try:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
            status, _, _ = read_response(s, time.time() + timeout)
        finally:
            s.close()
        return status, time.perf_counter() - started
    except (OSError, ConnectionError) as error:
        return f"{type(error).__name__}: {error}", time.perf_counter() - started


def reset(s):
    """Closes `s` with a TCP reset (SO_LINGER 0)."""
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def address(index, first=1):
    """The `index`-th loopback address of 127.first.x.y (y from 1 to 250)."""
    return f"127.{first + index // 62500}.{(index // 250) % 250}.{index % 250 + 1}"


class Results:
    def __init__(self):
        self.failures = []

    def check(self, case, condition, text):
        mark = "ok  " if condition else "FAIL"
        print(f"  [{mark}] {text}", flush=True)
        if not condition:
            self.failures.append(f"{case}: {text}")

    def report(self, suite):
        """Prints the suite's verdict; the exit status (1 when a check failed)."""
        if self.failures:
            print(f"\n{suite}: FAILED\n  " + "\n  ".join(self.failures))
            return 1
        print(f"\n{suite}: every case held")
        return 0


# --- the cases ---------------------------------------------------------------------------

def pipelining_without_reading(binary, results, clients=200, megabytes=1.3, seconds=10):
    """200 clients pipeline 1.3 MB of GETs each and never read: memory stays bounded and
    a client from another address is still answered quickly."""
    server = Server(binary)
    try:
        target = "/spinner/circular.gif"
        status, _ = probe(server.port, "127.0.0.1", target, timeout=60)
        request = f"GET {target} HTTP/1.1\r\nHost: t\r\n\r\n".encode()
        payload = request * int(megabytes * 1e6 / len(request))
        sockets = []
        for index in range(clients):
            s = connect(server.port, address(index, first=3))
            s.setblocking(False)
            sockets.append([s, 0])
        stop = threading.Event()

        def send_all():
            while not stop.is_set():
                progressed = False
                for entry in sockets:
                    s, offset = entry
                    if offset >= len(payload):
                        continue
                    try:
                        sent = s.send(payload[offset:offset + 262144])
                        entry[1] += sent
                        progressed = True
                    except BlockingIOError:
                        pass
                    except OSError:
                        entry[1] = len(payload)
                if not progressed:
                    time.sleep(0.01)

        sender = threading.Thread(target=send_all, daemon=True)
        sender.start()
        peak, probes, started = 0.0, [], time.time()
        next_probe = started + 1
        while time.time() - started < seconds:
            peak = max(peak, server.rss_mib())
            if peak > 1024:
                break  # far past the bound: stop before the machine suffers
            if time.time() >= next_probe:
                probes.append(probe(server.port, "127.0.0.2", timeout=5))
                next_probe += 1
            time.sleep(0.1)
        stop.set()
        sender.join()
        sent = sum(offset for _, offset in sockets)
        for s, _ in sockets:
            s.close()
        time.sleep(2)
        after = server.rss_mib()
        peak = max(peak, after)
        slowest = max((t for _, t in probes), default=0)
        print(f"  {clients} clients pushed {sent / MIB:.0f} MiB in {seconds} s; peak RSS {peak:.1f} MiB, "
              f"after they closed {after:.1f} MiB; /healthz from 127.0.0.2: "
              f"{', '.join(f'{s}@{t * 1000:.0f}ms' for s, t in probes)}")
        results.check("pipelining", status == 200, f"the GIF was rendered first (status {status})")
        results.check("pipelining", peak <= 160, f"peak RSS {peak:.1f} MiB <= 160 MiB")
        results.check("pipelining", after <= 160, f"RSS after they closed {after:.1f} MiB <= 160 MiB")
        results.check("pipelining", len(probes) >= seconds - 2 and all(s == 200 and t < 0.2 for s, t in probes),
                      f"every probe answered 200 in < 200 ms (slowest {slowest * 1000:.0f} ms)")
    finally:
        server.stop()


def many_pipelined_on_one_connection(binary, results, count=200_000, limit=5.0, pause=1.0):
    """200 000 pipelined /healthz on one connection, read only after a pause, are all
    answered within 5 s."""
    server = Server(binary)
    try:
        s = connect(server.port, "127.0.0.1", timeout=30)
        request = b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
        batch = request * 1000
        started = time.perf_counter()

        def send():
            try:
                for _ in range(count // 1000):
                    s.sendall(batch)
            except OSError:
                pass

        sender = threading.Thread(target=send, daemon=True)
        sender.start()
        time.sleep(pause)  # a client slow to read: answers pile up meanwhile
        marker = b"HTTP/1.1 200 OK\r\n"
        answered, tail = 0, b""
        deadline = time.time() + 30
        s.settimeout(1)
        while answered < count and time.time() < deadline:
            try:
                chunk = s.recv(1 << 20)
            except socket.timeout:
                continue
            except ConnectionResetError:
                print("  the server reset the connection")
                break
            if not chunk:
                break
            data = tail + chunk
            answered += data.count(marker)
            tail = data[-(len(marker) - 1):]
        elapsed = time.perf_counter() - started
        s.close()
        sender.join(timeout=5)
        print(f"  {answered} of {count} answered in {elapsed:.2f} s")
        results.check("pipelined", answered == count, f"all {count} answered ({answered})")
        results.check("pipelined", elapsed <= limit, f"within {limit:.0f} s ({elapsed:.2f} s)")
    finally:
        server.stop()


def silent_and_dribbling(binary, results, silent=3000, dribblers=2000, seconds=16):
    """3 000 silent sockets from one address, then 2 000 dribbling ones from 2 000
    addresses: a client from another address is still answered within 100 ms, and the
    silent ones are closed once the request timeout (10 s) has passed."""
    server = Server(binary)
    try:
        quiet, refused = [], 0
        started = time.time()
        for _ in range(silent):
            try:
                s = connect(server.port, "127.0.0.3", timeout=5)
                s.setblocking(False)
                quiet.append(s)
            except OSError:
                refused += 1
        drips = []
        text = b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
        for index in range(dribblers):
            try:
                s = connect(server.port, address(index, first=1), timeout=5)
                s.setblocking(False)
                drips.append([s, 0])
            except OSError:
                refused += 1
        stop = threading.Event()

        def dribble():
            while not stop.is_set():
                for entry in drips:
                    s, offset = entry
                    if offset < len(text):
                        try:
                            s.send(text[offset:offset + 1])
                            entry[1] += 1
                        except OSError:
                            entry[1] = len(text)
                stop.wait(3)

        dribbler = threading.Thread(target=dribble, daemon=True)
        dribbler.start()
        probes = []
        while time.time() - started < seconds:
            probes.append(probe(server.port, "127.0.0.4", timeout=5))
            time.sleep(0.5)
        stop.set()
        dribbler.join()

        def outcome(s):
            """What the server did to a socket: 'open', 'closed', '503', '408', 'reset'."""
            try:
                data = s.recv(65536)
            except BlockingIOError:
                return "open"
            except ConnectionResetError:
                return "reset"
            if not data:
                return "closed"
            return data[9:12].decode(errors="replace")

        silent_outcomes, drip_outcomes = {}, {}
        for s in quiet:
            key = outcome(s)
            silent_outcomes[key] = silent_outcomes.get(key, 0) + 1
        for s, _ in drips:
            key = outcome(s)
            drip_outcomes[key] = drip_outcomes.get(key, 0) + 1
        for s in quiet:
            s.close()
        for s, _ in drips:
            s.close()
        slowest = max(t for _, t in probes)
        failed = [(s, round(t * 1000)) for s, t in probes if s != 200 or t >= 0.1]
        print(f"  connect failures {refused}; silent sockets after {seconds} s: {silent_outcomes}; "
              f"dribblers: {drip_outcomes}; {len(probes)} probes, slowest {slowest * 1000:.0f} ms, bad: {failed[:5]}")
        results.check("silent", not failed, f"every probe from 127.0.0.4 answered 200 in < 100 ms (slowest {slowest * 1000:.0f} ms)")
        results.check("silent", silent_outcomes.get("open", 0) == 0,
                      f"no silent socket still open after {seconds} s ({silent_outcomes.get('open', 0)} open)")
        results.check("silent", silent_outcomes.get("reset", 0) + drip_outcomes.get("reset", 0) == 0, "no socket was reset")
    finally:
        server.stop()


def descriptor_limit(binary, results, extra=(), connections=400, hold=6, label="fd-limit", refusal="limit"):
    """With 256 descriptors, 400 connections at once: each gets a response (200 or 503
    with Retry-After, never silence or a reset, the 503s counted in /metrics under the
    reason the case is about), the held connections cost no CPU and no log flood, and a
    fresh client is served once they close."""
    server = Server(binary, args=extra, nofile=256)
    try:
        clients, outcomes = [], {}
        for index in range(connections):
            try:
                clients.append(connect(server.port, address(index, first=2), timeout=5))
            except OSError as error:
                outcomes[type(error).__name__] = outcomes.get(type(error).__name__, 0) + 1
        for s in clients:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        answers = collect_responses(clients, time.time() + 5)
        for key in answers:
            outcomes[key] = outcomes.get(key, 0) + 1
        cpu, lines = server.cpu_seconds(), server.log_lines()
        time.sleep(hold)
        cpu_share = (server.cpu_seconds() - cpu) / hold
        line_rate = (server.log_lines() - lines) / hold
        for s in clients:
            s.close()
        time.sleep(1)
        fresh = probe(server.port, "127.0.0.5", timeout=5)
        print(f"  {connections} connections {' '.join(extra)}: {outcomes}; while held: CPU {cpu_share * 100:.1f} %, "
              f"{line_rate:.1f} log lines/s; then a fresh client: {fresh[0]} in {fresh[1] * 1000:.0f} ms")
        good = sum(v for k, v in outcomes.items() if k in ("200", "503+Retry-After"))
        results.check(label, good == connections, f"every connection got 200 or 503 with Retry-After: {outcomes}")
        results.check(label, cpu_share < 0.10, f"server CPU while held {cpu_share * 100:.1f} % < 10 %")
        results.check(label, line_rate <= 2, f"log lines while held {line_rate:.1f}/s <= 2")
        results.check(label, fresh[0] == 200, f"a fresh client is served afterwards ({fresh[0]})")
        refused = metric(server.port, f'spinnerd_connections_refused_total{{reason="{refusal}"}}')
        results.check(label, refused > 0, f"{refused:.0f} connections refused for {refusal}")
    finally:
        server.stop()


def collect_responses(clients, deadline):
    """Reads one response from each socket at once; returns what each got: a status
    ('200', '503+Retry-After'), 'silence', 'reset' or 'closed'."""
    pending = {s.fileno(): [s, b""] for s in clients}
    outcome = {}
    while pending and time.time() < deadline:
        ready, _, _ = select.select(list(pending), [], [], max(0.0, deadline - time.time()))
        for descriptor in ready:
            s, data = pending[descriptor]
            try:
                s.setblocking(False)
                chunk = s.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                outcome[descriptor] = "reset"
                del pending[descriptor]
                continue
            data += chunk
            pending[descriptor][1] = data
            head, separator, _ = data.partition(b"\r\n\r\n")
            if separator:
                retry = b"\r\nretry-after:" in head.lower()
                outcome[descriptor] = head[9:12].decode() + ("+Retry-After" if retry else "")
                del pending[descriptor]
            elif not chunk:
                outcome[descriptor] = "closed"
                del pending[descriptor]
    return list(outcome.values()) + ["silence"] * len(pending)


def descriptor_limit_past_the_limit(binary, results):
    """The same with --max-connections above what 256 descriptors allow: accept runs out
    of descriptors (EMFILE), and the spare descriptor still turns clients away with a 503.
    Four event loops, whatever the cores, so loops race for the freed descriptor (what
    AcceptGate settles)."""
    descriptor_limit(binary, results, extra=("--max-connections", "1000", "--event-loops", "4"), label="emfile",
                     refusal="descriptors")


def aborted_requests(binary, results, count=20_000):
    """20 000 clients send half a request and leave (FIN or RST): every descriptor comes back."""
    server = Server(binary)
    try:
        probe(server.port, "127.0.0.1")
        time.sleep(0.5)
        before = server.descriptors()
        half = b"GET /spinner/circular.gif?size=4"
        started = time.perf_counter()

        def abort(part):
            for index in range(part, count, 4):
                try:
                    s = connect(server.port, address(index % 20000, first=4), timeout=5)
                    s.sendall(half)
                    if index % 2:
                        reset(s)
                    else:
                        s.close()
                except OSError:
                    pass

        workers = [threading.Thread(target=abort, args=(part,)) for part in range(4)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        elapsed = time.perf_counter() - started
        deadline = time.time() + 10
        after = server.descriptors()
        while after != before and time.time() < deadline:
            time.sleep(0.2)
            after = server.descriptors()
        print(f"  {count} aborted in {elapsed:.1f} s; descriptors before {before}, after {after}")
        results.check("aborted", after == before, f"descriptors back to {before} ({after})")
        results.check("aborted", probe(server.port, "127.0.0.1")[0] == 200, "still serving")
    finally:
        server.stop()


CASES = {
    "pipelining": pipelining_without_reading,
    "pipelined": many_pipelined_on_one_connection,
    "silent": silent_and_dribbling,
    "fd-limit": descriptor_limit,
    "emfile": descriptor_limit_past_the_limit,
    "aborted": aborted_requests,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/spinnerd")
    parser.add_argument("cases", nargs="*", default=[], help="any of: " + ", ".join(CASES))
    arguments = parser.parse_args()
    # Thousands of client sockets: this process needs descriptors too.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    unknown = [name for name in arguments.cases if name not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown}; cases: {', '.join(CASES)}")
    results = Results()
    for name in arguments.cases or list(CASES):
        summary = " ".join(CASES[name].__doc__.split())
        print(f"== {name}: {summary}", flush=True)
        started = time.time()
        CASES[name](os.path.abspath(arguments.binary), results)
        print(f"  ({time.time() - started:.0f} s)", flush=True)
    return results.report("hostile")


if __name__ == "__main__":
    sys.exit(main())
