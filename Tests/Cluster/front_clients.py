#!/usr/bin/env python3
"""Limits that see the real client through the front of deploy/kubernetes, on loopback.

HAProxy runs the committed deploy/kubernetes/spinnerd-front.cfg in front of two `spinnerd
serve` replicas on 127.0.0.2–3 that trust it (`--trusted-proxies 127.0.0.1`: the address
HAProxy's connections to 127.0.0.x come from, `ip route get` says so), found through a name
dnsmasq serves (spinnerd_tools.front). Clients are distinct loopback sources. Checked:

- two clients: A (127.0.1.10) asks eight costly URLs at once, all owned by one replica
  (capacity_ring.HAProxyRing from the front's slots), with an X-Forwarded-For naming B and
  an X-Request-ID of its own; the replica refuses A past its share
  (--heavy-renders-per-client 2: reason client_limit), and while A's admitted renders
  still run (the replica's own log: A's requests open at B's arrival), B (127.0.1.11) asks
  a costly URL of the same replica and it is rendered (200). The replica's log names A
  and B as the clients (not the front, not the forged entry), and A's 503s are the
  client_limit refusals it counted;
- request ids: every answer's X-Request-ID is the `request_id` of the replica's line for
  it and the id in the front's line (the client's own was replaced);
- the front is exempt from a replica's per-client connection limit: twenty quick renders
  at once through the front, from twenty addresses, to a replica whose
  --max-connections-per-client is 4: all 200, none of the front's connections refused
  (spinnerd_connections_refused_total{reason="per_client"}), none retried.

The replicas must key their costly-render share on the forwarded client and exempt
trusted peers from the connection limit (docs/operations.md); a spinnerd that keys on the
TCP peer fails the first and last cases.

    front_clients.py [--binary PATH]
"""
import argparse
import datetime
import http.client
import json
import os
import re
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.capacity_ring import HAProxyRing, haproxy_uri_hash
from spinnerd_tools.front import (ADDRESSES, DNS, SETTLE_SECONDS, Front, Stage, access_lines, ask, free_port_on_every_address,
                                  log_fields, run_cases)
from spinnerd_tools.harness import Results, Server

A, B = "127.0.1.10", "127.0.1.11"
SHARE = 2  # --heavy-renders-per-client
CONNECTIONS_PER_CLIENT = 4
REPLICA_ARGS = ["--trusted-proxies", "127.0.0.1", "--heavy-workers", "1", "--heavy-queue", "8",
                "--heavy-renders-per-client", str(SHARE), "--log-format", "json", "--prerender=false"]


def scrape(replica, name):
    """{labels: value} of `name` in the replica's /metrics."""
    # From an address of its own: the front's idle connections may hold 127.0.0.1's share.
    connection = http.client.HTTPConnection(replica.host, replica.port, timeout=30, source_address=("127.0.3.1", 0))
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    return {labels or "": float(value) for labels, value in
            re.findall(rf"^{name}(?:\{{([^}}]*)\}})? (\S+)$", text, re.M)}


def moment(line):
    """(arrival, end) of an access line, in seconds: its time is when it was written."""
    end = datetime.datetime.fromisoformat(line["time"].replace("Z", "+00:00")).timestamp()
    return end - line["duration_ms"] / 1000, end


def front_lines(front, offset, paths):
    """{path: the front's log fields} for `paths`, once each has its line (the front writes
    it as the stream ends, after the client has its answer)."""
    deadline = time.time() + SETTLE_SECONDS
    while True:
        found = {fields["request"].split(" ")[1]: fields for line in front.lines(offset) if (fields := log_fields(line))}
        found = {path: fields for path, fields in found.items() if path in paths}
        if len(found) == len(paths) or time.time() > deadline:
            return found


def owned_by(front, replicas, host, candidates):
    slots = {address: slot for slot, address, status in front.slots() if status == "UP"}
    order = sorted(replicas, key=lambda replica: slots[replica.host])
    ring = HAProxyRing([slots[replica.host] for replica in order])
    return [path for path in candidates if order[ring.owner(haproxy_uri_hash(path))].host == host]


def two_clients(front, replicas, results):
    target = replicas[0]
    # Costly (1.0-1.2 s estimated, the heavy lane) and admitted: at scale 2, size 276 is the
    # largest the budget's 32 M pixels × frames take. Sizes up to 289 were drawn here once,
    # and a round after the first could get a 400 for B (a fresh clone beside a busy loop).
    candidates = owned_by(front, replicas, target.host, [f"/spinner/circular.apng?size={size}&scale=2&color={color}"
                                                        for color in ("d33", "3d3", "33d", "dd3") for size in range(250, 277)])
    results.check("two clients", len(candidates) >= 27, f"the replica owns enough costly URLs for three rounds ({len(candidates)})")
    rounds = []
    for attempt in range(3):
        paths, candidates = candidates[:9], candidates[9:]
        a_paths, b_path = paths[:8], paths[8]
        offset = os.path.getsize(target.log_path)
        front_offset = front.log_offset()
        limited_before = scrape(target, "spinnerd_render_rejected_total").get('lane="heavy",reason="client_limit"', 0)
        answers, lock, go = {}, threading.Lock(), threading.Barrier(len(a_paths))

        def one(path, source, headers):
            if source == A:
                go.wait()
            result = ask(front.port, path, source, headers)
            with lock:
                answers[path] = result

        forged = {"X-Forwarded-For": B, "X-Request-ID": "chosen-by-the-client"}
        threads = [threading.Thread(target=one, args=(path, A, forged)) for path in a_paths]
        for thread in threads:
            thread.start()
        # B asks once A's refusals are back and the renders A was admitted still run.
        deadline = time.time() + SETTLE_SECONDS
        while time.time() < deadline:
            with lock:
                refused = sum(status == 503 for status, _, _ in answers.values())
                done = len(answers)
            if refused >= len(a_paths) - SHARE or done == len(a_paths):
                break
            time.sleep(0.01)
        b_thread = threading.Thread(target=one, args=(b_path, B, {"X-Request-ID": "chosen-by-b"}))
        b_thread.start()
        for thread in threads + [b_thread]:
            thread.join()
        # The replica writes its lines as an event loop's turn ends, a moment after the answers.
        deadline = time.time() + SETTLE_SECONDS
        while len(lines := {line["path"]: line for line in access_lines(target, offset) if line["path"] in paths}) < len(paths) \
                and time.time() < deadline:
            time.sleep(0.05)
        b_line = lines.get(b_path)
        open_at_b = 0
        if b_line:
            b_arrival = moment(b_line)[0]
            open_at_b = sum(1 for path in a_paths if path in lines and lines[path]["status"] == 200
                            and moment(lines[path])[0] <= b_arrival <= moment(lines[path])[1])
        limited = scrape(target, "spinnerd_render_rejected_total").get('lane="heavy",reason="client_limit"', 0) - limited_before
        a_statuses = [answers[path][0] for path in a_paths]
        rounds.append(dict(a=a_statuses, b=answers[b_path][0], open_at_b=open_at_b, limited=limited, lines=lines,
                           answers=answers, a_paths=a_paths, b_path=b_path, front_offset=front_offset))
        print(f"  round {attempt + 1}: A {a_statuses.count(200)} × 200, {a_statuses.count(503)} × 503 "
              f"{sorted(set(map(str, a_statuses)))}; B {answers[b_path][0]}; A's renders open at B's arrival: {open_at_b}; "
              f"client_limit refusals +{limited:g}", flush=True)
        if open_at_b >= SHARE or answers[b_path][0] != 200:
            break  # conclusive: B came while A held its share (or B was refused)
    last = rounds[-1]
    a_lines = [last["lines"][path] for path in last["a_paths"] if path in last["lines"]]
    b_line = last["lines"].get(last["b_path"])
    print(f"  the replica's lines: A as {sorted({line['client'] for line in a_lines})} via "
          f"{sorted({line['peer'] for line in a_lines})}, B as {b_line and b_line['client']}", flush=True)
    if b_line:
        print(f"    {json.dumps(b_line)}", flush=True)
    results.check("two clients", last["a"].count(503) > 0 and last["limited"] == last["a"].count(503),
                  f"A, over its share, is refused: its {last['a'].count(503)} × 503 are the replica's client_limit refusals "
                  f"(+{last['limited']:g})")
    results.check("two clients", last["open_at_b"] >= SHARE,
                  f"B asked while A's {SHARE} admitted renders were still open at the replica ({last['open_at_b']})")
    results.check("two clients", last["b"] == 200, f"B's costly URL is rendered all the same ({last['b']})")
    results.check("two clients", a_lines and all(line["client"] == A for line in a_lines) and b_line and b_line["client"] == B,
                  "the replica's log names A and B as the clients (the front's forwarded address, not the forged entry)")
    # Request ids: the answer's, the replica's line's and the front's line's.
    paths = last["a_paths"] + [last["b_path"]]
    front_ids = {path: fields["id"] for path, fields in front_lines(front, last["front_offset"], paths).items()}
    matched = [path for path in paths if last["answers"][path][1].get("x-request-id")
               and last["answers"][path][1]["x-request-id"] == (last["lines"].get(path) or {}).get("request_id")
               == front_ids.get(path)]
    results.check("request ids", len(matched) == len(paths),
                  f"each answer's X-Request-ID is the replica's request_id and the front's id ({len(matched)} of {len(paths)}; "
                  f"e.g. {last['answers'][paths[-1]][1].get('x-request-id')} / "
                  f"{(last['lines'].get(paths[-1]) or {}).get('request_id')} / {front_ids.get(paths[-1])})")


def front_exempt(front, replicas, results):
    target = replicas[1]
    paths = owned_by(front, replicas, target.host, [f"/spinner/circular.gif?size={size}&color=a4{n % 10}" for n, size in
                                                    enumerate(range(200, 300))])[:20]
    refused_before = scrape(target, "spinnerd_connections_refused_total").get('reason="per_client"', 0)
    front_offset = front.log_offset()
    statuses, lock, go = [], threading.Lock(), threading.Barrier(len(paths))

    def one(n, path):
        go.wait()
        status = ask(front.port, path, f"127.0.2.{n + 1}")[0]
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=one, args=(n, path)) for n, path in enumerate(paths)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    refused = scrape(target, "spinnerd_connections_refused_total").get('reason="per_client"', 0) - refused_before
    lines = list(front_lines(front, front_offset, paths).values())
    retried = [fields for fields in lines if fields["retries"] != "0"]
    most = max((int(fields["sc"]) for fields in lines), default=0)
    print(f"  {len(paths)} renders at once through the front to {target.host} (--max-connections-per-client "
          f"{CONNECTIONS_PER_CLIENT}): {sorted(set(map(str, statuses)))}, {statuses.count(200)} × 200; the front held up to "
          f"{most} connections to it; refused per client +{refused:g}; {len(retried)} retried", flush=True)
    results.check("front exempt", statuses.count(200) == len(paths) and most > CONNECTIONS_PER_CLIENT,
                  f"all answered 200 over more connections from the front than a client may hold ({most})")
    results.check("front exempt", len(lines) == len(paths) and refused == 0 and not retried,
                  f"none of the front's connections refused by the per-client limit (+{refused:g}), none retried ({len(retried)})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    arguments = parser.parse_args()
    results = Results()
    started_all = time.time()
    with Stage("spinnerd-front-clients-") as stage:
        port = free_port_on_every_address()
        # The first for the two clients, the second with a small per-client connection limit.
        replicas = [stage.keep(Server(arguments.binary, args=REPLICA_ARGS + extra, port=port, host=address, log_level="info",
                                      settle=False))
                    for address, extra in zip(ADDRESSES[:2], [[], ["--max-connections-per-client", str(CONNECTIONS_PER_CLIENT)]])]
        dns = stage.keep(DNS(stage.work))
        dns.serve(ADDRESSES[:2])
        front = stage.keep(Front(stage.work, dns, port))
        front.wait_for(ADDRESSES[:2])
        run_cases([("two clients", lambda: two_clients(front, replicas, results)),
                   ("front exempt", lambda: front_exempt(front, replicas, results))])
    print(f"  (all: {time.time() - started_all:.0f} s)")
    return results.report("front clients")


if __name__ == "__main__":
    sys.exit(main())
