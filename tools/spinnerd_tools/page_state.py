"""What the browser checks share on a page: waiting for a state of it (the playground's
ready states among them), seeking a document's animations, and watching boxes move.
"""
import os
import time

from PIL import Image, ImageChops

PREVIEW_READY = "() => { const i = document.getElementById('preview'); return !!i.getAttribute('src') && i.complete && i.naturalWidth > 0; }"

TILES_READY = ("() => document.querySelectorAll('#kinds img').length > 0 && "
               "[...document.querySelectorAll('#kinds img')].every(i => i.complete && i.naturalWidth > 0)")

SEEK = """(t) => Promise.all(document.getAnimations().map(a => { a.pause(); a.currentTime = t; return a.ready; }))
  .then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))
  .then(() => document.getAnimations().length)"""



def wait_until(page, function, arg=None, timeout=300.0):
    """Polls `function` (a JS function) until it returns true, at most `timeout` seconds (a
    bound on a hang, not on the machine's speed: 120 s was reached once, by the playground's
    sizes settling at 1024 px beside stress-ng, a TSan build and the other integration tests). Playwright's
    wait_for_function evaluates its predicate with eval, which the gallery's strict CSP
    (rightly) forbids; page.evaluate calls a function directly and is not affected."""
    deadline = time.monotonic() + timeout
    while True:
        if page.evaluate(function, arg):
            return
        if time.monotonic() > deadline:
            # What the playground showed, if this is it: its sizes and its status line.
            shown = page.evaluate("() => { const p = document.getElementById('preview'); return [...[document.getElementById('sizes'),"
                                  " document.getElementById('size'), document.getElementById('status')].map(e => e ? e.textContent : null),"
                                  " p ? [p.getAttribute('src'), p.complete, p.naturalWidth, p.hidden] : null]; }")
            raise TimeoutError("timed out waiting for " + function + " (sizes, size, status, preview: %r)" % (shown,))
        page.wait_for_timeout(50)


def moving(page, boxes, out, name, timeout=15.0):
    """Whether each of `boxes` (bounding boxes on `page`) shows motion: screenshots are taken
    until every box has differed from the first one at least once, or `timeout` seconds
    pass. One pair of screenshots a fixed time apart is not enough: a looping spinner can
    be caught at the same phase twice (a busy machine stretches the time between them to
    a whole period), so the shots go on, at uneven times, until each box has moved."""
    first_path = os.path.join(out, "%s-first.png" % name)
    page.screenshot(path=first_path)
    first = Image.open(first_path).convert("RGB")
    crops = [(int(b["x"]), int(b["y"]), int(b["x"] + b["width"]), int(b["y"] + b["height"])) for b in boxes]
    moved = [False] * len(boxes)
    deadline, shot = time.monotonic() + timeout, 0
    while not all(moved) and time.monotonic() < deadline:
        page.wait_for_timeout(70 + 40 * (shot % 3))
        path = os.path.join(out, "%s-%d.png" % (name, shot % 2))
        page.screenshot(path=path)
        later = Image.open(path).convert("RGB")
        for n, crop in enumerate(crops):
            moved[n] = moved[n] or ImageChops.difference(first.crop(crop), later.crop(crop)).getbbox() is not None
        shot += 1
    return moved
