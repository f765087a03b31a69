"""The front of deploy/kubernetes (HAProxy with spinnerd-front.cfg, as committed) on
loopback, for the cluster, resize and front tests: dnsmasq serving a name whose A records a
test rewrites, as the headless Service's name answers one record per ready pod, and HAProxy
told only its addresses by environment; and the configuration read as HAProxy reads it
(sections, directives, timeouts), for the checks that hold it to the manifests and to the
replicas' own bounds."""
import csv
import http.client
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

from .harness import free_port, get

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FRONT_CONF = os.path.join(ROOT, "deploy", "kubernetes", "spinnerd-front.cfg")
NAME = "spinnerd.cluster.test"
# Replicas listen on these, one port for all, as pods share a container port: twenty, so the
# resize test goes past the old front's 16 slots.
ADDRESSES = [f"127.0.0.{n}" for n in range(2, 22)]
# Bounds on a hang, not on speed: the front re-resolves every second and checks health
# every two; a replica starts in milliseconds.
SETTLE_SECONDS = 120


def config(path=FRONT_CONF):
    """The configuration's sections: {(keyword, name): [directive lines, comments and
    `.if` blocks' markers left out]}, e.g. ("defaults", "") or ("backend", "replicas")."""
    sections, current = {}, None
    for raw in open(path):
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line or line.startswith("."):
            continue
        if not raw[0].isspace():
            keyword, _, name = line.partition(" ")
            current = sections.setdefault((keyword, name.strip()), [])
        elif current is not None:
            current.append(line)
    return sections


def directive(lines, *words):
    """The arguments of the last line of `lines` that starts with `words` (as HAProxy,
    where a later line overrides), or None."""
    found = None
    for line in lines:
        parts = line.split()
        if parts[:len(words)] == list(words):
            found = parts[len(words):]
    return found


def seconds(value):
    """An HAProxy time ("22s", "500ms", "2m", "1h"; a bare number is milliseconds) in seconds."""
    match = re.fullmatch(r"(\d+)(us|ms|s|m|h|d)?", value)
    number, unit = int(match.group(1)), match.group(2) or "ms"
    return number * {"us": 1e-6, "ms": 1e-3, "s": 1, "m": 60, "h": 3600, "d": 86400}[unit]


def environment_default(value):
    """The default of an environment reference as the configuration writes it,
    `"${NAME-default}"` → "default"; other values as they are."""
    match = re.fullmatch(r'"?\$\{\w+-([^}]*)\}"?', value)
    return match.group(1) if match else value.strip('"')


def slots(path=FRONT_CONF):
    """The backend's server-template slots: (first, last)."""
    template = directive(config(path)[("backend", "replicas")], "server-template")
    first, _, last = template[1].partition("-")
    return int(first), int(last or first)


# A line of the front's log (its log-format): client, time, request id, frontend,
# backend/server and the server's address, the five timings, status, bytes, termination
# state, the connection counts and retries, the cache's verdict, the request line.
LOG_LINE = re.compile(r'^(?P<client>\S+) \[(?P<time>[^\]]+)\] (?P<id>\S+) (?P<frontend>\S+) (?P<backend>[^/\s]+)/(?P<server>\S+) '
                      r'(?P<address>\S+) (?P<TR>-?\d+)/(?P<Tw>-?\d+)/(?P<Tc>-?\d+)/(?P<Tr>-?\d+)/(?P<Ta>-?\d+) '
                      r'(?P<status>-?\d+) (?P<bytes>\d+) (?P<state>\S{4}) (?P<ac>\d+)/(?P<fc>\d+)/(?P<bc>\d+)/(?P<sc>\d+)/'
                      r'(?P<retries>\+?\d+) cache=(?P<cache>\S*) "(?P<request>[^"]*)"$')


def log_fields(line):
    """The fields of one line of the front's log (LOG_LINE's groups), or None."""
    match = LOG_LINE.match(line)
    return match.groupdict() if match else None


class Stage:
    """A front test's set-up on loopback: a work folder (readable by dnsmasq, which drops
    its privileges) and what runs for the test, each stopped on leaving the `with` block,
    the last started first, whatever happened; then the folder goes."""

    def __init__(self, prefix):
        self.work = tempfile.mkdtemp(prefix=prefix)
        os.chmod(self.work, 0o755)
        self._stops = []

    def keep(self, thing, stop=None):
        """`thing`, stopped on leaving (by `stop`, default its own `stop()`)."""
        self._stops.append(stop or thing.stop)
        return thing

    def __enter__(self):
        return self

    def __exit__(self, *_):
        for stop in reversed(self._stops):
            try:
                stop()
            except Exception as error:  # one that will not stop must not keep the rest running
                print(f"  (stopping: {error})", flush=True)
        shutil.rmtree(self.work, ignore_errors=True)
        return False


def ask(port, path, source=None, headers=None, timeout=120):
    """GET `path` on 127.0.0.1:`port` (the front) from the loopback address `source`:
    (status, {lower-case name: value}, body); a failed connection's status is its error's name."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                            source_address=(source, 0) if source else None)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    except OSError as error:
        return type(error).__name__, {}, b""
    finally:
        connection.close()


def access_lines(replica, offset=0):
    """A replica's JSON access lines (`--log-format json`) written after `offset` bytes of its output."""
    with open(replica.log_path, "rb") as log:
        log.seek(offset)
        text = log.read().decode(errors="replace")
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def run_cases(cases):
    """Runs each (name, function) under a heading, with the seconds it took."""
    for name, case in cases:
        print(f"== {name}", flush=True)
        started = time.time()
        case()
        print(f"  ({time.time() - started:.0f} s)", flush=True)


class Load:
    """Threads asking the front for URLs one after another, without a pause, from `start()`
    to `stop()`: worker n asks `path(n, i)` for i = 1, 2, …; every answer is counted and each
    that is not a 200 is kept in `failures` as (path, status or the error's name).
    `pause()` holds the workers between requests (so probes can be asked alone), `resume()`
    lets them go on."""

    def __init__(self, port, path, workers, timeout):
        self.port, self.path, self.timeout = port, path, timeout
        self.requests, self.failures = 0, []
        self._lock, self._stop, self._running = threading.Lock(), threading.Event(), threading.Event()
        self._running.set()
        self._threads = [threading.Thread(target=self._ask, args=(n,)) for n in range(workers)]

    def _ask(self, worker):
        index = 0
        while not self._stop.is_set():
            if not self._running.wait(timeout=0.1):
                continue
            index += 1
            path = self.path(worker, index)
            try:
                status = get(self.port, path, timeout=self.timeout)[0]
            except OSError as error:
                status = type(error).__name__
            with self._lock:
                self.requests += 1
                if status != 200:
                    self.failures.append((path, status))

    def start(self):
        for thread in self._threads:
            thread.start()
        return self

    def pause(self):
        self._running.clear()

    def resume(self):
        self._running.set()

    def stop(self):
        """Stops the workers and waits for each (a request under way ends first)."""
        self._stop.set()
        for thread in self._threads:
            if thread.is_alive():
                thread.join()


def free_port_on_every_address():
    """A port free on 127.0.0.1 and on each replica address."""
    for _ in range(100):
        port = free_port()
        try:
            for address in ADDRESSES:
                with socket.socket() as s:
                    s.bind((address, port))
            return port
        except OSError:
            continue
    raise RuntimeError("no port free on every replica address")


class DNS:
    """dnsmasq answering NAME with the addresses of `serve`, reloaded on SIGHUP (no
    addresses: NXDOMAIN)."""

    def __init__(self, work):
        self.port = free_port()
        self.hosts = os.path.join(work, "hosts")
        self.serve([])
        user = ["--user=root"] if os.geteuid() == 0 else []
        self.process = subprocess.Popen(
            ["dnsmasq", "--no-daemon", "--conf-file=/dev/null", f"--port={self.port}", "--listen-address=127.0.0.1",
             "--bind-interfaces", "--no-resolv", "--no-hosts", f"--addn-hosts={self.hosts}", "--local-ttl=1",
             # The name without records is NXDOMAIN, as a headless Service without ready pods.
             f"--local=/{NAME.split('.', 1)[1]}/",
             f"--pid-file={os.path.join(work, 'dnsmasq.pid')}", *user],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "dnsmasq.log"), "w"))
        # Ready once it answers a query: a SIGHUP before its handler is set would end it.
        query = (b"\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00"
                 + b"".join(bytes([len(label)]) + label.encode() for label in NAME.split(".")) + b"\x00\x00\x01\x00\x01")
        deadline = time.time() + SETTLE_SECONDS
        while True:
            if self.process.poll() is not None:
                raise RuntimeError("dnsmasq ended: " + open(os.path.join(work, "dnsmasq.log"), errors="replace").read())
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.settimeout(0.2)
                try:
                    probe.sendto(query, ("127.0.0.1", self.port))
                    if probe.recv(512)[:2] == b"\x12\x34":
                        break
                except OSError:
                    pass
            if time.time() > deadline:
                self.stop()
                raise RuntimeError("dnsmasq did not answer")

    def serve(self, addresses):
        with open(self.hosts + ".new", "w") as hosts:
            hosts.writelines(f"{address} {NAME}\n" for address in addresses)
        os.chmod(self.hosts + ".new", 0o644)
        os.replace(self.hosts + ".new", self.hosts)
        if hasattr(self, "process"):
            self.process.send_signal(signal.SIGHUP)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class Front:
    """HAProxy with the committed configuration, its addresses given by environment."""

    PODMAN = ["podman", "--runtime", "runc"]

    def __init__(self, work, dns, replica_port, environment=None, cgroup=None, conf=FRONT_CONF, container=None):
        """`environment` adds to (or overrides) what the front is told, e.g. CACHE_MB (64
        unless given); `cgroup`, a cgroup-v1 memory cgroup's directory, is where HAProxy
        runs from its first instruction (its cache is charged there as it is allocated);
        `conf` another configuration than the committed one (to show what a test finds
        in an older one); `container`, (image, memory limit), runs HAProxy from the image
        with podman under that limit (`--memory`, no swap beyond it), on the host's
        network, the configuration and `work` (its runtime socket) mounted, told the
        variables the configuration reads."""
        self.port, self.admin = free_port(), free_port()
        self.socket = os.path.join(work, "haproxy.sock")
        self.log_path = os.path.join(work, "haproxy.log")
        environment = {**os.environ, "FRONT_BIND": f"127.0.0.1:{self.port}", "ADMIN_BIND": f"127.0.0.1:{self.admin}",
                       "DNS_NAMESERVER": f"127.0.0.1:{dns.port}", "SPINNERD_FQDN": NAME, "SPINNERD_PORT": str(replica_port),
                       "STATS_SOCKET": self.socket, "CACHE_MB": "64", **(environment or {})}
        check = subprocess.run(["haproxy", "-c", "-f", conf], env=environment, capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError("haproxy -c: " + check.stdout + check.stderr)
        self.log = open(self.log_path, "w")
        command = ["haproxy", "-db", "-f", conf]
        if cgroup:
            command = ["sh", "-c", f'echo $$ > "{cgroup}/tasks" && exec "$@"', "sh", *command]
        self.container = None
        if container:
            image, memory = container
            self.container = f"spinnerd-front-{os.getpid()}-{self.port}"
            text = open(conf).read()
            told = sorted(set(re.findall(r"\$\{(\w+)", text)) | set(re.findall(r"defined\((\w+)\)", text)))
            command = [*self.PODMAN, "run", "--name", self.container, "--network=host", "--pull=never",
                       f"--memory={memory}", f"--memory-swap={memory}", "-v", f"{conf}:/etc/haproxy/front.cfg:ro",
                       "-v", f"{work}:{work}", *[part for name in told if name in environment
                                                  for part in ("-e", f"{name}={environment[name]}")],
                       # As front.yaml runs it: master and worker (-W), the master PID 1.
                       image, "haproxy", "-W", "-db", "-f", "/etc/haproxy/front.cfg"]
        self.process = subprocess.Popen(command, env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        self.pid = self.process.pid
        # Up once its admin port answers (/healthz waits for a replica; /livez does not).
        deadline = time.time() + SETTLE_SECONDS
        while time.time() < deadline:
            if self.process.poll() is not None:
                break
            try:
                get(self.admin, "/livez", timeout=5)
                if self.container:  # HAProxy's own process, seen from here
                    self.pid = int(subprocess.run([*self.PODMAN, "inspect", "--format", "{{.State.Pid}}", self.container],
                                                  capture_output=True, text=True, check=True).stdout)
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("haproxy did not start: " + open(self.log_path).read()[-2000:])

    def health(self):
        """The status of the front's /healthz (its readiness)."""
        return get(self.admin, "/healthz", timeout=10)[0]

    def command(self, text):
        """The runtime API's answer to `text` (e.g. "show table clients")."""
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(self.socket)
            s.sendall(text.encode() + b"\n")
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        return data.decode(errors="replace")

    def slots(self):
        """[(slot id, address, status)] of the backend's slots that have an address (`show stat`)."""
        rows = csv.DictReader(io.StringIO(self.command("show stat").lstrip("# ")))
        return [(int(row["sid"]), row["addr"].rsplit(":", 1)[0], row["status"]) for row in rows
                if row["pxname"] == "replicas" and row["svname"] not in ("BACKEND", "FRONTEND") and row.get("addr")]

    def servers(self):
        """{address: status} of the backend's slots that have an address."""
        return {address: status for _, address, status in self.slots()}

    def wait_for(self, addresses):
        """Waits until exactly `addresses` are UP in the front; the seconds it took."""
        started, deadline = time.time(), time.time() + SETTLE_SECONDS
        while time.time() < deadline:
            up = {address for address, status in self.servers().items() if status == "UP"}
            if up == set(addresses):
                return time.time() - started
            time.sleep(0.1)
        raise RuntimeError(f"the front did not come to {sorted(addresses)}: {self.servers()}; its log: "
                           + open(self.log_path, errors="replace").read()[-1500:])

    def log_offset(self):
        """Where the front's log ends now: `owners` reads only what comes after."""
        self.log.flush()
        return os.path.getsize(self.log_path)

    def owners(self, paths, offset=0):
        """{path: replica address} from the front's log lines of `paths` (asked past its
        cache) written after `offset`."""
        found = {}
        pattern = re.compile(r" replicas/spinnerd\d+ (127\.0\.0\.\d+):\d+ .* 200 .*\"GET (\S+) HTTP/1\.1\"")
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            for line in log.read().decode(errors="replace").splitlines():
                match = pattern.search(line)
                if match and match.group(2) in paths:
                    found[match.group(2)] = match.group(1)
        return found

    def lines(self, offset=0):
        """The front's log lines written after `offset`."""
        self.log.flush()
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            return log.read().decode(errors="replace").splitlines()

    def alive(self):
        """Whether HAProxy still runs (in a container: whether podman still does)."""
        return self.process.poll() is None

    def memory_cgroup(self):
        """The cgroup-v1 memory cgroup directory HAProxy runs in."""
        for line in open(f"/proc/{self.pid}/cgroup"):
            _, controllers, path = line.rstrip("\n").split(":", 2)
            if "memory" in controllers.split(","):
                return "/sys/fs/cgroup/memory" + path
        raise RuntimeError("HAProxy has no cgroup-v1 memory cgroup")

    def oom_killed(self):
        """podman's record of the container (None outside one): whether it was OOM-killed."""
        if not self.container:
            return None
        out = subprocess.run([*self.PODMAN, "inspect", "--format", "{{.State.OOMKilled}}", self.container],
                             capture_output=True, text=True).stdout.strip()
        return out == "true"

    def stop(self):
        if self.container:
            subprocess.run([*self.PODMAN, "stop", "-t", "10", self.container], capture_output=True)
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        if self.container:
            subprocess.run([*self.PODMAN, "rm", "-f", self.container], capture_output=True)
        self.log.close()
