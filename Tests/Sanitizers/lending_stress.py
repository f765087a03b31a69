#!/usr/bin/env python3
"""The lending rule under load: a cached answer is lent to the event loops uncounted and
freed only after every loop has passed a quiescent state (GracePeriods). This stress makes
evictions land while a loop is still writing the evicted answer, so that a broken rule is
caught — by AddressSanitizer (a read of a freed answer) or by a client reading bytes that
differ from the answer's digest (a freed body file's descriptor reused) — and a sound one
shows neither:

- a cache one answer large (`--cache-bytes`), four answers of 15–21 KB (heap bodies, and
  memfd bodies sent by sendfile), each rendered once before the load to learn its digest;
- slow readers: connections with a 4 KiB receive buffer that keep two requests in flight
  and read each answer a little at a time, so the server's socket is nearly full when the
  next answer goes out at once (`sendAtOnce`) and it is written only in part — the moment
  the loop reads the answer's fields after the write;
- churners reading at once: their misses are rendered, and each render's insert evicts
  the answer the loops are writing to the slow readers (the cache holds one at a time)
  and lets go, in the same change, of the retirements whose grace periods have passed.

Every answer a slow reader reads is checked against its digest. Without the known-bad
control the run must end with no report and no mismatch (scripts/sanitize.sh
address-lending); with it (`SPINNERD_KNOWN_BAD=grace-periods`, `--control`) it must be caught:
the server stops on ASan's report (halt_on_error) or a digest differs
(scripts/sanitize.sh address-lending-control), and the run ends as soon as it is.

    lending_stress.py --binary PATH [--seconds 45] [--control --reports DIR --report-prefix NAME]
"""
import argparse
import collections
import hashlib
import os
import random
import socket
import subprocess
import sys
import threading
import time

from spinnerd_tools.harness import Results, Server, address, metric

# Four answers cheap to make (Lottie documents: no pixels, a few milliseconds under
# AddressSanitizer) and large enough that a loop writes them in part to a slow reader's full
# socket and reads the answer's fields after the write: two of 15 KB (heap bodies, sent from
# memory) and two of 18–21 KB (memfd bodies, sent by sendfile). The cache holds one of them
# at a time (`--cache-bytes`), so every render of another evicts the one the loops are
# writing, and its retirement is let go in the same change.
URLS = ["/spinner/dots?format=lottie&count=12&stroke=10", "/spinner/dots?format=lottie&count=12&stroke=11",
        "/spinner/dots?format=lottie&count=16", "/spinner/dots?format=lottie&count=14&size=100"]


def read_answer(s, buffer, slow):
    """One answer off `s` after `buffer` (bytes already read): (status, body, the rest).
    `slow`: a little at a time, with pauses, as a client behind a narrow window reads."""
    while b"\r\n\r\n" not in buffer:
        chunk = s.recv(1024 if slow else 65536)
        if not chunk:
            raise ConnectionError("closed before an answer")
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(fields.get("content-length", "0"))
    while len(rest) < length:
        chunk = s.recv(min(2048, length - len(rest)) if slow else 65536)
        if not chunk:
            raise ConnectionError("closed inside a body")
        rest += chunk
        if slow and random.random() < 0.2:
            time.sleep(0.0005)
    return status, rest[:length], rest[length:]


class Stress:
    def __init__(self, port, digests, seconds, stop_when):
        self.port, self.digests, self.seconds = port, digests, seconds
        self.stop = threading.Event()
        self.stop_when = stop_when  # () -> bool: the control was caught (end at once)
        self.lock = threading.Lock()
        self.counts = collections.Counter()
        self.mismatches = []
        self.errors = collections.Counter()

    def count(self, key, n=1):
        with self.lock:
            self.counts[key] += n

    def connect(self, source, receive_buffer=None):
        """A connection from `source` (with a receive buffer of `receive_buffer` bytes, set
        before connecting so the window is small from the start), or None after a pause."""
        s = socket.socket()
        try:
            if receive_buffer:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
            s.bind((source, 0))
            s.settimeout(120)
            s.connect(("127.0.0.1", self.port))
            return s
        except OSError as error:
            s.close()
            with self.lock:
                self.errors[f"connect: {type(error).__name__}"] += 1
            time.sleep(0.1)
            return None

    def slow_reader(self, index):
        rng = random.Random(index)
        while not self.stop.is_set():
            s = self.connect(address(index, first=20), receive_buffer=4096)
            if s is None:
                continue
            in_flight, buffer = collections.deque(), b""
            try:
                for _ in range(200):
                    if self.stop.is_set():
                        break
                    while len(in_flight) < 2:
                        url = rng.choice(URLS)
                        s.sendall(f"GET {url} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
                        in_flight.append(url)
                    url = in_flight.popleft()
                    status, body, buffer = read_answer(s, buffer, slow=True)
                    if status == 200:
                        if hashlib.sha256(body).hexdigest() != self.digests[url]:
                            with self.lock:
                                self.mismatches.append(f"{url}: {len(body)} bytes, not the answer's")
                        self.count("slow answers")
                    else:
                        self.count(f"slow {status}")
            except (OSError, ConnectionError) as error:
                if not self.stop.is_set():
                    self.errors[f"slow: {type(error).__name__}"] += 1
            finally:
                s.close()

    def churner(self, index):
        """Asks the answers as fast as it reads them: misses rendered (each render evicts the
        answer cached), hits lent like the slow readers' ones."""
        rng = random.Random(1000 + index)
        while not self.stop.is_set():
            s = self.connect(address(index, first=21))
            if s is None:
                continue
            buffer = b""
            try:
                for _ in range(500):
                    if self.stop.is_set():
                        break
                    url = rng.choice(URLS)
                    s.sendall(f"GET {url} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
                    status, body, buffer = read_answer(s, buffer, slow=False)
                    if status == 200 and hashlib.sha256(body).hexdigest() != self.digests[url]:
                        with self.lock:
                            self.mismatches.append(f"{url}: {len(body)} bytes, not the answer's")
                    self.count(f"churn {status}")
            except (OSError, ConnectionError) as error:
                if not self.stop.is_set():
                    self.errors[f"churn: {type(error).__name__}"] += 1
            finally:
                s.close()

    def run(self, slow=24, churners=4):
        workers = [threading.Thread(target=self.slow_reader, args=(i,), daemon=True) for i in range(slow)]
        workers += [threading.Thread(target=self.churner, args=(i,), daemon=True) for i in range(churners)]
        for worker in workers:
            worker.start()
        started = time.time()
        while time.time() - started < self.seconds:
            if self.stop_when() or self.mismatches:
                break
            time.sleep(0.2)
        self.stop.set()
        for worker in workers:
            worker.join(timeout=150)
        return time.time() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--seconds", type=float, default=45)
    parser.add_argument("--cache-bytes", type=int, default=30_000, help="the cache's bound (default 30 000: one answer at a time)")
    parser.add_argument("--control", action="store_true",
                        help="the server runs the known-bad control: the run must catch it (a report or a mismatch)")
    parser.add_argument("--reports", help="where the sanitizer writes its reports (its log_path's folder)")
    parser.add_argument("--report-prefix", default="", help="the reports' file name prefix (log_path's last part)")
    arguments = parser.parse_args()

    def reports():
        if not arguments.reports or not os.path.isdir(arguments.reports):
            return []
        return [name for name in os.listdir(arguments.reports) if name.startswith(arguments.report_prefix + ".")]

    server = Server(arguments.binary, args=["--cache-bytes", str(arguments.cache_bytes), "--prerender=false",
                                            "--provisional=false", "--event-loops", "2", "--log-level", "warn"])
    results = Results()
    try:
        # Each answer once, read whole before any load: its digest.
        digests, sizes = {}, {}
        for url in URLS:
            s = socket.create_connection(("127.0.0.1", server.port), timeout=300)
            s.sendall(f"GET {url} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
            status, body, _ = read_answer(s, b"", slow=False)
            s.close()
            if status != 200:
                raise SystemExit(f"{url}: {status}")
            digests[url] = hashlib.sha256(body).hexdigest()
            sizes[url] = len(body)
        print(f"  {len(URLS)} answers of {min(sizes.values())}–{max(sizes.values())} bytes; cache {arguments.cache_bytes} bytes",
              flush=True)
        stress = Stress(server.port, digests, arguments.seconds,
                        stop_when=lambda: server.process.poll() is not None or bool(reports()))
        elapsed = stress.run()
        evictions = None
        try:
            evictions = metric(server.port, "spinnerd_cache_evictions_total")
        except OSError:
            # The server is going (a sanitizer's report stops it): wait for its exit.
            try:
                server.process.wait(timeout=120)
            except subprocess.TimeoutExpired:
                pass
        exited = server.process.poll()
        print(f"  {elapsed:.0f} s: {dict(stress.counts)}; evictions {evictions}; errors {dict(stress.errors)}; "
              f"mismatches {len(stress.mismatches)} {stress.mismatches[:3]}; server "
              + ("running" if exited is None else f"exited {exited}") + f"; reports {reports()}", flush=True)
        caught = bool(stress.mismatches) or bool(reports()) or exited is not None
        if arguments.control:
            results.check("lending", caught, f"the known-bad control was caught within {elapsed:.0f} s "
                          f"(reports {len(reports())}, mismatches {len(stress.mismatches)}, server exit {exited})")
        else:
            results.check("lending", not stress.mismatches, f"every answer read had its digest ({stress.counts['slow answers']} read slowly)")
            results.check("lending", exited is None, "the server ran throughout")
            results.check("lending", stress.counts["slow answers"] > 1000 and (evictions or 0) > 100,
                          f"the load was real: {stress.counts['slow answers']} slow answers, {evictions} evictions")
    finally:
        server.stop()
    return results.report("lending stress" + (" (known-bad control)" if arguments.control else ""))


if __name__ == "__main__":
    sys.exit(main())
