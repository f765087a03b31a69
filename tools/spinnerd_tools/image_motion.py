"""The `animates` browser job: each image (SVG, WebP, …) in an <img>, and whether its box
moves between screenshots.

Result: per image, {"svg": PATH, "loaded": bool (its box has a width), "changed": bool
(two screenshots of its box differ within 15 s)}.
"""
import os
import pathlib

from .page_state import moving


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
