"""The playground's Lottie preview (issue 50), in Chromium.

lottie_preview(browser, job) with job {"url": URL, "out": DIR} opens the playground on
activity in Lottie mode at 96 px and reports: whether the stage plays the document itself (the
URL it plays, lottie-web's SVG in the stage, the SVG preview hidden), the note, whether
the picture moves (two screenshots of the stage apart in time differ), the Output group's
visibility, what the page raised (a Content-Security-Policy refusal is a console error);
then after a colour is chosen (it plays the new URL, drawn in that colour), and after GIF
is chosen (the player stops, the GIF preview shows). Screenshots in DIR.
"""
import os

import numpy as np
from PIL import Image

from .page_state import PREVIEW_READY, wait_until

PLAYING = "(url) => { const s = document.getElementById('lottie-stage'); return !s.hidden && s.dataset.playing === url; }"
STATE = """() => { const s = document.getElementById('lottie-stage'), p = document.getElementById('preview');
  return {url: document.getElementById('snippet-url').value, playing: s.dataset.playing || null, stageHidden: s.hidden,
          svg: !!s.querySelector('svg'), previewHidden: p.hidden, note: document.getElementById('preview-note').textContent,
          noteHidden: document.getElementById('preview-note').hidden,
          outputHidden: document.getElementById('output-controls').hidden,
          width: s.getBoundingClientRect().width}; }"""


def shot(page, out, name):
    path = os.path.join(out, "lottie-preview-%s.png" % name)
    page.locator("#stage").screenshot(path=path)
    return path, np.array(Image.open(path).convert("RGB"), dtype=np.int32)


def lottie_preview(browser, job):
    base, out = job["url"].split("?")[0], job["out"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base + "?kind=activity&format=lottie&size=96", wait_until="load")
    wait_until(page, "() => document.getElementById('snippet-url').value.includes('/spinner/activity.json')")
    url = page.input_value("#snippet-url")
    wait_until(page, PLAYING, url[url.index("/spinner/"):])
    first = page.evaluate(STATE)
    # The picture moves: two moments of the stage differ (activity steps 12 times a second).
    path_a, a = shot(page, out, "a")
    moved = False
    for attempt in range(40):
        page.wait_for_timeout(50)
        _, b = shot(page, out, "b")
        if np.any(np.abs(a - b) > 16):
            moved = True
            break
    # A colour chosen: the new document plays, in that colour.
    page.fill("#p-color", "ff3b30")
    wait_until(page, "() => document.getElementById('snippet-url').value.includes('color=ff3b30')")
    coloured = page.input_value("#snippet-url")
    wait_until(page, PLAYING, coloured[coloured.index("/spinner/"):])
    page.wait_for_timeout(100)
    path_red, red = shot(page, out, "red")
    reds = int(np.all(np.abs(red - np.array([255, 59, 48])) <= 12, axis=2).sum())
    second = page.evaluate(STATE)
    # GIF: the player stops and the GIF preview shows.
    page.click("label[for='f-gif']")
    wait_until(page, "() => location.search.includes('format=gif')")
    wait_until(page, PREVIEW_READY)
    third = page.evaluate(STATE)
    page.close()
    return {"first": first, "moved": moved, "coloured": second, "redPixels": reds, "gif": third, "errors": errors,
            "screenshots": [path_a, path_red]}
