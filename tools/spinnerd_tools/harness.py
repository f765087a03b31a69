"""What the Python suites share (hostile clients, render admission, the parser
differential, the cluster and deployment checks, the calibration and the benches):
starting `spinnerd serve` and finding its port, reading /metrics, raw-socket clients,
the list of kinds (from `spinnerd kinds`, not copied), and the pass/fail tally.

It is part of the tooling package (pyproject.toml; scripts/install-deps.sh installs it
editable), so every suite imports it by name, wherever it runs from:
    from spinnerd_tools.harness import Results, Server
"""
import json
import os
import resource
import signal
import socket
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

from spinnerd_tools import ready

# The repository: this file is tools/spinnerd_tools/harness.py.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TICKS = os.sysconf("SC_CLK_TCK")
# The sanitizer the binary under test was built with ("address", "thread"), as
# scripts/sanitize.sh sets it; empty for the plain builds make test runs.
SANITIZER = os.environ.get("SPINNERD_SANITIZER", "")

def catalog(binary):
    """The catalog `binary` serves at /spinners (`spinnerd kinds --json`): kinds with their
    parameters, formats with their extensions and encoder efforts."""
    out = subprocess.run([binary, "kinds", "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def kinds(binary):
    """The kinds `binary` serves, in catalog order."""
    return [kind["name"] for kind in catalog(binary)["kinds"]]


def formats(binary):
    """The formats `binary` writes, in catalog order: name, extension, whether animated, and
    the encoder efforts it is made at (none for SVG and Lottie)."""
    return catalog(binary)["formats"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# What a test server waits before it gives up on a render or a queued render, unless the
# suite is about those bounds (the soak): Tests/test-profile.json's (an hour), which
# ServerProcess gives the Swift tests too. A suite that checks a render's outcome must never
# see a 503 because the machine (or a sanitizer's build, several times slower) is slow.
with open(os.path.join(ROOT, "Tests", "test-profile.json")) as _profile:
    _PROFILE = json.load(_profile)
TEST_DEADLINES = ["--render-timeout", str(_PROFILE["render_timeout_seconds"]),
                  "--queue-timeout", str(_PROFILE["queue_timeout_seconds"])]
# The service's own defaults (docs/operations.md), which the soak runs with and whose sum
# bounds every admitted request's answer.
PRODUCTION_RENDER_TIMEOUT, PRODUCTION_QUEUE_TIMEOUT = 10, 10


class Server:
    """`spinnerd serve` on loopback (a free port, or `port`), its output in a file. It
    waits until the server listens and, unless `settle` is False, until the defaults it
    renders ahead at start (`--prerender`) are done, so cases measure a settled server.
    Its render deadline and queue wait limit are an hour (`TEST_DEADLINES`) unless `args`
    set them or `production_deadlines` asks for the service's own."""

    def __init__(self, binary, args=(), nofile=None, port=0, settle=True, log_level=None, production_deadlines=False,
                 host="127.0.0.1"):
        args = list(args)
        self.host = host
        if not production_deadlines:
            for flag, value in zip(TEST_DEADLINES[::2], TEST_DEADLINES[1::2]):
                if not any(arg.startswith(flag) for arg in args):
                    args += [flag, value]
        self.binary, self.args, self.nofile, self.fixed_port = os.path.abspath(binary), args, nofile, port
        self.log_path = tempfile.mktemp(prefix="spinnerd-", suffix=".log")
        self.log = open(self.log_path, "ab")
        self.log_level = log_level
        self.process = None
        self.start(settle)

    def start(self, settle=True):
        """Starts (or restarts, on the same port) the process and waits for it."""
        limit = None if self.nofile is None else (self.nofile, self.nofile)

        def limits():
            if limit:
                resource.setrlimit(resource.RLIMIT_NOFILE, limit)

        offset = os.path.getsize(self.log_path)
        level = ["--log-level", self.log_level] if self.log_level else []
        ready_path = self.log_path + ".ready"
        self.process = subprocess.Popen(
            self.command(["serve", "--host", self.host, "--port", str(self.fixed_port), *level,
                          *ready.arguments(self.binary, ready_path), *self.args]),
            stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=limits, close_fds=True)
        self.pid = self.process.pid
        port = ready.port(self.binary, ready_path, self.log_path, offset, alive=lambda: self.process.poll() is None)
        if port:
            self.port = port
            self.pid = self.server_pid()
            if settle:
                self.wait_for_prerenders()
            return
        self.process.kill()  # nothing else would end it: the caller never gets this server
        self.process.wait()
        raise RuntimeError("server did not start: " + self.output())

    def command(self, arguments):
        """The command line that runs `spinnerd ARGUMENTS`."""
        return [self.binary, *arguments]

    def server_pid(self):
        """The server process's PID, once it listens (its /proc is what is sampled)."""
        return self.process.pid

    def wait_for_prerenders(self, timeout=600):
        """Waits until no default is left to render ahead (at most `timeout` seconds: a
        bound on a hang; a sanitizer's build beside a load takes tens of seconds)."""
        deadline = time.time() + timeout
        while metric(self.port, "spinnerd_prerenders_pending", host=self.host) > 0:
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

    def cpu_seconds(self, final_encodes=False):
        """The process's CPU seconds (user + system), less its final encodes' unless
        `final_encodes`: the `render-final` threads run at the lowest CPU priority
        (SCHED_BATCH, nice 19), mostly on cores nothing else wants, after `--prerender` the
        defaults' zopfli APNGs for about 45 s of one core, so its time is not what
        answering costs."""
        def ticks(stat_path):
            fields = open(stat_path).read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
        total = ticks(f"/proc/{self.pid}/stat")
        if not final_encodes:
            for task in os.listdir(f"/proc/{self.pid}/task"):
                try:
                    if open(f"/proc/{self.pid}/task/{task}/comm").read().startswith("render-final"):
                        total -= ticks(f"/proc/{self.pid}/task/{task}/stat")
                except OSError:
                    pass  # the thread ended meanwhile
        return total / TICKS

    def log_lines(self):
        return open(self.log_path, "rb").read().count(b"\n")

    def output(self):
        return open(self.log_path, errors="replace").read()

    def signal(self, sig=signal.SIGTERM, timeout=300):
        """Sends `sig` and waits: the exit status. The wait bounds a hang: a drain waits for
        answers in flight (up to the render deadline) and stops a final encode at its next
        frame, which at nice 19 on a loaded machine takes seconds."""
        self.process.send_signal(sig)
        return self.process.wait(timeout=timeout)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=120)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        os.unlink(self.log_path)
        if os.path.exists(self.log_path + ".ready"):
            os.unlink(self.log_path + ".ready")


class ContainerServer(Server):
    """`spinnerd serve` in a container of `image` run by podman with `memory` as its memory
    limit (and no swap beyond it), on the host's network: the limit reaches spinnerd as its
    cgroup's (`MemoryPlan`). SIGTERM to podman reaches spinnerd (podman passes signals on);
    the container is kept after it exits until `stop`, so that `state()` can say whether
    the kernel killed it. The host's /proc shows the container's process, so memory and
    descriptors are sampled as for a local server; `cgroup()` reads its memory cgroup's
    counters (v1 or v2)."""

    PODMAN = ["podman", "--runtime", "runc"]

    def __init__(self, image, memory, args=(), **options):
        self.image, self.memory = image, memory
        self.name = f"spinnerd-limit-{os.getpid()}-{int(time.time() * 1000) % 100000}"
        super().__init__("/bin/true", args=args, **options)

    def command(self, arguments):
        # No healthcheck timer: podman schedules it through systemd, which does not run here.
        return [*self.PODMAN, "run", "--name", self.name, "--network=host", "--pull=never", "--health-interval", "disable",
                f"--memory={self.memory}", f"--memory-swap={self.memory}", self.image, *arguments]

    def server_pid(self):
        out = subprocess.run([*self.PODMAN, "inspect", "--format", "{{.State.Pid}}", self.name],
                             capture_output=True, text=True, check=True).stdout
        return int(out.strip())

    def cgroup_directory(self):
        """The container's memory cgroup directory on the host."""
        for line in open(f"/proc/{self.pid}/cgroup"):
            number, controllers, path = line.rstrip("\n").split(":", 2)
            if "memory" in controllers.split(","):
                return "/sys/fs/cgroup/memory" + path, 1
            if number == "0" and controllers == "" and os.path.exists("/sys/fs/cgroup/cgroup.controllers"):
                return "/sys/fs/cgroup" + path, 2
        raise RuntimeError("no memory cgroup for the container's process")

    def cgroup(self):
        """The memory cgroup's counters in bytes: current, peak (v1's max usage; v2's
        memory.peak where the kernel has it, else None), limit; and the times the limit
        was hit (v1 failcnt, v2 events "max") and OOM kills."""
        directory, version = self._cgroup if hasattr(self, "_cgroup") else self.cgroup_directory()
        self._cgroup = (directory, version)

        def read(name):
            try:
                return open(os.path.join(directory, name)).read()
            except OSError:
                return None

        if version == 1:
            oom = dict(line.split() for line in (read("memory.oom_control") or "").splitlines() if line.strip())
            return {"current": int(read("memory.usage_in_bytes")), "peak": int(read("memory.max_usage_in_bytes")),
                    "limit": int(read("memory.limit_in_bytes")), "hit_limit": int(read("memory.failcnt")),
                    "oom_kills": int(oom.get("oom_kill", 0))}
        events = dict(line.split() for line in (read("memory.events") or "").splitlines() if line.strip())
        peak = read("memory.peak")
        return {"current": int(read("memory.current")), "peak": int(peak) if peak else None,
                "limit": int(read("memory.max")) if (read("memory.max") or "max").strip() != "max" else None,
                "hit_limit": int(events.get("max", 0)), "oom_kills": int(events.get("oom_kill", 0))}

    def state(self):
        """podman's record of the container: exit code and whether it was OOM-killed."""
        out = subprocess.run([*self.PODMAN, "inspect", "--format", "{{.State.ExitCode}} {{.State.OOMKilled}}", self.name],
                             capture_output=True, text=True).stdout.split()
        return {"exit_code": int(out[0]), "oom_killed": out[1] == "true"} if len(out) == 2 else None

    def stop(self):
        try:
            super().stop()
        finally:
            subprocess.run([*self.PODMAN, "rm", "-f", self.name], capture_output=True)


def get(port, path, headers=None, timeout=30, host="127.0.0.1"):
    """(status, headers, body) of a GET through urllib; connection failures raise."""
    request = urllib.request.Request(f"http://{host}:{port}{path}", headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def metric(port, name, host="127.0.0.1"):
    """Sum of every sample of `name` in the server's /metrics (a name and a space or `{`)."""
    with urllib.request.urlopen(f"http://{host}:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith(name + " ") or line.startswith(name + "{"))


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


class Peer:
    """A second `spinnerd serve`, left idle, beside the server under test: the same binary
    on the same machine at the same moments. The suites' latency checks are ratios of the
    server under test to this peer, probed one right after the other, so a machine slowed
    by other work (a CI neighbour, `stress-ng`) slows both and fails neither, while an
    attack that stalls the server under test shows as a ratio far above the bound."""

    def __init__(self, binary, args=()):
        self.server = Server(binary, args)

    def probe(self, path="/healthz", source="127.0.0.1", timeout=30.0):
        return probe(self.server.port, source, path, timeout)

    def stop(self):
        self.server.stop()


class Paired:
    """Probes of the server under test, each with the peer's probe of the same path taken
    right after it: (status, seconds) pairs, and how the slowest of each compare."""

    def __init__(self, server_port, peer, source):
        self.server_port, self.peer, self.source = server_port, peer, source
        self.probes, self.peer_probes = [], []

    def probe(self, path="/healthz", timeout=30.0):
        self.probes.append(probe(self.server_port, self.source, path, timeout))
        self.peer_probes.append(self.peer.probe(path, timeout=timeout))
        return self.probes[-1]

    def slowest(self):
        return max((t for _, t in self.probes), default=0.0)

    def peer_slowest(self):
        return max((t for _, t in self.peer_probes), default=0.0)

    def ratio(self):
        """The slowest answer under test over the peer's slowest (at least 1 ms, the
        resolution below which loopback timings are noise)."""
        return self.slowest() / max(self.peer_slowest(), 0.001)

    def all_ok(self, status=200):
        return all(s == status for s, _ in self.probes) and all(s == status for s, _ in self.peer_probes)

    def held(self, bound):
        """Every probe answered 200 (both servers) and the slowest within `bound` × the peer's."""
        return self.all_ok() and self.ratio() <= bound

    def text(self, bound, what="probe"):
        return (f"every {what} answered 200, the slowest {self.slowest() * 1000:.1f} ms = {self.ratio():.1f}× the idle "
                f"peer's slowest {self.peer_slowest() * 1000:.1f} ms (bound {bound}×)")


def reset(s):
    """Closes `s` with a TCP reset (SO_LINGER 0)."""
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def address(index, first=1):
    """The `index`-th loopback address of 127.first.x.y (y from 1 to 250)."""
    return f"127.{first + index // 62500}.{(index // 250) % 250}.{index % 250 + 1}"


class Results:
    """The checks of a suite: each printed as it is made, failures listed at the end."""

    def __init__(self):
        self.failures = []

    def check(self, case, condition, text):
        mark = "ok  " if condition else "FAIL"
        print(f"  [{mark}] {text}", flush=True)
        if not condition:
            self.failures.append(f"{case}: {text}")

    def bound(self, case, condition, text):
        """A bound a sanitizer's build cannot be held to, held like any check otherwise:
        memory (its shadow memory, redzones and quarantine — ASan keeps 256 MiB of freed
        blocks — are what a resident-set bound would measure there) and what depends on
        its speed (several times slower, the costliest renders may all time out). Then it
        is printed, not held; the plain runs of the same suites in make test hold it."""
        if SANITIZER:
            print(f"  [note] {text}: not held under the {SANITIZER} sanitizer", flush=True)
            return
        self.check(case, condition, text)

    def report(self, suite):
        """Prints the suite's verdict; the exit status (1 when a check failed)."""
        if self.failures:
            print(f"\n{suite}: FAILED\n  " + "\n  ".join(self.failures))
            return 1
        print(f"\n{suite}: every case held")
        return 0
