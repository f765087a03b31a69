"""Where a `spinnerd serve --port 0` listens: the one ready signal every harness reads.

A current binary is started with `--ready-file PATH` and writes one JSON object there once
every listener is up (`version`, `pid`, `host`, `port`, `admin_port`), whole (renamed into
place). A binary that predates the flag (a baseline a bench measures against) is read by its
start-up line instead; that fallback lives here and nowhere else.

    python3 -m spinnerd_tools.ready BINARY READY_PATH LOG_PATH   # prints the port once ready
"""
import json
import os
import re
import subprocess
import sys
import time

# How a binary without `--ready-file` says where it listens.
_LISTENING = re.compile(rb"listening on http://127\.\d+\.\d+\.\d+:(\d+)")
_KNOWN = {}


def knows_ready_file(binary):
    """Whether `binary serve` takes `--ready-file`."""
    if binary not in _KNOWN:
        usage = subprocess.run([binary, "serve", "--help"], capture_output=True)
        _KNOWN[binary] = b"--ready-file" in usage.stdout + usage.stderr
    return _KNOWN[binary]


def arguments(binary, ready_path):
    """The arguments that make `binary serve` write its ready record to `ready_path` (none
    for a binary that predates them); any old record there is removed first."""
    if os.path.exists(ready_path):
        os.unlink(ready_path)
    return ["--ready-file", ready_path] if knows_ready_file(binary) else []


def read(path):
    """The ready record at `path`, or None while there is none."""
    try:
        with open(path) as file:
            return json.load(file)
    except FileNotFoundError:
        return None


def port(binary, ready_path, log_path, offset=0, alive=lambda: True, timeout=120):
    """The port `binary` listens on, once it says so (its ready record, or for an old binary
    its start-up line in `log_path` after `offset`); None when `alive` says it ended first or
    `timeout` seconds (a bound on a hang: starting takes milliseconds) pass."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if knows_ready_file(binary):
            record = read(ready_path)
            if record:
                return record["port"]
        else:
            # (A server started in the background may not have opened its log yet.)
            try:
                with open(log_path, "rb") as log:
                    log.seek(offset)
                    match = _LISTENING.search(log.read())
            except FileNotFoundError:
                match = None
            if match:
                return int(match.group(1))
        if not alive():
            return None
        time.sleep(0.02)
    return None


if __name__ == "__main__":
    found = port(sys.argv[1], sys.argv[2], sys.argv[3], timeout=60)
    if found is None:
        sys.exit(f"spinnerd did not say where it listens:\n{open(sys.argv[3], errors='replace').read()}")
    print(found)
