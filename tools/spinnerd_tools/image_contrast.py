"""The `contrast` browser job: images on a page of one colour in one colour scheme, and the
WCAG contrast each reaches against the page over a few screenshots.

Result: per image, {"image": PATH, "contrast": the ratio (1-21) of its most visible part,
"screenshot": the PATH it was reached in, or null}.
"""
import os
import pathlib

from PIL import Image

from .wcag_contrast import visibility


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
