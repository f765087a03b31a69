"""The `durations` browser job: the computed duration and end time of every animation of
an SVG document, with or without prefers-reduced-motion.

Result: per animation, {"duration": ms, "endTime": ms, or null when it runs forever}.
"""
import pathlib


def durations(browser, job):
    page = browser.new_page()
    page.emulate_media(reduced_motion="reduce" if job.get("reducedMotion") else "no-preference")
    page.goto(pathlib.Path(job["svg"]).resolve().as_uri(), wait_until="load")
    values = page.evaluate("document.getAnimations().map(a => { const t = a.effect.getComputedTiming();"
                           " return {duration: t.duration, endTime: isFinite(t.endTime) ? t.endTime : null}; })")
    page.close()
    return values
