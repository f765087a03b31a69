"""The gallery's playground on the pages people put spinners on (issue 29), in Chromium.

gallery_pages(browser, job) with job {"url": URL, "out": DIR} visits the playground in the
light and dark colour schemes at 1280 and 390 px and reports, per view:
  start      the stage's colour and pressed button on a first visit (the OS scheme's)
  headings   the form's section headings after the script built the fields
  hints      the tallest folded hint in lines, and the matte hint before and after "more"
  custom     a dark page colour of one's own (#1b2a3a) and a light one (#f5e6c8) for a GIF:
             the stage's colour, the URL, the <picture> snippet, the matte button
  swatches   the colour painted for systemBlue, label and matte=systemBackground, with the
             picker's colour, and the clear background's (checkerboard) look
  error      size=1024 for an APNG (over the render budget): the field's state, its message
             and where it is, the sizes table's reason, the problem+json the service sent
  darkGif    the matte button on the Dark stage for a GIF (the same bytes: disabled, why)
  compare    "Compare quality" on that GIF: the note, both addresses, the panes' places, and
             inStep: {"panes": the two panes' mean channel difference at each of four
             instants, "moved": the left pane's between the first instant and each later one}
  lottie     the notes and advice in Lottie mode, and the chosen format's fill
  snippets   the snippet boxes' widths, and any whose text is cut
  gradient   circular's colour through the gradient editor: before and once opened (the URL,
             the field; the stops' colours before anything is picked), the rainbow preset, a stop added
             (eight: no more), the kind made linear, a stop dragged to 5 %; the URL, the
             preview and the swatch after each; a broken gradient typed by hand at its field
  fit        (390 px) the pinned preview's height, and each kind at its default size inside it
Screenshots of each state are saved in DIR.
"""
import json
import os
import urllib.error
import urllib.request

from .page_state import PREVIEW_READY, wait_until

SETTLED = ("() => { const i = document.getElementById('preview'); return !!i.getAttribute('src') && i.complete &&"
           " i.naturalWidth > 0 && document.getElementById('size').textContent !== '…' &&"
           " document.querySelectorAll('#sizes output').length > 0 &&"
           " ![...document.querySelectorAll('#sizes output')].some(o => o.textContent === '…'); }")

SIZES_SETTLED = ("() => document.getElementById('size').textContent !== '…' && document.querySelectorAll('#sizes output').length > 0 &&"
                 " ![...document.querySelectorAll('#sizes output')].some(o => o.textContent === '…')")

BOX = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def panes_in_step(page, prefix):
    """The stage's two panes pictured together at four instants a few frames apart: the
    mean absolute channel difference (0-255, over the page) between the panes at each, and
    the left pane's between the first and each later instant (its motion)."""
    from PIL import Image, ImageChops, ImageStat
    stage = page.eval_on_selector("#stage", BOX)
    left, right = (page.eval_on_selector(selector, BOX) for selector in ("#preview", "#compare-image"))
    shots = []
    for index in range(4):
        path = "%s-%d.png" % (prefix, index)
        page.screenshot(path=path, clip={"x": stage[0], "y": stage[1], "width": stage[2] - stage[0], "height": stage[3] - stage[1]})
        picture = Image.open(path).convert("RGB")
        crop = lambda box: picture.crop((round(box[0] - stage[0]), round(box[1] - stage[1]), round(box[2] - stage[0]), round(box[3] - stage[1])))
        shots.append((crop(left), crop(right)))
        page.wait_for_timeout(170)  # sampling moments of the motion, not waiting for a state
    mean = lambda a, b: sum(ImageStat.Stat(ImageChops.difference(a, b.resize(a.size))).mean) / 3
    return {"panes": [mean(a, b) for a, b in shots], "moved": [mean(shots[0][0], a) for a, _ in shots[1:]]}


def problem_of(url):
    try:
        urllib.request.urlopen(url)
        return None
    except urllib.error.HTTPError as error:
        return json.loads(error.read())


def set_value(page, selector, value):
    """Types a value as a person would (input events), for text and colour inputs alike."""
    page.eval_on_selector(selector, "(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); }", value)


def choose_format(page, name):
    page.click("label[for='f-%s']" % name)
    wait_until(page, "(n) => location.search.includes('format=' + n)", name)
    wait_until(page, SETTLED)


def swatch(page, name):
    return page.eval_on_selector("[data-parameter=%s] .swatch" % name,
                                 "s => { const c = getComputedStyle(s); return {colour: c.backgroundColor, image: c.backgroundImage,"
                                 " resolved: s.dataset.resolved, picker: s.querySelector('input[type=color]').value}; }")


def view(browser, url, out, scheme, name, width, height):
    page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme,
                            is_mobile=name == "phone", device_scale_factor=1)
    shot = lambda state: page.screenshot(path=os.path.join(out, "pages-%s-%s-%s.png" % (scheme, name, state)))
    result = {}
    page.goto(url, wait_until="load")
    wait_until(page, PREVIEW_READY)
    wait_until(page, SETTLED)
    result["start"] = page.evaluate("() => ({stage: getComputedStyle(document.getElementById('stage')).backgroundColor,"
                                    " pressed: [...document.querySelectorAll('button.toggle[aria-pressed=true]')].map(b => b.dataset.page),"
                                    " address: location.search, note: document.getElementById('stage-note').hidden ? null"
                                    " : document.getElementById('stage-note').textContent})")
    result["headings"] = page.evaluate("() => ['#controls', '#output-controls'].map(s => { const f = document.querySelector(s);"
                                       " const l = f.querySelector(':scope > legend'); return {legend: l ? l.textContent : null,"
                                       " shown: !!l && l.getBoundingClientRect().height > 0,"
                                       " fields: f.querySelectorAll('[data-parameter]:not([hidden])').length}; })")
    shot("start")

    # A dark page of one's own, then a light one, for a GIF.
    choose_format(page, "gif")
    custom = {}
    for colour in ("#1b2a3a", "#f5e6c8"):
        set_value(page, "#page-colour", colour)
        wait_until(page, "(c) => location.search.includes('page=' + c.slice(1))", colour)
        wait_until(page, SETTLED)
        custom[colour] = page.evaluate(
            "() => ({stage: getComputedStyle(document.getElementById('stage')).backgroundColor,"
            " url: document.getElementById('snippet-url').value, picture: document.getElementById('snippet-picture').value,"
            " preview: document.getElementById('preview').getAttribute('src'),"
            " note: document.getElementById('stage-note').hidden ? null : document.getElementById('stage-note').textContent,"
            " matteText: document.getElementById('p-matte').value,"
            " matteButton: document.getElementById('matte-page').disabled,"
            " matteReason: document.getElementById('matte-page-reason').textContent,"
            " pressed: [...document.querySelectorAll('button.toggle[aria-pressed=true]')].map(b => b.dataset.page)})")
        if colour == "#1b2a3a":
            shot("custom-dark")
    result["custom"] = custom

    # The Dark stage for a GIF: the default matte is black already.
    page.click("button.toggle[data-page='dark']")
    wait_until(page, "() => location.search.includes('page=000000')")
    wait_until(page, SETTLED)
    result["darkGif"] = page.evaluate("() => ({url: document.getElementById('snippet-url').value,"
                                      " disabled: document.getElementById('matte-page').disabled,"
                                      " reason: document.getElementById('matte-page-reason').textContent})")
    # The advice offers quality=80 once that file's final size is known (a lossless GIF).
    # (The lossy final may wait behind the other final encodes: the page asks for 5 minutes.)
    wait_until(page, "() => document.getElementById('advice').textContent.includes('quality=80')", timeout=600.0)
    result["darkGif"]["advice"] = page.evaluate("() => document.getElementById('advice').textContent")
    result["darkGif"]["quality"] = page.evaluate("() => !!document.querySelector('[data-parameter=quality]')")
    result["darkGif"]["gridCell"] = page.evaluate("() => document.querySelector('#sizes [data-format=gif] output').textContent")
    # Lossless beside quality=80 on the stage: the button, the second picture, both sizes.
    page.click("#compare")
    wait_until(page, "() => /Right: quality=80, [0-9.]+ (KB|bytes)/.test(document.getElementById('compare-note').textContent)"
                     " && document.getElementById('compare-image').complete && document.getElementById('compare-image').naturalWidth > 0",
               timeout=120.0)
    result["compare"] = page.evaluate(
        "() => { const p = document.getElementById('preview').getBoundingClientRect(),"
        " c = document.getElementById('compare-image').getBoundingClientRect(), s = document.getElementById('stage').getBoundingClientRect();"
        " const at = (i) => i.dataset.url || i.getAttribute('src');"
        " return {note: document.getElementById('compare-note').textContent, src: at(document.getElementById('compare-image')),"
        " preview: at(document.getElementById('preview')), pressed: document.getElementById('compare').getAttribute('aria-pressed'),"
        " side: c.left >= p.right - 0.5, inside: c.right <= s.right + 0.5 && p.left >= s.left - 0.5, shown: c.width > 0 && p.width > 0}; }")
    # In step (issue 64: the two panes showed two moments): once both show copies made
    # together, each pair of pictures taken at one instant differs little (the lossy file is
    # close to the lossless one), where the left pane at two instants differs much (it moves).
    wait_until(page, "() => ['preview', 'compare-image'].every(id => { const i = document.getElementById(id);"
                     " return i.getAttribute('src').startsWith('blob:') && i.complete && i.naturalWidth > 0; })", timeout=120.0)
    result["compare"]["inStep"] = panes_in_step(page, os.path.join(out, "compare-step-%s-%s" % (scheme, name)))
    shot("compare")
    page.click("#compare")
    wait_until(page, "() => document.getElementById('compare-image').hidden && document.getElementById('compare-note').hidden")
    # Sharp on phones: the 2x of each raster in the snippets once the service accepted it.
    wait_until(page, "() => document.getElementById('snippet-html').value.includes('srcset=')"
                     " && document.getElementById('snippet-html').dataset.density === 'known'"
                     " && !document.getElementById('download-2x').hidden", timeout=120.0)
    result["dense"] = page.evaluate(DENSE)

    # Folded hints: two lines at most until "more".
    lines = ("() => Math.max(...[...document.querySelectorAll('.field:not([hidden]) .hint:not(.open) .hint-text')].map(t =>"
             " t.getBoundingClientRect().height / parseFloat(getComputedStyle(t).lineHeight)))")
    matte_lines = ("() => { const t = document.querySelector('#p-matte-hint .hint-text');"
                   " return t.getBoundingClientRect().height / parseFloat(getComputedStyle(t).lineHeight); }")
    hints = {"tallest": page.evaluate(lines), "matteFolded": page.evaluate(matte_lines),
             "matteMoreShown": page.eval_on_selector("#p-matte-hint button.more", "b => !b.hidden && b.offsetParent !== null")}
    page.click("#p-matte-hint button.more")
    hints["matteOpen"] = page.evaluate(matte_lines)
    hints["expanded"] = page.get_attribute("#p-matte-hint button.more", "aria-expanded")
    result["hints"] = hints

    # Back to the OS's own stage for the swatches, the error and Lottie.
    page.click("button.toggle[data-page='%s']" % scheme)
    wait_until(page, "(p) => location.search.includes('page=' + p)", "ffffff" if scheme == "light" else "000000")
    wait_until(page, SETTLED)
    # Not set: circular's color is the style's (hierarchy: label), from the catalog.
    swatches = {"background": swatch(page, "background"), "unset": swatch(page, "color")}
    for field, value in (("color", "systemBlue"), ("color", "label"), ("matte", "systemBackground")):
        set_value(page, "#p-" + field, value)
        swatches[value] = swatch(page, field)  # painted as it is typed
        wait_until(page, SETTLED)
    result["swatches"] = swatches

    # An error at its field: size 1024 for an APNG is over the render budget.
    choose_format(page, "apng")
    set_value(page, "[data-parameter=size] input[type=number]", "1024")
    wait_until(page, "() => !document.getElementById('p-size-error').hidden")
    # The sizes, not the preview: it keeps the last accepted APNG, which twice in about a
    # dozen runs (issue 49's session) stayed incomplete here for 300 s while every size was
    # in (the timeout now says what the preview showed); this step is about the refusal.
    wait_until(page, SIZES_SETTLED)
    wait_until(page, "() => document.querySelector('#sizes [data-format=apng]').classList.contains('refused')")
    page.eval_on_selector("[data-parameter=size]", "e => e.scrollIntoView({block: 'center'})")
    shot("error")
    error = page.evaluate(
        "() => { const f = document.querySelector('[data-parameter=size]'), e = document.getElementById('p-size-error');"
        " const i = document.getElementById('p-size'), n = f.querySelector('input[type=number]');"
        " const box = (x) => { const r = x.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };"
        " return {invalid: f.classList.contains('invalid'), ariaInvalid: i.getAttribute('aria-invalid'),"
        " message: e.textContent, errorColour: getComputedStyle(e).color, bodyColour: getComputedStyle(document.body).color,"
        " border: getComputedStyle(n).borderTopColor, normalBorder: getComputedStyle(document.getElementById('p-stroke').parentElement"
        "   .querySelector('input[type=number]')).borderTopColor,"
        " field: box(f), error: box(e), input: box(n), status: document.getElementById('status').textContent,"
        " size: document.getElementById('size').textContent, described: i.getAttribute('aria-describedby'),"
        " cells: Object.fromEntries([...document.querySelectorAll('#sizes .format-size')].map(c => [c.dataset.format, c.textContent]))}; }")
    base = url.split("?")[0].rstrip("/")
    theme = "" if scheme == "light" else "&theme=dark"
    error["problem"] = problem_of(base + "/spinner/circular.apng?size=1024" + theme)
    result["error"] = error
    set_value(page, "[data-parameter=size] input[type=number]", "60")
    wait_until(page, "() => document.getElementById('p-size-error').hidden")
    wait_until(page, SETTLED)

    # Lottie: its own note and advice; the chosen format as filled as the chosen stage.
    choose_format(page, "lottie")
    wait_until(page, "() => document.getElementById('advice').textContent.includes('Lottie')")
    # The stage plays the document itself once the player is in.
    wait_until(page, "() => !!document.getElementById('lottie-stage').dataset.playing")
    shot("lottie")
    result["lottie"] = page.evaluate(
        "() => { const shown = (id) => { const e = document.getElementById(id); return e.hidden ? null : e.textContent; };"
        " const span = (f) => getComputedStyle(document.querySelector(`label[for=f-${f}] span`));"
        " return {previewNote: shown('preview-note'), stageNote: shown('stage-note'), advice: shown('advice'),"
        " matteShown: !document.querySelector('[data-parameter=matte]').hidden,"
        " chosen: [span('lottie').backgroundColor, span('lottie').color], other: [span('svg').backgroundColor, span('svg').color],"
        " pressed: getComputedStyle(document.querySelector('button.toggle[aria-pressed=true]')).backgroundColor}; }")

    # Snippet boxes: one width, nothing cut (SVG: the <img> snippets; Lottie: the apps').
    snippets = {}
    for format in ("lottie", "svg"):
        if format != "lottie":
            choose_format(page, format)
        snippets[format] = page.evaluate(
            "() => [...document.querySelectorAll('.snippet textarea')].filter(t => t.offsetParent !== null).map(t =>"
            " ({id: t.id, width: t.getBoundingClientRect().width, cut: t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1}))")
    result["snippets"] = snippets

    # The gradient editor on circular's colour (SVG): a preset, a stop added, the kind
    # changed, a stop dragged; the URL follows each; a broken gradient typed by hand is
    # refused at its field.
    field = "[data-parameter=color]"
    url_has = "(t) => decodeURIComponent(location.search.replace(/[+]/g, ' ')).includes(t)"
    page.eval_on_selector(field, "e => e.scrollIntoView({block: 'center'})")
    before = page.evaluate("() => ({url: decodeURIComponent(location.search), field: document.getElementById('p-color').value})")
    page.click(field + " .gradient-toggle")
    wait_until(page, "() => !document.querySelector('[data-parameter=color] .gradient-editor').hidden")
    # Opening changes nothing (the click's handler would have set the URL by now).
    gradient = {"before": before, "opened": page.evaluate("() => ({url: decodeURIComponent(location.search), field: document.getElementById('p-color').value,"
                                        " stops: [...document.querySelectorAll('[data-parameter=color] .gradient-stop input[type=color]')].map(i => i.value)})")}
    page.click(field + " .preset[title^='conic']")
    wait_until(page, url_has, "color=conic-gradient(red,yellow,lime,aqua,blue,magenta,red)")
    wait_until(page, SETTLED)
    state = ("() => { const f = document.querySelector('[data-parameter=color]'), p = f.querySelector('.gradient-editor');"
             " const r = p.getBoundingClientRect(), s = f.querySelector('.swatch');"
             " return {url: decodeURIComponent(location.search.replace(/[+]/g, ' ')), preview: decodeURIComponent(document.getElementById('preview').getAttribute('src')),"
             " loaded: document.getElementById('preview').naturalWidth > 0, stops: p.querySelectorAll('.gradient-stop').length,"
             " addDisabled: p.querySelector('.gradient-row .action').disabled, panel: [r.left, r.right], width: innerWidth,"
             " swatch: s.dataset.resolved, swatchImage: getComputedStyle(s).backgroundImage,"
             " invalid: f.classList.contains('invalid'), error: f.querySelector('.field-error').textContent}; }")
    gradient["preset"] = page.evaluate(state)
    page.eval_on_selector(field, "e => e.scrollIntoView({block: 'center'})")
    shot("gradient")
    page.click(field + " .gradient-row .action")
    wait_until(page, "() => document.querySelectorAll('[data-parameter=color] .gradient-stop').length === 8")
    page.select_option(field + " .gradient-editor select", "linear")
    wait_until(page, url_has, "color=linear-gradient(90deg,")
    set_value(page, field + " .gradient-stop:nth-child(2) input[type=range]", "5")
    wait_until(page, url_has, " 5%")
    wait_until(page, SETTLED)
    gradient["edited"] = page.evaluate(state)
    set_value(page, "#p-color", "linear-gradient(red")
    wait_until(page, "() => document.querySelector('[data-parameter=color]').classList.contains('invalid')")
    gradient["broken"] = page.evaluate(state)
    set_value(page, "#p-color", "")
    wait_until(page, "() => !document.querySelector('[data-parameter=color]').classList.contains('invalid')")
    wait_until(page, SETTLED)
    result["gradient"] = gradient

    if name == "phone":
        fit = []
        page.evaluate("() => window.scrollTo(0, document.querySelector('.controls-panel').offsetTop + 200)")
        for kind in page.eval_on_selector_all("#kinds button.kind", "bs => bs.map(b => b.dataset.kind)"):
            page.eval_on_selector("button.kind[data-kind='%s']" % kind, "b => b.click()")
            wait_until(page, "(k) => location.search.includes('kind=' + k) && document.getElementById('preview').getAttribute('src').includes('/' + k + '.')", kind)
            wait_until(page, SETTLED)
            page.evaluate("() => window.scrollTo(0, document.querySelector('.controls-panel').offsetTop + 200)")
            fit.append(page.evaluate(
                "(k) => { const box = (x) => { const r = x.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };"
                " return {kind: k, size: Number(document.querySelector('[data-parameter=size] input[type=number]').value),"
                " pinned: box(document.getElementById('pinned')), stage: box(document.getElementById('stage')),"
                " preview: box(document.getElementById('preview')), height: innerHeight, width: innerWidth}; }", kind))
            if kind == "capsules":
                shot("capsules")
        result["fit"] = fit
    page.close()
    return result


def gallery_pages(browser, job):
    url, out = job["url"], job["out"]
    views = {}
    for scheme in ("light", "dark"):
        for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
            views["%s-%s" % (scheme, name)] = view(browser, url, out, scheme, name, width, height)
    # Opened on an address the service refuses: nothing accepted yet, so no broken preview.
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url.split("?")[0] + "?kind=circular&format=apng&size=1024", wait_until="load")
    wait_until(page, "() => { const e = document.getElementById('p-size-error'); return e !== null && !e.hidden; }")
    opened = page.evaluate("() => ({previewHidden: document.getElementById('preview').hidden,"
                           " message: document.getElementById('p-size-error').textContent})")
    page.screenshot(path=os.path.join(out, "pages-opened-refused.png"))
    page.close()
    return {"views": views, "openedRefused": opened, "sizesGrid": sizes_grid(browser, url, out),
            "denseRefused": dense_refused(browser, url)}


# The longest texts a size cell shows: a quick answer that outlived its polls, a refusal,
# a lossy offer beside a lossless size.
LONGEST_SIZES = """() => {
  const texts = ['1023.9 KB (quick answer; final not ready)', '1023.9 KB · 1023.9 KB at quality=80', 'not sent gzipped'];
  [...document.querySelectorAll('#sizes .format-size:not(.refused) output')].forEach((o, n) => { o.textContent = texts[n % texts.length]; });
}"""
# Whether any two size cells overlap, or one reaches past the grid, at this width.
SIZES_OVERLAP = """() => {
  const grid = document.getElementById('sizes').getBoundingClientRect();
  const cells = [...document.querySelectorAll('#sizes .format-size')].map(c => ({name: c.dataset.format, r: c.getBoundingClientRect(),
    inner: c.scrollWidth <= c.clientWidth + 1}));
  const bad = [];
  for (const [i, a] of cells.entries()) {
    if (a.r.left < grid.left - 0.5 || a.r.right > grid.right + 0.5 || !a.inner) bad.push(a.name + ' leaves its cell or the grid');
    for (const b of cells.slice(i + 1)) {
      const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left), y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (x > 0.5 && y > 0.5) bad.push(a.name + ' over ' + b.name);
    }
  }
  return {cells: cells.length, bad};
}"""


# The snippets' 2x and 3x: the <img> and <picture> texts, the 2x download, and the 2x and
# 3x files' widths as the browser decodes them (0 where the snippet offers none).
DENSE = """async () => {
  const html = document.getElementById('snippet-html').value, picture = document.getElementById('snippet-picture').value;
  const link = document.getElementById('download-2x');
  const candidates = ((html.match(/srcset="([^"]+)"/) || [])[1] || '').split(', ');
  const at = (x) => (candidates.find((c) => c.endsWith(' ' + x)) || '').slice(0, -3);
  const width = (url) => url ? new Promise((done) => { const image = new Image();
    image.onload = () => done(image.naturalWidth); image.onerror = () => done(-1); image.src = url; }) : Promise.resolve(0);
  const dense = at('2x'), triple = at('3x');
  return {html, picture, download: link.hidden ? null : link.getAttribute('href'), name: link.download,
          width: await width(dense), triple, tripleWidth: await width(triple),
          size: Number(document.getElementById('preview').getAttribute('width'))};
}"""


def dense_refused(browser, url):
    """dots' APNG at 300 px, which the budget admits at 1x and refuses at 2x: once the
    service has answered the 2x, the snippets offer no 2x and there is no 2x download."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url.split("?")[0] + "?kind=dots&format=apng&size=300", wait_until="load")
    wait_until(page, "() => document.getElementById('snippet-html').value.includes('size=300')"
                     " && document.getElementById('snippet-html').dataset.density === 'known'", timeout=120.0)
    result = page.evaluate("() => ({html: document.getElementById('snippet-html').value,"
                           " picture: document.getElementById('snippet-picture').value,"
                           " download: document.getElementById('download-2x').hidden})")
    page.close()
    return result


def sizes_grid(browser, url, out):
    """The sizes grid with its longest texts at every width from 320 to 1920 px: which
    cells overlap or leave the grid, per width."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url.split("?")[0] + "?kind=dots&format=gif", wait_until="load")
    wait_until(page, SIZES_SETTLED)
    page.evaluate(LONGEST_SIZES)
    widths = {}
    for width in (320, 390, 600, 721, 900, 1024, 1100, 1152, 1280, 1440, 1600, 1920):
        page.set_viewport_size({"width": width, "height": 900})
        widths[str(width)] = page.evaluate(SIZES_OVERLAP)
        if width in (1024, 1280):
            page.locator("#sizes").screenshot(path=os.path.join(out, "pages-sizes-%d.png" % width))
    page.close()
    return widths


if __name__ == "__main__":
    # Not a program of its own: `python3 -m spinnerd_tools.browser` runs it as the job
    # {"type": "galleryPages", …}; run directly (--help) it says what it checks.
    print(__doc__)
