"""The playground's contrast meter (issue 50), in Chromium.

contrast_meter(browser, job) with job {"url": URL, "kinds": [K, ...], "pages": ["rrggbb", ...],
"out": DIR} opens the playground at each kind on each page colour (its shared address,
`page=`) and reports, per pair, what the meter read (data-ratio), whether it warned, the
fix it offered, and the same measure taken here from the stills it names: each PNG
composited over the page with Pillow, the contrast of its 4th most contrasting pixel,
the best of the moments (wcag_contrast.visibility's measure). Then, for the first faint pair, the
fix is pressed: the field, the URL and the reading after it. Screenshots in DIR.
"""
import io
import os
import urllib.parse
import urllib.request

from PIL import Image

from .page_state import wait_until
from .wcag_contrast import contrast_ratio

READ = "() => { const m = document.getElementById('contrast'); return !!m.dataset.ratio && !m.hidden; }"


def measured_here(stills, base, page):
    colour = tuple(int(page[i:i + 2], 16) for i in (0, 2, 4))
    best = 1.0
    ratios = {}
    for still in stills:
        with urllib.request.urlopen(urllib.parse.urljoin(base, still)) as response:
            picture = Image.open(io.BytesIO(response.read())).convert("RGBA")
        flat = Image.new("RGBA", picture.size, colour + (255,))
        flat.alpha_composite(picture)
        rgb = flat.convert("RGB")
        values = sorted((ratios.setdefault(c, contrast_ratio(c, colour)) for count, c in rgb.getcolors(rgb.width * rgb.height)
                         for _ in range(min(count, 4))), reverse=True)
        best = max(best, values[3] if len(values) > 3 else 1.0)
    return best


def reading(page):
    return page.evaluate("() => { const m = document.getElementById('contrast'), f = document.getElementById('contrast-fix');"
                         " return {ratio: Number(m.dataset.ratio), faint: m.classList.contains('faint'), text: m.textContent,"
                         " stills: JSON.parse(m.dataset.stills || '[]'), fix: f.hidden ? null : f.textContent,"
                         " url: document.getElementById('snippet-url').value}; }")


def contrast_meter(browser, job):
    base, out = job["url"].split("?")[0], job["out"]
    results, fixed = [], None
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for kind in job["kinds"]:
        for colour in job["pages"]:
            page.goto(base + "?" + urllib.parse.urlencode({"kind": kind, "format": "svg", "page": colour}), wait_until="load")
            wait_until(page, "(kind) => document.getElementById('snippet-url').value.includes('/spinner/' + kind + '.')", kind)
            wait_until(page, READ)
            shown = reading(page)
            shown.update(kind=kind, page=colour, here=round(measured_here(shown["stills"], base, colour), 3))
            if shown["faint"]:
                page.locator("#stage").screenshot(path=os.path.join(out, "contrast-%s-%s.png" % (kind, colour)))
            results.append(shown)
            if shown["faint"] and shown["fix"] and fixed is None:
                before = shown["url"]
                page.click("#contrast-fix")
                wait_until(page, "(before) => document.getElementById('snippet-url').value !== before", before)
                wait_until(page, READ)
                after = reading(page)
                after.update(kind=kind, page=colour, before=before)
                page.locator("#stage").screenshot(path=os.path.join(out, "contrast-%s-%s-fixed.png" % (kind, colour)))
                fixed = after
    page.close()
    return {"readings": results, "fixed": fixed}
