"""A fresh `spinnerd serve --prerender=false` and a client that times each answer on one
keep-alive connection: what the cold benches share (scripts/bench_cold.py,
scripts/bench_sizes.py). Only the standard library.
"""
import http.client
import os
import re
import subprocess
import sys
import time

from spinnerd_tools import ready


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().strip()


class Server:
    """A fresh spinnerd on a port of its own choosing (the port from its ready record:
    `spinnerd_tools.ready`)."""

    def __init__(self, binary, work, index, extra=()):
        self.log = os.path.join(work, f"spinnerd-{index}.log")
        ready_path = self.log + ".ready"
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [binary, "serve", "--prerender=false", "--log-level", "none", "--port", "0", "--host", "127.0.0.1",
                 *ready.arguments(binary, ready_path), *extra],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self.port = ready.port(binary, ready_path, self.log, alive=lambda: self.process.poll() is None, timeout=10)
        if self.port is None:
            self.stop()
            sys.exit(f"bench-cold: spinnerd did not start:\n{open(self.log).read()}")
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def get(self, path):
        """→ (status, body bytes, Cache-Control, seconds to the last byte of the body)."""
        for attempt in (1, 2):
            try:
                start = time.perf_counter()
                self.connection.request("GET", path)
                response = self.connection.getresponse()
                body = response.read()
                elapsed = time.perf_counter() - start
                if response.getheader("Connection", "").lower() == "close":
                    self.reconnect()
                return response.status, len(body), response.getheader("Cache-Control", "-"), elapsed
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A keep-alive connection the server closed while idle: once more on a new one
                # (the URL was not answered, so it is still unseen).
                self.reconnect()
                if attempt == 2:
                    raise

    def reconnect(self):
        self.connection.close()
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def metric(self, name):
        self.connection.request("GET", "/metrics")
        text = self.connection.getresponse().read().decode()
        m = re.search(rf"^{re.escape(name)} (\S+)$", text, re.M)
        return m.group(1) if m else None

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
