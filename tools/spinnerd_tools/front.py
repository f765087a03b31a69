"""The front of deploy/kubernetes (HAProxy with spinnerd-front.cfg, as committed) on
loopback, for the cluster and resize tests: dnsmasq serving a name whose A records a test
rewrites, as the headless Service's name answers one record per ready pod, and HAProxy told
only its addresses by environment."""
import csv
import io
import os
import re
import signal
import socket
import subprocess
import time

from .harness import free_port, get

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FRONT_CONF = os.path.join(ROOT, "deploy", "kubernetes", "spinnerd-front.cfg")
NAME = "spinnerd.cluster.test"
# Replicas listen on these, one port for all, as pods share a container port.
ADDRESSES = [f"127.0.0.{n}" for n in range(2, 7)]
# Bounds on a hang, not on speed: the front re-resolves every second and checks health
# every two; a replica starts in milliseconds.
SETTLE_SECONDS = 120


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
    """dnsmasq answering NAME with the addresses of `serve`, reloaded on SIGHUP."""

    def __init__(self, work):
        self.port = free_port()
        self.hosts = os.path.join(work, "hosts")
        self.serve([])
        user = ["--user=root"] if os.geteuid() == 0 else []
        self.process = subprocess.Popen(
            ["dnsmasq", "--no-daemon", "--conf-file=/dev/null", f"--port={self.port}", "--listen-address=127.0.0.1",
             "--bind-interfaces", "--no-resolv", "--no-hosts", f"--addn-hosts={self.hosts}", "--local-ttl=1",
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

    def __init__(self, work, dns, replica_port):
        self.port, self.admin = free_port(), free_port()
        self.socket = os.path.join(work, "haproxy.sock")
        self.log_path = os.path.join(work, "haproxy.log")
        environment = dict(os.environ, FRONT_BIND=f"127.0.0.1:{self.port}", ADMIN_BIND=f"127.0.0.1:{self.admin}",
                           DNS_NAMESERVER=f"127.0.0.1:{dns.port}", SPINNERD_FQDN=NAME, SPINNERD_PORT=str(replica_port),
                           STATS_SOCKET=self.socket, CACHE_MB="64")
        check = subprocess.run(["haproxy", "-c", "-f", FRONT_CONF], env=environment, capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError("haproxy -c: " + check.stdout + check.stderr)
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(["haproxy", "-db", "-f", FRONT_CONF], env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + SETTLE_SECONDS
        while time.time() < deadline:
            try:
                if get(self.admin, "/healthz", timeout=5)[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("haproxy did not start: " + open(self.log_path).read()[-2000:])

    def slots(self):
        """[(slot id, address, status)] of the backend's slots that have an address (`show stat`)."""
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(self.socket)
            s.sendall(b"show stat\n")
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        rows = csv.DictReader(io.StringIO(data.decode().lstrip("# ")))
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
        pattern = re.compile(r" (127\.0\.0\.\d+):\d+ .* 200 .*\"GET (\S+) HTTP/1\.1\"")
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            for line in log.read().decode(errors="replace").splitlines():
                match = pattern.search(line)
                if match and match.group(2) in paths:
                    found[match.group(2)] = match.group(1)
        return found

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()
