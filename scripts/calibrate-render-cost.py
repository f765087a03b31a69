#!/usr/bin/env python3
"""The author of Sources/SpinnerRendering/RenderCostTable.swift: measures what renders
cost on this machine, and writes the table RenderCostModel reads from one or more runs.

    calibrate-render-cost.py measure [--binary PATH] [--repeat N] [--formats apng,gif,png,webp] [--cold-only] --out RUN.json
    calibrate-render-cost.py write RUN.json [RUN.json …] [--margin 1.2]

`measure` renders every kind (as `spinnerd kinds` lists them) in every raster format at
sizes on both sides of the point where encoders switch to quick effort (the effort each
render gets is what `spinnerd cost` says), on a transparent and a translucent background,
and records for each format, effort, kind and background the seconds of CPU per
megapixel-frame (pixels × frames; user + system time of the process, so a render that
uses two cores costs what it costs one), after a per-frame part measured on many tiny
frames (drawing a path costs whatever its pixels), and each render's peak memory. WebP is
also rendered as many small frames; what those cost beyond the large frames' rate raises
its per-frame part, not its rate. An effort whose range ends below the usual sizes is
measured at the largest render it gets. Runs are kept in scripts/calibration/.

An APNG at thorough effort is filed by the deflate `spinnerd cost` names: `deflate=cold`
(every URL but a kind's defaults, so every render measured here) under `apng-cold`, the
table's `apngCold`; the `apng` thorough rates and per-frame part (the kinds' defaults,
rendered ahead with the strongest deflate) come from runs made before the cold tiers,
whose renders all got that deflate (2026-12-02.json): no large render gets it now. `measure`
also renders the cold APNG probes (five kinds, theme=dark and color=ff3b30, sizes 40-400,
scales 1-2, those the budget admits at thorough effort) and keeps each one's CPU seconds and peak
in the run (`coldProbes`): a unit test holds the model's estimate of each above them.
`--cold-only` measures only that (the cold section and the probes), leaving every other
cell to the runs that have it: for a change to the cold tiers alone.

`write` merges runs — each cell the highest of them, as these machines' speed drifts by a
third — raises every rate by the margin (and WebP's by a further 1.125: its cost in the
service varies more), and writes the table; a cell that no run measured is an error, not
a guess. The table's header names the runs it was made from. Never edit the table by hand.
"""
import argparse
import datetime
import json
import math
import os
import platform
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from spinnerd_tools.harness import formats, kinds



def drawn_formats(binary):
    """{format: its encoder efforts} for the formats a render draws (SVG and Lottie are
    written, not drawn: no efforts), by name, read from the catalog; and which animate."""
    listed = sorted((f for f in formats(binary) if f["efforts"]), key=lambda f: f["name"])
    return {f["name"]: f["efforts"] for f in listed}, [f["name"] for f in listed if f["animated"]]


BACKGROUNDS = ["transparent", "filled"]
# Formats also measured with many small frames (an encoder whose cost per pixel falls
# with the frame's size costs more per pixel there, and the rate must cover both shapes).
MANY_FRAMES = ["webp"]
FORMAT_MARGIN = {"webp": 1.125}
# Still formats whose quick effort is only their provisional answer (`spinnerd cost` never
# names it): measured by `render --provisional` beside each thorough render.
STILL_PROVISIONAL = ["png"]
# Formats whose thorough renders are priced apart when `spinnerd cost` names their deflate
# `cold`: the table's section for them, and its field in RenderCostTable.swift.
COLD = {"apng": ("apng-cold", "apngCold")}
COLD_SECTIONS = {cold for cold, _ in COLD.values()}
# The cold APNG probes kept in a run (`coldProbes`).
COLD_PROBES = {"styles": [["theme=dark"], ["color=ff3b30"]], "sizes": [40, 100, 200, 300, 400], "scales": [1, 2]}
TABLE = os.path.join(ROOT, "Sources", "SpinnerRendering", "RenderCostTable.swift")
# Renders beyond the time budget are measured too: the budget is set from them.
UNBOUNDED = dict(os.environ, SPINNERD_MAX_RENDER_SECONDS="1000")


def cost(binary, kind, params):
    """`spinnerd cost`'s estimate (numbers and the effort), or None when the budget refuses it."""
    out = subprocess.run([binary, "cost", kind, *params], capture_output=True, text=True, env=UNBOUNDED)
    if out.returncode != 0:
        return None
    found = {k: float(v) for k, v in re.findall(r"([a-z-]+)=([0-9.]+)", out.stdout)}
    found["effort"] = re.search(r"effort=(\w+)", out.stdout).group(1)
    deflate = re.search(r"deflate=(\w+)", out.stdout)
    found["deflate"] = deflate.group(1) if deflate else None
    return found


def section(fmt, found):
    """The table section a render of `fmt` with `spinnerd cost`'s estimate `found` is filed
    under: its format's, or the cold one for a thorough render the binary names cold."""
    if fmt in COLD and found["effort"] == "thorough" and found["deflate"] == "cold":
        return COLD[fmt][0]
    return fmt


def render(binary, kind, params, repeat, flags=()):
    """The median of `repeat` runs: (CPU seconds, peak resident MiB)."""
    runs = []
    for _ in range(repeat):
        process = subprocess.Popen([binary, "render", kind, *params, *flags, "-o", "/dev/null"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=UNBOUNDED)
        _, status, usage = os.wait4(process.pid, 0)
        if status != 0:
            raise RuntimeError(f"{kind} {params}: {process.stderr.read().decode()}")
        runs.append((usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024))
    return sorted(runs)[len(runs) // 2]


def measure(arguments):
    binary = arguments.binary
    names = kinds(binary)
    efforts, animated = drawn_formats(binary)
    chosen = [f for f in efforts if (arguments.formats is None or f in arguments.formats.split(","))
              and (not arguments.cold_only or f in COLD)]
    per_frame, rates, peaks, frame_work = {}, {}, [], {}
    # (format, effort, kind, background) → the rate of the default shape's frames.
    large_frame_rates = {}
    for fmt in [f for f in chosen if f in animated]:
        for kind in names:
            for duration in ["10", "5", "2", "1", None]:
                params = [f"format={fmt}", "size=16", "fps=60"] + ([f"duration={duration}"] if duration else [])
                found = cost(binary, kind, params)
                if found:
                    break
            seconds, _ = render(binary, kind, params, arguments.repeat)
            per_frame.setdefault(section(fmt, found), {})[kind] = seconds / found["frames"]
            # Subtracted from every render of the format's (quick ones too) when its section
            # has no per-frame part of its own in this run.
            frame_work.setdefault(fmt, {})[kind] = seconds / found["frames"]
            print(f"{section(fmt, found):9} {kind:9} per frame: {int(found['frames'])} frames of 16 px in {seconds:.3f} s: "
                  f"{frame_work[fmt][kind] * 1000:.3f} ms a frame", flush=True)
    if "png" in chosen:
        per_frame["png"] = {kind: 0.0 for kind in names}  # one frame: all of it is in the rate

    def per_frame_of(cell, fmt, kind):
        return per_frame.get(cell, {}).get(kind, frame_work.get(fmt, {}).get(kind, 0))

    def measured(fmt, effort, kind, background):
        cells = [fmt] + ([COLD[fmt][0]] if fmt in COLD else [])
        return any(background in rates.get(cell, {}).get(effort, {}).get(kind, {}) for cell in cells)
    print(f"{'format':9} {'kind':9} {'background':11} {'px':>5} {'frames':>6} {'Mpx·frames':>10} {'effort':8} "
          f"{'CPU s':>8} {'s/Mpx·frame':>12} {'peak MiB':>9}")
    for fmt in chosen:
        for kind in names:
            for background in BACKGROUNDS:
                for shape in ["default"] + (["many frames"] if fmt in MANY_FRAMES else []):
                    base = ["format=" + fmt] + ([] if background == "transparent" else ["background=80808080"])
                    if shape == "many frames":
                        for duration in ["15", "10", "5", "2"]:
                            if cost(binary, kind, base + ["size=16", "fps=60", f"duration={duration}"]):
                                base = base + ["fps=60", f"duration={duration}"]
                                break
                    probe = cost(binary, kind, base + ["size=100"])
                    if probe is None:
                        continue
                    frames = int(probe["frames"])
                    # Near the top of each effort's range (cost per pixel grows with the
                    # frame's size), and just past the switch, so every effort is measured
                    # on a render the budget admits.
                    targets = [2_000_000, 8_000_000] if fmt == "png" else [2_900_000, 3_300_000, 30_000_000]
                    # An effort whose range ends below the first target (WebP's thorough on
                    # arc and dots) is measured at the largest smaller render it gets.
                    smaller = [] if fmt == "png" else [2_000_000, 1_400_000, 1_000_000, 700_000, 500_000, 350_000, 250_000]
                    wanted = ["thorough"] if arguments.cold_only else efforts[fmt]
                    for target in targets + smaller:
                        if target in smaller and all(measured(fmt, effort, kind, background) for effort in wanted):
                            break
                        pixels = int(math.sqrt(target / frames))
                        scale = max(1.0, math.ceil(pixels / 1024 * 100) / 100)
                        size = min(1024, max(8, round(pixels / scale)))
                        params = base + [f"size={size}"] + ([f"scale={scale}"] if scale > 1 else [])
                        estimate = cost(binary, kind, params)
                        if estimate is None:
                            continue
                        if target in smaller and measured(fmt, estimate["effort"], kind, background):
                            continue  # that effort is measured; look further down for the other
                        seconds, peak = render(binary, kind, params, arguments.repeat)
                        megapixel_frames = estimate["pixel-frames"] / 1e6
                        frames_count = estimate["frames"]
                        filed = section(fmt, estimate)
                        if arguments.cold_only and filed not in COLD_SECTIONS:
                            continue
                        cell = rates.setdefault(filed, {}).setdefault(estimate["effort"], {}).setdefault(kind, {})
                        large = large_frame_rates.get((filed, estimate["effort"], kind, background))
                        if shape == "many frames" and large is not None:
                            # What many small frames cost beyond the large frames' rate is a cost
                            # per frame (libwebp's per-frame work), not per pixel: charged per
                            # pixel it made every large render's estimate 2–3× its time.
                            needed = max(0.0, seconds - megapixel_frames * large) / frames_count
                            per_frame.setdefault(filed, {})[kind] = max(per_frame.get(filed, {}).get(kind, 0.0), needed)
                            rate = large
                        else:
                            rate = max(0.0, seconds - frames_count * per_frame_of(filed, fmt, kind)) / megapixel_frames
                            cell[background] = max(cell.get(background, 0.0), rate)
                            if shape == "default":
                                key = (filed, estimate["effort"], kind, background)
                                large_frame_rates[key] = max(large_frame_rates.get(key, 0.0), rate)
                        peaks.append({"format": fmt, "kind": kind, "params": params, "peakMiB": round(peak, 1)})
                        print(f"{filed:9} {kind:9} {background:11} {int(estimate['pixels']):5} {int(estimate['frames']):6} "
                              f"{megapixel_frames:10.2f} {estimate['effort']:8} {seconds:8.3f} {rate:12.4f} {peak:9.1f}", flush=True)
                        if fmt in STILL_PROVISIONAL and estimate["effort"] == "thorough" and "quick" in wanted:
                            # A still image's quick effort is only ever its provisional answer.
                            seconds, peak = render(binary, kind, params, arguments.repeat, ["--provisional"])
                            quick = rates.setdefault(filed, {}).setdefault("quick", {}).setdefault(kind, {})
                            rate = seconds / megapixel_frames
                            quick[background] = max(quick.get(background, 0.0), rate)
                            peaks.append({"format": fmt, "kind": kind, "params": params + ["--provisional"], "peakMiB": round(peak, 1)})
                            print(f"{filed:9} {kind:9} {background:11} {int(estimate['pixels']):5} {int(estimate['frames']):6} "
                                  f"{megapixel_frames:10.2f} {'quick':8} {seconds:8.3f} {rate:12.4f} {peak:9.1f}", flush=True)
    probes = cold_probes(binary, names, arguments.repeat) if "apng" in chosen else []
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    run = {"made": datetime.date.today().isoformat(), "commit": commit, "machine": platform.node(),
           "cores": os.cpu_count(), "measure": "CPU seconds (user + system) of `spinnerd render`, median of "
           f"{arguments.repeat}", "perFrame": per_frame, "rates": rates, "peaks": peaks}
    if probes:
        run["coldProbes"] = probes
    with open(arguments.out, "w") as out:
        json.dump(run, out, indent=1, sort_keys=True)
    print(f"wrote {arguments.out}")
    return 0


def cold_probes(binary, names, repeat):
    """The cold APNG probes the default budget admits at thorough effort: each one's
    parameters, CPU seconds and peak MiB (the median run's; the estimate is printed, not
    kept: the unit test asks the model of its own build)."""
    print(f"{'cold probe':9} {'kind':9} {'parameters':30} {'estimate':>8} {'CPU s':>8} {'ratio':>6} {'peak MiB':>9}")
    probes = []
    for kind in names:
        for style in COLD_PROBES["styles"]:
            for size in COLD_PROBES["sizes"]:
                for scale in COLD_PROBES["scales"]:
                    params = ["format=apng"] + style + [f"size={size}"] + ([f"scale={scale}"] if scale > 1 else [])
                    out = subprocess.run([binary, "cost", kind, *params], capture_output=True, text=True)
                    if out.returncode != 0 or "deflate=cold" not in out.stdout:
                        continue
                    estimate = float(re.search(r"seconds=([0-9.]+)", out.stdout).group(1))
                    seconds, peak = render(binary, kind, params, repeat)
                    probes.append({"kind": kind, "params": params, "cpuSeconds": round(seconds, 4), "peakMiB": round(peak, 1)})
                    print(f"{'':9} {kind:9} {' '.join(params[1:]):30} {estimate:8.3f} {seconds:8.3f} {estimate / seconds:6.2f} "
                          f"{peak:9.1f}", flush=True)
    return probes


def write(arguments):
    runs = [(path, json.load(open(path))) for path in arguments.runs]
    names = kinds(arguments.binary)
    efforts, _ = drawn_formats(arguments.binary)
    merged_rates, merged_frames, missing = {}, {}, []
    sections = {}  # table section → its efforts, in the table's order
    for fmt in efforts:
        sections[fmt] = efforts[fmt]
        if fmt in COLD:
            sections[COLD[fmt][0]] = ["thorough"]
    names_in_swift = {fmt: fmt for fmt in efforts} | {cold: field for cold, field in COLD.values()}
    for fmt in sections:
        factor = arguments.margin * FORMAT_MARGIN.get(fmt, 1)
        for kind in names:
            frame_values = [run["perFrame"][fmt][kind] for _, run in runs if kind in run["perFrame"].get(fmt, {})]
            if not frame_values:
                missing.append(f"{fmt} per frame {kind}")
            merged_frames.setdefault(fmt, {})[kind] = max(frame_values or [0]) * factor
            for effort in sections[fmt]:
                for background in BACKGROUNDS:
                    values = [run["rates"][fmt][effort][kind][background] for _, run in runs
                              if background in run["rates"].get(fmt, {}).get(effort, {}).get(kind, {})]
                    if not values:
                        missing.append(f"{fmt} {effort} {kind} {background}")
                    merged_rates.setdefault(fmt, {}).setdefault(effort, {}).setdefault(kind, {})[background] = max(values or [0]) * factor
    if missing:
        print("no run measured: " + ", ".join(missing), file=sys.stderr)
        return 1
    sources = "; ".join(f"{os.path.relpath(path, ROOT)} ({run.get('made', '?')})" for path, run in runs)
    lines = ["// Generated by scripts/calibrate-render-cost.py write: never edit by hand. Seconds of one",
             "// core per megapixel-frame and per frame, each the highest of the runs",
             f"// {sources},",
             f"// raised by a margin of {arguments.margin:.2f} for noise "
             f"({arguments.margin * FORMAT_MARGIN['webp']:.2f} for WebP). Re-measure after changing a renderer or an encoder.",
             "import ImageCodecs",
             "import SpinnerModel",
             "",
             "extension RenderCostModel {",
             "    /// Seconds of one core per megapixel-frame by format, encoder effort, kind and",
             "    /// background, and per frame (drawing and per-frame encoding) by format and kind.",
             "    static let measured = MeasuredCosts("]
    def per_kind(values, indent):
        pad = " " * indent
        return "PerKind(\n" + ",\n".join(f"{pad}    {kind}: {values[kind]}" for kind in names) + ")"
    for position, fmt in enumerate(sections):
        rates = {effort: {kind: f"Rate(transparent: {merged_rates[fmt][effort][kind]['transparent']:.4f}, "
                                f"filled: {merged_rates[fmt][effort][kind]['filled']:.4f})" for kind in names}
                 for effort in sections[fmt]}
        frames = {kind: f"{merged_frames[fmt][kind]:.6f}" for kind in names}
        lines.append(f"        {names_in_swift[fmt]}: FormatCosts(")
        lines.append(f"            thorough: {per_kind(rates['thorough'], 12)},")
        quick = per_kind(rates['quick'], 12) if 'quick' in rates else "nil"
        lines.append(f"            quick: {quick},")
        closing = "))" if position == len(sections) - 1 else "),"
        lines.append(f"            secondsPerFrame: {per_kind(frames, 12)}{closing}")
    lines += ["}", ""]
    text = "\n".join(lines)
    if arguments.check:
        if open(TABLE).read() != text:
            print(f"{os.path.relpath(TABLE, ROOT)} is not what the committed runs give: run `write` and commit it", file=sys.stderr)
            return 1
        print(f"{os.path.relpath(TABLE, ROOT)} is what {len(runs)} committed run(s) give, byte for byte")
        return 0
    with open(TABLE, "w") as table:
        table.write(text)
    print(f"wrote {os.path.relpath(TABLE, ROOT)} from {len(runs)} run(s)")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    measuring = commands.add_parser("measure", help="measure this machine and save the run")
    measuring.add_argument("--binary", default=".build/release/spinnerd")
    measuring.add_argument("--repeat", type=int, default=3)
    measuring.add_argument("--formats", default=None, help="formats to measure (default: every drawn one)")
    measuring.add_argument("--cold-only", action="store_true",
                           help="only the cold sections (apng-cold) and the cold probes; the other cells stay the other runs'")
    measuring.add_argument("--out", required=True, help="the run's JSON file (keep it in scripts/calibration/)")
    writing = commands.add_parser("write", help="write RenderCostTable.swift from runs")
    writing.add_argument("runs", nargs="+", help="runs' JSON files; each cell takes the highest")
    writing.add_argument("--binary", default=".build/release/spinnerd", help="whose kinds the table lists")
    writing.add_argument("--margin", type=float, default=1.2, help="factor the written rates carry over the measured ones")
    writing.add_argument("--check", action="store_true", help="only check that the table is what the runs give (make test)")
    arguments = parser.parse_args()
    return measure(arguments) if arguments.command == "measure" else write(arguments)


if __name__ == "__main__":
    sys.exit(main())
