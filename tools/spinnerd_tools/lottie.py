"""Plays spinnerd's Lottie documents in three players nobody here wrote — ThorVG
(thorvg-python, the engine of the dotLottie players), rlottie (rlottie-python,
Telegram's) and lottie-web 5.12 (the bodymovin player of web pages, in headless Chromium
with its svg and its canvas renderer: spinnerd_tools.lottie_web) — and checks them against the Lottie
specification's JSON schema (lottie-specs), for the tests.

  python3 -m spinnerd_tools.lottie JOBS.json   prints JSON results, one per job. Jobs:
    {"type": "frames", "lottie": PATH, "px": N, "times": [ms, ...], "pngs": [PATH, ...],
     "rlottiePngs": [PATH, ...], "lastTime": ms, "lastPng": PATH, "out": DIR}
        the document valid against the schema (errors listed); each player's frame at
        each time rendered N px square and compared with spinnerd's PNG of that time
        (ThorVG at the exact frame, against pngs; rlottie draws whole frames only, so at the
        nearest one, against rlottiePngs: spinnerd at that frame's time to the ms): coverage intersection over union, and the mean absolute difference per
        channel of premultiplied RGBA, as a share of 255. The loop's end: rlottie draws
        frame op itself, compared with its frame 0 (ip); ThorVG draws any frame from op on
        as frame op − 1 (it plays [ip, op) and never shows op), so its frame at lastTime,
        just before the loop's end, is compared with spinnerd's PNG of that time (lastPng;
        a stepped spinner still shows its last step there, which only at op gives way to
        frame 0). lottie-web draws the exact frames too, with each renderer (svg, canvas),
        against pngs, and the frame at lastTime against lastPng; the errors it raised (an
        `error` event, an exception in the page) are listed. A sheet (spinnerd, ThorVG,
        rlottie, lottie-web svg and canvas in rows, the times in columns, enlarged to at
        least 96 px) saved in DIR.

    {"type": "recolour", "lottie": PATH, "px": N, "frame": F, "slots": {ID: VALUE, ...},
     "keypaths": [[KEYPATH, "fill"|"stroke", SLOT], ...], "png": PATH}
        frame F (a whole frame) of the document as written, then recoloured three ways to the
        slot values given (a colour slot's [r, g, b, 1] 0...1, its opacity slot's 0...100):
        ThorVG applying the slots, rlottie overriding each keypath's colour and opacity with
        its slot's values, lottie-web (svg) reading the document's `slots` set to them. Each
        compared with spinnerd's PNG of the same moment drawn with those colours by its own
        parameters (png), and with the frame as written (how many pixels changed).

Coverage is alpha > 0.5, as the issue states, with one refinement: a pixel whose alpha
is within 1/16 of 0.5 in both pictures counts as neither covered nor uncovered. A shape
drawn at about half opacity (a pulsing dot, a fading capsule) otherwise turns its edge
pixels over on antialiasing alone: ThorVG and rlottie flatten circles to polygons inside
the curve and cover an edge pixel 5–10 % less than Cairo, which at 0.53 opacity put 18
edge pixels of `dots` at t = 1.5 s on the other side of 0.5 (IoU 0.91 with identical
geometry). A shape that is missing or misplaced is still counted: one picture is then
clear (alpha 0) where the other is not. The unrefined IoU is reported too, and stands
where over nine tenths of what either picture covers is ambiguous (coverage cannot tell
pictures apart there: `dots` fading at 0.53 opacity all over).

Both players give premultiplied RGBA on a clear background.
"""
import ctypes
import json
import math
import os
import sys

import numpy as np
from PIL import Image

ENGINE = None
WEB = None  # lottie_web.Player, started on first use


def lottieweb(data, frames, px, renderer):
    """lottie-web's pictures of `frames` (premultiplied RGBA, as the other players give)
    and the problems it raised."""
    global WEB
    if WEB is None:
        from . import lottie_web
        WEB = lottie_web.Player()
    pictures, problems = WEB.frames(data, px, frames, renderer)
    return [premultiplied(p) for p in pictures], problems


def thorvg(data, frame, px, slots=None):
    import thorvg_python as tvg
    global ENGINE
    if ENGINE is None:
        ENGINE = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(ENGINE)
    canvas.set_target(px, px)
    animation = tvg.LottieAnimation(ENGINE)
    picture = animation.get_picture()
    if picture.load_data(data, "lottie", None, True) != tvg.Result.SUCCESS:
        raise RuntimeError("ThorVG could not load the document")
    picture.set_size(px, px)
    for slot in slots or []:
        animation.apply_slot(animation.gen_slot(slot))
    animation.set_frame(frame)
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    return np.array(canvas.get_pillow(), dtype=np.uint8)


def rlottie(data, frame, px, overrides=None):
    from rlottie_python import LottieAnimation
    animation = LottieAnimation.from_data(data.decode())
    if not animation.animation_p:
        raise RuntimeError("rlottie could not load the document")
    for prop, keypath, values in overrides or []:
        animation.lottie_animation_property_override(prop, keypath, *[ctypes.c_double(v) for v in values])
    image = animation.render_pillow_frame(frame_num=int(frame), width=px, height=px)
    result = np.array(image, dtype=np.uint8)
    del animation
    return result


def premultiplied(straight):
    rgba = straight.astype(np.float64)
    rgba[..., :3] *= rgba[..., 3:4] / 255
    return np.round(rgba).astype(np.uint8)


def premultiplied_png(path, px):
    image = Image.open(path).convert("RGBA")
    if image.size != (px, px):
        raise RuntimeError(f"{path} is {image.size}, expected {px}")
    return premultiplied(np.array(image, dtype=np.uint8))


AMBIGUOUS = 255 / 16  # alpha within this of 127.5 in both pictures: antialiasing noise


def compare(player, ours):
    a, b = player.astype(np.float64), ours.astype(np.float64)
    ca, cb = a[..., 3] > 127.5, b[..., 3] > 127.5

    def iou(counted):
        union = np.logical_and(np.logical_or(ca, cb), counted).sum()
        return round(float(np.logical_and(np.logical_and(ca, cb), counted).sum() / union), 4) if union else 1.0
    ambiguous = np.logical_and(np.abs(a[..., 3] - 127.5) < AMBIGUOUS, np.abs(b[..., 3] - 127.5) < AMBIGUOUS)
    mean = [float(np.abs(a[..., c] - b[..., c]).mean() / 255) for c in range(4)]
    strict = iou(np.ones_like(ca))
    # Where nearly all of what either picture covers is ambiguous (shapes drawn at about
    # half opacity all over: `dots` count=5 fading, 1 pixel of 233 left), the few pixels
    # left decide nothing — one pixel past 0.5 in one picture made an IoU of 0 there; the
    # strict IoU stands then, and the mean difference holds the colour. (At t = 1.5 s the
    # default `dots` leave 96 of 208.)
    union = np.logical_or(ca, cb).sum()
    counted = np.logical_and(np.logical_or(ca, cb), ~ambiguous).sum()
    refined = iou(~ambiguous) if union == 0 or counted >= union / 10 else strict
    return {"iou": refined, "strictIou": strict, "meanDifference": [round(m, 5) for m in mean]}


def validate(data):
    import jsonschema
    import lottie_specs
    validator = jsonschema.Draft202012Validator(lottie_specs.load_specs())
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in validator.iter_errors(json.loads(data))][:10]


def over_white(rgba):
    a = rgba.astype(np.float64)
    return np.clip(a[..., :3] + (1 - a[..., 3:4] / 255) * 255, 0, 255).astype(np.uint8)


def frames(job):
    data = open(job["lottie"], "rb").read()
    document = json.loads(data)
    op, fr, px = document["op"], document["fr"], job["px"]
    loop = op / fr * 1000
    result = {"schemaErrors": validate(data), "op": op, "fr": fr, "bytes": len(data), "frames": []}
    exacts = [time * op / loop for time in job["times"]]
    last = job["lastTime"] * op / loop
    web = {renderer: lottieweb(data, exacts + [last], px, renderer) for renderer in ("svg", "canvas")}
    result["lottieWebProblems"] = {renderer: problems for renderer, (_, problems) in web.items()}
    cells = []
    for index, (time, png, rlottie_png) in enumerate(zip(job["times"], job["pngs"], job["rlottiePngs"])):
        ours = premultiplied_png(png, px)
        exact = exacts[index]
        tv = thorvg(data, exact, px)
        rl = rlottie(data, math.floor(exact + 0.5), px)
        svg, canvas = web["svg"][0][index], web["canvas"][0][index]
        result["frames"].append({"time": time, "thorvg": compare(tv, ours),
                                 "rlottie": compare(rl, premultiplied_png(rlottie_png, px)),  # nearest frame, halves up
                                 "lottieWebSVG": compare(svg, ours), "lottieWebCanvas": compare(canvas, ours)})
        cells.append([ours, tv, rl, svg, canvas])
    end = premultiplied_png(job["lastPng"], px)
    result["loopEnd"] = {"thorvg": compare(thorvg(data, last, px), end),
                         "rlottie": compare(rlottie(data, op, px), rlottie(data, 0, px)),
                         "lottieWebSVG": compare(web["svg"][0][-1], end), "lottieWebCanvas": compare(web["canvas"][0][-1], end)}
    zoom = max(1, -(-96 // px))
    cell = px * zoom + 4
    sheet = Image.new("RGB", (len(cells) * cell, 5 * cell), "white")
    for column, row in enumerate(cells):
        for line, picture in enumerate(row):
            image = Image.fromarray(over_white(picture)).resize((px * zoom, px * zoom), Image.NEAREST)
            sheet.paste(image, (column * cell, line * cell))
    path = os.path.join(job["out"], os.path.basename(job["lottie"]) + ".png")
    sheet.save(path)
    result["sheet"] = path
    return result


def recolour(job):
    from rlottie_python import LottieAnimationProperty as Property
    data = open(job["lottie"], "rb").read()
    px, frame, values = job["px"], job["frame"], job["slots"]
    expected = premultiplied_png(job["png"], px)

    def judge(before, after):
        b, a = before.astype(np.int32), after.astype(np.int32)
        return {"changedPixels": int(np.any(np.abs(a - b) > 2, axis=2).sum()),
                "againstSpinnerd": compare(after, expected)}

    slots = [json.dumps({slot: {"p": {"a": 0, "k": value}}}) for slot, value in values.items()]
    tv = judge(thorvg(data, frame, px), thorvg(data, frame, px, slots=slots))
    colours = {"fill": Property.LOTTIE_ANIMATION_PROPERTY_FILLCOLOR, "stroke": Property.LOTTIE_ANIMATION_PROPERTY_STROKECOLOR}
    opacities = {"fill": Property.LOTTIE_ANIMATION_PROPERTY_FILLOPACITY, "stroke": Property.LOTTIE_ANIMATION_PROPERTY_STROKEOPACITY}
    overrides = []
    for keypath, paint, slot in job["keypaths"]:
        overrides.append((colours[paint], keypath, values[slot][:3]))
        overrides.append((opacities[paint], keypath, [values[slot + "Opacity"]]))
    rl = judge(rlottie(data, frame, px), rlottie(data, frame, px, overrides=overrides))
    document = json.loads(data)
    for slot, value in values.items():
        document["slots"][slot] = {"p": {"a": 0, "k": value}}
    (before,), problems = lottieweb(data, [frame], px, "svg")
    (after,), more = lottieweb(json.dumps(document).encode(), [frame], px, "svg")
    web = judge(before, after)
    web["problems"] = problems + more
    return {"thorvg": tv, "rlottie": rl, "lottieWeb": web}


def main(path):
    jobs = json.load(open(path))
    print(json.dumps([{"frames": frames, "recolour": recolour}[job["type"]](job) for job in jobs]))


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if sys.argv[1:] in (["-h"], ["--help"]) else 2)
    main(sys.argv[1])
