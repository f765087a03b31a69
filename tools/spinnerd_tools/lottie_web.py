"""lottie-web, the bodymovin player web pages use (and LottieFiles' own tools), in headless
Chromium, for the Lottie tests.

lottie-web is not a Debian package and npm is out of reach here. dash-extensions' wheel on
PyPI carries lottie-web 5.12.2 — the full build: svg, canvas and html renderers and the
expressions support, which is stricter about a document's form than ThorVG or rlottie —
as one module of a webpack chunk. `scripts/install-deps.sh` downloads the wheel (pinned by
its SHA-256) and runs this file to unwrap that module into a plain script that sets
`window.lottie`:

    python3 -m spinnerd_tools.lottie_web WHEEL OUT.js

`Player` loads a document into a page with that script and screenshots frames.
"""
import hashlib
import io
import json
import os
import re
import sys
import zipfile

VERSION = "5.12.2"
WHEEL = "dash_extensions-2.0.6-py3-none-any.whl"
WHEEL_SHA256 = "35a9ef516dd9431e472b68a76f4ae63a95223fcf9d319dfac79278157de85670"


def tools_directory():
    """Where install-deps.sh keeps test tools that are not packages: $SPINNERD_TOOLS, or
    ~/.cache/spinnerd-tools."""
    return os.environ.get("SPINNERD_TOOLS") or os.path.join(os.path.expanduser("~"), ".cache", "spinnerd-tools")


def script_path():
    return os.path.join(tools_directory(), f"lottie-web-{VERSION}.js")


def extract(wheel, out):
    """Unwraps lottie-web from the wheel's webpack chunk into `out`: the module found by its
    own opening (not by its webpack id, which changes between releases), wrapped so that a
    plain <script> sets window.lottie and window.bodymovin."""
    digest = hashlib.sha256(open(wheel, "rb").read()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel}: SHA-256 {digest}, expected {WHEEL_SHA256}")
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith("/async-Lottie.js"))
        chunk = archive.read(name).decode("utf-8")
    start = re.search(r'\d+\(module,exports,__webpack_require__\)\{(?=var factory;"undefined"!=typeof navigator)', chunk)
    if not start:
        raise SystemExit("lottie-web's module is not in " + name)
    end = chunk.index("module.exports=factory())", start.end()) + len("module.exports=factory())")
    body = chunk[start.end():end]
    found = re.search(r'lottie\.version="([0-9.]+)"', body)
    if not found or found.group(1) != VERSION:
        raise SystemExit(f"expected lottie-web {VERSION}, found {found.group(1) if found else 'no version'}")
    text = (f"/* lottie-web {VERSION} (MIT licence, Copyright (c) 2015 Airbnb), unwrapped from {WHEEL} */\n"
            "(function(){var module={exports:{}},exports=module.exports;\n" + body + ";\n"
            "var g=typeof globalThis!=='undefined'?globalThis:window;g.lottie=module.exports;g.bodymovin=module.exports;})();\n")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out + ".part", "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(out + ".part", out)
    return len(text)


# The document is loaded from a blob: URL (`path`), not handed over as `animationData`: with
# data in hand lottie-web configures the animation inside loadAnimation, before a listener
# can be added, and reports what fails there only as an `error` event. Once loaded, every
# layer must have been built: the old documents' background group without its transform
# threw inside lottie-web's expressions support and left the layer out, silently.
LOAD = """async ([data, renderer]) => {
  const problems = [];
  window.onerror = (message) => { problems.push(String(message)); };
  const box = document.getElementById('box');
  box.innerHTML = '';
  const path = URL.createObjectURL(new Blob([JSON.stringify(data)], {type: 'application/json'}));
  const anim = lottie.loadAnimation({container: box, renderer, loop: false, autoplay: false, path,
                                      rendererSettings: {clearCanvas: true, progressiveLoad: false}});
  for (const name of ['error', 'data_failed', 'config_error']) {
    anim.addEventListener(name, (e) => problems.push(name + ': ' + String(e && (e.nativeError || e.message || e.type || e))));
  }
  window.anim = anim;
  await new Promise((resolve) => {
    if (anim.isLoaded) return resolve();
    anim.addEventListener('DOMLoaded', resolve);
    anim.addEventListener('data_failed', resolve);
    setTimeout(resolve, 60000);  // a bound on a hang: loading takes milliseconds
  });
  URL.revokeObjectURL(path);
  const layers = (anim.animationData && anim.animationData.layers) || [];
  const built = (anim.renderer && anim.renderer.elements) || [];
  layers.forEach((layer, index) => {
    if (!built[index]) problems.push('layer ' + JSON.stringify(layer.nm) + ' was not built');
  });
  return {problems, loaded: !!anim.isLoaded, frames: anim.totalFrames};
}"""


class Player:
    """lottie-web in one headless Chromium (Debian's, through Playwright: chromium.Session,
    the browser the jobs share), reused for every document. `frames` draws a document at
    given frames with the svg or canvas renderer and returns each as straight RGBA (numpy),
    with the errors the player raised."""

    def __init__(self):
        from . import chromium
        if not os.path.exists(script_path()):
            raise SystemExit(f"lottie-web is missing at {script_path()}: scripts/install-deps.sh test installs it")
        self.session = chromium.Session()  # the browser jobs share, or one of its own
        self.browser = self.session.browser
        self.shown = None  # the page, made on first use
        self.viewport = 0  # its width and height, px
        self.problems = []  # errors the page raised while the current document played

    def page(self, px):
        """The one page, its box made `px` square. One page for every size: the first
        screenshot on a new page waited 3 s for its box to be stable (Playwright's check),
        which a page a size cost the Lottie tests half a minute of nothing."""
        if self.shown is None or px > self.viewport:
            if self.shown is not None:
                self.shown.close()
            self.viewport = max(px, 512)
            page = self.browser.new_page(viewport={"width": self.viewport, "height": self.viewport}, device_scale_factor=1)
            page.set_content("<!doctype html><html><body style='margin:0'><div id='box'></div></body></html>")
            page.add_script_tag(path=script_path())
            page.on("pageerror", lambda error: self.problems.append(str(error)))
            self.shown = page
        self.shown.evaluate("px => { const box = document.getElementById('box'); box.style.width = box.style.height = px + 'px'; }", px)
        return self.shown

    def frames(self, data, px, frames, renderer):
        """`data` (the document's text) drawn `px` square at each of `frames` (fractional
        frames allowed): (list of RGBA arrays, problems)."""
        import numpy as np
        from PIL import Image
        page = self.page(px)
        self.problems = []
        loaded = page.evaluate(LOAD, [json.loads(data), renderer])
        problems = list(loaded["problems"])
        if not loaded["loaded"]:
            problems.append("the animation never finished loading")
        pictures = []
        for frame in frames:
            page.evaluate("f => window.anim.goToAndStop(f, true)", frame)
            # The box's square at the page's origin (not the element's screenshot, which
            # waits for the box to be stable over two frames first: twice the time).
            shot = page.screenshot(omit_background=True, animations="disabled", clip={"x": 0, "y": 0, "width": px, "height": px})
            pictures.append(np.array(Image.open(io.BytesIO(shot)).convert("RGBA"), dtype=np.uint8))
        page.evaluate("() => { window.anim.destroy(); }")
        return pictures, problems + self.problems

    def close(self):
        self.session.close()


if __name__ == "__main__":
    if sys.argv[1:] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    print(f"lottie-web {VERSION}: {extract(sys.argv[1], sys.argv[2])} bytes -> {sys.argv[2]}")
