"""Shows SVGs in a real headless Chromium (Debian's, through Playwright) for the tests.

  python3 -m spinnerd_tools.browser JOBS.json  prints JSON results, one per job. Jobs:
    {"type": "seek", "svg": PATH, "size": N, "times": [ms, ...], "pngs": [PATH, ...],
     "colorScheme": "light"|"dark", "out": DIR}
        opens the SVG as a document, pauses every animation at each time and screenshots
        it; compares with the PNG of the same time over white; reports per time the
        pixels off by more than 48 levels after a 1 px blur, and the largest difference
    {"type": "animates", "svgs": [PATH, ...], "out": DIR}
        shows each image (SVG, WebP, …) in an <img>; two screenshots 300 ms apart must differ in its box
    {"type": "gallery", "url": URL, "out": DIR}
        drives the gallery page at URL: console errors and failed requests, every kind's
        image loaded and moving, controls changing the preview, the copied URL fetched
        with a plain HTTP client, and desktop and phone screenshots saved in DIR
    {"type": "contrast", "images": [PATH, ...], "page": "#rrggbb", "colorScheme": "light"|"dark",
     "shots": N, "out": DIR}
        shows each image in an <img> on a page of that colour in that colour scheme, takes
        N screenshots 110 ms apart, and reports per image the WCAG contrast ratio against
        the page reached by its most visible part (the 4th highest of any pixel in any
        shot, so a stray antialiased pixel does not count), with the screenshot it was in
    {"type": "galleryForPeople", "url": URL, "out": DIR}
        the gallery as people meet it (see gallery_for_people): the tiles' contrast on
        their cards and the pressed stage button in light and dark colour schemes at 1280
        and 390 px, the dark stage's theme=dark, a visible focus on every control reached
        by Tab, the preview in view on a phone while the colour is edited, the Download
        button, axe-core, the <picture> advice, and a refused colour kept out of the URLs
    {"type": "galleryPages", "url": URL, "out": DIR}
        the playground on people's pages in light and dark at 1280 and 390 px: page colours
        of one's own, swatches, folded hints, an error at its field, Lottie mode, snippet
        boxes, the phone's pinned preview (see gallery_pages.py)
    {"type": "galleryFinalSizes", "url": URL, "color": "rrggbb"}
        the playground's sizes of a URL nobody asked before once the final encodes are in
    {"type": "pictureMatrix", "url": URL, "cases": [{"kind", "format", "page", "follows"}, ...], "out": DIR}
        the gallery's <picture> snippets on the pages they are for, in a light and a dark
        OS scheme: the image chosen and its contrast (see picture_matrix.py)
    {"type": "playgroundNotes", "url": URL, "kinds": [K, ...], "out": DIR}
        the playground's notes: cut text, unset sliders, download names, one reason per
        refusal, theme=auto's note, a large SVG in the stage (see playground_notes.py)
    {"type": "durations", "svg": PATH, "reducedMotion": bool}
        the computed duration and end time (ms; null when it runs forever) of every
        animation of the SVG document
    {"type": "appSnippets", "url": URL, "cases": [{"kind", "values"}, ...]}
        the playground's app snippets in Lottie mode for each setting (see app_snippets.py)
    {"type": "contrastMeter", "url": URL, "kinds": [K, ...], "pages": ["rrggbb", ...], "out": DIR}
        the playground's contrast meter for each kind on each page colour, beside the same
        measure taken from its stills, and its fix pressed once (see contrast_meter.py)
    {"type": "lottiePreview", "url": URL, "out": DIR}
        the playground's Lottie mode playing the document itself (see lottie_preview.py)
    {"type": "snippetsAxe", "url": URL, "kinds": [K, ...], "out": DIR}
        every web snippet of every kind and format on one page, checked by axe-core, with a
        control page axe-core must refuse (see snippets_axe.py)
    {"type": "inlineSvg", "url": URL, "cases": [{"kind", "values"}, ...], "time": MS, "out": DIR}
        the playground's inline SVG snippets side by side on one page, in its text colour
        (see inline_svg.py)
"""
import json
import sys

from . import chromium
from .app_snippets import app_snippets
from .contrast_meter import contrast_meter
from .gallery_final_sizes import gallery_final_sizes
from .gallery_for_people import gallery_for_people
from .gallery_pages import gallery_pages
from .gallery_tour import gallery
from .image_contrast import contrast
from .image_motion import animates
from .inline_svg import inline_svg
from .lottie_preview import lottie_preview
from .picture_matrix import picture_matrix
from .playground_notes import playground_notes
from .snippets_axe import snippets_axe
from .svg_durations import durations
from .svg_seek import seek

# Each job's check, a function (browser, job) -> its JSON result, in a module of its own;
# the browser comes from chromium.py (shared between jobs), their page helpers from page_state.py.
CHECKS = {"seek": seek, "animates": animates, "durations": durations, "gallery": gallery,
          "galleryForPeople": gallery_for_people, "galleryPages": gallery_pages, "contrast": contrast,
          "galleryFinalSizes": gallery_final_sizes,
          "pictureMatrix": picture_matrix, "playgroundNotes": playground_notes, "appSnippets": app_snippets,
          "contrastMeter": contrast_meter,
          "lottiePreview": lottie_preview, "inlineSvg": inline_svg, "snippetsAxe": snippets_axe}


def main(path):
    jobs = json.load(open(path))
    results = []
    with chromium.session() as browser:
        for job in jobs:
            results.append(CHECKS[job["type"]](browser, job))
    print(json.dumps(results))


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if sys.argv[1:] in (["-h"], ["--help"]) else 2)
    main(sys.argv[1])
