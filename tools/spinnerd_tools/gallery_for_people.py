"""The `galleryForPeople` browser job: the gallery as people meet it (issue 19), measured in
Chromium: the tiles' contrast on their cards and the pressed stage button in light and dark
colour schemes at 1280 and 390 px, the dark stage's theme=dark, a visible focus on every
control reached by Tab, the preview in view on a phone while the colour is edited, the
Download button, axe-core, the <picture> advice, and a refused colour kept out of the URLs.

Result: {"views": {"light-desktop" …: {"tiles": {kind: contrast}, "toggles": [[aria-pressed,
background, colour] per stage button], "screenshot", "overflows", "axe": [violations]
(desktop only)}}, "darkStage": {"preview", "url", "noteShown", "theme"}, "lightStage":
{"url", "noteShown"}, "focus": {"reached", "withoutVisibleFocus"}, "download": {"name",
"href", "matches"}, "colour": {"before", "refused", "accepted": {"preview", "url", and
"status", "address", "invalid" where read}, "acceptedStatus"}, "picture": {"snippet",
"advice", "gifBytes", "webpBytes"}, "phone": {"preview", "color": [top, bottom], "height"}}.
"""
import os
import urllib.request

from PIL import Image

from .page_state import PREVIEW_READY, TILES_READY, wait_until
from .wcag_contrast import css_rgb, visibility

# The element that shows a control's focus: the control itself, or for an input drawn
# invisible (the format radios, the colour pickers) the label or span drawn for it.
FOCUS_STYLE = """(element) => {
  let shown = element;
  if (getComputedStyle(element).opacity === "0") shown = element.closest(".swatch") || element.nextElementSibling || element.parentElement;
  const style = getComputedStyle(shown);
  return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow].join("|");
}"""


def gallery_for_people(browser, job):
    """What issue 19 asks of the gallery, measured in Chromium."""
    url, out = job["url"], job["out"]
    result = {"views": {}}
    for scheme in ("light", "dark"):
        for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme,
                                    is_mobile=name == "phone", device_scale_factor=2 if name == "phone" else 1)
            page.goto(url, wait_until="load")
            wait_until(page, TILES_READY)
            wait_until(page, PREVIEW_READY)
            kinds = page.eval_on_selector_all("#kinds img", "images => images.map(i => i.dataset.kind)")
            boxes = [page.locator("#kinds img[data-kind='%s']" % kind).bounding_box() for kind in kinds]
            cards = [css_rgb(page.eval_on_selector("button.kind[data-kind='%s']" % kind, "b => getComputedStyle(b).backgroundColor"))
                     for kind in kinds]
            best, ratios = [1.0] * len(kinds), {}
            for shot in range(6):
                path = os.path.join(out, "people-%s-%s-%d.png" % (scheme, name, shot))
                page.screenshot(path=path)
                picture = Image.open(path).convert("RGB").resize((width, height)) if name == "phone" else Image.open(path).convert("RGB")
                for n, box in enumerate(boxes):
                    best[n] = max(best[n], visibility(picture, box, cards[n], ratios))
                page.wait_for_timeout(110)
            pressed = page.eval_on_selector_all("button.toggle", "bs => bs.map(b => [b.getAttribute('aria-pressed'),"
                                                " getComputedStyle(b).backgroundColor, getComputedStyle(b).color])")
            full = os.path.join(out, "gallery-%s-%s.png" % (scheme, name))
            page.screenshot(path=full, full_page=True)
            result["views"]["%s-%s" % (scheme, name)] = {
                "tiles": dict(zip(kinds, [round(b, 2) for b in best])), "toggles": pressed, "screenshot": full,
                "overflows": page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")}
            if name == "desktop":
                from axe_playwright_python.sync_playwright import Axe
                axe = Axe().run(page)
                result["views"]["%s-%s" % (scheme, name)]["axe"] = [
                    v["id"] + ": " + "; ".join(" ".join(node["target"]) + " (" + node.get("failureSummary", "")[:160] + ")"
                                              for node in v["nodes"][:4]) for v in axe.response["violations"]]
            page.close()

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url, wait_until="load")
    wait_until(page, PREVIEW_READY)

    def preview_src():
        return page.eval_on_selector("#preview", "i => i.getAttribute('src')")

    def changed_from(before):
        wait_until(page, "(before) => { const i = document.getElementById('preview');"
                         " return i.getAttribute('src') !== before && i.complete && i.naturalWidth > 0; }", before)
        page.wait_for_timeout(100)

    # The dark stage: theme=dark in the preview and the copied URL, and it says so.
    before = preview_src()
    page.click("button.toggle[data-page='dark']")
    changed_from(before)
    result["darkStage"] = {"preview": preview_src(), "url": page.input_value("#snippet-url"),
                           "noteShown": page.eval_on_selector("#stage-note", "e => !e.hidden"),
                           "theme": page.input_value("#p-theme")}
    page.screenshot(path=os.path.join(out, "gallery-dark-stage.png"))
    before = preview_src()
    page.click("button.toggle[data-page='light']")
    changed_from(before)
    result["lightStage"] = {"url": page.input_value("#snippet-url"), "noteShown": page.eval_on_selector("#stage-note", "e => !e.hidden")}

    # Every control reached by Tab shows its focus: its indicator's computed outline or
    # box-shadow differs from the same element unfocused.
    page.click("h1")
    seen, unfocused = [], []
    for _ in range(300):
        page.keyboard.press("Tab")
        element = page.evaluate_handle("() => document.activeElement")
        described = element.evaluate("e => e === document.body ? null : (e.id || e.getAttribute('aria-label') ||"
                                     " e.textContent.trim().slice(0, 30) || e.tagName) + ' <' + e.tagName.toLowerCase() +"
                                     " (e.type ? ' ' + e.type : '') + '>'")
        if described is None or described in seen:
            break
        seen.append(described)
        focused = element.evaluate(FOCUS_STYLE)
        element.evaluate("e => e.blur()")
        if element.evaluate(FOCUS_STYLE) == focused:
            unfocused.append(described)
        element.evaluate("e => e.focus()")
    result["focus"] = {"reached": seen, "withoutVisibleFocus": unfocused}
    page.screenshot(path=os.path.join(out, "gallery-focus.png"))

    # Download: the file saved is the file of the current URL.
    page.click("label[for='f-gif']")
    wait_until(page, "() => document.getElementById('download').getAttribute('href').includes('.gif')")
    with page.expect_download() as waiting:
        page.click("#download")
    download = waiting.value
    saved = os.path.join(out, "download-" + download.suggested_filename)
    download.save_as(saved)
    href = page.eval_on_selector("#download", "a => a.href")
    result["download"] = {"name": download.suggested_filename, "href": href,
                          "matches": open(saved, "rb").read() == urllib.request.urlopen(href).read()}

    # A colour the service refuses never reaches the preview or the snippets.
    page.click("label[for='f-svg']")
    wait_until(page, "() => document.getElementById('snippet-url').value.includes('.svg')")
    page.wait_for_timeout(300)
    before = {"preview": preview_src(), "url": page.input_value("#snippet-url")}
    page.fill("#p-color", "rgb(256,0,0)")
    wait_until(page, "() => document.getElementById('p-color').getAttribute('aria-invalid') === 'true'")
    refused = {"preview": preview_src(), "url": page.input_value("#snippet-url"), "status": page.text_content("#p-color-error"),
               "address": page.evaluate("location.search")}
    page.fill("#p-color", "rgb(255 0 0)")
    changed_from(before["preview"])
    accepted = {"preview": preview_src(), "url": page.input_value("#snippet-url"), "status": page.text_content("#status"),
                "invalid": page.get_attribute("#p-color", "aria-invalid")}
    result["colour"] = {"before": before, "refused": refused, "accepted": accepted,
                        "acceptedStatus": urllib.request.urlopen(accepted["url"]).status}
    page.close()

    # The <picture> advice for a red circular GIF: the sizes the page measured, and its snippet.
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url + "?kind=circular&format=gif&color=ff3b30", wait_until="load")
    wait_until(page, PREVIEW_READY)
    wait_until(page, "() => document.getElementById('advice').dataset.measured === 'true'", timeout=60)
    gif_url, webp_url = page.input_value("#snippet-url"), page.input_value("#snippet-url").replace(".gif?", ".webp?")
    result["picture"] = {"snippet": page.input_value("#snippet-picture"), "advice": page.text_content("#advice"),
                         "gifBytes": len(urllib.request.urlopen(gif_url).read()),
                         "webpBytes": len(urllib.request.urlopen(webp_url).read())}
    page.close()

    # A phone: the preview stays in view while the colour is edited.
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    phone.goto(url, wait_until="load")
    wait_until(phone, PREVIEW_READY)
    phone.focus("#p-color")
    phone.eval_on_selector("#p-color", "e => e.scrollIntoView({block: 'center'})")
    phone.wait_for_timeout(200)
    result["phone"] = phone.evaluate("() => { const p = document.getElementById('preview').getBoundingClientRect();"
                                     " const c = document.getElementById('p-color').getBoundingClientRect();"
                                     " return {preview: [p.top, p.bottom], color: [c.top, c.bottom], height: innerHeight}; }")
    phone.screenshot(path=os.path.join(out, "gallery-phone-editing.png"))
    phone.close()
    return result
