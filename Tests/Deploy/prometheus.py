#!/usr/bin/env python3
"""Every expression of the Grafana dashboard and of the Prometheus rules, run by a real
Prometheus against a real replica and the real front; each must return data.

Started on loopback: one `spinnerd serve` (on 127.0.0.2, with the manifests' 1 GiB as
its --memory-limit, so the memory alert's series exist), HAProxy with the committed
deploy/kubernetes/spinnerd-front.cfg finding it through dnsmasq (`spinnerd_tools.front`,
as Tests/Cluster/cluster.py starts it), and Prometheus (Debian's, 2.42) scraping every
second, with deploy/prometheus/rules.yaml as its rule file and three jobs:

- `spinnerd`: the replica's /metrics, on its admin port (`--admin-port`: the public
  port answers /metrics 404);
- `spinnerd-front`: HAProxy's own exporter, on the front's ADMIN_BIND /metrics;
- `kube-state-metrics`: a STAND-IN, not kube-state-metrics: a small HTTP server in this
  file serving a static exposition of the two series the rules read,
  kube_horizontalpodautoscaler_spec_max_replicas (hpa.yaml's maxReplicas) and
  kube_horizontalpodautoscaler_status_current_replicas (and ..._desired_replicas, which
  the runbook asks for), with kube-state-metrics' names and labels (namespace,
  horizontalpodautoscaler="spinnerd"). No cluster runs here.

Traffic through the front: a default spinner twice (the second answered from the front's
cache), a new URL (rendered by the replica) and a 404. Once Prometheus has scraped every
target after it and evaluated the rules after that scrape (polled, bounded at minutes
as a guard against a hang), it is asked (GET /api/v1/query):

- every dashboard target's expression, with $job and $front_job replaced as Grafana
  does for "All" (a regex of the values its variable's label_values() query finds, which
  must find some), and asserted to return at least one series; the front's cache hits
  must be more than 0 (the panel counts the front's hits, not the replicas');
- every recording rule's expression, and the series it records;
- every alert's expression with each top-level comparison turned into its `bool` form
  (`A > 0.05` into `A > bool 0.05`; `A >= B` into `A >= bool B`): an alert's expression
  is a condition, empty while all is well, so the test asks for the values being compared
  instead — present whenever the expression's inputs exist and join, whether or not the
  alert would fire. Each side of a top-level `and` is asked on its own too;
- each line of every ```promql block of docs/runbook.md (those must run without error;
  their series are counted, not required).

No refusal, 5xx or memory pressure is faked: the rejection and 5xx expressions find data
because spinnerd writes those counters from its start, at 0. An expression that finds
nothing fails, naming the selectors inside it (through the recording rules it reads)
that found nothing.

Then the alerts see real changes: the stand-in's current replicas are set to the maximum
and the replica is stopped; Prometheus must report SpinnerdReplicasAtMax and
SpinnerdFrontWithoutReplicas (pending or firing) with the labels the real exporters give,
and neither before. Prints a table: series returned, what asked, the expression.

    prometheus.py [--binary PATH]
"""
import argparse
import http.server
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.front import ADDRESSES, DNS, Front
from spinnerd_tools.harness import Results, Server, free_port, get

RULES = os.path.join(ROOT, "deploy", "prometheus", "rules.yaml")
DASHBOARD = os.path.join(ROOT, "deploy", "grafana", "spinnerd.json")
RUNBOOK = os.path.join(ROOT, "docs", "runbook.md")
HPA = os.path.join(ROOT, "deploy", "kubernetes", "hpa.yaml")
# A bound on a hang, not on speed: Prometheus scrapes and evaluates every second.
WAIT_SECONDS = 240
COMPARISONS = ("==", "!=", ">=", "<=", ">", "<")
SET_OPERATORS = ("and", "or", "unless")


class KubeStateMetricsStandIn:
    """Serves kube-state-metrics' HPA series for horizontalpodautoscaler="spinnerd" (a
    stand-in: static text; `current`, also the desired count, changed by the test)."""

    def __init__(self, maximum, current):
        self.maximum, self.current = maximum, current
        stand_in = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                labels = 'namespace="default",horizontalpodautoscaler="spinnerd"'
                body = ("# HELP kube_horizontalpodautoscaler_spec_max_replicas Upper limit for the number of pods that can be set by the autoscaler; cannot be smaller than MinReplicas.\n"
                        "# TYPE kube_horizontalpodautoscaler_spec_max_replicas gauge\n"
                        f"kube_horizontalpodautoscaler_spec_max_replicas{{{labels}}} {stand_in.maximum}\n"
                        "# HELP kube_horizontalpodautoscaler_status_current_replicas Current number of replicas of pods managed by this autoscaler.\n"
                        "# TYPE kube_horizontalpodautoscaler_status_current_replicas gauge\n"
                        f"kube_horizontalpodautoscaler_status_current_replicas{{{labels}}} {stand_in.current}\n"
                        "# HELP kube_horizontalpodautoscaler_status_desired_replicas Desired number of replicas of pods managed by this autoscaler.\n"
                        "# TYPE kube_horizontalpodautoscaler_status_desired_replicas gauge\n"
                        f"kube_horizontalpodautoscaler_status_desired_replicas{{{labels}}} {stand_in.current}\n").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain; version=0.0.4")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class Prometheus:
    """Prometheus scraping `targets` ({job: "host:port"}) every second with the rules."""

    def __init__(self, work, targets):
        self.port = free_port()
        config = {
            "global": {"scrape_interval": "1s", "scrape_timeout": "1s", "evaluation_interval": "1s"},
            "rule_files": [RULES],
            "scrape_configs": [{"job_name": job, "static_configs": [{"targets": [target]}]} for job, target in targets.items()],
        }
        path = os.path.join(work, "prometheus.yml")
        with open(path, "w") as out:
            yaml.safe_dump(config, out)
        self.log_path = os.path.join(work, "prometheus.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            ["prometheus", f"--config.file={path}", f"--storage.tsdb.path={os.path.join(work, 'tsdb')}",
             f"--web.listen-address=127.0.0.1:{self.port}"], stdout=self.log, stderr=subprocess.STDOUT, cwd=work)
        deadline = time.time() + WAIT_SECONDS
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("prometheus ended: " + open(self.log_path).read()[-2000:])
            try:
                if get(self.port, "/-/ready", timeout=5)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("prometheus did not become ready: " + open(self.log_path).read()[-2000:])

    def api(self, path, **parameters):
        """The `data` of a GET of /api/v1/PATH; raises with Prometheus's error."""
        query = urllib.parse.urlencode(parameters)
        status, _, body = get(self.port, f"/api/v1/{path}" + (f"?{query}" if query else ""), timeout=30)
        answer = json.loads(body)
        if status != 200 or answer.get("status") != "success":
            raise RuntimeError(f"{path} {parameters}: {status} {answer.get('errorType')}: {answer.get('error')}")
        return answer["data"]

    def query(self, expression):
        """The instant vector (or scalar) `expression` gives now: a list of results."""
        data = self.api("query", query=expression)
        return data["result"] if data["resultType"] in ("vector", "matrix") else [data["result"]]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def wait_until(what, condition, timeout=WAIT_SECONDS):
    """Polls `condition` until it is true (returns its value) or `timeout` passes (raises)."""
    deadline = time.time() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.time() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(0.2)


def rfc3339(text):
    """Seconds since the epoch of one of Prometheus's timestamps (RFC 3339, nanoseconds)."""
    from datetime import datetime
    match = re.fullmatch(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)", text)
    zone = "+00:00" if match.group(3) == "Z" else match.group(3)
    return datetime.fromisoformat(match.group(1) + zone).timestamp() + float("0" + (match.group(2) or ".0"))


def top_level(expression):
    """Positions of top-level tokens in `expression` (outside (), {}, [] and quotes):
    [(start, end, token)] for comparisons and set operators."""
    found, depth, index, quote = [], 0, 0, None
    while index < len(expression):
        char = expression[index]
        if quote:
            if char == "\\":
                index += 2
                continue
            if char == quote:
                quote = None
        elif char in "\"'`":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0:
            word = re.match(r"[A-Za-z_]+", expression[index:])
            if word and (index == 0 or not re.match(r"[A-Za-z0-9_:]", expression[index - 1])):
                if word.group(0) in SET_OPERATORS:
                    found.append((index, index + len(word.group(0)), word.group(0)))
                index += len(word.group(0))
                continue
            for operator in COMPARISONS:
                if expression.startswith(operator, index) and not expression.startswith("=~", index):
                    found.append((index, index + len(operator), operator))
                    index += len(operator) - 1
                    break
        index += 1
    return found


def as_values(expression):
    """The alert condition `expression` with each top-level comparison in its `bool` form,
    and the operands of its top-level set operators, each so turned: [(what, expr)]."""
    expression = " ".join(expression.split())

    def boolean(part):
        out, last = "", 0
        for start, end, token in top_level(part):
            if token in COMPARISONS:
                after = part[end:].lstrip()
                out += part[last:end] + ("" if after.startswith("bool") else " bool")
                last = end
        return (out + part[last:]).strip()

    operators = [token for token in top_level(expression) if token[2] in SET_OPERATORS]
    asked = [("compared as bool", boolean(expression))]
    if operators:
        bounds = [0] + [bound for start, end, _ in operators for bound in (start, end)] + [len(expression)]
        for start, end in zip(bounds[::2], bounds[1::2]):
            asked.append(("one side, compared as bool", boolean(expression[start:end])))
    return asked


def selectors(expression):
    """The vector selectors of `expression`: [(metric name, "{…}" or "")]: names that are
    metric names (recording rules' or the exporters')."""
    found = []
    for match in re.finditer(r"(?<![A-Za-z0-9_:\"])([a-zA-Z_][a-zA-Z0-9_]*(?::[a-zA-Z0-9_:]+)?)\s*(\{[^}]*\})?", expression):
        name = match.group(1)
        if ":" in name or re.match(r"(spinnerd|http_request|process|haproxy|kube)_", name):
            found.append((name, match.group(2) or ""))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    arguments = parser.parse_args()
    started = time.time()
    work = tempfile.mkdtemp(prefix="spinnerd-prometheus-")
    os.chmod(work, 0o755)  # dnsmasq reads its hosts file after dropping privileges
    results = Results()
    replica = dns = front = prometheus = kube = None
    table = []
    try:
        hpa = yaml.safe_load(open(HPA))
        maximum = hpa["spec"]["maxReplicas"]
        metrics_port = free_port()
        replica = Server(arguments.binary, args=["--max-connections-per-client", "0", "--memory-limit", str(1 << 30),
                                                 "--admin-port", str(metrics_port)],
                         host=ADDRESSES[0], settle=False, log_level="warn")
        dns = DNS(work)
        dns.serve([ADDRESSES[0]])
        front = Front(work, dns, replica.port)
        front.wait_for([ADDRESSES[0]])
        kube = KubeStateMetricsStandIn(maximum, current=1)
        targets = {"spinnerd": f"{replica.host}:{metrics_port}", "spinnerd-front": f"127.0.0.1:{front.admin}",
                   "kube-state-metrics": f"127.0.0.1:{kube.port}"}
        print(f"replica's metrics on its admin port {targets['spinnerd']}; front's exporter {targets['spinnerd-front']}; "
              f"kube-state-metrics stand-in {targets['kube-state-metrics']} (maxReplicas {maximum})", flush=True)
        prometheus = Prometheus(work, targets)

        def scraped_since(moment):
            active = prometheus.api("targets")["activeTargets"]
            return (len(active) == len(targets)
                    and all(t["health"] == "up" and rfc3339(t["lastScrape"]) > moment for t in active)
                    and max(rfc3339(t["lastScrape"]) for t in active))

        def evaluated_since(moment):
            groups = prometheus.api("rules")["groups"]
            return groups and all(rfc3339(g["lastEvaluation"]) > moment for g in groups)

        wait_until("a first scrape of every target", lambda: scraped_since(0))

        print("== traffic through the front", flush=True)
        first = get(front.port, "/spinner/dots.svg")
        again = get(front.port, "/spinner/dots.svg")
        again_headers = {name.lower(): value for name, value in again[1].items()}
        fresh = get(front.port, "/spinner/circular.svg?size=41&title=prometheus")
        missing = get(front.port, "/no-such-page")
        statuses = [first[0], again[0], fresh[0], missing[0]]
        results.check("traffic", statuses == [200, 200, 200, 404], f"200, 200 (again), 200 (a new URL), 404: {statuses}")
        results.check("traffic", "age" in again_headers, f"the second request was answered from the front's cache "
                      f"(Age: {again_headers.get('age')})")
        # Series that the traffic made (the first spinner answer's histogram) need two
        # samples for a rate: two scrapes of every target after the traffic, kept (a
        # target's next scrape starts after its last one was stored: hence a third), then
        # a rule evaluation after them.
        moment = time.time()
        sent = moment
        for _ in range(3):
            moment = wait_until("a scrape of every target after the last", lambda: scraped_since(moment))
        wait_until("a rule evaluation after those scrapes", lambda: evaluated_since(moment))
        print(f"  scraped and evaluated {time.time() - sent:.1f} s after the traffic", flush=True)

        rules = yaml.safe_load(open(RULES))
        recorded = {rule["record"]: rule["expr"] for group in rules["groups"] for rule in group["rules"] if "record" in rule}

        def empty_inputs(expression, seen=()):
            """The selectors of `expression` that find nothing, followed through the
            recording rules they name."""
            empty = []
            for name, matchers in selectors(expression):
                if prometheus.query(f"{name}{matchers}"):
                    continue
                if name in recorded and name not in seen:
                    empty += empty_inputs(recorded[name], seen + (name,)) or [f"{name}{matchers} (whose inputs all have data)"]
                else:
                    empty.append(f"{name}{matchers}")
            return empty

        def hold(case, source, expression, asked=None, required=True):
            """Asks `asked` (default `expression`): held to returning data (unless not
            `required`: then only to running)."""
            asked = asked or expression
            try:
                found = prometheus.query(asked)
            except RuntimeError as error:
                results.check(case, False, f"{source}: {error}")
                table.append(("error", source, expression))
                return None
            if found or not required:
                results.check(case, True, f"{source}: {len(found)} series")
            else:
                results.check(case, False, f"{source}: no data for {asked}; nothing from "
                              f"{', '.join(empty_inputs(asked)) or 'any selector: a join or a condition'}")
            table.append((str(len(found)), source, expression))
            return found

        print("== the dashboard", flush=True)
        dashboard = json.load(open(DASHBOARD))
        substitutions = {}
        for variable in dashboard["templating"]["list"]:
            if variable["type"] != "query":
                continue
            match = re.fullmatch(r"label_values\((.+),\s*(\w+)\)", variable["query"])
            series = prometheus.api("series", **{"match[]": match.group(1)})
            values = sorted({s[match.group(2)] for s in series if match.group(2) in s})
            results.check("dashboard", bool(values), f"variable ${variable['name']}: {variable['query']} finds {values}")
            table.append((str(len(values)), f"variable ${variable['name']}", variable["query"]))
            substitutions[variable["name"]] = "(" + "|".join(re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\1", v) for v in values) + ")"
        for panel in dashboard["panels"]:
            for target in panel.get("targets", []):
                expression = target["expr"]
                asked = re.sub(r"\$\{?(\w+)\}?", lambda m: substitutions.get(m.group(1), m.group(0)), expression)
                source = f"panel {panel['id']}{target['refId']} {panel['title'][:40]}"
                if "$" in asked:
                    results.check("dashboard", False, f"{source}: a variable the dashboard does not define in {asked}")
                    continue
                found = hold("dashboard", source, expression, asked)
                if found and "haproxy_backend_http_cache_hits_total" in expression and "/" not in expression:
                    value = float(found[0]["value"][1])
                    results.check("dashboard", value > 0, f"{source}: the front's cache hits counted ({value:.4f}/s)")

        print("== the rules", flush=True)
        groups = prometheus.api("rules")["groups"]
        unhealthy = [(rule["name"], rule.get("lastError")) for group in groups for rule in group["rules"] if rule["health"] != "ok"]
        loaded = sum(len(group["rules"]) for group in groups)
        written = sum(len(group["rules"]) for group in rules["groups"])
        results.check("rules", loaded == written and not unhealthy,
                      f"Prometheus loaded all {written} rules and evaluates them without error ({unhealthy or 'none failing'})")
        for group in rules["groups"]:
            for rule in group["rules"]:
                if "record" in rule:
                    hold("rules", f"record {rule['record']}", rule["expr"])
                    hold("rules", f"recorded {rule['record']}", rule["record"])
                else:
                    severity = rule["labels"]["severity"]
                    for what, asked in as_values(rule["expr"]):
                        hold("rules", f"alert {rule['alert']} ({severity}), {what}", asked)

        if os.path.exists(RUNBOOK):
            print("== docs/runbook.md's queries", flush=True)
            blocks = re.findall(r"```promql\n(.*?)```", open(RUNBOOK).read(), re.S)
            results.check("runbook", bool(blocks), f"docs/runbook.md has {len(blocks)} promql blocks")
            for number, block in enumerate(blocks, start=1):
                for line in [line for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]:
                    hold("runbook", f"runbook query {number}", line.strip(), required=False)
        else:
            results.check("runbook", False, "docs/runbook.md exists")

        print("== alerts on real changes", flush=True)

        def active(name):
            return [a for a in prometheus.api("alerts")["alerts"] if a["labels"]["alertname"] == name]

        for name in ("SpinnerdReplicasAtMax", "SpinnerdFrontWithoutReplicas"):
            results.check("alerts", not active(name), f"{name} is not active while the replica is up and the autoscaler "
                          f"below its maximum")
        kube.current = maximum
        replica.signal(signal.SIGTERM)
        # Bounds on a hang: the front marks the replica down within seconds (two failed
        # checks), Prometheus scrapes and evaluates every second.
        at_max = wait_until("SpinnerdReplicasAtMax", lambda: active("SpinnerdReplicasAtMax"), timeout=120)
        without = wait_until("SpinnerdFrontWithoutReplicas", lambda: active("SpinnerdFrontWithoutReplicas"), timeout=120)
        labels = at_max[0]["labels"]
        results.check("alerts", labels.get("horizontalpodautoscaler") == "spinnerd" and labels.get("severity") == "warning",
                      f"at maxReplicas ({maximum}): SpinnerdReplicasAtMax {at_max[0]['state']} {labels}")
        labels = without[0]["labels"]
        results.check("alerts", labels.get("instance") == targets["spinnerd-front"] and labels.get("proxy") == "replicas"
                      and labels.get("severity") == "critical",
                      f"the replica stopped: SpinnerdFrontWithoutReplicas {without[0]['state']} {labels}")
    except (RuntimeError, OSError) as error:  # a part that did not start, a state not reached
        results.check("run", False, f"{type(error).__name__}: {error}")
    finally:
        for part in (prometheus, kube, front, dns, replica):
            if part:
                try:
                    part.stop()
                except Exception as error:  # the others are still to be stopped
                    print(f"  stopping {type(part).__name__}: {error}")
        if results.failures and prometheus:
            print("prometheus log: " + open(prometheus.log_path, errors="replace").read()[-1500:])
        shutil.rmtree(work, ignore_errors=True)

    print("\nseries  what asked\n        expression")
    for count, source, expression in table:
        print(f"{count:>7} {source}\n        {' '.join(expression.split())}")
    print(f"\n{len(table)} expressions; {time.time() - started:.0f} s")
    return results.report("prometheus")


if __name__ == "__main__":
    sys.exit(main())
