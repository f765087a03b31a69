"""The playground's honest notes (issue 40), in Chromium (a browser.py job).

    {"type": "playgroundNotes", "url": GALLERY_URL, "kinds": [K, ...], "out": DIR}

Reports:
  cut        at 1280 and 390 px, every kind of `kinds`: field labels wider than their box or broken
             inside a word, placeholders wider than their box, size cells wrapped or
             wider than their panel (each as "view kind: what")
  slider     circular's trackshadow and shadow sliders while unset: value and minimum
  download   the download's file name for circular GIF, stroke=15, style=accent
  refused    a bad colour for a circular GIF: the sizes cells' texts and the advice
  fps        the advice for an arc GIF at fps=60
  stale      that advice and the sizes grid, then both, frame by frame, from the moment its
             size is changed to 90 until the new sizes' advice is written: {"before",
             "gridBefore", "seen": [{"advice", "grid"}: each change, in order], "after"}
  auto       an SVG with theme=auto on the Dark stage in a light scheme: the stage note
  large      an SVG of size=1024 at 1280 × 900: the preview's box and the viewport
Screenshots are saved in DIR.
"""
import os

from .page_state import wait_until
from .gallery_pages import SETTLED as settled

# Every text that is cut or broken on the page now, as "what: detail".
CUT = """() => {
  const canvas = document.createElement('canvas').getContext('2d');
  const width = (text, element) => { canvas.font = getComputedStyle(element).font; return canvas.measureText(text).width; };
  const found = [];
  for (const label of document.querySelectorAll('.field label')) {
    if (label.offsetParent === null) continue;
    const style = getComputedStyle(label);
    const lines = label.getBoundingClientRect().height / parseFloat(style.lineHeight || 20);
    if (label.scrollWidth > label.clientWidth + 1) found.push('label ' + label.textContent + ': wider than its box');
    if (!label.textContent.includes(' ') && lines > 1.5) found.push('label ' + label.textContent + ': broken inside the word');
  }
  for (const input of document.querySelectorAll('input[placeholder]')) {
    if (input.offsetParent === null || !input.placeholder) continue;
    const style = getComputedStyle(input);
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (width(input.placeholder, input) > room + 1) found.push('placeholder ' + input.placeholder + ': wider than its box');
  }
  const panel = document.getElementById('sizes').getBoundingClientRect();
  for (const cell of document.querySelectorAll('#sizes .format-size:not(.refused)')) {
    const box = cell.getBoundingClientRect();
    if (box.height > 1.6 * parseFloat(getComputedStyle(cell).lineHeight || 20)) found.push('size ' + cell.textContent + ': wrapped');
    if (box.right > panel.right + 1) found.push('size ' + cell.textContent + ': past its panel');
  }
  return found;
}"""


def playground_notes(browser, job):
    url, out = job["url"], job["out"]
    result = {"cut": []}
    for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
        page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=name == "phone",
                                device_scale_factor=2 if name == "phone" else 1, color_scheme="light")
        for kind in job["kinds"]:
            for format in ("gif", "lottie"):
                page.goto(url + "?kind=%s&format=%s" % (kind, format), wait_until="load")
                wait_until(page, settled, timeout=120.0)
                result["cut"] += ["%s %s.%s: %s" % (name, kind, format, what) for what in page.evaluate(CUT)]
        page.screenshot(path=os.path.join(out, "notes-%s.png" % name), full_page=True)
        page.close()

    page = browser.new_page(viewport={"width": 1280, "height": 900}, color_scheme="light")
    page.goto(url + "?kind=circular&format=gif", wait_until="load")
    wait_until(page, settled, timeout=120.0)
    result["slider"] = page.evaluate("() => ['trackshadow', 'shadow'].map((n) => { const i = document.getElementById('p-' + n);"
                                     " return {name: n, value: i.value, minimum: i.min}; })")
    page.goto(url + "?kind=circular&format=gif&stroke=15&style=accent", wait_until="load")
    wait_until(page, settled, timeout=120.0)
    result["download"] = page.get_attribute("#download", "download")

    page.goto(url + "?kind=circular&format=gif&color=notacolour", wait_until="load")
    wait_until(page, "() => [...document.querySelectorAll('#sizes output')].every(o => o.textContent !== '…')"
                     " && document.getElementById('advice').dataset.measured === 'true'", timeout=120.0)
    result["refused"] = {"cells": page.eval_on_selector_all("#sizes .format-size", "cs => cs.map(c => c.textContent)"),
                         "advice": page.text_content("#advice")}
    page.screenshot(path=os.path.join(out, "notes-refused.png"), full_page=True)

    page.goto(url + "?kind=arc&format=gif&fps=60", wait_until="load")
    wait_until(page, "() => document.getElementById('advice').dataset.measured === 'true'", timeout=120.0)
    result["fps"] = page.text_content("#advice")
    # The advice follows the sizes (issue 64: it kept the last settings' sizes for about 3 s).
    result["stale"] = page.evaluate("""async () => {
      const advice = document.getElementById('advice'), size = document.getElementById('p-size');
      const grid = () => [...document.querySelectorAll('#sizes output')].map((o) => o.textContent).join(' | ');
      const before = advice.textContent, gridBefore = grid(), seen = [];
      size.value = '90';
      size.dispatchEvent(new Event('input', {bubbles: true}));
      const started = performance.now();
      do {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const sample = {advice: advice.textContent, grid: grid()};
        const last = seen[seen.length - 1];
        if (!last || last.advice !== sample.advice || last.grid !== sample.grid) seen.push(sample);
      } while ((advice.dataset.measured !== 'true' || advice.textContent === before) && performance.now() - started < 120000);
      return {before, gridBefore, seen, after: advice.textContent};
    }""")

    page.goto(url + "?kind=circular&format=svg&page=000000&theme=auto", wait_until="load")
    wait_until(page, settled, timeout=120.0)
    result["auto"] = page.evaluate("() => { const n = document.getElementById('stage-note'); return n.hidden ? null : n.textContent; }")
    page.screenshot(path=os.path.join(out, "notes-auto.png"))

    page.goto(url + "?kind=circular&format=svg&size=1024", wait_until="load")
    wait_until(page, settled, timeout=120.0)
    result["large"] = page.evaluate("() => { const r = document.getElementById('preview').getBoundingClientRect();"
                                    " return {width: r.width, height: r.height, bottom: r.bottom + scrollY, viewport: innerHeight}; }")
    page.screenshot(path=os.path.join(out, "notes-large.png"))
    page.close()
    return result
