"""Shows SVGs in a real headless Chromium (Debian's, through Playwright) for the tests.

  python3 -m spinnerd_tools.browser JOBS.json  prints JSON results, one per job. Jobs:
    {"type": "seek", "svg": PATH, "size": N, "times": [ms, ...], "pngs": [PATH, ...],
     "colorScheme": "light"|"dark", "out": DIR}
        opens the SVG as a document, pauses every animation at each time and screenshots
        it; compares with the PNG of the same time over white; reports per time the
        pixels off by more than 48 levels after a 1 px blur, and the largest difference
    {"type": "animates", "svgs": [PATH, ...], "out": DIR}
        shows each image (SVG, WebP, …) in an <img>; two screenshots 300 ms apart must differ in its box
    {"type": "gallery", "url": URL, "out": DIR}
        drives the gallery page at URL: console errors and failed requests, every kind's
        image loaded and moving, controls changing the preview, the copied URL fetched
        with a plain HTTP client, and desktop and phone screenshots saved in DIR
    {"type": "contrast", "images": [PATH, ...], "page": "#rrggbb", "colorScheme": "light"|"dark",
     "shots": N, "out": DIR}
        shows each image in an <img> on a page of that colour in that colour scheme, takes
        N screenshots 110 ms apart, and reports per image the WCAG contrast ratio against
        the page reached by its most visible part (the 4th highest of any pixel in any
        shot, so a stray antialiased pixel does not count), with the screenshot it was in
    {"type": "galleryForPeople", "url": URL, "out": DIR}
        the gallery as people meet it (see gallery_for_people): the tiles' contrast on
        their cards and the pressed stage button in light and dark colour schemes at 1280
        and 390 px, the dark stage's theme=dark, a visible focus on every control reached
        by Tab, the preview in view on a phone while the colour is edited, the Download
        button, axe-core, the <picture> advice, and a refused colour kept out of the URLs
    {"type": "galleryPages", "url": URL, "out": DIR}
        the playground on people's pages in light and dark at 1280 and 390 px: page colours
        of one's own, swatches, folded hints, an error at its field, Lottie mode, snippet
        boxes, the phone's pinned preview (see gallery_pages.py)
    {"type": "galleryFinalSizes", "url": URL, "color": "rrggbb"}
        the playground's sizes of a URL nobody asked before once the final encodes are in
    {"type": "pictureMatrix", "url": URL, "cases": [{"kind", "format", "page", "follows"}, ...], "out": DIR}
        the gallery's <picture> snippets on the pages they are for, in a light and a dark
        OS scheme: the image chosen and its contrast (see picture_matrix.py)
    {"type": "playgroundNotes", "url": URL, "out": DIR}
        the playground's notes: cut text, unset sliders, download names, one reason per
        refusal, theme=auto's note, a large SVG in the stage (see playground_notes.py)
    {"type": "durations", "svg": PATH, "reducedMotion": bool}
        the computed duration and end time (ms; null when it runs forever) of every
        animation of the SVG document
    {"type": "appSnippets", "url": URL, "cases": [{"kind", "values"}, ...]}
        the playground's app snippets in Lottie mode for each setting (see app_snippets.py)
    {"type": "contrastMeter", "url": URL, "kinds": [K, ...], "pages": ["rrggbb", ...], "out": DIR}
        the playground's contrast meter for each kind on each page colour, beside the same
        measure taken from its stills, and its fix pressed once (see contrast_meter.py)
    {"type": "lottiePreview", "url": URL, "out": DIR}
        the playground's Lottie mode playing the document itself (see lottie_preview.py)
    {"type": "inlineSvg", "url": URL, "cases": [{"kind", "values"}, ...], "time": MS, "out": DIR}
        the playground's inline SVG snippets side by side on one page, in its text colour
        (see inline_svg.py)
"""
import json
import os
import pathlib
import sys
import time
import urllib.request

import numpy as np
from PIL import Image, ImageChops, ImageFilter
from playwright.sync_api import sync_playwright

PREVIEW_READY = "() => { const i = document.getElementById('preview'); return !!i.getAttribute('src') && i.complete && i.naturalWidth > 0; }"

SEEK = """(t) => Promise.all(document.getAnimations().map(a => { a.pause(); a.currentTime = t; return a.ready; }))
  .then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))
  .then(() => document.getAnimations().length)"""


def over_white(image):
    image = image.convert("RGBA")
    return Image.alpha_composite(Image.new("RGBA", image.size, (255, 255, 255, 255)), image).convert("RGB")


def compare(browser_png, reference_png):
    a = over_white(Image.open(browser_png)).filter(ImageFilter.BoxBlur(1))
    b = over_white(Image.open(reference_png)).filter(ImageFilter.BoxBlur(1))
    delta = ImageChops.difference(a, b)
    largest = max(channel.getextrema()[1] for channel in delta.split())
    gray = delta.convert("L").point(lambda v: 255 if v > 48 else 0)
    return {"differing": gray.histogram()[255], "largest": largest}


def seek(browser, job):
    size = job["size"]
    page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
    page.emulate_media(color_scheme=job.get("colorScheme", "light"))
    page.goto(pathlib.Path(job["svg"]).resolve().as_uri(), wait_until="load")
    results = []
    for index, (moment, png) in enumerate(zip(job["times"], job["pngs"])):
        count = page.evaluate(SEEK, moment)
        shot = os.path.join(job["out"], "seek-%d.png" % index)
        page.screenshot(path=shot, clip={"x": 0, "y": 0, "width": size, "height": size}, omit_background=True)
        result = compare(shot, png)
        result.update(time=moment, animations=count, screenshot=shot)
        results.append(result)
    page.close()
    return results


def animates(browser, job):
    images = "".join('<img id="i%d" src="%s">' % (n, pathlib.Path(p).resolve().as_uri()) for n, p in enumerate(job["svgs"]))
    html = os.path.join(job["out"], "animates.html")
    with open(html, "w") as handle:
        handle.write("<!doctype html><body style='margin:0;background:#fff'>" + images + "</body>")
    page = browser.new_page(viewport={"width": 1400, "height": 400})
    page.goto(pathlib.Path(html).resolve().as_uri(), wait_until="load")
    page.evaluate("Promise.all([...document.images].map(i => i.decode()))")
    boxes = [page.locator("#i%d" % n).bounding_box() for n in range(len(job["svgs"]))]
    moved = moving(page, boxes, job["out"], "animates")
    results = [{"svg": path, "loaded": box["width"] > 0, "changed": changed}
               for path, box, changed in zip(job["svgs"], boxes, moved)]
    page.close()
    return results


def luminance(rgb):
    """WCAG 2 relative luminance of an sRGB colour (0...255 channels)."""
    def linear(channel):
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(c) for c in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(a, b):
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def visibility(picture, box, background, ratios):
    """The contrast against `background` of the most visible part of `box` in `picture`:
    the 4th highest of any pixel, so a stray antialiased pixel does not count."""
    crop = picture.crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]), int(box["y"] + box["height"])))
    values = sorted((ratios.setdefault((colour, background), contrast_ratio(colour, background)) for count, colour in
                     crop.getcolors(crop.width * crop.height) for _ in range(min(count, 4))), reverse=True)
    return values[3] if len(values) > 3 else 1.0


def css_rgb(text):
    """(r, g, b) of a computed CSS colour `rgb(…)`/`rgba(…)`."""
    return tuple(int(float(part)) for part in text[text.index("(") + 1:text.index(")")].replace(",", " ").split()[:3])


TILES_READY = ("() => document.querySelectorAll('#kinds img').length > 0 && "
               "[...document.querySelectorAll('#kinds img')].every(i => i.complete && i.naturalWidth > 0)")

# The element that shows a control's focus: the control itself, or for an input drawn
# invisible (the format radios, the colour pickers) the label or span drawn for it.
FOCUS_STYLE = """(element) => {
  let shown = element;
  if (getComputedStyle(element).opacity === "0") shown = element.closest(".swatch") || element.nextElementSibling || element.parentElement;
  const style = getComputedStyle(shown);
  return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow].join("|");
}"""


def gallery_for_people(browser, job):
    """What issue 19 asks of the gallery, measured in Chromium."""
    url, out = job["url"], job["out"]
    result = {"views": {}}
    for scheme in ("light", "dark"):
        for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme,
                                    is_mobile=name == "phone", device_scale_factor=2 if name == "phone" else 1)
            page.goto(url, wait_until="load")
            wait_until(page, TILES_READY)
            wait_until(page, PREVIEW_READY)
            kinds = page.eval_on_selector_all("#kinds img", "images => images.map(i => i.dataset.kind)")
            boxes = [page.locator("#kinds img[data-kind='%s']" % kind).bounding_box() for kind in kinds]
            cards = [css_rgb(page.eval_on_selector("button.kind[data-kind='%s']" % kind, "b => getComputedStyle(b).backgroundColor"))
                     for kind in kinds]
            best, ratios = [1.0] * len(kinds), {}
            for shot in range(6):
                path = os.path.join(out, "people-%s-%s-%d.png" % (scheme, name, shot))
                page.screenshot(path=path)
                picture = Image.open(path).convert("RGB").resize((width, height)) if name == "phone" else Image.open(path).convert("RGB")
                for n, box in enumerate(boxes):
                    best[n] = max(best[n], visibility(picture, box, cards[n], ratios))
                page.wait_for_timeout(110)
            pressed = page.eval_on_selector_all("button.toggle", "bs => bs.map(b => [b.getAttribute('aria-pressed'),"
                                                " getComputedStyle(b).backgroundColor, getComputedStyle(b).color])")
            full = os.path.join(out, "gallery-%s-%s.png" % (scheme, name))
            page.screenshot(path=full, full_page=True)
            result["views"]["%s-%s" % (scheme, name)] = {
                "tiles": dict(zip(kinds, [round(b, 2) for b in best])), "toggles": pressed, "screenshot": full,
                "overflows": page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")}
            if name == "desktop":
                from axe_playwright_python.sync_playwright import Axe
                axe = Axe().run(page)
                result["views"]["%s-%s" % (scheme, name)]["axe"] = [
                    v["id"] + ": " + "; ".join(" ".join(node["target"]) + " (" + node.get("failureSummary", "")[:160] + ")"
                                              for node in v["nodes"][:4]) for v in axe.response["violations"]]
            page.close()

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url, wait_until="load")
    wait_until(page, PREVIEW_READY)

    def preview_src():
        return page.eval_on_selector("#preview", "i => i.getAttribute('src')")

    def changed_from(before):
        wait_until(page, "(before) => { const i = document.getElementById('preview');"
                         " return i.getAttribute('src') !== before && i.complete && i.naturalWidth > 0; }", before)
        page.wait_for_timeout(100)

    # The dark stage: theme=dark in the preview and the copied URL, and it says so.
    before = preview_src()
    page.click("button.toggle[data-page='dark']")
    changed_from(before)
    result["darkStage"] = {"preview": preview_src(), "url": page.input_value("#snippet-url"),
                           "noteShown": page.eval_on_selector("#stage-note", "e => !e.hidden"),
                           "theme": page.input_value("#p-theme")}
    page.screenshot(path=os.path.join(out, "gallery-dark-stage.png"))
    before = preview_src()
    page.click("button.toggle[data-page='light']")
    changed_from(before)
    result["lightStage"] = {"url": page.input_value("#snippet-url"), "noteShown": page.eval_on_selector("#stage-note", "e => !e.hidden")}

    # Every control reached by Tab shows its focus: its indicator's computed outline or
    # box-shadow differs from the same element unfocused.
    page.click("h1")
    seen, unfocused = [], []
    for _ in range(300):
        page.keyboard.press("Tab")
        element = page.evaluate_handle("() => document.activeElement")
        described = element.evaluate("e => e === document.body ? null : (e.id || e.getAttribute('aria-label') ||"
                                     " e.textContent.trim().slice(0, 30) || e.tagName) + ' <' + e.tagName.toLowerCase() +"
                                     " (e.type ? ' ' + e.type : '') + '>'")
        if described is None or described in seen:
            break
        seen.append(described)
        focused = element.evaluate(FOCUS_STYLE)
        element.evaluate("e => e.blur()")
        if element.evaluate(FOCUS_STYLE) == focused:
            unfocused.append(described)
        element.evaluate("e => e.focus()")
    result["focus"] = {"reached": seen, "withoutVisibleFocus": unfocused}
    page.screenshot(path=os.path.join(out, "gallery-focus.png"))

    # Download: the file saved is the file of the current URL.
    page.click("label[for='f-gif']")
    wait_until(page, "() => document.getElementById('download').getAttribute('href').includes('.gif')")
    with page.expect_download() as waiting:
        page.click("#download")
    download = waiting.value
    saved = os.path.join(out, "download-" + download.suggested_filename)
    download.save_as(saved)
    href = page.eval_on_selector("#download", "a => a.href")
    result["download"] = {"name": download.suggested_filename, "href": href,
                          "matches": open(saved, "rb").read() == urllib.request.urlopen(href).read()}

    # A colour the service refuses never reaches the preview or the snippets.
    page.click("label[for='f-svg']")
    wait_until(page, "() => document.getElementById('snippet-url').value.includes('.svg')")
    page.wait_for_timeout(300)
    before = {"preview": preview_src(), "url": page.input_value("#snippet-url")}
    page.fill("#p-color", "rgb(256,0,0)")
    wait_until(page, "() => document.getElementById('p-color').getAttribute('aria-invalid') === 'true'")
    refused = {"preview": preview_src(), "url": page.input_value("#snippet-url"), "status": page.text_content("#p-color-error"),
               "address": page.evaluate("location.search")}
    page.fill("#p-color", "rgb(255 0 0)")
    changed_from(before["preview"])
    accepted = {"preview": preview_src(), "url": page.input_value("#snippet-url"), "status": page.text_content("#status"),
                "invalid": page.get_attribute("#p-color", "aria-invalid")}
    result["colour"] = {"before": before, "refused": refused, "accepted": accepted,
                        "acceptedStatus": urllib.request.urlopen(accepted["url"]).status}
    page.close()

    # The <picture> advice for a red circular GIF: the sizes the page measured, and its snippet.
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url + "?kind=circular&format=gif&color=ff3b30", wait_until="load")
    wait_until(page, PREVIEW_READY)
    wait_until(page, "() => document.getElementById('advice').textContent.length > 0", timeout=60)
    gif_url, webp_url = page.input_value("#snippet-url"), page.input_value("#snippet-url").replace(".gif?", ".webp?")
    result["picture"] = {"snippet": page.input_value("#snippet-picture"), "advice": page.text_content("#advice"),
                         "gifBytes": len(urllib.request.urlopen(gif_url).read()),
                         "webpBytes": len(urllib.request.urlopen(webp_url).read())}
    page.close()

    # A phone: the preview stays in view while the colour is edited.
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    phone.goto(url, wait_until="load")
    wait_until(phone, PREVIEW_READY)
    phone.focus("#p-color")
    phone.eval_on_selector("#p-color", "e => e.scrollIntoView({block: 'center'})")
    phone.wait_for_timeout(200)
    result["phone"] = phone.evaluate("() => { const p = document.getElementById('preview').getBoundingClientRect();"
                                     " const c = document.getElementById('p-color').getBoundingClientRect();"
                                     " return {preview: [p.top, p.bottom], color: [c.top, c.bottom], height: innerHeight}; }")
    phone.screenshot(path=os.path.join(out, "gallery-phone-editing.png"))
    phone.close()
    return result


def contrast(browser, job):
    page_colour = tuple(int(job["page"][i:i + 2], 16) for i in (1, 3, 5))
    images = "".join('<img id="i%d" src="%s" style="margin:8px">' % (n, pathlib.Path(p).resolve().as_uri())
                     for n, p in enumerate(job["images"]))
    html = os.path.join(job["out"], "contrast-%s.html" % job["colorScheme"])
    with open(html, "w") as handle:
        handle.write("<!doctype html><meta name=color-scheme content='light dark'>"
                     "<body style='margin:0;background:%s'>%s</body>" % (job["page"], images))
    page = browser.new_page(viewport={"width": 1600, "height": 600}, device_scale_factor=1)
    page.emulate_media(color_scheme=job["colorScheme"])
    page.goto(pathlib.Path(html).resolve().as_uri(), wait_until="load")
    page.evaluate("Promise.all([...document.images].map(i => i.decode()))")
    boxes = [page.locator("#i%d" % n).bounding_box() for n in range(len(job["images"]))]
    best = [(0.0, None)] * len(job["images"])
    ratios = {}  # the contrast of each colour seen, computed once
    for shot in range(job.get("shots", 8)):
        path = os.path.join(job["out"], "contrast-%s-%d.png" % (job["colorScheme"], shot))
        page.screenshot(path=path)
        picture = Image.open(path).convert("RGB")
        for n, box in enumerate(boxes):
            value = visibility(picture, box, page_colour, ratios)
            if value > best[n][0]:
                best[n] = (value, path)
        page.wait_for_timeout(110)
    page.close()
    return [{"image": image, "contrast": value, "screenshot": shot} for image, (value, shot) in zip(job["images"], best)]


def durations(browser, job):
    page = browser.new_page()
    page.emulate_media(reduced_motion="reduce" if job.get("reducedMotion") else "no-preference")
    page.goto(pathlib.Path(job["svg"]).resolve().as_uri(), wait_until="load")
    values = page.evaluate("document.getAnimations().map(a => { const t = a.effect.getComputedTiming();"
                           " return {duration: t.duration, endTime: isFinite(t.endTime) ? t.endTime : null}; })")
    page.close()
    return values


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


def run_web_snippet(browser, snippet, out):
    """The gallery's lottie-web snippet, pasted into a page as it stands but for the player's
    own file (lottie-web 5.12.2 here), on a white page in the light and in the dark OS
    scheme: does it load, and which colours does it draw at frame 0? Counts, per scheme, pixels of the
    URL's red puck (#FF3B30) and of circular's track (secondaryLabel, 60 % opaque) in its
    light colour (#3C3C43) and in its dark one (#EBEBF5) over white, ±8 per channel."""
    from . import lottie_web
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
    return result


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
    wait_until(page, "() => document.querySelectorAll('#kinds img').length > 0 && [...document.querySelectorAll('#kinds img')].every(i => i.complete && i.naturalWidth > 0)")
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
    wait_until(page, "() => document.querySelectorAll('#sizes .format-size').length === 7 && "
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


def gallery_final_sizes(browser, job):
    """The playground's sizes for a URL nobody asked before, on a server with provisional
    answers: once the gallery is done asking (no '…', no 'quick answer' left, at most
    600 s: final encodes wait at nice 19 while the machine is busy; the limit only bounds a hang), each animated format's size shown and the URL it measured (the snippet's URL
    with that format's extension), and every text the chosen format's own size showed once
    the colour was typed (the job's URL may open the playground on a kind, format and size;
    with "settle": "chosen", only that size is waited for, not every format's)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(job["url"], wait_until="load")
    wait_until(page, PREVIEW_READY)
    # Every text the chosen format's size (#size) shows from here on.
    page.evaluate("() => { window.sizeTexts = []; new MutationObserver(() => window.sizeTexts.push(document.getElementById('size').textContent))"
                  ".observe(document.getElementById('size'), {childList: true, characterData: true, subtree: true}); }")
    page.fill("#p-color", job["color"])
    wait_until(page, "(colour) => document.getElementById('snippet-url').value.includes(colour)", job["color"])
    if job.get("settle") == "chosen":
        # Only the chosen format's own size, beside the download, until it is final.
        wait_until(page, "() => { const t = document.getElementById('size').textContent; return t !== '…' && !t.includes('quick answer'); }",
                   timeout=600.0)
    else:
        wait_until(page, "() => document.querySelectorAll('#sizes .format-size').length === 7 && "
                         "![...document.querySelectorAll('#sizes output')].some(o => o.textContent === '…' || o.textContent.includes('quick answer'))",
                   timeout=600.0)
    sizes = {cell.get_attribute("data-format"): cell.query_selector("output").text_content()
             for cell in page.query_selector_all("#sizes .format-size")}
    url = page.input_value("#snippet-url")
    size_texts = page.evaluate("() => window.sizeTexts")
    page.close()
    return {"sizes": sizes, "url": url, "sizeTexts": size_texts}


def main(path):
    jobs = json.load(open(path))
    results = []
    from .app_snippets import app_snippets
    from .contrast_meter import contrast_meter
    from .inline_svg import inline_svg
    from .lottie_preview import lottie_preview
    from .gallery_pages import gallery_pages
    from .picture_matrix import picture_matrix
    from .playground_notes import playground_notes
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for job in jobs:
            handler = {"seek": seek, "animates": animates, "durations": durations, "gallery": gallery,
                       "galleryForPeople": gallery_for_people, "galleryPages": gallery_pages, "contrast": contrast,
                       "galleryFinalSizes": gallery_final_sizes,
                       "pictureMatrix": picture_matrix, "playgroundNotes": playground_notes, "appSnippets": app_snippets,
                       "contrastMeter": contrast_meter,
                       "lottiePreview": lottie_preview, "inlineSvg": inline_svg}[job["type"]]
            results.append(handler(browser, job))
        browser.close()
    print(json.dumps(results))


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if sys.argv[1:] in (["-h"], ["--help"]) else 2)
    main(sys.argv[1])
