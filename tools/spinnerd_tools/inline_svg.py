"""The playground's inline SVG snippet (issue 50), in Chromium.

inline_svg(browser, job) with job {"url": URL, "cases": [{"kind": K, "values": {...}}, ...],
"notOffered": [K, ...], "time": MS, "out": DIR} takes the playground's inline snippet for each setting (SVG
format), puts them all side by side in one page whose text colour is blue on white, or red
on black in the dark OS scheme, and in each scheme seeks every animation to `time` (ms,
paused). Each spinner's picture (a screenshot of its box) is compared with the service's
own SVG of the same settings drawn in that text colour, alone on a page, seeked alike:
the same rasteriser, so any difference is the inline markup's (a name two spinners share
draws one's shape or timing in the other). Reports per spinner and scheme: the pixels
drawn (more than 48 from the page colour in a channel), the mean and largest difference
per channel, how many drawn pixels are not of the text colour's hue, and its animation
names; plus whether the page moves when playing, and for each kind of notOffered
whether the playground offers it an inline snippet. Screenshots in DIR.
"""
import os
import urllib.parse
import urllib.request

import numpy as np
from PIL import Image

from .page_state import SEEK, wait_until

SCHEMES = {"light": ((255, 255, 255), (0, 0, 255)), "dark": ((0, 0, 0), (255, 0, 0))}


def snippet(page, base, case):
    query = urllib.parse.urlencode({"kind": case["kind"], "format": "svg", **case["values"]})
    page.goto(base + "?" + query, wait_until="load")
    wait_until(page, "(kind) => document.getElementById('snippet-url').value.includes('/spinner/' + kind + '.svg')"
                     " && !document.getElementById('use-inline').hidden"
                     " && document.getElementById('snippet-inline').dataset.inline === 'known'", case["kind"])
    return page.input_value("#snippet-inline"), page.input_value("#snippet-url")


def reference(url, colour, circular):
    """The service's own SVG of the same settings drawn in `colour` (hex): what the inline
    markup must draw when its currentColor is that colour."""
    parts = urllib.parse.urlsplit(url)
    query = [(k, v) for k, v in urllib.parse.parse_qsl(parts.query) if k not in ("color", "track", "theme", "background")]
    hexed = "%02x%02x%02x" % colour
    query += [("color", hexed)] + ([("track", hexed + "99")] if circular else [])
    with urllib.request.urlopen(urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, urllib.parse.urlencode(query), ""))) as response:
        return response.read().decode()


PAGE = ("<!doctype html><meta name=color-scheme content='light dark'><style>body{margin:0;background:#fff;color:#00f}"
        "@media (prefers-color-scheme:dark){body{background:#000;color:#f00}}"
        "span{display:inline-block;margin:8px;line-height:0;vertical-align:top}span svg{display:block}</style><body>")


def seeked_shots(browser, html, scheme, count, time, out, name):
    """Each <span>'s svg in `html` with every animation seeked to `time` (ms), as arrays; and
    whether the page moved while playing, and what it raised."""
    page = browser.new_page(viewport={"width": 1280, "height": 600}, color_scheme=scheme, device_scale_factor=1)
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto("file://" + os.path.abspath(html), wait_until="load")
    playing = [page.locator("#s%d svg" % n).screenshot() for n in range(count)]
    page.wait_for_timeout(300)
    moved = any(page.locator("#s%d svg" % n).screenshot() != before for n, before in enumerate(playing))
    page.evaluate(SEEK, time)
    shots = []
    for n in range(count):
        path = os.path.join(out, "%s-%s-%d.png" % (name, scheme, n))
        page.locator("#s%d svg" % n).screenshot(path=path)
        shots.append((path, np.array(Image.open(path).convert("RGB"), dtype=np.int32)))
    names = page.evaluate("() => [...document.querySelectorAll('body > span')].map(s => [...new Set(s.querySelector('svg')"
                          ".getAnimations({subtree: true}).map(a => a.animationName))])")
    page.close()
    return shots, names, moved, problems


def inline_svg(browser, job):
    base, out, time = job["url"].split("?")[0], job["out"], job["time"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    markups = [snippet(page, base, case) for case in job["cases"]]
    # Kinds whose look is not one colour get no inline snippet.
    offered = {}
    for kind in job.get("notOffered", []):
        page.goto(base + "?" + urllib.parse.urlencode({"kind": kind, "format": "svg"}), wait_until="load")
        wait_until(page, "(kind) => document.getElementById('snippet-url').value.includes('/spinner/' + kind + '.svg')", kind)
        offered[kind] = not page.eval_on_selector("#use-inline", "e => e.hidden")
    page.close()
    html = os.path.join(out, "inline-svg.html")
    with open(html, "w") as handle:
        handle.write(PAGE + "".join('<span id="s%d">%s</span>' % (n, markup) for n, (markup, _) in enumerate(markups)) + "</body>")
    results = {"markups": [markup for markup, _ in markups], "schemes": {}, "offered": offered}
    for scheme, (background, colour) in SCHEMES.items():
        shots, names, moved, problems = seeked_shots(browser, html, scheme, len(markups), time, out, "inline-svg")
        spinners = []
        for n, (case, (markup, url), (path, ours)) in enumerate(zip(job["cases"], markups, shots)):
            # The service's SVG in the text colour, alone on a page of its own.
            alone = os.path.join(out, "inline-reference-%s-%d.html" % (scheme, n))
            with open(alone, "w") as handle:
                handle.write(PAGE + '<span id="s0">%s</span></body>' % reference(url, colour, case["kind"] == "circular"))
            (_, theirs), = seeked_shots(browser, alone, scheme, 1, time, out, "inline-reference-%d" % n)[0]
            if ours.shape != theirs.shape:
                spinners.append({"kind": case["kind"], "shape": [list(ours.shape), list(theirs.shape)]})
                continue
            drawn = np.max(np.abs(ours - np.array(background)), axis=2) > 48
            # The text colour's hue: on white, blue's mix keeps red = green; on black, red's keeps green = blue = 0.
            off = (np.abs(ours[..., 0] - ours[..., 1]) > 6) if scheme == "light" else (np.maximum(ours[..., 1], ours[..., 2]) > 6)
            spinners.append({"kind": case["kind"], "drawn": int(drawn.sum()),
                             "meanDifference": round(float(np.abs(ours - theirs).mean()), 3),
                             "maxDifference": int(np.abs(ours - theirs).max()),
                             "offHue": int(np.logical_and(drawn, off).sum()), "animations": names[n], "screenshot": path})
        results["schemes"][scheme] = {"spinners": spinners, "moved": moved, "problems": problems}
    return results
