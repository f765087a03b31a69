#!/usr/bin/env python3
"""Lossy files against the tools, on the same frames: run by scripts/bench-quality.sh (`make bench`).

For every kind at its defaults, and at 128 px @2x, `spinnerd frames` writes the lossless
frames (what every encoder is given). Then, at quality Q (default 80):
  - WebP: ours (`quality=Q`) against `img2webp -lossy -q Q` on the frames;
  - GIF: ours against `gifsicle -O3 --lossy=Q` on our lossless GIF;
  - APNG: ours against `pngquant --quality=0-Q` on each frame, assembled by apngasm.
Each file's frames are decoded (Pillow), sampled at the start of every lossless frame, and
compared with that frame composited on white and on black (a GIF, blended into its white
matte, on white only): the mean absolute error per
channel (0-255) and the mean SSIM of the luma (8x8 windows, the usual constants), worst of
the two pages. Printed: bytes, bytes against the lossless file of the format, the errors, and
ours against the tool's (bytes ratio; error difference).
"""
import argparse
import glob
import io
import os
import subprocess
import sys
from fractions import Fraction

import numpy as np
from PIL import Image, ImageSequence

from spinnerd_tools.harness import kinds  # the binary's own list, not one written here


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"bench-quality: {' '.join(map(str, command))} failed: {result.stderr.decode()[-400:]}")
    return result.stdout


def lossless_frames(binary, kind, query, folder):
    """[(start ms, RGBA array)] of the frames every encoder is given."""
    os.makedirs(folder, exist_ok=True)
    run([binary, "frames", kind, *query, "-o", folder])
    frames, start = [], Fraction(0)
    for png in sorted(glob.glob(folder + "/frame*.png")):
        frames.append((float(start * 1000), np.asarray(Image.open(png).convert("RGBA")).astype(np.float64)))
        num, den = open(png[:-4] + ".txt").read().strip().split("=")[1].split("/")
        start += Fraction(int(num), int(den))
    return frames


def decoded(data):
    """[(start ms, RGBA array)] of an animated file's frames as Pillow composes them."""
    image = Image.open(io.BytesIO(data))
    frames, start = [], 0.0
    for frame in ImageSequence.Iterator(image):
        frames.append((start, np.asarray(frame.convert("RGBA")).astype(np.float64)))
        start += float(frame.info.get("duration", 0) or 0)
    return frames


def on_page(rgba, page):
    alpha = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * alpha + page * (1 - alpha)


def ssim(a, b):
    """Mean SSIM of two luma planes over 8x8 windows at every position (box filter by
    summed-area tables), with the usual constants."""
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2

    def box(plane):
        table = np.pad(plane, ((1, 0), (1, 0))).cumsum(0).cumsum(1)
        return (table[8:, 8:] - table[:-8, 8:] - table[8:, :-8] + table[:-8, :-8]) / 64

    ma, mb = box(a), box(b)
    va, vb, cov = box(a * a) - ma * ma, box(b * b) - mb * mb, box(a * b) - ma * mb
    values = ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
    return float(values.mean())


def errors(reference, data, pages=(255.0, 0.0)):
    """(mean absolute error, mean SSIM), the worse of the pages (white and black; a GIF,
    blended into its white matte, only white)."""
    shown = decoded(data)
    worst_error, worst_ssim = 0.0, 1.0
    for page in pages:
        total, similarity = 0.0, 0.0
        for start, expected in reference:
            # The decoded frame showing at this start (files may merge equal frames).
            frame = [image for begin, image in shown if begin <= start + 0.5][-1]
            a, b = on_page(expected, page), on_page(frame, page)
            total += float(np.abs(a - b).mean())
            luma = lambda rgb: rgb @ np.array([0.299, 0.587, 0.114])
            similarity += ssim(luma(a), luma(b))
        worst_error = max(worst_error, total / len(reference))
        worst_ssim = min(worst_ssim, similarity / len(reference))
    return worst_error, worst_ssim


def img2webp_args(folder):
    args, elapsed, written = [], Fraction(0), 0
    for png in sorted(glob.glob(folder + "/frame*.png")):
        num, den = open(png[:-4] + ".txt").read().strip().split("=")[1].split("/")
        elapsed += Fraction(int(num), int(den))
        end = max(written + 1, int(elapsed * 1000 + Fraction(1, 2)))
        args += ["-d", str(end - written), png]
        written = end
    return args


def tool_file(fmt, folder, lossless_gif, quality, work):
    if fmt == "webp":
        out = work + "/tool.webp"
        run(["img2webp", "-lossy", "-q", str(quality), *img2webp_args(folder), "-o", out])
    elif fmt == "gif":
        out = work + "/tool.gif"
        with open(work + "/ours-lossless.gif", "wb") as f:
            f.write(lossless_gif)
        run(["gifsicle", "-O3", f"--lossy={quality}", work + "/ours-lossless.gif", "-o", out])
    else:
        quantized = work + "/pngquant"
        os.makedirs(quantized, exist_ok=True)
        command = ["apngasm", work + "/tool.apng"]
        for png in sorted(glob.glob(folder + "/frame*.png")):
            target = quantized + "/" + os.path.basename(png)
            # pngquant exits 99 when the quality cannot be met: the frame is then kept as it is.
            result = subprocess.run(["pngquant", f"--quality=0-{quality}", "--force", "--output", target, "--", png],
                                    capture_output=True)
            if result.returncode != 0:
                with open(png, "rb") as source, open(target, "wb") as copy:
                    copy.write(source.read())
            num, den = open(png[:-4] + ".txt").read().strip().split("=")[1].split("/")
            command += [target, num, den]
        run(command)
        out = work + "/tool.apng"
    with open(out, "rb") as f:
        return f.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/spinnerd")
    parser.add_argument("--work", default="bench-out/quality")
    parser.add_argument("--quality", type=int, default=80)
    parser.add_argument("--kinds", default="", help="comma-separated (default: every kind the binary serves)")
    parser.add_argument("--ours", type=int, default=None, help="our quality, if not --quality's")
    parser.add_argument("--formats", default="webp,gif,apng")
    arguments = parser.parse_args()
    binary, q = arguments.binary, arguments.quality
    os.makedirs(arguments.work, exist_ok=True)
    tools = {"webp": f"img2webp -lossy -q {q}", "gif": f"gifsicle -O3 --lossy={q}", "apng": f"pngquant 0-{q} + apngasm"}
    print(f"{'kind':9} {'size':8} {'fmt':5} {'lossless':>9} {'ours':>8} {'saved':>6} {'err':>5} {'ssim':>6}   "
          f"{'tool':>8} {'err':>5} {'ssim':>6}   {'ours/tool':>9}  tool")
    worse = 0
    for kind in (arguments.kinds.split(",") if arguments.kinds else kinds(binary)):
        for label, query in (("default", []), ("128@2x", ["size=128", "scale=2"])):
            work = f"{arguments.work}/{kind}-{label}"
            folder = work + "/frames"
            reference = lossless_frames(binary, kind, query, folder)
            for fmt in arguments.formats.split(","):
                lossless = run([binary, "render", kind, f"format={fmt}", *query, "-o", "-"])
                ours = run([binary, "render", kind, f"format={fmt}", f"quality={arguments.ours or q}", *query, "-o", "-"])
                tool = tool_file(fmt, folder, lossless if fmt == "gif" else None, q, work)
                pages = (255.0,) if fmt == "gif" else (255.0, 0.0)
                ours_error, ours_ssim = errors(reference, ours, pages)
                tool_error, tool_ssim = errors(reference, tool, pages)
                if len(ours) > len(tool) or ours_error > tool_error + 0.05:
                    worse += 1
                print(f"{kind:9} {label:8} {fmt:5} {len(lossless):9d} {len(ours):8d} {1 - len(ours) / len(lossless):6.0%} "
                      f"{ours_error:5.2f} {ours_ssim:6.4f}   {len(tool):8d} {tool_error:5.2f} {tool_ssim:6.4f}   "
                      f"{len(ours) / len(tool):9.2f}  {tools[fmt]}", flush=True)
    print(f"target: ours no larger than the tool's file, at no worse a mean error (+0.05); {worse} rows miss it")


if __name__ == "__main__":
    main()
