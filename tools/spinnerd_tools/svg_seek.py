"""The `seek` browser job: an SVG opened as a document, every animation paused at each
time and screenshotted, compared with the raster frame of the same time over white.

Result: per time, {"time": ms, "differing": pixels off by more than 48 levels in a channel
after a 1 px blur, "largest": the largest channel difference (0-255), "animations": how
many the document has, "screenshot": PATH}.
"""
import os
import pathlib

from PIL import Image, ImageChops, ImageFilter

from .page_state import SEEK


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
