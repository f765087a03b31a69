"""Reads spinnerd's dotLottie files (`.lottie`) as the dotLottie players do, and plays each
theme in ThorVG (thorvg-python, the engine dotlottie-web, -ios and -android wrap through
dotlottie-rs), for the tests.

  python3 -m spinnerd_tools.dotlottie JOBS.json   prints JSON results, one per job. Jobs:
    {"file": PATH, "px": N, "frames": [F, ...], "theme": "light"|"dark"|"auto",
     "pngs": {"light": [PATH, ...], "dark": [PATH, ...]}, "out": DIR}
        the archive read against the dotLottie 2 structure as dotlottie-rs reads it
        (structure: what breaks it, see `structure`), its animation checked against the
        Lottie specification's schema, then the animation drawn by ThorVG at each frame F
        (N px square): as loaded (the manifest's initial theme, else the animation's own
        colours), and with each theme's rules turned into slots as dotlottie-rs turns them
        (`slots`) and applied; each compared with spinnerd's PNG of that moment in that
        theme (pngs), and, as a control, with the other theme's PNG ("crossed"). A sheet
        (spinnerd light, ThorVG light, spinnerd dark, ThorVG dark in rows) saved in DIR.
        Result: {"structure": [...], "schemaErrors": [...], "entries": [[name, method,
        size, compressed], ...], "manifest": {...}, "rules": {THEME: count}, "initialTheme",
        "asLoaded": [comparison per frame], "themes": {THEME: [comparison per frame]},
        "crossed": {THEME: [comparison per frame]}, "pngsDiffer": largest mean difference
        between the light and the dark PNGs, "sheet": PATH}; a comparison is lottie.py's.
"""
import json
import os
import sys
import zipfile

import numpy as np
from PIL import Image

from spinnerd_tools.dotlottie_rules import slot_json
from spinnerd_tools.lottie import compare, over_white, premultiplied_png, thorvg, validate

# What dotlottie-rs's zip reader takes (src/dotlottie/archive.rs): stored or deflated
# entries, no encryption, no ZIP64, at most 4096 entries of at most 64 MiB.
METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED}
RULE_TYPES = {"Color", "Scalar", "Gradient", "Image", "Text", "Vector", "Position"}


def number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def animation_slots(document):
    """Slot id -> the kind its `sid` sits on: "Color" (a colour property), "Scalar"
    (a number), "Gradient" (a gradient's `g`)."""
    found = {}

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("sid"), str):
                if "p" in node and isinstance(node.get("k"), dict):
                    found[node["sid"]] = "Gradient"
                elif isinstance(node.get("k"), list):
                    found[node["sid"]] = "Color"
                elif number(node.get("k")):
                    found[node["sid"]] = "Scalar"
                else:
                    found[node["sid"]] = "unknown"
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(document)
    return found


def rule_problems(rule, slots):
    """Why one theme rule would not set its slot, as dotlottie-rs parses rules (theme.rs)."""
    if not isinstance(rule, dict) or not isinstance(rule.get("id"), str) or rule.get("type") not in RULE_TYPES:
        return [f"rule {rule!r:.80}: no id or an unknown type"]
    id_, kind, value = rule["id"], rule["type"], rule.get("value")
    problems = []
    if id_ not in slots:
        problems.append(f"rule {id_}: no slot of that id in the animation")
    elif slots[id_] != kind:
        problems.append(f"rule {id_}: a {kind} rule for a {slots[id_]} slot")
    if kind == "Color" and not (isinstance(value, list) and len(value) in (3, 4) and all(number(v) and 0 <= v <= 1 for v in value)):
        problems.append(f"rule {id_}: a colour is 3 or 4 numbers 0...1, not {value!r:.60}")
    if kind == "Scalar" and not number(value):
        problems.append(f"rule {id_}: a scalar is a number, not {value!r:.60}")
    if kind == "Gradient" and not (isinstance(value, list) and value and all(
            isinstance(stop, dict) and number(stop.get("offset")) and isinstance(stop.get("color"), list)
            and len(stop["color"]) == 4 and all(number(c) for c in stop["color"]) for stop in value)):
        problems.append(f"rule {id_}: a gradient is stops of an offset and a 4-number colour, not {value!r:.60}")
    return problems


def structure(archive):
    """What breaks the dotLottie 2 structure (dotlottie.io, as dotlottie-rs reads it), the
    manifest, the animation's bytes and each theme's rules."""
    problems = []
    infos = archive.infolist()
    if len(infos) > 4096:
        problems.append(f"{len(infos)} entries, over dotlottie-rs's 4096")
    for info in infos:
        if info.compress_type not in METHODS:
            problems.append(f"{info.filename}: method {info.compress_type}, neither stored nor deflated")
        if info.flag_bits & 0x1:
            problems.append(f"{info.filename}: encrypted")
        if info.file_size > 64 << 20 or info.file_size >= 0xFFFFFFFF:
            problems.append(f"{info.filename}: {info.file_size} bytes, past dotlottie-rs's 64 MiB or ZIP64")
    bad = archive.testzip()
    if bad:
        problems.append(f"{bad}: its CRC-32 does not match")
    names = {info.filename for info in infos}
    if "manifest.json" not in names:
        return problems + ["no manifest.json"], None, None, {}
    manifest = json.loads(archive.read("manifest.json"))
    if manifest.get("version") != "2":
        problems.append(f"manifest version {manifest.get('version')!r}, not \"2\"")
    animations = manifest.get("animations")
    if not isinstance(animations, list) or len(animations) != 1 or not isinstance(animations[0].get("id"), str):
        return problems + [f"manifest animations {animations!r:.80}: not one animation with an id"], manifest, None, {}
    entry = animations[0]
    path = f"a/{entry['id']}.json"
    if path not in names:
        return problems + [f"no {path}, the manifest's animation"], manifest, None, {}
    listed = [theme.get("id") for theme in manifest.get("themes") or []]
    if listed != ["light", "dark"]:
        problems.append(f"manifest themes {listed}, not light and dark")
    if entry.get("themes") != listed:
        problems.append(f"the animation's themes {entry.get('themes')} are not the manifest's {listed}")
    if "initialTheme" in entry and entry["initialTheme"] not in listed:
        problems.append(f"initialTheme {entry['initialTheme']!r} is no theme")
    expected = {"manifest.json", path} | {f"t/{theme}.json" for theme in listed}
    if names != expected:
        problems.append(f"entries {sorted(names)}, not {sorted(expected)}")
    document = json.loads(archive.read(path))
    slots = animation_slots(document)
    declared = set((document.get("slots") or {}).keys())
    if declared != set(slots):
        problems.append(f"the animation's slots {sorted(declared ^ set(slots))} are declared or used, not both")
    themes = {}
    for theme in listed:
        if f"t/{theme}.json" not in names:
            continue
        rules = json.loads(archive.read(f"t/{theme}.json")).get("rules")
        if not isinstance(rules, list):
            problems.append(f"t/{theme}.json has no rules")
            continue
        for rule in rules:
            problems += [f"{theme}: {p}" for p in rule_problems(rule, slots)]
        missing = set(slots) - {rule.get("id") for rule in rules if isinstance(rule, dict)}
        if missing:
            problems.append(f"{theme}: sets no value for {sorted(missing)[:5]}")
        themes[theme] = rules
    return problems, manifest, archive.read(path), themes


def check(job):
    archive = zipfile.ZipFile(job["file"])
    problems, manifest, animation, themes = structure(archive)
    result = {"structure": problems, "manifest": manifest,
              "entries": [[i.filename, i.compress_type, i.file_size, i.compress_size] for i in archive.infolist()]}
    if animation is None:
        return result
    px, frames = job["px"], job["frames"]
    ours = {theme: [premultiplied_png(path, px) for path in paths] for theme, paths in job["pngs"].items()}
    drawn_as = job["theme"] if job["theme"] != "auto" else "light"
    loaded = [thorvg(animation, frame, px) for frame in frames]
    themed = {theme: [thorvg(animation, frame, px, slots=[json.dumps({rule["id"]: slot_json(rule) for rule in rules})])
                      for frame in frames] for theme, rules in themes.items()}
    other = {"light": "dark", "dark": "light"}
    result.update({
        "schemaErrors": validate(animation),
        "rules": {theme: len(rules) for theme, rules in themes.items()},
        "initialTheme": manifest["animations"][0].get("initialTheme"),
        "asLoaded": [compare(picture, ours[drawn_as][i]) for i, picture in enumerate(loaded)],
        "themes": {theme: [compare(picture, ours[theme][i]) for i, picture in enumerate(pictures)] for theme, pictures in themed.items()},
        "crossed": {theme: [compare(picture, ours[other[theme]][i]) for i, picture in enumerate(pictures)]
                    for theme, pictures in themed.items()},
        "pngsDiffer": max(max(compare(a, b)["meanDifference"]) for a, b in zip(ours["light"], ours["dark"])),
    })
    zoom = max(1, -(-96 // px))
    cell = px * zoom + 4
    rows = [ours["light"], themed["light"], ours["dark"], themed["dark"]]
    sheet = Image.new("RGB", (len(frames) * cell, len(rows) * cell), "#888888")
    for line, pictures in enumerate(rows):
        for column, picture in enumerate(pictures):
            image = Image.fromarray(over_white(picture) if line < 2 else over_black(picture)).resize((px * zoom, px * zoom), Image.NEAREST)
            sheet.paste(image, (column * cell, line * cell))
    result["sheet"] = os.path.join(job["out"], os.path.basename(job["file"]) + ".png")
    sheet.save(result["sheet"])
    return result


def over_black(rgba):
    """Premultiplied RGBA over black, as a dark page shows it."""
    return rgba[..., :3].astype(np.uint8)


def main(path):
    print(json.dumps([check(job) for job in json.load(open(path))]))


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if sys.argv[1:] in (["-h"], ["--help"]) else 2)
    main(sys.argv[1])
