"""Every web snippet the playground writes, on one page, checked by axe-core (a browser.py job).

    {"type": "snippetsAxe", "url": GALLERY_URL, "kinds": [K, ...], "out": DIR}

The snippets are made in the gallery page by its own modules (state.js, snippets.js,
inline.js, urls.js), at each kind's defaults: for every image format the HTML (<img>) and
the <picture> snippet, the inline SVG where the playground offers one (its markup made
from the service's SVG, as the playground makes it), and for the Lottie document the
lottie-web and dotLottie players' markup. The players' <script>s are left out: axe-core
checks the markup a person pastes, and the players are not served here. Every snippet is
put in one page (a <main> with a heading, in English) and axe-core (axe-playwright-python's
pinned build) runs over it in Chromium.

A control page holds the <img> the playground wrote before issue 64 (`alt` and
`role="status"` on the <img>), which axe-core must refuse (aria-allowed-role): the check
cannot pass by reading nothing.

Result: {"snippets": [{"kind", "format", "name", "markup"}], "violations": ["rule: target
(summary)", ...], "passes": [rule ids that found something to check and passed],
"control": [rule ids violated on the control page], "page": PATH, "screenshot": PATH}.
"""
import os
import pathlib
import re

from .page_state import wait_until

# Made in the page by the gallery's own modules: every web snippet of every kind and format.
SNIPPETS = """async (kinds) => {
  const { PlaygroundState } = await import('/gallery/state.js');
  const { announced, imgTag, lottieSnippets, pictureSnippet } = await import('/gallery/snippets.js');
  const { inlineApplies, inlineMarkup, inlineSettings, prefixOf } = await import('/gallery/inline.js');
  const { imageURL } = await import('/gallery/urls.js');
  const catalog = await (await fetch('/spinners')).json();
  const made = [];
  for (const kind of kinds) {
    for (const format of catalog.formats.map((f) => f.name)) {
      const state = new PlaygroundState(catalog, () => false);
      state.selectKind(kind, {});
      state.setFormat(format);
      const url = new URL(imageURL(state, format), location.href).href, size = state.shownSize();
      if (format === 'lottie') {
        const players = lottieSnippets(url, size, null);
        for (const name of ['web', 'dotlottie']) made.push({ kind, format, name, markup: players[name] });
        continue;
      }
      made.push({ kind, format, name: 'html', markup: announced(imgTag(url, size)) });
      made.push({ kind, format, name: 'picture', markup: pictureSnippet(state, url, size, location.href) });
      if (format === 'svg' && inlineApplies(state)) {
        const source = imageURL(state, 'svg', inlineSettings(state));
        const text = await (await fetch(source)).text();
        made.push({ kind, format, name: 'inline', markup: inlineMarkup(text, prefixOf(source)) });
      }
    }
  }
  return made;
}"""

SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>", re.S)


def page_of(title, blocks):
    return ("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>%s</title>"
            "<body><main><h1>%s</h1>%s</main></body></html>" % (title, title, blocks))


def axe_on(browser, path):
    """axe-core's results on the page at `path`, once its images are in."""
    from axe_playwright_python.sync_playwright import Axe
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(pathlib.Path(path).resolve().as_uri(), wait_until="load")
    wait_until(page, "() => [...document.images].every(i => i.complete)", timeout=120.0)
    results = Axe().run(page).response
    return page, results


def snippets_axe(browser, job):
    out = job["out"]
    page = browser.new_page()
    page.goto(job["url"], wait_until="load")
    made = page.evaluate(SNIPPETS, job["kinds"])
    page.close()

    blocks = "".join('<div class="snippet" data-of="%s %s %s">%s</div>'
                     % (m["kind"], m["format"], m["name"], SCRIPT.sub("", m["markup"])) for m in made)
    path = os.path.join(out, "snippets-axe.html")
    with open(path, "w") as handle:
        handle.write(page_of("Every snippet", blocks))
    shown, results = axe_on(browser, path)
    screenshot = os.path.join(out, "snippets-axe.png")
    shown.screenshot(path=screenshot, full_page=True)
    shown.close()
    violations = ["%s: %s" % (v["id"], "; ".join(" ".join(node["target"]) + " (" + node.get("failureSummary", "")[:160] + ")"
                                                for node in v["nodes"][:4])) for v in results["violations"]]
    passes = sorted(p["id"] for p in results["passes"] if p["nodes"])

    # The control: the <img> as the playground wrote it before, with the status role on it.
    first = next(m for m in made if m["name"] == "html")
    old = re.sub(r'<span role="status">(<img [^>]*?)>(</span>)', r'\1 role="status">', first["markup"])
    control_path = os.path.join(out, "snippets-axe-control.html")
    with open(control_path, "w") as handle:
        handle.write(page_of("The old snippet", old))
    control_page, control = axe_on(browser, control_path)
    control_page.close()
    return {"snippets": made, "violations": violations, "passes": passes,
            "control": sorted(v["id"] for v in control["violations"]), "page": path, "screenshot": screenshot}
