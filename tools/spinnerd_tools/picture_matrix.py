"""The gallery's <picture> snippets on the pages they are for, in Chromium (a browser.py job).

    {"type": "pictureMatrix", "url": GALLERY_URL, "cases": [{"kind", "format", "page", "follows"}, ...],
     "out": DIR}

For each case the snippet is made by the gallery's own modules (`/gallery/state.js` and
`/gallery/snippets.js`, loaded into the gallery page): the stage's page colour `page`
(hex, no #), the kind and format at their defaults, and whether the designer's page
follows the OS colour scheme (`follows`). Every snippet is then put on a page of its
colour and shown in a light and a dark OS colour scheme: a page that follows the scheme
is light (the stage's colour when it is light, else white) in the light scheme and dark
(the stage's when dark, else black) in the dark one; any other page is the stage's
colour in both. Each scheme is shown with motion and with reduced motion (the picture
slowed, issue 64). Per case, scheme and motion it reports the page colour shown, the
image the browser chose (`currentSrc`), the contrast against the page of the picture's
most visible part (wcag_contrast.visibility, over 14 screenshots 130 ms apart) with the
screenshot, and whether the picture moved between those screenshots (`moved`);
and the playground's own wiring of the snippet (see `playground`).

`forced`: the cases on a white page that does not follow the OS, shown in a Chromium
launched with --force-prefers-reduced-motion (nothing emulated: the flag reaches the page
and the SVG inside <img>), per case the image chosen, whether it moved, and how much
slower it plays than with no preference (`slowedBy`): a raster's loop (its frames'
durations, read by Pillow from the files the two showings chose) over the loop chosen with
no preference; an SVG's animations (the file opened in each browser, its CSS animations'
durations, `document.getAnimations()`) in the flagged browser over the same with no
preference, the least of them.
"""
import io
import os
import pathlib
import urllib.request

from PIL import Image, ImageChops

from . import chromium
from .page_state import wait_until
from .wcag_contrast import visibility

# Made in the page by the gallery's own modules: the snippets for every case.
SNIPPETS = """async (cases) => {
  const { PlaygroundState } = await import('/gallery/state.js');
  const { pictureSnippet } = await import('/gallery/snippets.js');
  const { imageURL } = await import('/gallery/urls.js');
  const { themeForPage } = await import('/gallery/colour.js');
  const catalog = await (await fetch('/spinners')).json();
  return cases.map((c) => {
    const state = new PlaygroundState(catalog, () => false);
    state.setPage(c.page, false);
    state.selectKind(c.kind, {});
    state.setFormat(c.format);
    state.setFollowsScheme(c.follows);
    const url = new URL(imageURL(state, c.format), location.href).href;
    return { snippet: pictureSnippet(state, url, state.shownSize(), location.href), theme: themeForPage(c.page) };
  });
}"""


def rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))


def shown_page(case, scheme):
    """The page colour a case's snippet is shown on in `scheme` (hex, no #). Whether the
    stage's colour is a dark page is the gallery's own rule (`themeForPage` in colour.js,
    asked in the page with the snippet), not a copy of it."""
    if not case["follows"]:
        return case["page"]
    dark = case["theme"] == "dark"
    if scheme == "dark":
        return case["page"] if dark else "000000"
    return "ffffff" if dark else case["page"]


def playground(browser, url):
    """The page's own wiring, on a circular GIF for a #1b2a3a stage: the <picture> snippet
    and its label before and after "My page follows the OS colour scheme" is ticked, and
    the Copy button's text right after a click."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url + "?kind=circular&format=gif&page=1b2a3a", wait_until="load")
    # Every snippet written again once the 2x answers are in (data-density), so that the
    # boxes above the checkbox have stopped growing: a click aimed while they grew once
    # landed beside it ("Clicking the checkbox did not change its state", beside a TSan build).
    settled = "() => document.getElementById('snippet-html').dataset.density === 'known'"
    wait_until(page, "() => document.getElementById('snippet-picture').value.includes('circular.gif')", timeout=60.0)
    wait_until(page, settled, timeout=120.0)
    label = "() => document.querySelector('label[for=snippet-picture]').textContent"
    before = {"snippet": page.input_value("#snippet-picture"), "label": page.evaluate(label)}
    # Ticked by its own click event, not by a pointer aimed at where it is: what is tested
    # is what ticking does to the snippet (the page's layout may still move, e.g. as the
    # contrast meter's line comes in).
    page.locator("#follows-scheme").dispatch_event("click")
    wait_until(page, "() => document.getElementById('follows-scheme').checked"
                     " && document.getElementById('snippet-picture').value.includes('prefers-color-scheme')")
    wait_until(page, settled, timeout=120.0)
    after = {"snippet": page.input_value("#snippet-picture"), "label": page.evaluate(label)}
    button = page.locator("button.copy[data-target=snippet-picture]")
    idle = button.text_content()
    button.click()
    wait_until(page, "() => document.querySelector('button.copy[data-target=snippet-picture]').textContent !== %r" % idle)
    copied = {"idle": idle, "clicked": button.text_content(), "live": button.get_attribute("aria-live")}
    page.close()
    return {"before": before, "after": after, "copy": copied}


def note_motion(picture, n, box, first, moved):
    """Keeps picture n's first crop of a screenshot (`box` on the page) in `first`, and marks
    `moved[n]` once a later crop differs from it."""
    crop = picture.crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]), int(box["y"] + box["height"])))
    if first[n] is None:
        first[n] = crop
    elif ImageChops.difference(first[n], crop).getbbox() is not None:
        moved[n] = True


def picture_matrix(browser, job):
    out, cases = job["out"], job["cases"]
    page = browser.new_page()
    page.goto(job["url"], wait_until="load")
    made = page.evaluate(SNIPPETS, cases)
    page.close()
    snippets = [m["snippet"] for m in made]
    cases = [dict(case, theme=m["theme"]) for case, m in zip(cases, made)]
    results = []
    for scheme, motion in (("light", "no-preference"), ("dark", "no-preference"), ("light", "reduce"), ("dark", "reduce")):
        blocks = "".join(
            '<div id="c%d" style="display:inline-block;background:#%s;padding:12px;margin:2px">%s</div>'
            % (n, shown_page(case, scheme), snippet) for n, (case, snippet) in enumerate(zip(cases, snippets)))
        html = os.path.join(out, "pictures-%s-%s.html" % (scheme, motion))
        with open(html, "w") as handle:
            handle.write("<!doctype html><meta name=color-scheme content='light dark'>"
                         "<body style='margin:0;background:#808080'>%s</body>" % blocks)
        shown = browser.new_page(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
        shown.emulate_media(color_scheme=scheme, reduced_motion=motion)
        shown.goto(pathlib.Path(html).resolve().as_uri(), wait_until="load")
        wait_until(shown, "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)", timeout=120.0)
        chosen = shown.eval_on_selector_all("img", "images => images.map(i => i.currentSrc)")
        boxes = [shown.locator("#c%d img" % n).bounding_box() for n in range(len(cases))]
        shown.set_viewport_size({"width": 1280, "height": int(max(b["y"] + b["height"] for b in boxes)) + 20})
        best, ratios, first, moved = [(0.0, None)] * len(cases), {}, [None] * len(cases), [False] * len(cases)
        # 14 shots 130 ms apart (1.8 s): every default loop's most visible moment is seen,
        # and whether each picture moves (with reduced motion too: slowed, never still).
        for shot in range(14):
            path = os.path.join(out, "pictures-%s-%s-%d.png" % (scheme, motion, shot))
            shown.screenshot(path=path)
            picture = Image.open(path).convert("RGB")
            for n, (case, box) in enumerate(zip(cases, boxes)):
                colour = shown_page(case, scheme)
                value = visibility(picture, box, rgb(colour), ratios)
                if value > best[n][0]:
                    best[n] = (value, path)
                note_motion(picture, n, box, first, moved)
            shown.wait_for_timeout(130)
        shown.close()
        for n, case in enumerate(cases):
            results.append(dict(case, scheme=scheme, motion=motion, shownPage=shown_page(case, scheme), chosen=chosen[n],
                                snippet=snippets[n], contrast=round(best[n][0], 3), moved=moved[n], screenshot=best[n][1]))
    plain = {(r["kind"], r["format"]): r["chosen"] for r in results
             if r["page"] == "ffffff" and not r["follows"] and r["scheme"] == "light" and r["motion"] == "no-preference"}
    forced = forced_motion(browser, [(case, snippet) for case, snippet in zip(cases, snippets)
                                     if case["page"] == "ffffff" and not case["follows"]], plain, out)
    return {"cases": results, "forced": forced, "playground": playground(browser, job["url"])}


def loop_seconds(url):
    """The loop of the animated image at `url`: its frames' durations, as Pillow reads them."""
    with urllib.request.urlopen(url) as response:
        image = Image.open(io.BytesIO(response.read()))
    total = 0
    for frame in range(getattr(image, "n_frames", 1)):
        image.seek(frame)
        image.load()
        total += image.info.get("duration", 0)
    return total / 1000


# The CSS animations' durations of the SVG document open in the page, in ms.
DURATIONS = "() => document.getAnimations().map((a) => a.effect.getComputedTiming().duration)"


def svg_durations(browser, url, reduced_motion):
    page = browser.new_page(reduced_motion=reduced_motion)
    page.goto(url, wait_until="load")
    wait_until(page, "() => document.getAnimations().length > 0")
    durations = page.evaluate(DURATIONS)
    page.close()
    return durations


def forced_motion(browser, shown_cases, plain, out):
    """The snippets of `shown_cases` ((case, snippet) on a white page) in a Chromium launched
    with --force-prefers-reduced-motion: what each chose, whether it moved, and `slowedBy`
    against `plain` (the URL chosen with no preference, by kind and format)."""
    flagged = browser.browser_type.launch(executable_path=chromium.EXECUTABLE,
                                          args=chromium.ARGUMENTS + ["--force-prefers-reduced-motion"])
    try:
        blocks = "".join('<div id="c%d" style="display:inline-block;background:#ffffff;padding:12px;margin:2px">%s</div>'
                         % (n, snippet) for n, (_, snippet) in enumerate(shown_cases))
        html = os.path.join(out, "pictures-forced.html")
        with open(html, "w") as handle:
            handle.write("<!doctype html><body style='margin:0;background:#808080'>%s</body>" % blocks)
        # reduced_motion "null": Playwright otherwise emulates no preference over the flag.
        shown = flagged.new_page(viewport={"width": 1280, "height": 900}, device_scale_factor=1, reduced_motion="null")
        shown.goto(pathlib.Path(html).resolve().as_uri(), wait_until="load")
        wait_until(shown, "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)", timeout=120.0)
        reduce = shown.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
        chosen = shown.eval_on_selector_all("img", "images => images.map(i => i.currentSrc)")
        boxes = [shown.locator("#c%d img" % n).bounding_box() for n in range(len(shown_cases))]
        shown.set_viewport_size({"width": 1280, "height": int(max(b["y"] + b["height"] for b in boxes)) + 20})
        first, moved = [None] * len(shown_cases), [False] * len(shown_cases)
        for shot in range(14):
            path = os.path.join(out, "pictures-forced-%d.png" % shot)
            shown.screenshot(path=path)
            picture = Image.open(path).convert("RGB")
            for n, box in enumerate(boxes):
                note_motion(picture, n, box, first, moved)
            shown.wait_for_timeout(130)
        shown.close()
        results = []
        for n, (case, _) in enumerate(shown_cases):
            normal = plain[(case["kind"], case["format"])]
            if case["format"] == "svg":
                slow = svg_durations(flagged, chosen[n], "null")
                fast = svg_durations(browser, normal, "no-preference")
                slowed = min(a / b for a, b in zip(slow, fast)) if slow and len(slow) == len(fast) else 0
            else:
                slowed = loop_seconds(chosen[n]) / loop_seconds(normal)
            results.append({"kind": case["kind"], "format": case["format"], "reduce": reduce, "chosen": chosen[n],
                            "plain": normal, "moved": moved[n], "slowedBy": round(slowed, 3)})
        return results
    finally:
        flagged.close()
