"""Decodes images with Pillow (a decoder nobody on this project wrote) for the tests, as
`python3 -m spinnerd_tools.imagetool COMMAND …`:

  imagetool inspect FILE             JSON: format, size, frame count, loop, per-frame
                                     durations (ms), whether neighbouring frames differ,
                                     the APNG disposal/blend ops or GIF disposals, and how
                                     many distinct alpha values the composited frames hold
  imagetool frames FILE DIR          writes every composited frame as DIR/NNN.png (RGBA)
  imagetool diff A B [TOL] [BG] [BLUR]
                                     JSON: pixels whose RGBA channels differ by more than
                                     TOL (default 0) and the largest channel difference;
                                     with BG (hex) both are first composited over that
                                     colour, with BLUR both are box-blurred by that radius
                                     (to compare a dithered GIF with the smooth original)
  imagetool error REFERENCE FILE BG  JSON: how far FILE's frames are from REFERENCE's, both
                                     composited over BG (hex): each REFERENCE frame beside the
                                     FILE frame showing at its start (files may merge equal
                                     frames), the mean absolute channel difference (0-255) of
                                     all of them, the worst frame's, and the frames compared
  imagetool rgba FILE                raw RGBA bytes of the first frame on stdout
  imagetool edge FILE...             JSON per file: its composited frames and the largest
                                     alpha (0-255) on the outermost ring of pixels of any
                                     of them (0: nothing reaches the image's edge)
  imagetool digest FILE...           JSON per file: format, bytes, the file's SHA-256, and a SHA-256 of what a
                                     viewer sees: the composited frames (fully transparent
                                     pixels all alike, identical neighbours merged) with
                                     their durations, so two encodings of the same picture
                                     and timing share it
  imagetool apng FILE                JSON: acTL frames/plays and every fcTL's rectangle,
                                     delay fraction and dispose/blend ops, read from the bytes
  imagetool apngdeflate FILE         JSON: the APNG's file size had its frames' filtered rows
                                     been compressed by each setting (libdeflate levels 6–12
                                     and zlib 9, through the system libraries that spinnerd
                                     links), with the compression's time on one core (ms)
  imagetool apngpeers OURS FRAMEDIR PEER...
                                     JSON: whether each APNG shows exactly the frames in
                                     FRAMEDIR (frameNNN.png; fully transparent pixels are
                                     equal whatever their colour), and how each peer stores
                                     them beside OURS: frames with the same rectangle and
                                     ops, of those the frames whose filtered rows are
                                     byte-identical, and the compressed data of those frames
                                     in each file
"""
import hashlib
import json
import os
import glob
import struct
import sys
import zlib

from PIL import Image, ImageChops, ImageFilter


def composited_frames(path):
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            yield index, image.convert("RGBA"), dict(image.info)


def edge(path):
    frames, largest = 0, 0
    for _, frame, _ in composited_frames(path):
        alpha = frame.getchannel("A")
        width, height = alpha.size
        for box in ((0, 0, width, 1), (0, height - 1, width, height), (0, 0, 1, height), (width - 1, 0, width, height)):
            largest = max(largest, alpha.crop(box).getextrema()[1])
        frames += 1
    return {"frames": frames, "largestEdgeAlpha": largest}


def inspect(path):
    with Image.open(path) as image:
        result = {
            "format": image.format,
            "width": image.width,
            "height": image.height,
            "frames": getattr(image, "n_frames", 1),
            "animated": bool(getattr(image, "is_animated", False)),
            "loop": image.info.get("loop"),
        }
    durations, differs, disposals, blends = [], [], [], []
    alphas = set()
    previous = None
    for _, frame, info in composited_frames(path):
        alphas.update(value for value, count in enumerate(frame.getchannel("A").histogram()) if count)
        durations.append(float(info.get("duration", 0)))
        if "disposal" in info:
            disposals.append(info["disposal"])
        if "blend" in info:
            blends.append(info["blend"])
        if previous is not None:
            differs.append(ImageChops.difference(previous, frame).getbbox(alpha_only=False) is not None)
        previous = frame
    result.update(durations=durations, neighboursDiffer=differs, disposals=disposals, blends=blends,
                  alphaLevels=len(alphas))
    return result


def diff(a, b, tolerance, background=None, blur=0):
    with Image.open(a) as first, Image.open(b) as second:
        first, second = first.convert("RGBA"), second.convert("RGBA")
        if background:
            colour = tuple(int(background[i:i + 2], 16) for i in (0, 2, 4)) + (255,)
            first = Image.alpha_composite(Image.new("RGBA", first.size, colour), first)
            second = Image.alpha_composite(Image.new("RGBA", second.size, colour), second)
        if blur:
            first = first.filter(ImageFilter.BoxBlur(blur))
            second = second.filter(ImageFilter.BoxBlur(blur))
        if first.size != second.size:
            return {"sameSize": False, "differing": first.width * first.height, "largest": 255}
        delta = ImageChops.difference(first, second)
        channels = delta.split()
        largest = max(channel.getextrema()[1] for channel in channels)
        over = [channel.point(lambda v: 255 if v > tolerance else 0) for channel in channels]
        mask = ImageChops.lighter(ImageChops.lighter(over[0], over[1]), ImageChops.lighter(over[2], over[3]))
        differing = mask.histogram()[255]
        return {"sameSize": True, "differing": differing, "largest": largest}


def timed_frames(path, background):
    """[(start ms, RGB bytes composited over `background`)] of every frame of `path`."""
    page = tuple(int(background[i:i + 2], 16) for i in (0, 2, 4)) + (255,)
    frames, start = [], 0.0
    for _, frame, info in composited_frames(path):
        flat = Image.new("RGBA", frame.size, page)
        flat.alpha_composite(frame)
        frames.append((start, flat.convert("RGB").tobytes()))
        start += float(info.get("duration", 0) or 0)
    return frames


def error(reference, path, background):
    expected, shown = timed_frames(reference, background), timed_frames(path, background)
    means = []
    for start, wanted in expected:
        got = [pixels for begin, pixels in shown if begin <= start + 0.5][-1]
        if len(got) != len(wanted):
            raise SystemExit("frame sizes differ")
        means.append(sum(abs(a - b) for a, b in zip(wanted, got)) / len(wanted))
    return {"meanError": sum(means) / len(means), "worstFrameError": max(means), "frames": len(means)}


def picture_digest(path):
    """What a viewer sees of `path`, hashed: shown frames and how long each shows."""
    shown = []  # [rgba bytes, duration ms]
    with Image.open(path) as image:
        kind = image.format
    for _, frame, info in composited_frames(path):
        blank = Image.new("RGBA", frame.size, (0, 0, 0, 0))
        visible = frame.getchannel("A").point(lambda v: 255 if v else 0)
        pixels = Image.composite(frame, blank, visible).tobytes()
        duration = float(info.get("duration", 0))
        if shown and shown[-1][0] == pixels:
            shown[-1][1] += duration
        else:
            shown.append([pixels, duration])
    digest = hashlib.sha256()
    for pixels, duration in shown:
        digest.update(b"%d:" % round(duration))
        digest.update(pixels)
    return {"format": kind, "bytes": os.path.getsize(path), "frames": len(shown), "digest": digest.hexdigest(),
            "sha256": hashlib.sha256(open(path, "rb").read()).hexdigest()}


def apng_deflate(path, rounds=3):
    """Each frame's data recompressed by each deflate setting: the file's size with it, and
    the best of `rounds` times to compress every frame on one core."""
    import ctypes
    import time
    libdeflate = ctypes.CDLL("libdeflate.so.0")
    libdeflate.libdeflate_alloc_compressor.restype = ctypes.c_void_p
    libdeflate.libdeflate_zlib_compress.restype = ctypes.c_size_t
    libdeflate.libdeflate_zlib_compress.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t]
    libdeflate.libdeflate_free_compressor.argtypes = [ctypes.c_void_p]
    rows = [zlib.decompress(frame["data"]) for frame in apng_stored_frames(path)]
    stored = sum(len(frame["data"]) for frame in apng_stored_frames(path))
    size = os.path.getsize(path)
    result = {}
    settings = [("libdeflate %d" % level, level) for level in (6, 8, 9, 10, 11, 12)] + [("zlib 9", None)]
    for name, level in settings:
        best, total = None, 0
        for _ in range(rounds):
            started = time.perf_counter()
            if level is None:
                total = sum(len(zlib.compress(data, 9)) for data in rows)
            else:
                compressor = libdeflate.libdeflate_alloc_compressor(level)
                total = 0
                for data in rows:
                    out = ctypes.create_string_buffer(len(data) + len(data) // 8 + 1024)
                    total += libdeflate.libdeflate_zlib_compress(compressor, data, len(data), out, len(out))
                libdeflate.libdeflate_free_compressor(compressor)
            elapsed = (time.perf_counter() - started) * 1000
            best = elapsed if best is None else min(best, elapsed)
        result[name] = {"bytes": size - stored + total, "ms": round(best, 1)}
    return result


def png_chunks(path):
    """Every chunk of a PNG file in order: (type, body)."""
    data = open(path, "rb").read()
    offset = 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        yield kind, data[offset + 8:offset + 8 + length]
        offset += 12 + length


def frame_control(body):
    """An fcTL chunk's fields."""
    _, width, height, x, y, numerator, denominator, dispose, blend = struct.unpack(">IIIIIHHBB", body)
    return {"width": width, "height": height, "x": x, "y": y, "delay": [numerator, denominator],
            "dispose": dispose, "blend": blend}


def apng_chunks(path):
    result = {"frames": []}
    for kind, body in png_chunks(path):
        if kind == b"acTL":
            result["numFrames"], result["numPlays"] = struct.unpack(">II", body)
        elif kind == b"fcTL":
            result["frames"].append(frame_control(body))
    return result


def apng_stored_frames(path):
    """Each frame's rectangle and dispose/blend ops, and its compressed data."""
    frames = []
    for kind, body in png_chunks(path):
        if kind == b"fcTL":
            control = frame_control(body)
            frames.append({"ops": tuple(control[k] for k in ("x", "y", "width", "height", "dispose", "blend")), "data": b""})
        elif kind == b"IDAT" and frames:
            frames[-1]["data"] += body
        elif kind == b"fdAT":
            frames[-1]["data"] += body[4:]
    return frames


def inexact_frames(path, frame_dir):
    """Indexes of composited frames that differ from frame_dir's frames in a visible pixel."""
    sources = sorted(glob.glob(os.path.join(frame_dir, "frame*.png")))
    inexact, count = [], 0
    for index, frame, _ in composited_frames(path):
        count += 1
        if index >= len(sources):
            continue  # reported below as a frame count
        with Image.open(sources[index]) as source:
            expected = source.convert("RGBA")
        # Fully transparent pixels are the same pixel whatever their colour channels.
        visible = ImageChops.lighter(frame.getchannel("A"), expected.getchannel("A")).point(lambda v: 255 if v else 0)
        blank = Image.new("RGBA", frame.size, (0, 0, 0, 0))
        if ImageChops.difference(Image.composite(frame, blank, visible),
                                 Image.composite(expected, blank, visible)).getbbox(alpha_only=False):
            inexact.append(index)
    if count != len(sources):
        inexact.append("frame count %d, expected %d" % (count, len(sources)))
    return inexact


def apng_peers(ours, frame_dir, peers):
    mine = apng_stored_frames(ours)
    result = {"oursInexact": inexact_frames(ours, frame_dir), "frames": len(mine), "peers": {}}
    for peer in peers:
        theirs = apng_stored_frames(peer)
        alike = [(a, b) for a, b in zip(mine, theirs) if a["ops"] == b["ops"]]
        identical = [(a, b) for a, b in alike if zlib.decompress(a["data"]) == zlib.decompress(b["data"])]
        result["peers"][peer] = {"inexact": inexact_frames(peer, frame_dir), "storedAlike": len(alike),
                                 "rowsIdentical": len(identical),
                                 "dataIdenticalRows": [sum(len(a["data"]) for a, _ in identical),
                                                       sum(len(b["data"]) for _, b in identical)]}
    return result


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if argv[1:] in (["-h"], ["--help"]) else 2)
    command = argv[1]
    if command == "inspect":
        print(json.dumps(inspect(argv[2])))
    elif command == "frames":
        os.makedirs(argv[3], exist_ok=True)
        for index, frame, _ in composited_frames(argv[2]):
            frame.save(os.path.join(argv[3], "%03d.png" % index))
    elif command == "diff":
        print(json.dumps(diff(argv[2], argv[3], int(argv[4]) if len(argv) > 4 else 0,
                              argv[5] if len(argv) > 5 and argv[5] != "-" else None,
                              float(argv[6]) if len(argv) > 6 else 0)))
    elif command == "error":
        print(json.dumps(error(argv[2], argv[3], argv[4])))
    elif command == "rgba":
        with Image.open(argv[2]) as image:
            sys.stdout.buffer.write(image.convert("RGBA").tobytes())
    elif command == "edge":
        print(json.dumps([edge(path) for path in argv[2:]]))
    elif command == "apng":
        print(json.dumps(apng_chunks(argv[2])))
    elif command == "apngdeflate":
        print(json.dumps(apng_deflate(argv[2])))
    elif command == "digest":
        print(json.dumps([picture_digest(path) for path in argv[2:]]))
    elif command == "apngpeers":
        print(json.dumps(apng_peers(argv[2], argv[3], argv[4:])))
    else:
        raise SystemExit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv)
