#!/usr/bin/env python3
"""What the autoscaler would read of a replica nobody is asking anything of (`make bench`).

The HPA of deploy/kubernetes scales on CPU: averageUtilization of the pods' CPU request
(hpa.yaml's target × deployment.yaml's request, 70 % of 500m = 0.35 cores a pod). Work no
visitor causes must stay under it, or an idle fleet asks for more pods. Two cases, each with
the manifests' settings (deploy/kubernetes/spinnerd.env) and without the one that matters:

- after a burst: 35 cold APNG, GIF and WebP URLs at 2x and the kinds' 5 default APNGs at
  once (provisional answers, so their final encodes queue behind them, the defaults'
  exhaustive), then nothing: the process's CPU over the next
  WINDOW seconds, with SPINNERD_BACKGROUND_CPU and without it (the defaults not rendered
  ahead in either);
- a fresh pod: the first WINDOW seconds of a new process, as the manifests start it (no
  prerender, background bounded) and with spinnerd's defaults (every default rendered ahead
  at start, with their final encodes, unbounded).

For each: cores used (process CPU seconds over wall seconds, read from /proc), and what the
HPA would do with that utilisation at its minimum of 2 pods (desired = ceil(2 × u / target)).

    scripts/bench_idle_cpu.py [--binary PATH] [--window SECONDS]
"""
import argparse
import math
import os
import re
import subprocess
import threading
import time
import urllib.request

from spinnerd_tools.harness import Server, kinds

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TICKS = os.sysconf("SC_CLK_TCK")


def manifest_settings():
    """spinnerd.env's variables, and the HPA's target in cores a pod."""
    variables = {}
    for line in open(os.path.join(ROOT, "deploy", "kubernetes", "spinnerd.env")):
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.strip().partition("=")
            variables[name] = value
    target = int(re.search(r"averageUtilization: (\d+)", open(os.path.join(ROOT, "deploy", "kubernetes", "hpa.yaml")).read()).group(1))
    request = re.search(r"requests:\s*\n\s*cpu: (\d+)m", open(os.path.join(ROOT, "deploy", "kubernetes", "deployment.yaml")).read())
    return variables, target / 100 * int(request.group(1)) / 1000, target


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def flags(variables, prerender, bounded):
    return ["--log-level", "warn", "--prerender=" + ("true" if prerender else "false"),
            "--background-cpu", variables.get("SPINNERD_BACKGROUND_CPU", "off") if bounded else "off"]


def measure(binary, arguments, window, burst):
    server = Server(binary, args=arguments, settle=False, production_deadlines=True)
    try:
        if burst:
            paths = [f"/spinner/{kind}.{fmt}?size={64 + n}&scale=2" for n, (kind, fmt) in
                     enumerate((k, f) for k in kinds(binary) for f in ("apng", "gif", "webp"))]
            paths = [p + f"&loops={n}" for n, p in enumerate((paths * 3)[:35])]
            # And the kinds' default APNGs, kept compressed exhaustively (zopfli: tens of
            # seconds of CPU each behind their provisional answers).
            paths += [f"/spinner/{kind}.apng" for kind in kinds(binary)]
            threads = [threading.Thread(target=lambda p=p: urllib.request.urlopen(f"http://127.0.0.1:{server.port}{p}", timeout=120).read())
                       for p in paths]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        start_cpu, start = cpu_seconds(server.pid), time.monotonic()
        time.sleep(window)
        return (cpu_seconds(server.pid) - start_cpu) / (time.monotonic() - start)
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    parser.add_argument("--window", type=float, default=90)
    arguments = parser.parse_args()
    variables, target_cores, target_percent = manifest_settings()
    print(f"== CPU with nobody asking (the HPA's target: {target_percent} % of the request = {target_cores:.2f} cores a pod)")
    print(f"  {'case':<34} {'settings':<30} {'cores':>6} {'of target':>10} {'HPA at 2 pods':>14}")
    prerender = variables.get("SPINNERD_PRERENDER", "true") == "true"
    cases = [("idle after a burst of 40 cold URLs", True, prerender, True, "the manifests"),
             ("idle after a burst of 40 cold URLs", True, prerender, False, "the manifests, background off"),
             ("a fresh pod's first window", False, prerender, True, "the manifests"),
             ("a fresh pod's first window", False, True, False, "spinnerd's defaults")]
    for case, burst, ahead, bounded, label in cases:
        cores = measure(arguments.binary, flags(variables, ahead, bounded), arguments.window, burst)
        ratio = cores / target_cores  # within the HPA's tolerance of 10 % it changes nothing
        desired = 2 if abs(ratio - 1) <= 0.1 else max(2, math.ceil(2 * ratio))
        print(f"  {case:<34} {label:<30} {cores:6.3f} {ratio:9.0%} {desired:>8} pods", flush=True)


if __name__ == "__main__":
    main()
