#!/usr/bin/env python3
"""The front of deploy/kubernetes as clients and replicas meet it, on loopback.

HAProxy runs the committed deploy/kubernetes/spinnerd-front.cfg, finding three `spinnerd
serve` replicas on 127.0.0.2–4 through a name dnsmasq serves (spinnerd_tools.front, as the
cluster and resize tests do). The replicas' costly (heavy-lane) renders are cut to one
thread, a queue of one and one per client, so a burst of costly URLs is refused for
certain, not by timing. Checked:

- bound: from the configuration and the binary's own defaults, every answer through the
  front has a bound: the front retries only what never got an answer (retry-on
  conn-failure, empty-response; no 503, no timeout), waits for a replica at least as long
  as a replica may take to answer (--queue-timeout + --render-timeout), and the worst
  case, retries × (timeout connect + the turn-around) + timeout server, is the number the
  configuration's comment and docs/deploying.md state;
- refusals: twelve costly URLs at once through the front: every answer is a 200 or a 503
  with Retry-After (no 502/504), some are refused, each URL reached exactly one replica
  exactly once (the replicas' access logs), and the 503s the client saw are the refusals
  the replicas counted (their logs and spinnerd_render_rejected_total) — no refusal was
  sent on to another replica;
- metrics: /metrics (and its spellings a replica would serve: percent-encoded, with a
  query, absolute-form) through the front is 404 and reaches no replica;
- request ids: every answer through the front carries an X-Request-ID made there (a
  client's own is replaced), a fresh one for an answer from the front's cache, and the
  front's log line names it;
- termination state: the front's log line of an answer the client cut off says so (%tsc
  starts with C), a whole one says "--";
- connections per client: one address holds at most FRONT_CONNECTIONS_PER_CLIENT
  (the stick table counts them), the next is closed unanswered, and another address is
  still answered;
- health: the front's /healthz is 503 while the name has no records (NXDOMAIN, as for a
  headless Service without ready pods) or only a dead address, and 200 once replicas are
  up; /livez is 200 throughout.

    front_behaviour.py [--binary PATH] [--conf FRONT.cfg]
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.front import (ADDRESSES, DNS, FRONT_CONF, SETTLE_SECONDS, Front, Stage, access_lines, ask, config, directive,
                                  environment_default, free_port_on_every_address, log_fields, run_cases, seconds)
from spinnerd_tools.harness import Results, Server, get, metric, reset

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
# Costly URLs: `spinnerd cost` puts circular's APNG at 500 px and more (size 250 at scale
# 2: 1.01 s) over the quick lane's 1 s, and under the budget's 1.8 s up to 600 px; a
# distinct size makes each URL new.
COSTLY = "/spinner/circular.apng?size={size}&scale=2"
REPLICA_ARGS = ["--heavy-workers", "1", "--heavy-queue", "1", "--heavy-renders-per-client", "1",
                "--log-format", "json", "--prerender=false"]


def wait_for_lines(replicas, offsets, paths, agent=None):
    """Waits until the replicas' access logs (after `offsets`) have a line for each of
    `paths` (or, with `agent`, for a line of that user agent from each): a replica writes
    its lines once an event loop's turn ends, a moment after the answer left."""
    deadline = time.time() + SETTLE_SECONDS
    while time.time() < deadline:
        lines = [(replica, line) for replica, offset in zip(replicas, offsets) for line in access_lines(replica, offset)]
        if agent:
            if all(any(line.get("user_agent") == agent for owner, line in lines if owner is replica) for replica in replicas):
                return
        elif set(paths) <= {line["path"] for _, line in lines}:
            return
        time.sleep(0.05)


def log_size(replica):
    return os.path.getsize(replica.log_path)


def bound(binary, conf, results):
    sections = config(conf)
    defaults = sections[("defaults", "")]
    backend = sections[("backend", "replicas")]
    usage = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True).stdout
    replica_timeouts = {name: int(re.search(rf"\[--{name} (\d+)\]", usage).group(1)) for name in ("queue-timeout", "render-timeout")}
    replica_bound = sum(replica_timeouts.values())
    retry_on = set(directive(backend, "retry-on") or directive(defaults, "retry-on") or [])
    retries = int((directive(backend, "retries") or directive(defaults, "retries") or ["3"])[0])
    connect = seconds((directive(backend, "timeout", "connect") or directive(defaults, "timeout", "connect"))[0])
    server = seconds((directive(backend, "timeout", "server") or directive(defaults, "timeout", "server"))[0])
    # A server with maxconn would queue requests at the front too (timeout queue).
    queued = any(re.search(r"\bmaxconn\b", line) for line in backend if line.startswith(("server", "default-server")))
    queue = seconds((directive(defaults, "timeout", "queue") or ["0"])[0]) if queued else 0
    # HAProxy waits min(timeout connect, 1 s) before each retry after a failed connection.
    worst = queue + retries * (connect + min(connect, 1)) + server
    print(f"  retry-on {sorted(retry_on)}, retries {retries}, timeout connect {connect:g} s, server {server:g} s"
          f"{f', queue {queue:g} s' if queued else ''}; the replicas' bound {replica_bound} s ({replica_timeouts}); "
          f"the front's worst case {worst:g} s", flush=True)
    results.check("bound", retry_on and retry_on <= {"conn-failure", "empty-response"},
                  f"the front retries only what got no answer ({sorted(retry_on)}): never a 503, a timeout or an answer")
    results.check("bound", server > replica_bound,
                  f"timeout server {server:g} s > --queue-timeout + --render-timeout {replica_bound} s: "
                  f"the front waits out an answer the replica gives")
    stated = re.search(r"\+ timeout server = .*?= (\d+) s", open(conf).read())
    results.check("bound", stated is not None and int(stated.group(1)) == worst,
                  f"the configuration's comment states the worst case the directives give "
                  f"({stated.group(1) if stated else 'none'} s, computed {worst:g} s)")
    docs = open(os.path.join(ROOT, "docs", "deploying.md")).read()
    documented = re.search(r"through the front within (\d+) s", docs)
    results.check("bound", documented is not None and int(documented.group(1)) == worst,
                  f"docs/deploying.md states it ({documented.group(1) if documented else 'nothing'} s)")


def refusals(replicas, front, results):
    paths = [COSTLY.format(size=250 + n) for n in range(12)]
    offsets = [log_size(replica) for replica in replicas]
    rejected_before = sum(metric(replica.port, "spinnerd_render_rejected_total", host=replica.host) for replica in replicas)
    front_offset = front.log_offset()
    answers, lock, go = {}, threading.Lock(), threading.Barrier(len(paths))

    def one(path):
        go.wait()
        try:
            status, headers, _ = ask(front.port, path)
        except OSError as error:
            status, headers = type(error).__name__, {}
        with lock:
            answers[path] = (status, headers)

    threads = [threading.Thread(target=one, args=(path,)) for path in paths]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wait_for_lines(replicas, offsets, paths)
    statuses = [status for status, _ in answers.values()]
    refused = [path for path, (status, _) in answers.items() if status == 503]
    # The replicas' access lines of these URLs: which replica was asked each, how often.
    asked, replica_refusals = {path: [] for path in paths}, 0
    for replica, offset in zip(replicas, offsets):
        for line in access_lines(replica, offset):
            if line["path"] in asked:
                asked[line["path"]].append((replica.host, line["status"]))
                replica_refusals += line["status"] == 503
    rejected = sum(metric(replica.port, "spinnerd_render_rejected_total", host=replica.host) for replica in replicas) - rejected_before
    deadline = time.time() + SETTLE_SECONDS  # the front writes its line as the answer leaves
    while len(lines := [fields for line in front.lines(front_offset) if (fields := log_fields(line))
                        and fields["request"].split(" ")[1] in answers]) < len(paths) and time.time() < deadline:
        time.sleep(0.1)
    retried = [fields for fields in lines if fields["retries"] != "0"]
    print(f"  {len(paths)} costly URLs at once: {statuses.count(200)} × 200, {len(refused)} × 503 "
          f"({sorted(set(map(str, statuses)))}); the replicas logged {sum(map(len, asked.values()))} requests of them, "
          f"{replica_refusals} refused; spinnerd_render_rejected_total +{rejected:g}", flush=True)
    for path in refused[:3]:
        print(f"    refused {path}: asked of {asked[path]}", flush=True)
    results.check("refusals", all(status in (200, 503) for status in statuses),
                  f"every answer through the front is a 200 or a 503 ({sorted(set(map(str, statuses)))})")
    results.check("refusals", refused and statuses.count(200) > 0,
                  f"some were rendered and some refused ({statuses.count(200)} and {len(refused)})")
    results.check("refusals", all("retry-after" in answers[path][1] for path in refused),
                  "every 503 reaches the client with the replica's Retry-After")
    once = [path for path in paths if len(asked[path]) == 1]
    results.check("refusals", len(once) == len(paths),
                  f"each URL was asked of exactly one replica, once ({len(once)} of {len(paths)}; "
                  f"{[asked[path] for path in paths if len(asked[path]) != 1][:3]})")
    results.check("refusals", len(refused) == replica_refusals == rejected,
                  f"the 503s the client saw ({len(refused)}) are the refusals the replicas logged ({replica_refusals}) "
                  f"and counted (spinnerd_render_rejected_total +{rejected:g})")
    results.check("refusals", len(lines) == len(paths) and not retried,
                  f"the front's log shows no retry of them ({len(retried)} of {len(lines)} lines with a retry)")


def metrics_path(replicas, front, results):
    agent = "front-metrics-probe"
    offsets = [log_size(replica) for replica in replicas]
    spellings = ["/metrics", "/%6detrics", "/metrics?format=text", "//metrics", "/metrics/"]
    statuses = [ask(front.port, path, headers={"User-Agent": agent})[0] for path in spellings]
    # The absolute form, which a replica answers as /metrics.
    with socket.create_connection(("127.0.0.1", front.port), timeout=30) as s:
        s.sendall(f"GET http://spinnerd/metrics HTTP/1.1\r\nHost: spinnerd\r\nUser-Agent: {agent}\r\nConnection: close\r\n\r\n".encode())
        head = s.recv(65536)
    statuses.append(int(head.split()[1]))
    direct = [get(replicas[0].port, path, host=replicas[0].host)[0] for path in ("/metrics", "/%6detrics")]
    # A request of the same agent asked of each replica directly, after the others: once
    # its line is written, any line of what the front forwarded before it is too.
    for replica in replicas:
        get(replica.port, "/spinner/dots.svg?size=17&title=after", {"User-Agent": agent}, host=replica.host)
    wait_for_lines(replicas, offsets, [], agent=agent)
    reached = [line["path"] for replica, offset in zip(replicas, offsets) for line in access_lines(replica, offset)
               if line.get("user_agent") == agent and "title=after" not in line["path"]]
    print(f"  through the front {dict(zip(spellings + ['http://spinnerd/metrics'], statuses))}; a replica asked directly "
          f"{direct}; requests that reached a replica: {reached}", flush=True)
    results.check("metrics", all(status == 404 for status in statuses), "/metrics through the front is 404 in every spelling")
    results.check("metrics", not reached, f"and none reached a replica ({len(reached)})")


def request_ids(front, results):
    path = "/spinner/dots.svg?size=33&title=ids"
    offset = front.log_offset()
    first = ask(front.port, path, headers={"X-Request-ID": "chosen-by-the-client"})
    again = ask(front.port, path, headers={"X-Request-ID": "chosen-by-the-client"})
    ids = [first[1].get("x-request-id", ""), again[1].get("x-request-id", "")]
    deadline = time.time() + SETTLE_SECONDS
    while len(lines := [line for line in front.lines(offset) if f" {path} " in line]) < 2 and time.time() < deadline:
        time.sleep(0.1)
    print(f"  {path} twice: {first[0]}, {again[0]} (Age {again[1].get('age')}), X-Request-ID {ids}", flush=True)
    for line in lines:
        print(f"    front: {line}", flush=True)
    # The lines in the order they were written (as each stream ended), which may not be
    # the order of the answers.
    logged = {fields["id"]: fields["cache"] for line in lines if (fields := log_fields(line))}
    results.check("request ids", all(UUID.match(value) for value in ids) and ids[0] != ids[1],
                  "each answer carries its own X-Request-ID made by the front (a UUID), not the client's")
    results.check("request ids", "age" in again[1], "the second came from the front's cache, with an id of its own")
    results.check("request ids", len(lines) == 2 and logged == {ids[0]: "0", ids[1]: "1"},
                  f"the front's log line of each names its id, the cached one's with cache=1 ({logged})")


def termination(front, results):
    path = "/spinner/circular.apng?size=400&color=00aa00"
    whole = ask(front.port, path)  # rendered and cached whole
    offset = front.log_offset()
    s = socket.create_connection(("127.0.0.1", front.port), timeout=60)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: spinnerd\r\n\r\n".encode())
    received = b""
    while b"\r\n\r\n" not in received:
        received += s.recv(4096)
    cut_id = re.search(rb"x-request-id: (\S+)", received, re.I).group(1).decode()
    reset(s)
    deadline = time.time() + SETTLE_SECONDS
    while not (lines := [line for line in front.lines(offset) if cut_id in line]) and time.time() < deadline:
        time.sleep(0.1)
    state = lambda line: (log_fields(line) or {}).get("state")
    whole_line = [line for line in front.lines() if whole[1].get("x-request-id", "?") in line]
    print(f"  {path} ({len(whole[2])} bytes) whole: {[state(line) for line in whole_line]}; cut off after "
          f"{len(received)} bytes: {[state(line) for line in lines]}", flush=True)
    results.check("termination", len(whole_line) == 1 and state(whole_line[0]) == "----",
                  "the log line of an answer sent whole has the termination state ----")
    results.check("termination", len(lines) == 1 and state(lines[0]).startswith("C"),
                  f"the log line of an answer the client cut off says so ({[state(line) for line in lines]})")


def per_client(front, conf, results):
    limit = re.search(r"sc0_conn_cur gt (\S+) }", open(conf).read())
    results.check("per client", limit is not None, "the front limits connections per client address")
    if not limit:
        return
    cap = int(environment_default(limit.group(1)))
    source, other = "127.0.1.20", "127.0.1.21"
    for attempt in range(3):  # a held connection closes after `timeout http-request`: then again
        held = []
        try:
            for _ in range(cap):
                s = socket.socket()
                s.bind((source, 0))
                s.settimeout(30)
                s.connect(("127.0.0.1", front.port))
                held.append(s)
            deadline = time.time() + SETTLE_SECONDS
            while time.time() < deadline:
                table = front.command("show table clients")
                match = re.search(rf"key=::ffff:{re.escape(source)} .*conn_cur=(\d+)", table)
                if match and int(match.group(1)) >= cap:
                    break
                time.sleep(0.05)
            counted = int(match.group(1)) if match else 0
            extra = socket.socket()
            extra.bind((source, 0))
            extra.settimeout(30)
            try:  # the front closes it at accept: a reset, or an end before any answer
                extra.connect(("127.0.0.1", front.port))
                extra.sendall(b"GET /spinner/dots.svg HTTP/1.1\r\nHost: spinnerd\r\n\r\n")
                refused = extra.recv(65536) == b""
            except OSError:
                refused = True
            extra.close()
            # Still all held? (None closed by the front's request timeout meanwhile.)
            still = 0
            for s in held:
                s.setblocking(False)
                try:
                    still += s.recv(1) != b""
                except BlockingIOError:
                    still += 1
                except OSError:
                    pass
            answered = ask(front.port, "/spinner/dots.svg?size=21", source=other)[0]
        finally:
            for s in held:
                s.close()
        if still == cap:
            break
    print(f"  {cap} connections from {source} (the table counts {counted}); one more: "
          f"{'closed unanswered' if refused else 'answered'}; {other}: {answered}", flush=True)
    results.check("per client", counted == cap and refused,
                  f"an address holding {cap} connections gets no more (the next is closed unanswered)")
    results.check("per client", answered == 200, f"another address is answered meanwhile ({answered})")


def health(front, dns, replicas, results):
    def wait(condition, what):
        deadline = time.time() + SETTLE_SECONDS
        while time.time() < deadline:
            if condition():
                return True
            time.sleep(0.1)
        print(f"  gave up waiting for {what}", flush=True)
        return False

    def answered_queries():
        """The resolvers' answers so far, of any kind (records, NXDOMAIN, errors)."""
        return sum(int(n) for n in re.findall(r"\b(?:valid|nx|refused|other|any_err|invalid):\s*(\d+)",
                                               front.command("show resolvers replicas")))

    dead = ADDRESSES[5]  # nothing listens there
    states, live, reached = {}, [], []
    dns.serve([])
    asked = answered_queries()
    reached.append(wait(lambda: answered_queries() > asked + 1 and not front.servers(), "DNS to answer for no records"))
    states["no records"] = front.health()
    live.append(get(front.admin, "/livez")[0])
    dns.serve([dead])
    reached.append(wait(lambda: front.servers().get(dead, "").startswith("DOWN"), f"{dead} to be found and checked DOWN"))
    states["a dead address"] = front.health()
    live.append(get(front.admin, "/livez")[0])
    dns.serve([replica.host for replica in replicas])
    front.wait_for([replica.host for replica in replicas])
    states["replicas up"] = front.health()
    live.append(get(front.admin, "/livez")[0])
    print(f"  /healthz: {states}; /livez: {live}", flush=True)
    results.check("health", all(reached) and states["no records"] != 200 and states["a dead address"] != 200,
                  "/healthz fails while the name has no records or only a dead replica")
    results.check("health", states["replicas up"] == 200, "and is 200 once replicas are up")
    results.check("health", live == [200] * 3, "/livez (liveness) is 200 in each of these states")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    parser.add_argument("--conf", default=FRONT_CONF, help="the front's configuration (the committed one by default)")
    arguments = parser.parse_args()
    results = Results()
    started_all = time.time()
    with Stage("spinnerd-front-") as stage:
        print("== bound", flush=True)
        bound(arguments.binary, arguments.conf, results)
        port = free_port_on_every_address()
        # debug: spinnerd writes scrapes of /metrics (and probes) at debug only.
        replicas = [stage.keep(Server(arguments.binary, args=REPLICA_ARGS, port=port, host=address, log_level="debug",
                                      settle=False, production_deadlines=True)) for address in ADDRESSES[:3]]
        dns = stage.keep(DNS(stage.work))
        front = stage.keep(Front(stage.work, dns, port, conf=arguments.conf))

        def refused_once():
            dns.serve(ADDRESSES[:3])
            front.wait_for(ADDRESSES[:3])
            refusals(replicas, front, results)
        run_cases([("health", lambda: health(front, dns, replicas, results)),
                   ("refusals", refused_once),
                   ("metrics", lambda: metrics_path(replicas, front, results)),
                   ("request ids", lambda: request_ids(front, results)),
                   ("termination", lambda: termination(front, results)),
                   ("per client", lambda: per_client(front, arguments.conf, results))])
    print(f"  (all: {time.time() - started_all:.0f} s)")
    return results.report("front behaviour")


if __name__ == "__main__":
    sys.exit(main())
