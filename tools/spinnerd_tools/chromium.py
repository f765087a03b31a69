"""Debian's headless Chromium through Playwright, as every browser job meets it: the one
launch (its executable and flags) and its closing. browser.py maps the jobs to their
checks, modules of their own, which share page_state's helpers.
"""
import contextlib

EXECUTABLE = "/usr/bin/chromium"  # Debian's, not Playwright's download
ARGUMENTS = ["--no-sandbox"]  # the tests run as root in a container


def launch(playwright, **options):
    """A new headless Chromium, Debian's, through a started Playwright."""
    return playwright.chromium.launch(executable_path=EXECUTABLE, args=ARGUMENTS, **options)


class Session:
    """A Chromium for one job's pages, launched for the job. `browser` is a Playwright
    Browser; `close()` closes it and its Playwright."""

    def __init__(self):
        from playwright.sync_api import sync_playwright
        self._playwright = sync_playwright().start()
        try:
            self.browser = launch(self._playwright)
        except BaseException:
            self._playwright.stop()
            raise

    def close(self):
        try:
            self.browser.close()
        finally:
            self._playwright.stop()


@contextlib.contextmanager
def session():
    """A Session for a run of jobs, closed however the run ends."""
    chromium = Session()
    try:
        yield chromium.browser
    finally:
        chromium.close()
