"""The `galleryFinalSizes` browser job: the playground's sizes of a URL nobody asked before,
once the final encodes are in.

Result: {"sizes": {format: the text of its size cell}, "url": the snippet's URL,
"sizeTexts": [every text the chosen format's size showed, in order]}.
"""
from .page_state import PREVIEW_READY, wait_until


def gallery_final_sizes(browser, job):
    """The playground's sizes for a URL nobody asked before, on a server with provisional
    answers: once the gallery is done asking (no '…', no 'quick answer' left, at most
    600 s: final encodes wait at nice 19 while the machine is busy; the limit only bounds a hang), each animated format's size shown and the URL it measured (the snippet's URL
    with that format's extension), and every text the chosen format's own size showed once
    the colour was typed (the job's URL may open the playground on a kind, format and size;
    with "settle": "chosen", only that size is waited for, not every format's)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(job["url"], wait_until="load")
    wait_until(page, PREVIEW_READY)
    # Every text the chosen format's size (#size) shows from here on.
    page.evaluate("() => { window.sizeTexts = []; new MutationObserver(() => window.sizeTexts.push(document.getElementById('size').textContent))"
                  ".observe(document.getElementById('size'), {childList: true, characterData: true, subtree: true}); }")
    page.fill("#p-color", job["color"])
    wait_until(page, "(colour) => document.getElementById('snippet-url').value.includes(colour)", job["color"])
    if job.get("settle") == "chosen":
        # Only the chosen format's own size, beside the download, until it is final.
        wait_until(page, "() => { const t = document.getElementById('size').textContent; return t !== '…' && !t.includes('quick answer'); }",
                   timeout=600.0)
    else:
        wait_until(page, "() => document.querySelectorAll('#sizes .format-size').length === 8 && "
                         "![...document.querySelectorAll('#sizes output')].some(o => o.textContent === '…' || o.textContent.includes('quick answer'))",
                   timeout=600.0)
    sizes = {cell.get_attribute("data-format"): cell.query_selector("output").text_content()
             for cell in page.query_selector_all("#sizes .format-size")}
    url = page.input_value("#snippet-url")
    size_texts = page.evaluate("() => window.sizeTexts")
    page.close()
    return {"sizes": sizes, "url": url, "sizeTexts": size_texts}
