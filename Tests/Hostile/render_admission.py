#!/usr/bin/env python3
"""Costly renders against the release spinnerd, asserting outcomes (part of `make test`).

- costliest: searches, for every kind × format, the costliest request the default budget
  admits (largest size at each corner of scale, fps, duration and background, found with
  `spinnerd cost`, which must admit every smaller size and refuse the next size up; a
  refusal at 1024 names the largest size admitted, which must be that edge),
  renders the costliest of each alone on a fresh server, and checks that it is answered
  200 with the server's peak resident set within 256 MiB; `circular` at
  size=256&scale=2 must be admitted in every raster format. How long each took against
  its estimate is printed, not asserted (these machines' speed varies): `make bench`
  reads the ratio.
- abandoned: 70 costly requests whose clients close after 0.5 s (or a third of such a
  render's time alone, if shorter): every render is dropped
  or stopped (none finishes: each would take longer than its client stayed), nothing is
  left queued or running, and a cold SVG is answered as quickly as by an idle peer.
- busy: 20 costly renders asked for at once, their clients waiting, while 20 cold SVGs of
  different sizes and a cached GIF are each answered as quickly as by an idle peer
  (within 200×); the resident set stays within the cache bound plus 256 MiB; every costly
  request ends in 200, 400 or 503.

No check holds a time (these machines are shared): latencies are ratios to an idle peer
server probed right after each probe (harness.Peer), and what a case waits for it waits
for, with a generous limit, before it asserts.

- same-answers: the same URLs — the costliest admitted of each raster format and the next
  size up, the APNG of the largest estimated peak and the next size up, cheap defaults, a
  bad parameter — asked all at once of three servers, told their memory limit is 1 GiB,
  512 MiB and the floor (`--memory-limit`), get the same statuses: a URL's validity never
  depends on the replica; under the smaller limits the renders wait for memory instead
  (the memory gate's waits are printed).
- largest (named only; scripts/sanitize.sh runs it against AddressSanitizer's build): as
  costliest, but only each format's costliest kind is rendered.

    render_admission.py [--binary PATH] [--search-binary PATH] [CASE ...]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from spinnerd_tools.harness import Paired, Peer, Results, Server, address, connect, kinds, metric, probe, read_response

MIB = 1 << 20
# How many times slower than the idle peer's slowest answer the slowest answer of the busy
# server may be. Measured here: 0.4-2.5× (a cold SVG 2.5-3.2 ms beside costly renders); a
# lane that made cold SVGs wait behind a costly render would be a second or more: hundreds
# of times the peer (the same bound as the hostile suite's).
SLOWER_THAN_PEER = 200


def ask_cost(binary, kind, params):
    """`spinnerd cost`'s estimate (a dict), or None when the budget refuses the request; and
    the refusal's text (empty when admitted)."""
    out = subprocess.run([binary, "cost", kind, *params], capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr
    return {k: float(v) for k, v in re.findall(r"([a-z-]+)=([0-9.]+)", out.stdout)}, ""


def estimate(binary, kind, params):
    """`spinnerd cost`'s estimate (a dict), or None when the budget refuses the request."""
    return ask_cost(binary, kind, params)[0]


def catalog(binary):
    server = Server(binary)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/spinners") as response:
            return json.load(response)
    finally:
        server.stop()


def corners(kind_entry, fmt):
    """Parameter sets at the budget's edges (size is searched separately)."""
    parameters = {p["name"]: p for p in kind_entry["parameters"] if fmt in p["formats"]}
    scales = ["1", "4"] if "scale" in parameters else [None]
    fpss = [None, str(int(parameters["fps"]["maximum"]))] if "fps" in parameters else [None]
    durations = [None]
    if "duration" in parameters:
        durations.append(str(parameters["duration"]["maximum"]))
    backgrounds = [None, "80808080"]
    for scale in scales:
        for fps in fpss:
            for duration in durations:
                for background in backgrounds:
                    params = [f"format={fmt}"]
                    if scale and scale != "1":
                        params.append(f"scale={scale}")
                    if fps:
                        params.append(f"fps={fps}")
                    if duration:
                        params.append(f"duration={duration}")
                    if background:
                        params.append(f"background={background}")
                    yield params


# A refusal's remedy: "size=N would be admitted with the other parameters as they are."
NAMED_SIZE = re.compile(r"\bsize=([0-9]+) would be admitted")
# Where a refusal's named size was not the edge: (kind, params, what was found), for
# `costliest` to check (the searches run on two threads).
NAMED_WRONG = []


def largest_admitted(binary, kind, params):
    """The largest size (8…1024) the budget admits with `params`, and its estimate. Asked at
    1024 first: a refusal names the largest size it would admit, which is taken once it
    holds (admitted, and the next size up refused); a refusal naming none (too many frames
    names an fps), or a named size that does not hold (noted in NAMED_WRONG), is searched
    by halves. (Three `spinnerd cost` processes a corner instead of ten: 3 168 of them
    were a third of the costliest case's CPU.)"""
    found, refusal = ask_cost(binary, kind, params + ["size=1024"])
    if found:
        return 1024, found
    named = NAMED_SIZE.search(refusal)
    if named:
        size = int(named.group(1))
        at = estimate(binary, kind, params + [f"size={size}"])
        above = size < 1024 and estimate(binary, kind, params + [f"size={size + 1}"])
        if at and not above:
            return size, at
        NAMED_WRONG.append((kind, params, f"size={size} named, admitted {bool(at)}, size={size + 1} admitted {bool(above)}"))
    low, high, best = 8, 1023, None
    while low <= high:
        middle = (low + high) // 2
        found = estimate(binary, kind, params + [f"size={middle}"])
        if found:
            best = (middle, found)
            low = middle + 1
        else:
            high = middle - 1
    return best


def render_alone(binary, kind, params):
    """Renders through a fresh server: (status, seconds, peak resident MiB, body bytes).
    The server renders nothing ahead (--prerender=false): the peak is the render's, and a
    fresh server per render would otherwise spend 1.8 s on the defaults each time (the
    soak holds the memory of a default server under the costliest renders)."""
    server = Server(binary, args=["--prerender=false"])
    try:
        path = f"/spinner/{kind}?" + "&".join(params)
        started = time.perf_counter()
        s = connect(server.port, "127.0.0.1", timeout=60)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
        # The server's deadline is an hour (harness.TEST_DEADLINES): a sanitizer's build takes
        # several times a render's estimate. This wait only bounds a hang.
        status, _, body = read_response(s, time.time() + 900)
        elapsed = time.perf_counter() - started
        s.close()
        return status, elapsed, server.status("VmHWM") / 1024, len(body)
    finally:
        server.stop()


def admission_in_order(binary, kind, params, size):
    """The order the search relies on: every size below the largest admitted one is
    admitted too (sampled), and the next size up is refused. Returns a problem, or None."""
    sizes = sorted({8, max(8, size // 8), max(8, size // 4), max(8, size // 2), max(8, size * 3 // 4), max(8, size - 1)})
    refused = [s for s in sizes if estimate(binary, kind, params + [f"size={s}"]) is None]
    if refused:
        return f"sizes {refused} are refused though {size} is admitted"
    if size < 1024 and estimate(binary, kind, params + [f"size={size + 1}"]) is not None:
        return f"size {size + 1} is admitted too"
    return None


def costliest(binary, results, search_binary=None, per_format=False, case="costliest"):
    """The costliest admissible request of every kind × format, each rendered alone,
    is answered 200 with the server's peak resident set within 256 MiB."""
    search_binary = search_binary or binary
    entries = {entry["name"]: entry for entry in catalog(binary)["kinds"]}
    chosen = []
    # The corners' searches are independent: two at a time (each `spinnerd cost` is a process).
    pool = ThreadPoolExecutor(max_workers=2)
    for fmt in ["apng", "gif", "png", "webp", "svg"]:
        of_format = []
        for kind in kinds(binary):
            best = None
            searches = [(params, pool.submit(largest_admitted, search_binary, kind, params))
                        for params in corners(entries[kind], fmt)]
            for params, search in searches:
                found = search.result()
                if found and (best is None or found[1]["seconds"] > best[2]["seconds"]):
                    best = (params, found[0], found[1])
            if best:
                problem = admission_in_order(search_binary, kind, best[0], best[1])
                results.check(case, problem is None, f"{kind} {' '.join(best[0])}: every smaller size admitted, the next refused"
                              + (f" ({problem})" if problem else ""))
                of_format.append((kind, best[0] + [f"size={best[1]}"], best[2]))
        if per_format and of_format:
            of_format = [max(of_format, key=lambda chosen: chosen[2]["seconds"])]
        chosen += of_format
    results.check(case, not NAMED_WRONG, "every refusal at size=1024 that names a size names the largest admitted"
                  + (f" ({NAMED_WRONG})" if NAMED_WRONG else ""))
    # The size people use must stay admissible in every raster format.
    for fmt in ["apng", "gif", "png", "webp"]:
        params = [f"format={fmt}", "size=256", "scale=2"]
        found = estimate(search_binary, "circular", params)
        results.check(case, found is not None, f"circular {' '.join(params)} is admitted")
        if found and not per_format:
            chosen.append(("circular", params, found))
    worst = None
    for kind, params, found in chosen:
        status, seconds, peak, size = render_alone(binary, kind, params)
        ratio = seconds / max(found["seconds"], 1e-9)
        print(f"  {kind:9} {' '.join(params):62} estimated {found['seconds']:5.2f} s: {status} in {seconds:5.2f} s "
              f"(×{ratio:4.2f}), peak {peak:6.1f} MiB, {size / 1024:8.1f} KiB", flush=True)
        results.check(case, status == 200, f"{kind} {' '.join(params)}: 200 ({status})")
        results.bound(case, peak <= 256, f"{kind} {' '.join(params)}: peak {peak:.1f} MiB within 256 MiB")
        if worst is None or seconds > worst[2]:
            worst = (kind, params, seconds, peak, ratio)
    if worst:
        print(f"  costliest found: {worst[0]} {' '.join(worst[1])}: {worst[2]:.2f} s (×{worst[4]:.2f} its estimate), "
              f"peak {worst[3]:.1f} MiB")


def costly_paths(binary, count, fmt="apng", first=0):
    """`count` distinct costly requests the budget admits: circular at scale 2 on a
    translucent background, at the largest size `spinnerd cost` admits less 2 % (so a
    recalibration cannot turn them into 400s), told apart by `loops`, which costs nothing."""
    params = [f"format={fmt}", "scale=2", "background=80808080"]
    found = largest_admitted(binary, "circular", params)
    if found is None:
        raise SystemExit(f"no admissible costly circular {fmt}")
    size = int(found[0] * 0.98)
    estimated = estimate(binary, "circular", params + [f"size={size}"])["seconds"]
    print(f"  costly request: circular {fmt} size={size} scale=2 background=80808080, estimated {estimated:.2f} s")
    return [f"/spinner/circular.{fmt}?size={size}&scale=2&background=80808080&loops={index}" for index in range(first, first + count)]


def alone_seconds(binary, path):
    """Wall seconds `spinnerd render` takes for `path` (a /spinner/… URL) by itself, the
    least of two runs: how long such a render holds the server at the least."""
    kind, query = path.split("/spinner/", 1)[1].split("?", 1)
    kind, fmt = kind.split(".", 1)
    params = [f"format={fmt}"] + [pair for pair in query.split("&") if not pair.startswith("loops=")]
    times = []
    for _ in range(2):
        started = time.perf_counter()
        subprocess.run([binary, "render", kind, *params, "-o", "/dev/null"], check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return min(times)


def abandoned(binary, results, count=70):
    """70 costly requests (APNG and WebP) whose clients close after 0.5 s: every render is
    dropped or stopped, none finishes, nothing is left queued or running, and a cold SVG is
    answered as quickly as by an idle peer."""
    server, peer = Server(binary), Peer(binary)
    try:
        sockets = []
        # Alternating, so the renders the heavy lane admits include WebP ones.
        apng, webp = costly_paths(binary, count // 2), costly_paths(binary, count - count // 2, "webp", first=count // 2)
        paths = [path for pair in zip(webp, apng) for path in pair] + webp[len(apng):]
        # The clients leave after half a second, or sooner where a costly render takes under
        # 1.5 s by itself (its estimate is a bound, not its time: WebP's circular estimated at
        # 1.7 s took 0.36 s here), so that every render is still under way when they go.
        alone = min(alone_seconds(binary, apng[0]), alone_seconds(binary, webp[0]))
        stay = min(0.5, alone / 3)
        print(f"  alone, the quicker costly render takes {alone:.2f} s: the clients leave after {stay:.2f} s")
        for index, path in enumerate(paths):
            s = connect(server.port, address(index, first=5))
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
            sockets.append(s)
        time.sleep(stay)  # what the case is about: clients that leave while their render runs
        for s in sockets:
            s.close()
        # The queued renders are dropped at once and the running ones stop at their next
        # frame: wait for the server to settle (a minute at most), then look.
        left = time.time()
        deadline = left + 60
        while time.time() < deadline and (metric(server.port, "spinnerd_render_queue_depth")
                                          or metric(server.port, "spinnerd_render_flights")):
            time.sleep(0.05)
        settled = time.time() - left
        queued = metric(server.port, "spinnerd_render_queue_depth")
        flights = metric(server.port, "spinnerd_render_flights")
        cancelled = metric(server.port, "spinnerd_render_cancelled_total")
        rejected = metric(server.port, "spinnerd_render_rejected_total")
        refused = metric(server.port, "spinnerd_render_refused_budget_total")
        finished = metric(server.port, "spinnerd_renders_total")
        svg = Paired(server.port, peer, "127.0.0.9")
        svg.probe("/spinner/dots.svg?size=77")
        print(f"  {count} abandoned: settled {settled:.1f} s after they left: queued {queued:.0f}, in flight {flights:.0f}; "
              f"cancelled {cancelled:.0f}, finished {finished:.0f}, refused 503 {rejected:.0f}; cold SVG {svg.probes[0][0]} in "
              f"{svg.slowest() * 1000:.1f} ms (the idle peer's {svg.peer_slowest() * 1000:.1f} ms)")
        results.check("abandoned", refused == 0 and cancelled >= 1,
                      f"the costly requests were admitted and the abandoned ones cancelled (refused by budget {refused:.0f}, cancelled {cancelled:.0f})")
        # Each takes at least three times as long as its client stayed.
        results.check("abandoned", finished == 0, f"no abandoned render was finished ({finished:.0f})")
        results.check("abandoned", queued == 0 and flights == 0, f"no render left queued or running ({queued:.0f}, {flights:.0f})")
        results.check("abandoned", svg.held(SLOWER_THAN_PEER), "then a cold SVG: " + svg.text(SLOWER_THAN_PEER, "request"))
    finally:
        server.stop()
        peer.stop()


def busy(binary, results, count=20):
    """20 costly renders with waiting clients beside cold SVGs and a cached GIF."""
    server, peer = Server(binary), Peer(binary)
    try:
        cached = "/spinner/circular.gif"
        probe(server.port, "127.0.0.1", cached, timeout=30)  # rendered, now cached
        peer.probe(cached)
        outcomes = [None] * count
        peak_rss = [server.rss_mib()]

        def costly(index, path):
            try:
                s = connect(server.port, address(index, first=6), timeout=300)
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
                outcomes[index] = read_response(s, time.time() + 300)[0]
                s.close()
            except (OSError, ConnectionError) as error:
                outcomes[index] = type(error).__name__

        paths = costly_paths(binary, count, "gif")
        workers = [threading.Thread(target=costly, args=(index, path)) for index, path in enumerate(paths)]
        for worker in workers:
            worker.start()
        # Wait until the costly renders are under way (both lanes busy), then probe.
        deadline = time.time() + 60
        while metric(server.port, "spinnerd_render_flights") < 2 and time.time() < deadline:
            time.sleep(0.02)
        svgs, gifs = Paired(server.port, peer, "127.0.0.10"), Paired(server.port, peer, "127.0.0.11")
        for index in range(count):
            svgs.probe(f"/spinner/arc.svg?size={40 + index}")
            gifs.probe(cached)
            peak_rss.append(server.rss_mib())
        while any(worker.is_alive() for worker in workers):
            peak_rss.append(server.rss_mib())
            time.sleep(0.1)
        cache_mib = metric(server.port, "spinnerd_cache_bytes") / MIB
        tally = {str(o): outcomes.count(o) for o in set(outcomes)}
        print(f"  {count} costly: {tally}; cold SVGs slowest {svgs.slowest() * 1000:.1f} ms (the idle peer's "
              f"{svgs.peer_slowest() * 1000:.1f} ms); cached GIF slowest {gifs.slowest() * 1000:.1f} ms (the peer's "
              f"{gifs.peer_slowest() * 1000:.1f} ms); peak RSS {max(peak_rss):.1f} MiB (cache {cache_mib:.1f} MiB)")
        results.check("busy", svgs.held(SLOWER_THAN_PEER), "20 cold SVGs: " + svgs.text(SLOWER_THAN_PEER, "SVG"))
        results.check("busy", gifs.held(SLOWER_THAN_PEER), "the cached GIF 20 times: " + gifs.text(SLOWER_THAN_PEER, "GIF"))
        results.bound("busy", max(peak_rss) <= cache_mib + 256, f"RSS {max(peak_rss):.1f} MiB <= cache + 256 MiB")
        results.check("busy", all(o in (200, 400, 503) for o in outcomes), f"every costly request ended in 200, 400 or 503: {tally}")
        # Admissible by construction: the load is real only if some of them were rendered.
        results.check("busy", outcomes.count(200) >= 1 and outcomes.count(400) == 0,
                      f"the costly requests were admitted and some rendered (200: {outcomes.count(200)}, 400: {outcomes.count(400)})")
    finally:
        server.stop()
        peer.stop()


def largest(binary, results, search_binary=None):
    """The costliest admissible request of each format (that of its costliest kind),
    rendered alone: answered 200 with the peak resident set within 256 MiB. For a
    sanitizer's build, whose renders are slower: its codecs at their largest admitted input."""
    costliest(binary, results, search_binary, per_format=True, case="largest")


def largest_peak(binary):
    """The APNG the budget admits with the largest estimated peak memory (the largest
    admitted size of each kind, the most `memory-mib` of them): (kind, size, MiB)."""
    best = None
    for kind in kinds(binary):
        found = largest_admitted(binary, kind, ["format=apng"])
        if found and (best is None or found[1]["memory-mib"] > best[2]):
            best = (kind, found[0], found[1]["memory-mib"])
    return best


def same_answers(binary, results, search_binary=None):
    """The same URLs, asked at once, get the same statuses from servers with a memory limit
    of 1 GiB, 512 MiB and the floor."""
    search_binary = search_binary or binary
    paths = []
    for fmt in ["apng", "gif", "webp", "png"]:
        params = [f"format={fmt}", "scale=2", "background=80808080"]
        size = largest_admitted(search_binary, "circular", params)[0]
        paths += [f"/spinner/circular.{fmt}?size={size}&scale=2&background=80808080",
                  f"/spinner/circular.{fmt}?size={size + 1}&scale=2&background=80808080"]
    kind, size, mib = largest_peak(search_binary)
    paths += [f"/spinner/{kind}.apng?size={size}", f"/spinner/{kind}.apng?size={size + 1}"]
    paths += [f"/spinner/{name}.{fmt}" for name in kinds(binary) for fmt in ("svg", "png")]
    paths += ["/spinner/dots.gif?size=99999", "/spinner/arc.webp?color=notacolour"]
    print(f"  {len(paths)} URLs; the largest peak: {kind}.apng size={size} ({mib:.0f} MiB estimated)")
    # The floor: the limit `serve` refuses to start below, from its own message.
    refused = subprocess.run([binary, "serve", "--port", "0", "--memory-limit", str(64 * MIB)], capture_output=True, text=True)
    floor = re.search(r"raise the memory limit to at least (\d+) MiB", refused.stderr)
    results.check("same-answers", refused.returncode != 0 and floor is not None,
                  f"serve refuses to start at 64 MiB and names the floor (exit {refused.returncode}: {refused.stderr.strip()[:200]})")
    if floor is None:
        return
    limits = {"1 GiB": 1024 * MIB, "512 MiB": 512 * MIB, f"the floor, {floor.group(1)} MiB": int(floor.group(1)) * MIB}
    statuses = {}
    for label, limit in limits.items():
        # Queues long enough that no request is refused for the queue's sake (that is a
        # moment's state, not the URL's): only the budget decides, and memory makes renders
        # wait. Three heavy threads (a machine of six cores), so that costly renders run
        # side by side and the smaller limits make them wait for memory.
        server = Server(binary, args=["--prerender=false", "--memory-limit", str(limit), "--heavy-workers", "3",
                                      "--heavy-queue", "64", "--heavy-renders-per-client", "0"])
        try:
            answers = [None] * len(paths)

            def ask(index):
                try:
                    answers[index] = probe(server.port, address(index, first=7), paths[index], timeout=900)[0]
                except Exception as error:  # noqa: BLE001 - any failure is an answer that differs
                    answers[index] = type(error).__name__
            with ThreadPoolExecutor(max_workers=len(paths)) as pool:
                list(pool.map(ask, range(len(paths))))
            statuses[label] = answers
            waits = metric(server.port, "spinnerd_render_memory_waits_total")
            peak = metric(server.port, "spinnerd_render_memory_peak_bytes") / MIB
            capacity = metric(server.port, "spinnerd_render_memory_capacity_bytes") / MIB
            tally = {str(a): answers.count(a) for a in set(answers)}
            print(f"  {label}: {tally}; the renders share {capacity:.0f} MiB, held at most {peak:.0f} MiB at once, "
                  f"{waits:.0f} waited for memory", flush=True)
        finally:
            server.stop()
    first = next(iter(statuses.values()))
    for label, answers in statuses.items():
        differ = [(paths[i], first[i], answers[i]) for i in range(len(paths)) if answers[i] != first[i]]
        results.check("same-answers", not differ, f"{label}: the same statuses as at 1 GiB" + (f" (differ: {differ})" if differ else ""))
    results.check("same-answers", all(a in (200, 400) for a in first) and first.count(400) == 7,
                  f"only 200 and the seven 400s the budget and the parameters call for: {first}")


CASES = {"costliest": costliest, "abandoned": abandoned, "busy": busy, "same-answers": same_answers, "largest": largest}
# What runs when no case is named (`largest` is part of `costliest`).
DEFAULT_CASES = ["costliest", "abandoned", "busy", "same-answers"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/spinnerd")
    parser.add_argument("--search-binary", help="the spinnerd whose `cost` searches the budget's edges (default --binary; "
                        "a plain build's estimates are the same, and quicker to ask, than a sanitizer build's)")
    parser.add_argument("cases", nargs="*", default=[], help="any of: " + ", ".join(CASES))
    arguments = parser.parse_args()
    unknown = [name for name in arguments.cases if name not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown}")
    results = Results()
    binary = os.path.abspath(arguments.binary)
    search_binary = os.path.abspath(arguments.search_binary) if arguments.search_binary else None
    for name in arguments.cases or DEFAULT_CASES:
        print(f"== {name}: {' '.join(CASES[name].__doc__.split())}", flush=True)
        started = time.time()
        if name in ("costliest", "largest", "same-answers"):
            CASES[name](binary, results, search_binary=search_binary)
        else:
            CASES[name](binary, results)
        print(f"  ({time.time() - started:.0f} s)", flush=True)
    return results.report("render admission")


if __name__ == "__main__":
    sys.exit(main())
