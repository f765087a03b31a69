#!/usr/bin/env python3
"""Shows SVGs in a real headless Chromium (Debian's, through Playwright) for the tests.

  browser.py JOBS.json  prints JSON results, one per job. Jobs:
    {"type": "seek", "svg": PATH, "size": N, "times": [ms, ...], "pngs": [PATH, ...],
     "colorScheme": "light"|"dark", "out": DIR}
        opens the SVG as a document, pauses every animation at each time and screenshots
        it; compares with the PNG of the same time over white; reports per time the
        pixels off by more than 48 levels after a 1 px blur, and the largest difference
    {"type": "animates", "svgs": [PATH, ...], "out": DIR}
        shows each SVG in an <img>; two screenshots 300 ms apart must differ in its box
    {"type": "durations", "svg": PATH, "reducedMotion": bool}
        the computed duration and end time (ms; null when it runs forever) of every
        animation of the SVG document
"""
import json
import os
import pathlib
import sys

from PIL import Image, ImageChops, ImageFilter
from playwright.sync_api import sync_playwright

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


def durations(browser, job):
    page = browser.new_page()
    page.emulate_media(reduced_motion="reduce" if job.get("reducedMotion") else "no-preference")
    page.goto(pathlib.Path(job["svg"]).resolve().as_uri(), wait_until="load")
    values = page.evaluate("document.getAnimations().map(a => { const t = a.effect.getComputedTiming();"
                           " return {duration: t.duration, endTime: isFinite(t.endTime) ? t.endTime : null}; })")
    page.close()
    return values


def main(path):
    jobs = json.load(open(path))
    results = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for job in jobs:
            handler = {"seek": seek, "animates": animates, "durations": durations}[job["type"]]
            results.append(handler(browser, job))
        browser.close()
    print(json.dumps(results))


if __name__ == "__main__":
    main(sys.argv[1])
