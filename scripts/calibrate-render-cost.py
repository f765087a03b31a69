#!/usr/bin/env python3
"""Measures what a render costs on this machine, per format: seconds of one core per
megapixel-frame (pixels × frames) for every kind, at sizes on both sides of the point
where encoders switch to quick effort, on a transparent and a translucent background.
Its table is what RenderCostModel's figures come from (`make bench` prints it again);
the slowest kind's rate is the one the model uses.

    calibrate-render-cost.py [--binary PATH] [--repeat N]
"""
import argparse
import math
import os
import re
import subprocess
import sys
import time

KINDS = ["circular", "activity", "dots", "arc", "capsules"]
QUICK_EFFORT_PIXEL_FRAMES = 4_000_000


def cost(binary, kind, params):
    out = subprocess.run([binary, "cost", kind, *params], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return {k: float(v) for k, v in re.findall(r"([a-z-]+)=([0-9.]+)", out.stdout)}


def render(binary, kind, params, repeat):
    """Best of `repeat` runs: (seconds, peak resident MiB)."""
    best = (math.inf, 0.0)
    for _ in range(repeat):
        started = time.perf_counter()
        process = subprocess.Popen([binary, "render", kind, *params, "-o", "/dev/null"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        if status != 0:
            raise RuntimeError(f"{kind} {params}: {process.stderr.read().decode()}")
        best = min(best, (elapsed, usage.ru_maxrss / 1024))
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/spinnerd")
    parser.add_argument("--repeat", type=int, default=2)
    arguments = parser.parse_args()
    binary = arguments.binary
    print(f"{'format':6} {'kind':9} {'background':10} {'px':>5} {'frames':>6} {'Mpx·frames':>10} {'effort':8} "
          f"{'seconds':>8} {'s/Mpx·frame':>12} {'peak MiB':>9}")
    worst = {}
    for fmt in ["apng", "gif", "png"]:
        for kind in KINDS:
            for background in ["transparent", "80808080"]:
                base = ["format=" + fmt] + ([] if background == "transparent" else ["background=" + background])
                probe = cost(binary, kind, base + ["size=100"])
                frames = int(probe["frames"])
                targets = [1_000_000] if fmt == "png" else [3_500_000, 16_000_000]
                if fmt == "png":
                    targets = [4_000_000, 16_000_000]
                for target in targets:
                    pixels = int(math.sqrt(target / frames))
                    scale = max(1.0, math.ceil(pixels / 1024 * 100) / 100)
                    size = min(1024, max(8, round(pixels / scale)))
                    params = base + [f"size={size}"] + ([f"scale={scale}"] if scale > 1 else [])
                    estimate = cost(binary, kind, params)
                    if estimate is None:
                        continue
                    seconds, peak = render(binary, kind, params, arguments.repeat)
                    megapixel_frames = estimate["pixel-frames"] / 1e6
                    rate = seconds / megapixel_frames
                    effort = "quick" if estimate["pixel-frames"] > QUICK_EFFORT_PIXEL_FRAMES and fmt != "png" else "thorough"
                    key = (fmt, effort)
                    worst[key] = max(worst.get(key, 0), rate)
                    print(f"{fmt:6} {kind:9} {background:10} {int(estimate['pixels']):5} {frames:6} {megapixel_frames:10.2f} "
                          f"{effort:8} {seconds:8.3f} {rate:12.4f} {peak:9.1f}", flush=True)
    print("\nslowest kind per format and effort (seconds of one core per megapixel-frame):")
    for (fmt, effort), rate in sorted(worst.items()):
        print(f"  {fmt:5} {effort:8} {rate:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
