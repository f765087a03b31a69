#!/usr/bin/env python3
"""Measures what a render costs on this machine, per format: seconds of one core per
megapixel-frame (pixels × frames) for every kind, at sizes on both sides of the point
where encoders switch to quick effort, on a transparent and a translucent background.
Its table is what RenderCostModel's figures come from (`make bench` prints it again);
the slowest kind's rate is the one the model uses.

    calibrate-render-cost.py [--binary PATH] [--repeat N] [--formats apng,gif,png,webp] [--write]

With --write it regenerates Sources/SpinnerRendering/RenderCostTable.swift from the
measured rates (each raised by a margin for noise); commit it with the table printed.
Formats not measured this time (--formats) keep the rows already in the table.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import time

KINDS = ["circular", "activity", "dots", "arc", "capsules"]
FORMATS = ["apng", "gif", "png", "webp"]
ANIMATED = ["apng", "gif", "webp"]
# Formats also measured with many small frames (see main).
MANY_FRAMES = ["webp"]
# Extra margin by format, over --margin: WebP's cost in the service (a render thread)
# varies more than `spinnerd render` shows, with libwebp's allocations per frame.
FORMAT_MARGIN = {"webp": 1.125}
TABLE = os.path.join(os.path.dirname(__file__), "..", "Sources", "SpinnerRendering", "RenderCostTable.swift")
QUICK_EFFORT_PIXEL_FRAMES = 3_000_000  # SpinnerRenderer.quickEffortPixelFrames


# The calibration measures renders beyond the time budget it is used to set.
UNBOUNDED = dict(os.environ, SPINNERD_MAX_RENDER_SECONDS="1000")


def cost(binary, kind, params):
    out = subprocess.run([binary, "cost", kind, *params], capture_output=True, text=True, env=UNBOUNDED)
    if out.returncode != 0:
        return None
    return {k: float(v) for k, v in re.findall(r"([a-z-]+)=([0-9.]+)", out.stdout)}


def render(binary, kind, params, repeat):
    """The median of `repeat` runs (these machines' speed varies by a third from minute
    to minute; the median is what a render typically takes): (seconds, peak resident MiB)."""
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        process = subprocess.Popen([binary, "render", kind, *params, "-o", "/dev/null"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=UNBOUNDED)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        if status != 0:
            raise RuntimeError(f"{kind} {params}: {process.stderr.read().decode()}")
        runs.append((elapsed, usage.ru_maxrss / 1024))
    return sorted(runs)[len(runs) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/spinnerd")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write", action="store_true", help="regenerate RenderCostTable.swift")
    parser.add_argument("--margin", type=float, default=1.2, help="factor the written rates carry over the measured ones")
    parser.add_argument("--formats", default=",".join(FORMATS), help="formats to measure (others keep their rows)")
    arguments = parser.parse_args()
    formats = [f for f in FORMATS if f in arguments.formats.split(",")]
    binary = arguments.binary
    header = (f"{'format':6} {'kind':9} {'background':10} {'px':>5} {'frames':>6} {'Mpx·frames':>10} {'effort':8} "
              f"{'seconds':>8} {'s/Mpx·frame':>12} {'peak MiB':>9}   (s/Mpx·frame after the per-frame part)")
    worst = {}
    rates = {}
    # Seconds per frame whatever its size (drawing a path is work however few its pixels:
    # arc's dotted gradient costs more at 16 px than its pixels say), from many tiny frames.
    per_frame = {}
    for fmt in [f for f in formats if f in ANIMATED]:
        for kind in KINDS:
            for duration in ["10", "5", "2", "1"]:
                params = [f"format={fmt}", "size=16", "fps=60", f"duration={duration}"]
                found = cost(binary, kind, params)
                if found:
                    break
            if not found:
                params = [f"format={fmt}", "size=16", "fps=60"]
                found = cost(binary, kind, params)
            seconds, _ = render(binary, kind, params, arguments.repeat)
            per_frame[(fmt, kind)] = seconds / found["frames"]
            print(f"{fmt:6} {kind:9} per frame: {int(found['frames'])} frames of 16 px in {seconds:.3f} s: "
                  f"{per_frame[(fmt, kind)] * 1000:.3f} ms a frame", flush=True)
    for kind in KINDS:
        per_frame[("png", kind)] = 0.0
    print(header)
    for fmt in formats:
        for kind in KINDS:
            for background, shape in [(b, s) for b in ["transparent", "80808080"] for s in ["default", "many frames"]]:
                if shape == "many frames" and fmt not in MANY_FRAMES:
                    continue
                base = ["format=" + fmt] + ([] if background == "transparent" else ["background=" + background])
                if shape == "many frames":
                    # The same pixels × frames as small frames at 60 fps over a long loop: an
                    # encoder whose cost per pixel falls with the frame's size (WebP) costs
                    # more per pixel there, and the rate must cover both shapes.
                    for duration in ["15", "10", "5", "2"]:
                        if cost(binary, kind, base + ["size=16", "fps=60", f"duration={duration}"]):
                            base = base + ["fps=60", f"duration={duration}"]
                            break
                probe = cost(binary, kind, base + ["size=100"])
                if probe is None:
                    continue
                frames = int(probe["frames"])
                # Near the top of each regime: the cost per pixel grows with the frame's size.
                targets = [2_000_000, 8_000_000] if fmt == "png" else [2_900_000, 30_000_000]
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
                    rate = max(0.0, seconds - estimate["frames"] * per_frame[(fmt, kind)]) / megapixel_frames
                    effort = "quick" if estimate["pixel-frames"] > QUICK_EFFORT_PIXEL_FRAMES and fmt != "png" else "thorough"
                    key = (fmt, effort)
                    worst[key] = max(worst.get(key, 0), rate)
                    cell = (fmt, effort, kind, "transparent" if background == "transparent" else "filled")
                    rates[cell] = max(rates.get(cell, 0), rate)
                    print(f"{fmt:6} {kind:9} {background:10} {int(estimate['pixels']):5} {int(estimate['frames']):6} {megapixel_frames:10.2f} "
                          f"{effort:8} {seconds:8.3f} {rate:12.4f} {peak:9.1f}", flush=True)
    print("\nslowest kind per format and effort (seconds of one core per megapixel-frame):")
    for (fmt, effort), rate in sorted(worst.items()):
        print(f"  {fmt:5} {effort:8} {rate:.4f}")
    if arguments.write:
        write_table(rates, per_frame, arguments.margin, formats)
    return 0


def existing_rows():
    """The rows of the table as it is, by format: its rates block and its per-frame line."""
    blocks, per_frame_lines = {}, {}
    if not os.path.exists(TABLE):
        return blocks, per_frame_lines
    lines = open(TABLE).read().splitlines()
    for index, line in enumerate(lines):
        match = re.match(r"        \.([a-z]+): \[$", line)
        if match:
            blocks[match.group(1)] = lines[index:index + 4]
        match = re.match(r"        \.([a-z]+): \[\.circular: [0-9.]+, ", line)
        if match:
            per_frame_lines[match.group(1)] = line
    return blocks, per_frame_lines


def write_table(rates, per_frame, margin, measured):
    """Writes the Swift table RenderCostModel reads: seconds per megapixel-frame by format,
    effort, kind and background (transparent, or filled with any colour)."""
    old_blocks, old_per_frame = existing_rows()
    lines = ["// Generated by scripts/calibrate-render-cost.py --write: seconds of one core per",
             "// megapixel-frame, measured on this project's machines and raised by a margin of",
             f"// {margin:.2f} for noise ({margin * FORMAT_MARGIN['webp']:.2f} for WebP). Regenerate after changing a renderer or an encoder.",
             "import SpinnerModel", "",
             "extension RenderCostModel {",
             "    /// Seconds per megapixel-frame by format, effort (thorough, quick), kind and background (transparent, filled).",
             "    static let measuredRates: [OutputFormat: [[SpinnerKind: (transparent: Double, filled: Double)]]] = ["]
    for fmt in FORMATS:
        if fmt not in measured:
            lines += old_blocks[fmt]
            continue
        lines.append(f"        .{fmt}: [")
        for effort in ["thorough", "quick"]:
            entries = []
            for kind in KINDS:
                source = effort if (fmt, effort, kind, "transparent") in rates else "thorough"
                transparent = rates[(fmt, source, kind, "transparent")] * margin * FORMAT_MARGIN.get(fmt, 1)
                filled = rates[(fmt, source, kind, "filled")] * margin * FORMAT_MARGIN.get(fmt, 1)
                entries.append(f".{kind}: ({transparent:.4f}, {filled:.4f})")
            lines.append("            [" + ", ".join(entries) + "],")
        lines.append("        ],")
    lines += ["    ]", "",
              "    /// Seconds per frame whatever its size, by format and kind (drawing and per-frame encoding).",
              "    static let measuredSecondsPerFrame: [OutputFormat: [SpinnerKind: Double]] = ["]
    for fmt in FORMATS:
        if fmt not in measured:
            lines.append(old_per_frame[fmt])
            continue
        entries = ", ".join(f".{kind}: {per_frame[(fmt, kind)] * margin * FORMAT_MARGIN.get(fmt, 1):.6f}" for kind in KINDS)
        lines.append(f"        .{fmt}: [{entries}],")
    lines += ["    ]", "}", ""]
    with open(TABLE, "w") as table:
        table.write("\n".join(lines))
    print(f"wrote {os.path.normpath(TABLE)}")


if __name__ == "__main__":
    sys.exit(main())
