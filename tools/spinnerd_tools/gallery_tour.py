"""The `gallery` browser job: the gallery page driven as a visitor would (console errors and
failed requests, every kind's image loaded and moving, controls changing the preview, the
copied URL fetched with a plain HTTP client, Lottie mode and its lottie-web snippet played,
desktop and phone screenshots).

Result: {"consoleErrors", "failedRequests": [...], "kinds": [{"name", "naturalWidth",
"changed"}], "steps": [{"control", "before", "after": the preview's URL}], "sizeText",
"formatSizes": {format: text}, "swatches": {field: colour}, "copiedURL", "htmlSnippet",
"pictureSnippet", "address", "bytesMatch", "fetchedBytes", "lottie": {"noteShown", "note",
"url", "snippets": {app: text}, "shown": {box: bool}, "contentType", "document" (its nm),
"webSnippet": {"light"/"dark": {"red", "lightTrack", "darkTrack": pixels, "screenshot"},
"motion": {"no-preference"/"reduce" (emulated)/"forced" (--force-prefers-reduced-motion):
{"framesPerSecond", "speed", "reduce": whether the page matched prefers-reduced-motion}},
"problems"}, "noteHiddenAgain"}, "labelsForEveryControl", "phoneOverflows",
"screenshots": {name: PATH}}.
"""
import json
import os
import pathlib
import urllib.request

import numpy as np
from PIL import Image

from . import chromium, lottie_web
from .page_state import PREVIEW_READY, TILES_READY, moving, wait_until


def run_web_snippet(browser, snippet, out):
    """The gallery's lottie-web snippet, pasted into a page as it stands but for the player's
    own file (lottie-web 5.12.2 here), on a white page in the light and in the dark OS
    scheme: does it load, and which colours does it draw at frame 0? Counts, per scheme, pixels of the
    URL's red puck (#FF3B30) and of circular's track (secondaryLabel, 60 % opaque) in its
    light colour (#3C3C43) and in its dark one (#EBEBF5) over white, ±8 per channel."""
    html = snippet.replace('src="lottie.min.js"', 'src="%s"' % pathlib.Path(lottie_web.script_path()).as_uri())
    path = os.path.join(out, "lottie-web-snippet.html")
    with open(path, "w") as handle:
        handle.write("<!doctype html><html><body style='margin:0;background:#fff'>" + html + "</body></html>")
    result = {"problems": []}
    for scheme in ("light", "dark"):
        page = browser.new_page(viewport={"width": 400, "height": 300}, color_scheme=scheme)
        page.on("pageerror", lambda error: result["problems"].append(str(error)))
        page.goto(pathlib.Path(path).resolve().as_uri(), wait_until="load")
        wait_until(page, "() => !!document.querySelector('#spinner svg g path')")
        # Held at frame 0 (a short puck, most of the track showing: 358 red pixels of 2 272
        # drawn), so what is counted does not depend on the moment the screenshot falls on:
        # beside a load it once fell where the puck hid all but 141 pixels of the track.
        page.evaluate("() => lottie.goToAndStop(0, true)")
        page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")
        shot = os.path.join(out, "lottie-web-snippet-%s.png" % scheme)
        page.locator("#spinner").screenshot(path=shot)
        pixels = np.array(Image.open(shot).convert("RGB"), dtype=np.int32)
        page.close()

        def count(rgb):
            return int(np.all(np.abs(pixels - np.array(rgb)) <= 8, axis=2).sum())
        result[scheme] = {"red": count((255, 59, 48)), "lightTrack": count((138, 138, 142)), "darkTrack": count((243, 243, 249)),
                          "screenshot": shot}
    run_web_snippet_motion(browser, path, result)
    return result


# The snippet's animation's frames per second of real time, over 1.5 s of animation frames
# (lottie-web advances by the time elapsed, so a busy machine drawing fewer frames still
# reads the speed it plays at), a loop's wrap counted.
RATE = """async () => {
  const animation = lottie.getRegisteredAnimations()[0], total = animation.totalFrames;
  let last = animation.currentFrame, advanced = 0;
  const start = performance.now();
  while (performance.now() - start < 1500) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = animation.currentFrame;
    advanced += (now - last + total) % total;
    last = now;
  }
  return {framesPerSecond: advanced / ((performance.now() - start) / 1000), speed: animation.playSpeed,
          reduce: matchMedia('(prefers-reduced-motion: reduce)').matches};
}"""


def snippet_motion(browser, path, reduced_motion, problems):
    """How fast the snippet's page plays, with `reduced_motion` emulated (None: as the
    browser was launched; Playwright otherwise emulates no preference, over the flag)."""
    page = browser.new_page(viewport={"width": 400, "height": 300}, reduced_motion=reduced_motion or "null")
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(pathlib.Path(path).resolve().as_uri(), wait_until="load")
    wait_until(page, "() => typeof lottie !== 'undefined' && lottie.getRegisteredAnimations().length > 0"
                     " && lottie.getRegisteredAnimations()[0].isLoaded")
    rate = page.evaluate(RATE)
    page.close()
    return rate


def run_web_snippet_motion(browser, path, result):
    """Slow, don't freeze (issue 64): the snippet with no preference and with reduced motion
    emulated, and in a Chromium launched with --force-prefers-reduced-motion."""
    motion = {name: snippet_motion(browser, path, name, result["problems"]) for name in ("no-preference", "reduce")}
    forced = browser.browser_type.launch(executable_path=chromium.EXECUTABLE,
                                         args=chromium.ARGUMENTS + ["--force-prefers-reduced-motion"])
    try:
        motion["forced"] = snippet_motion(forced, path, None, result["problems"])
    finally:
        forced.close()
    result["motion"] = motion


def gallery(browser, job):
    out = job["out"]
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    problems = {"console": [], "failed": [], "bodies": {}}
    page.on("console", lambda message: problems["console"].append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems["console"].append(str(error)))
    # A load the page itself cancels (an image whose src changed again) is not a failure.
    page.on("requestfailed", lambda request: None if "ERR_ABORTED" in str(request.failure)
            else problems["failed"].append(request.url + " " + str(request.failure)))

    def on_response(response):
        if response.status >= 400:
            problems["failed"].append("%s %d" % (response.url, response.status))
        if "/spinner/" in response.url and response.request.method == "GET":
            try:
                problems["bodies"][response.url] = response.body()
            except Exception:
                pass
    page.on("response", on_response)
    page.goto(job["url"], wait_until="load")
    wait_until(page, TILES_READY)
    wait_until(page, PREVIEW_READY)
    names = page.eval_on_selector_all("#kinds img", "images => images.map(i => [i.dataset.kind, i.naturalWidth])")
    boxes = [page.locator("#kinds img[data-kind='%s']" % name).bounding_box() for name, _ in names]
    kinds = [{"name": name, "naturalWidth": width, "changed": changed}
             for (name, width), changed in zip(names, moving(page, boxes, out, "g"))]

    def preview_src():
        return page.eval_on_selector("#preview", "i => i.getAttribute('src')")

    def wait_for_new_preview(before):
        wait_until(page, "(before) => { const i = document.getElementById('preview');"
                         " return i.getAttribute('src') !== before && i.complete && i.naturalWidth > 0; }", before)
        page.wait_for_timeout(100)
        return preview_src()

    steps = []

    def step(control, act):  # one change through the page, and the preview it led to
        before = preview_src()
        act()
        steps.append({"control": control, "before": before, "after": wait_for_new_preview(before)})

    page.click("button.kind[data-kind='circular']")
    # The click asks the service again (a HEAD); wait until that answer is in.
    wait_until(page, "() => document.getElementById('size').textContent !== '…'")
    step("stroke", lambda: page.eval_on_selector(
        "#p-stroke", "e => { e.value = 15; e.dispatchEvent(new Event('input', {bubbles: true})); }"))
    step("color", lambda: page.fill("#p-color", "ff3b30"))
    swatch = "n => getComputedStyle(document.querySelector(`[data-parameter=${n}] .swatch`)).getPropertyValue('--swatch').trim()"
    swatches = {name: page.evaluate(swatch, name) for name in ("background", "color")}
    step("format", lambda: page.click("label[for='f-gif']"))
    wait_until(page, "() => !document.getElementById('matte-page').hidden")
    wait_until(page, "() => document.getElementById('size').textContent.includes('KB') || document.getElementById('size').textContent.includes('bytes')")
    size_text = page.text_content("#size")
    wait_until(page, "() => document.querySelectorAll('#sizes .format-size').length === 8 && "
                     "![...document.querySelectorAll('#sizes output')].some(o => o.textContent === '…')")
    format_sizes = {cell.get_attribute("data-format"): cell.text_content()
                    for cell in page.query_selector_all("#sizes .format-size")}
    copied_url = page.input_value("#snippet-url")
    html_snippet = page.input_value("#snippet-html")
    picture_snippet = page.input_value("#snippet-picture")
    address = page.evaluate("location.search")
    browser_body = None
    for url, body in problems["bodies"].items():
        if url == copied_url:
            browser_body = body
    fetched = urllib.request.urlopen(copied_url).read()
    # A page colour of one's own: the theme from its luminance, a GIF's edges blended into
    # it (matte); then the Dark stage, whose colour is the dark theme's default matte.
    step("pagecolour", lambda: page.eval_on_selector(
        "#page-colour", "e => { e.value = '#1b2a3a'; e.dispatchEvent(new Event('input', {bubbles: true})); }"))
    step("page", lambda: page.click("button.toggle[data-page='dark']"))
    before = preview_src()
    page.click("button.toggle[data-page='light']")
    wait_for_new_preview(before)
    # Lottie: the stage plays the document itself (lottie-web, served by the service), says
    # so, and the snippets are the apps' ones with the .json URL.
    step("lottie", lambda: page.click("label[for='f-lottie']"))
    wait_until(page, "() => !document.getElementById('preview-note').hidden")
    wait_until(page, "() => !!document.getElementById('lottie-stage').dataset.playing")
    # The apps' snippets carry the colours of the URL's documents once they are read.
    wait_until(page, "() => document.getElementById('snippet-ios').dataset.recolour === 'known'")
    shown = lambda selector: page.eval_on_selector(selector, "e => !e.hidden && e.offsetParent !== null")
    apps = ("ios", "android", "flutter", "react-native", "web", "dotlottie")
    lottie = {"noteShown": shown("#preview-note"), "note": page.text_content("#preview-note").strip(),
              "url": page.input_value("#snippet-url"),
              "snippets": {name: page.input_value("#snippet-" + name) for name in apps},
              "shown": {name: shown("#use-" + name) for name in ("url", "html", "markdown", "picture") + apps}}
    with urllib.request.urlopen(lottie["url"]) as response:
        lottie["contentType"] = response.headers.get("Content-Type")
        lottie["document"] = json.loads(response.read())["nm"]
    lottie["webSnippet"] = run_web_snippet(browser, lottie["snippets"]["web"], out)
    page.screenshot(path=os.path.join(out, "gallery-lottie.png"), full_page=True)
    step("gif", lambda: page.click("label[for='f-gif']"))
    lottie["noteHiddenAgain"] = not shown("#preview-note")
    keyboard = page.evaluate("document.querySelectorAll('#controls label[for]').length === document.querySelectorAll('#controls input[id], #controls select[id]').length")
    shots = {}
    page.screenshot(path=os.path.join(out, "gallery-desktop.png"), full_page=True)
    shots["desktop"] = os.path.join(out, "gallery-desktop.png")
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    phone.goto(job["url"], wait_until="load")
    wait_until(phone, PREVIEW_READY)
    phone_overflow = phone.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
    phone.screenshot(path=os.path.join(out, "gallery-phone.png"), full_page=True)
    shots["phone"] = os.path.join(out, "gallery-phone.png")
    phone.close()
    page.close()
    return {"consoleErrors": problems["console"], "failedRequests": problems["failed"], "kinds": kinds, "steps": steps,
            "sizeText": size_text, "formatSizes": format_sizes, "swatches": swatches, "copiedURL": copied_url, "htmlSnippet": html_snippet, "pictureSnippet": picture_snippet,
            "address": address, "bytesMatch": browser_body is not None and browser_body == fetched,
            "fetchedBytes": len(fetched), "lottie": lottie, "labelsForEveryControl": keyboard, "phoneOverflows": phone_overflow,
            "screenshots": shots}
