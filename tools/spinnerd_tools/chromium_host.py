"""The headless Chromium that browser jobs share, and its watchdog: chromium.Session starts
it, detached, when no live one is recorded (see chromium.py's note).

    python3 -m spinnerd_tools.chromium_host STATE IDLE_SECONDS

Runs chromium_server.js, Playwright's browser server (launchServer: the same executable and
flags as a job's own launch, on a ws:// address on loopback), in Playwright's own Node;
writes STATE/host-PID.json (that address, this process and the users file jobs lock while
connected) once it listens; then watches: once no job has held the users file's lock for
IDLE_SECONDS it removes its record under the registry's lock, closes the server's input
(which closes the browser) and exits. If the server dies it exits too, removing its record,
so the next job starts another; if this process dies, the server's input closes with it.
"""
import fcntl
import json
import os
import subprocess
import sys
import time

from . import chromium

POLL_SECONDS = 0.5  # how often the watchdog looks at the users file


def unused(users, keep=False):
    """Whether no job holds the users file's lock (taking it exclusively, and keeping it if
    `keep`, so no job can join after)."""
    try:
        fcntl.flock(users, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    if not keep:
        fcntl.flock(users, fcntl.LOCK_UN)
    return True


def forget(pid):
    """Removes the shared browser's record if it still names this host."""
    with chromium.registry() as path:
        record = chromium.read_record(path)
        if record and record.get("host") == pid:
            os.remove(path)


def watch(server, users, idle_seconds, pid):
    """Returns once the browser has had no job for `idle_seconds` and its record is gone, or
    once the server has exited."""
    idle_since = None
    while True:
        try:
            server.wait(timeout=POLL_SECONDS)
            print("chromium_host %d: the server exited (%s)" % (pid, server.returncode), flush=True)
            return
        except subprocess.TimeoutExpired:
            pass
        if not unused(users):
            idle_since = None
            continue
        idle_since = idle_since or time.monotonic()
        if time.monotonic() - idle_since < idle_seconds:
            continue
        with chromium.registry() as path:
            if unused(users, keep=True):  # nobody joined meanwhile, and nobody can now
                record = chromium.read_record(path)
                if record and record.get("host") == pid:
                    os.remove(path)
                print("chromium_host %d: %g s without a job; closing" % (pid, idle_seconds), flush=True)
                return


def main(directory, idle_seconds):
    import playwright
    driver = os.path.join(os.path.dirname(playwright.__file__), "driver")
    options = {"executablePath": chromium.EXECUTABLE, "args": chromium.ARGUMENTS, "headless": True}
    pid = os.getpid()
    ready = os.path.join(directory, "host-%d.json" % pid)
    users_path = os.path.join(directory, "host-%d.users" % pid)
    server = None
    try:
        with open(users_path, "a") as users:
            server = subprocess.Popen([os.path.join(driver, "node"), os.path.join(os.path.dirname(os.path.abspath(__file__)), "chromium_server.js"),
                                       os.path.join(driver, "package"), json.dumps(options)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            endpoint = server.stdout.readline().strip()  # chromium.start_host bounds the wait
            if not endpoint.startswith("ws://"):
                raise RuntimeError("the browser server printed no address (%r)" % endpoint)
            chromium.write_record(ready, {"endpoint": endpoint, "host": pid, "users": users_path})
            print("chromium_host %d: Chromium at %s" % (pid, endpoint), flush=True)
            watch(server, users, idle_seconds, pid)
    finally:
        forget(pid)
        if server is not None:
            server.stdin.close()  # the server closes the browser and exits
            try:
                server.wait(timeout=chromium.HOST_START_SECONDS)
            except subprocess.TimeoutExpired:
                server.kill()
        for path in (ready, users_path):
            if os.path.exists(path):
                os.remove(path)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if sys.argv[1:] in (["-h"], ["--help"]) else 2)
    main(sys.argv[1], float(sys.argv[2]))
