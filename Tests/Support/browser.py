#!/usr/bin/env python3
"""Shows SVGs in a real headless Chromium (Debian's, through Playwright) for the tests.

  browser.py JOBS.json  prints JSON results, one per job. Jobs:
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
    {"type": "durations", "svg": PATH, "reducedMotion": bool}
        the computed duration and end time (ms; null when it runs forever) of every
        animation of the SVG document
"""
import json
import os
import pathlib
import sys
import time
import urllib.request

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
    for index, (time, png) in enumerate(zip(job["times"], job["pngs"])):
        count = page.evaluate(SEEK, time)
        shot = os.path.join(job["out"], "seek-%d.png" % index)
        page.screenshot(path=shot, clip={"x": 0, "y": 0, "width": size, "height": size}, omit_background=True)
        result = compare(shot, png)
        result.update(time=time, animations=count, screenshot=shot)
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
    first = os.path.join(job["out"], "a.png")
    second = os.path.join(job["out"], "b.png")
    page.screenshot(path=first)
    page.wait_for_timeout(300)
    page.screenshot(path=second)
    a, b = Image.open(first).convert("RGB"), Image.open(second).convert("RGB")
    results = []
    for path, box in zip(job["svgs"], boxes):
        crop = (int(box["x"]), int(box["y"]), int(box["x"] + box["width"]), int(box["y"] + box["height"]))
        changed = ImageChops.difference(a.crop(crop), b.crop(crop)).getbbox() is not None
        results.append({"svg": path, "loaded": box["width"] > 0, "changed": changed})
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
            crop = picture.crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]), int(box["y"] + box["height"])))
            values = sorted((ratios.setdefault(colour, contrast_ratio(colour, page_colour)) for count, colour in
                             crop.getcolors(crop.width * crop.height) for _ in range(min(count, 4))), reverse=True)
            value = values[3] if len(values) > 3 else 1.0
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


def wait_until(page, function, arg=None, timeout=30.0):
    """Polls `function` (a JS function) until it returns true. Playwright's
    wait_for_function evaluates its predicate with eval, which the gallery's strict CSP
    (rightly) forbids; page.evaluate calls a function directly and is not affected."""
    deadline = time.monotonic() + timeout
    while True:
        if page.evaluate(function, arg):
            return
        if time.monotonic() > deadline:
            raise TimeoutError("timed out waiting for " + function)
        page.wait_for_timeout(50)


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
    first, second = os.path.join(out, "g-a.png"), os.path.join(out, "g-b.png")
    page.screenshot(path=first)
    page.wait_for_timeout(300)
    page.screenshot(path=second)
    a, b = Image.open(first).convert("RGB"), Image.open(second).convert("RGB")
    kinds = []
    for (name, width), box in zip(names, boxes):
        crop = (int(box["x"]), int(box["y"]), int(box["x"] + box["width"]), int(box["y"] + box["height"]))
        kinds.append({"name": name, "naturalWidth": width, "changed": ImageChops.difference(a.crop(crop), b.crop(crop)).getbbox() is not None})

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
    page.wait_for_timeout(400)
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
    # GIF edges blended into the stage's colour, following the light/dark toggle.
    step("matte", lambda: page.click("#matte-page"))
    step("page", lambda: page.click("button.toggle[data-page='dark']"))
    before = preview_src()
    page.click("button.toggle[data-page='light']")
    wait_for_new_preview(before)
    # Lottie: the preview keeps showing the same settings as SVG (no player on the page),
    # says so, and the snippets are the apps' ones with the .json URL.
    step("lottie", lambda: page.click("label[for='f-lottie']"))
    wait_until(page, "() => !document.getElementById('preview-note').hidden")
    shown = lambda selector: page.eval_on_selector(selector, "e => !e.hidden && e.offsetParent !== null")
    lottie = {"noteShown": shown("#preview-note"), "note": page.text_content("#preview-note").strip(),
              "url": page.input_value("#snippet-url"),
              "snippets": {name: page.input_value("#snippet-" + name) for name in ("ios", "android", "flutter", "web")},
              "shown": {name: shown("#use-" + name) for name in ("url", "html", "markdown", "picture", "ios", "android", "flutter", "web")}}
    with urllib.request.urlopen(lottie["url"]) as response:
        lottie["contentType"] = response.headers.get("Content-Type")
        lottie["document"] = json.loads(response.read())["nm"]
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


def main(path):
    jobs = json.load(open(path))
    results = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for job in jobs:
            handler = {"seek": seek, "animates": animates, "durations": durations, "gallery": gallery,
                       "contrast": contrast}[job["type"]]
            results.append(handler(browser, job))
        browser.close()
    print(json.dumps(results))


if __name__ == "__main__":
    main(sys.argv[1])
