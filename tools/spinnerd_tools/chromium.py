"""Debian's headless Chromium through Playwright, as every browser job meets it: the one
launch (its executable and flags), and one browser shared by the jobs of a test run.
browser.py maps the jobs to their checks, modules of their own, which share page_state's
helpers.

Sharing: a Chromium launch is a fixed cost of every job (about 0.4 s of CPU and 0.5 to 1 s
of wall time on 2 cores, more when they are busy), and one `swift test` of the integration
tests runs 26 jobs. So `Session` joins the Chromium that an earlier job left running, when
there is one: chromium_host.py keeps it, behind Playwright's own browser server (the same
launch, flags included, listening on loopback), and records its address in STATE (a folder
of this user's, mode 0700), beside the lock every job takes to read or replace the record.
A job holds a shared lock on the host's `users` file while it is connected; the host
closes the browser and removes its record once nobody has held that lock for
IDLE_SECONDS, so no Chromium outlives a test run by more than that, and a job that dies
lets go of the lock with its process. A record whose host is gone is replaced by a new
host; a host that cannot be reached or started makes the job launch a browser of its own,
as every job did before. Jobs share the browser process, never state: the server shows a
connection only the contexts it made and closes them when it leaves, and each page is made
in a context of its own (Browser.new_page), so cookies, storage, viewport, colour scheme
and reduced-motion emulation start fresh for every page as in a browser launched for one
job. (Not raw CDP, connect_over_cdp: a job connected that way takes over every page it
finds and sets its own defaults on them, light colour scheme included, under another job.)
SPINNERD_CHROMIUM=own makes a job launch its own browser, as before.
"""
import contextlib
import fcntl
import json
import os
import subprocess
import sys
import tempfile
import time

EXECUTABLE = "/usr/bin/chromium"  # Debian's, not Playwright's download
ARGUMENTS = ["--no-sandbox"]  # the tests run as root in a container
STATE = os.path.join(tempfile.gettempdir(), "spinnerd-chromium-%d" % os.getuid())
IDLE_SECONDS = 20.0  # the shared browser closes after this long without a job connected
# Bounds on a hang, not on speed: a host is ready in about a second, a connection takes
# milliseconds.
HOST_START_SECONDS = 120.0
CONNECT_SECONDS = 60.0


def launch(playwright, **options):
    """A new headless Chromium, Debian's, through a started Playwright."""
    return playwright.chromium.launch(executable_path=EXECUTABLE, args=ARGUMENTS, **options)


def state_directory():
    """STATE, made if missing; refused if another user owns it or it is not a folder."""
    os.makedirs(STATE, mode=0o700, exist_ok=True)
    status = os.lstat(STATE)
    if not os.path.isdir(STATE) or os.path.islink(STATE) or status.st_uid != os.getuid():
        raise RuntimeError(f"{STATE} is not a folder of this user's")
    return STATE


@contextlib.contextmanager
def registry():
    """The lock every job and host takes to read, write or remove the record of the shared
    browser (STATE/record.json)."""
    with open(os.path.join(state_directory(), "lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield os.path.join(STATE, "record.json")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def read_record(path):
    try:
        with open(path) as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def write_record(path, record):
    with open(path + ".part", "w") as handle:
        json.dump(record, handle)
    os.replace(path + ".part", path)


def host_alive(record):
    """Whether the host a record names still runs (not a zombie, not a reused pid)."""
    try:
        with open("/proc/%d/stat" % record["host"]) as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
        with open("/proc/%d/cmdline" % record["host"], "rb") as handle:
            command = handle.read()
    except (OSError, KeyError, TypeError, IndexError):
        return False
    return state not in ("Z", "X") and b"spinnerd_tools.chromium_host" in command


def clear(record):
    """Removes the files a host that died without cleaning up left."""
    for name in os.listdir(STATE):
        if name.startswith("host-%s." % record.get("host")):
            os.remove(os.path.join(STATE, name))


def start_host(directory):
    """Starts chromium_host in a session of its own, its output to a log file (never this
    job's pipes, which its caller reads to their end), and waits until it has recorded its
    browser in its ready file: the record, or None if it exited or did not get ready."""
    log = open(os.path.join(directory, "host.log"), "ab")
    host = subprocess.Popen([sys.executable, "-m", "spinnerd_tools.chromium_host", directory, str(IDLE_SECONDS)],
                            stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
    log.close()
    ready = os.path.join(directory, "host-%d.json" % host.pid)
    deadline = time.monotonic() + HOST_START_SECONDS
    while time.monotonic() < deadline:
        record = read_record(ready)
        if record:
            return record
        if host.poll() is not None:
            return None
        time.sleep(0.05)  # polls the host's ready file; the deadline bounds a hang
    host.kill()
    return None


class Session:
    """A Chromium for one job's pages: the shared one, joined, or one launched for the job
    (see the module's note). `browser` is a Playwright Browser; `close()` leaves it."""

    def __init__(self):
        from playwright.sync_api import sync_playwright
        self._playwright = sync_playwright().start()
        self._users = None  # the shared browser's users file, held with a shared lock
        self.browser = None
        try:
            if os.environ.get("SPINNERD_CHROMIUM") != "own":
                self.browser = self._join()
            if self.browser is None:
                self.browser = launch(self._playwright)
        except BaseException:
            self.close()
            raise

    def _join(self):
        """The shared browser, connected, or None when there is none to be had."""
        from playwright.sync_api import Error
        try:
            with registry() as path:
                record = read_record(path)
                if record and not host_alive(record):
                    clear(record)
                    record = None
                if record is None:
                    record = start_host(STATE)
                    if record is None:
                        return None
                    write_record(path, record)
                self._users = open(record["users"], "r")
                fcntl.flock(self._users, fcntl.LOCK_SH)  # the host will not close it while held
            return self._playwright.chromium.connect(record["endpoint"], timeout=CONNECT_SECONDS * 1000)
        except (OSError, RuntimeError, Error) as error:
            print(f"chromium: no shared browser ({error}); launching one for this job", file=sys.stderr)
            self._leave()
            return None

    def _leave(self):
        if self._users is not None:
            self._users.close()  # lets go of the lock
            self._users = None

    def close(self):
        try:
            if self.browser is not None:
                self.browser.close()  # a connected job's contexts go with it
        finally:
            self._leave()
            self._playwright.stop()


@contextlib.contextmanager
def session():
    """A Session for a run of jobs, closed however the run ends."""
    chromium = Session()
    try:
        yield chromium.browser
    finally:
        chromium.close()
