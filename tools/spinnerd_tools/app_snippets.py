"""The playground's app snippets in Lottie mode (issue 50), in Chromium.

app_snippets(browser, job) with job {"url": URL, "cases": [{"kind": K, "values": {NAME: VALUE}}, ...]}
opens the playground at each setting in Lottie mode (its shared address) and reports, per
case, the Lottie URL it accepted and the snippets of the six players (ios, android, flutter,
react-native, web, dotlottie) once they carry the colours of the URL's documents
(data-recolour "known"). What they set is played by spinnerd_tools.lottie's appSnippets.
"""
import urllib.parse

from .page_state import wait_until

APPS = ("ios", "android", "flutter", "react-native", "web", "dotlottie")


def app_snippets(browser, job):
    results = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for case in job["cases"]:
        query = urllib.parse.urlencode({"kind": case["kind"], "format": "lottie", **case["values"]})
        page.goto(job["url"].split("?")[0] + "?" + query, wait_until="load")
        wait_until(page, "(kind) => document.getElementById('snippet-url').value.includes('/spinner/' + kind + '.json')"
                         " && document.getElementById('snippet-ios').dataset.recolour === 'known'", case["kind"])
        results.append({"url": page.input_value("#snippet-url"),
                        "snippets": {name: page.input_value("#snippet-" + name) for name in APPS}})
    page.close()
    return results
