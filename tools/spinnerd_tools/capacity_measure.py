"""What the capacity model takes from the binary: per class (kind, format, size) the render's
CPU seconds (`spinnerd cost`), the answer's bytes (`spinnerd render`, interpolated in the
size), and one cached answer's CPU seconds on a live server."""
import math
import os
import subprocess
import tempfile

from .harness import TICKS, Server


class Costs:
    """Per class (kind, format, size or None for the default): render CPU seconds from
    `spinnerd cost`, answer bytes from `spinnerd render` (interpolated in size), and one
    cached answer's CPU seconds measured on a live server."""

    def __init__(self, binary, classes):
        self.binary = binary
        self.seconds, self.bytes, self.natural = {}, {}, {}
        with tempfile.TemporaryDirectory() as folder:
            for kind, fmt in sorted({(k, f) for k, f, _ in classes}):
                natural = self.natural.setdefault(kind, self.natural_size(kind))
                measured = {natural: self.render_bytes(folder, kind, fmt, natural)}
                if fmt not in ("svg", "json"):
                    for size in (24, 128):
                        measured[size] = self.render_bytes(folder, kind, fmt, size)
                self.bytes[(kind, fmt)] = measured
            for kind, fmt, size in sorted(classes, key=str):
                self.seconds[(kind, fmt, size)] = self.cost_seconds(kind, fmt, size)
        self.hit_seconds = self.cached_answer_seconds()

    def natural_size(self, kind):
        out = subprocess.run([self.binary, "cost", kind, "format=png"], capture_output=True, text=True, check=True).stdout
        return int(dict(word.split("=", 1) for word in out.split())["pixels"])

    def render_bytes(self, folder, kind, fmt, size):
        target = os.path.join(folder, f"{kind}.{fmt}")
        subprocess.run([self.binary, "render", kind, f"format={'lottie' if fmt == 'json' else fmt}",
                        f"size={size}", "-o", target], check=True, capture_output=True)
        return os.path.getsize(target)

    def cost_seconds(self, kind, fmt, size):
        args = [self.binary, "cost", kind, f"format={'lottie' if fmt == 'json' else fmt}"]
        if size:
            args.append(f"size={size}")
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
        return float(dict(word.split("=", 1) for word in out.split())["seconds"])

    def answer_bytes(self, kind, fmt, size):
        measured = self.bytes[(kind, fmt)]
        natural = self.natural[kind]
        if size is None or len(measured) == 1:
            return measured[natural]
        # Bytes ≈ a·size^b through the two measured sizes that bracket `size`.
        small, large = (24, natural) if size <= natural else (natural, 128)
        if small == large:
            return measured[natural]
        b = math.log(measured[large] / measured[small]) / math.log(large / small)
        return int(measured[small] * (size / small) ** b)

    def cached_answer_seconds(self, requests=6000):
        """Server CPU seconds per cached answer: one keep-alive client asks a cached URL
        `requests` times; the server's CPU ticks (user + system) over the count."""
        import http.client
        server = Server(self.binary, log_level="warn")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            for _ in range(50):
                connection.request("GET", "/spinner/circular.gif")
                connection.getresponse().read()
            before = server.cpu_seconds()
            for _ in range(requests):
                connection.request("GET", "/spinner/circular.gif")
                connection.getresponse().read()
            after = server.cpu_seconds()
            connection.close()
        finally:
            server.stop()
        return max(after - before, 1 / TICKS) / requests
