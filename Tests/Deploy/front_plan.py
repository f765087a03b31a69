#!/usr/bin/env python3
"""The front's files held to each other (deploy/kubernetes/spinnerd-front.cfg, front.yaml,
hpa.yaml, deployment.yaml, deploy/CAPACITY.md and the capacity model, compose.yaml), for
`make test`:

- room for every pod the plan names: the cfg's server-template slots cover the
  autoscaler's maxReplicas plus a rollout's surge of spinnerd pods, and the largest fleet
  the capacity model plans (CAPACITY.md's table, capacity.py's default rows); the DNS
  answer for that many pods fits the resolvers' accepted_payload_size; the cfg's comment
  names its last slot;
- the memory plan: front.yaml's plan line adds up (rest + table + maxconn × a connection
  = its total, within the container's memory limit), its maxconn is the cfg's global
  maxconn, which covers both frontends' own; its rest holds the cache (CACHE_MB, the same
  in front.yaml, the cfg's default and the capacity model's fronts) and its table the
  per-client stick table at its size; the kernel's socket buffers are fixed (tune.sndbuf
  and rcvbuf), as the plan's per-connection figure assumes; every timeout that bounds a
  slow client is set;
- the per-client connection cap is set in front.yaml, below the frontend's maxconn;
- the replicas' name is built, not hard-coded: no `cluster.local` in the cfg, front.yaml
  composes SPINNERD_FQDN from POD_NAMESPACE and CLUSTER_DOMAIN (each defined before it,
  as Kubernetes expands `$(VAR)` only from earlier entries), the cfg refuses to start
  without it and compose sets it;
- readiness is the cfg's monitor-uri that fails with no replica up; liveness is a path
  the cfg answers whatever the replicas do; the two fronts spread over nodes;
(The kustomization's wiring of the cfg into the front's ConfigMap is checked by
manifests.py from the files; `kubectl kustomize` is not on every machine that runs `make
test`, so it is run by hand: docs/deploying.md.)

    front_plan.py
"""
import os
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.front import FRONT_CONF, config, directive, environment_default, seconds, slots
from spinnerd_tools.harness import Results

K8S = os.path.join(ROOT, "deploy", "kubernetes")
MIB, KIB = 1 << 20, 1 << 10


def quantity(text):
    number, unit = re.fullmatch(r"(\d+)([KMGT]i?)?", str(text)).groups()
    return int(number) * {None: 1, "Ki": KIB, "Mi": MIB, "Gi": 1 << 30, "K": 10**3, "M": 10**6, "G": 10**9}[unit]


def documents(name):
    return [document for document in yaml.safe_load_all(open(os.path.join(K8S, name))) if document]


def main():
    results = Results()

    def check(case, ok, text):
        results.check(case, ok, text)

    cfg_text = open(FRONT_CONF).read()
    sections = config()
    backend, clients, admin = sections[("backend", "replicas")], sections[("frontend", "clients")], sections[("frontend", "admin")]
    global_section, defaults = sections[("global", "")], sections[("defaults", "")]
    front = next(d for d in documents("front.yaml") if d["kind"] == "Deployment")
    pod = front["spec"]["template"]["spec"]
    container = pod["containers"][0]
    env_list = container["env"]
    env = {variable["name"]: variable.get("value") for variable in env_list}
    hpa = documents("hpa.yaml")[0]["spec"]
    spinnerd = next(d for d in documents("deployment.yaml") if d["kind"] == "Deployment")["spec"]

    print("== slots", flush=True)
    first, last = slots()
    count = last - first + 1
    surge = spinnerd.get("strategy", {}).get("rollingUpdate", {}).get("maxSurge", 1)
    surge = -(-hpa["maxReplicas"] * int(surge[:-1]) // 100) if isinstance(surge, str) and surge.endswith("%") else int(surge)
    capacity_md = open(os.path.join(ROOT, "deploy", "CAPACITY.md")).read()
    table = re.search(r"^\| replicas \|.*?\n\|[-:| ]+\|\n((?:\|.*\|\n)+)", capacity_md, re.M)
    planned = max(int(row.split("|")[1]) for row in table.group(1).splitlines()) if table else 0
    model = open(os.path.join(ROOT, "tools", "spinnerd_tools", "capacity.py")).read()
    model_rows = max(int(n) for n in re.search(r'"--replicas", default="([\d,]+)"', model).group(1).split(","))
    print(f"  slots {first}-{last} ({count}); the autoscaler's maxReplicas {hpa['maxReplicas']} + a rollout's surge {surge}; "
          f"CAPACITY.md plans up to {planned} replicas, capacity.py's rows up to {model_rows}", flush=True)
    check("slots", count >= hpa["maxReplicas"] + surge,
          f"a slot for every pod the autoscaler may run, a rollout's surge included ({count} ≥ {hpa['maxReplicas']} + {surge})")
    check("slots", planned > 0 and count >= planned and count >= model_rows,
          f"a slot for every replica the capacity plan names ({count} ≥ {planned}, capacity.py's {model_rows})")
    check("slots", f"spinnerd{first}…spinnerd{last}" in cfg_text, f"the cfg's comment names its slots (spinnerd{first}…spinnerd{last})")
    payload = int(directive(sections[("resolvers", "replicas")], "accepted_payload_size")[0])
    # Header, the question (a name of at most 255 bytes, type, class), an A record a pod
    # (a pointer to the name, type, class, TTL, length, address: 16 bytes), EDNS's OPT.
    answer = 12 + 255 + 4 + count * 16 + 11
    check("slots", answer <= payload, f"the DNS answer for {count} pods ({answer} bytes at most) fits accepted_payload_size {payload}")

    print("== memory", flush=True)
    limit = quantity(container["resources"]["limits"]["memory"])
    request = quantity(container["resources"]["requests"]["memory"])
    comment = open(os.path.join(K8S, "front.yaml")).read()
    plan = re.search(r"plan: rest (\d+) MiB \+ table (\d+) MiB \+ maxconn (\d+) × (\d+) KiB = (\d+) MiB ≤ limit (\S+)", comment)
    check("memory", plan is not None, "front.yaml states its memory plan (rest + table + maxconn × a connection = total ≤ limit)")
    if plan:
        rest, table_mib, maxconn, per, total = (int(plan.group(n)) for n in range(1, 6))
        computed = rest + table_mib + maxconn * per / 1024
        print(f"  {plan.group(0)}; computed {computed:.1f} MiB; the container's limit {limit / MIB:.0f} MiB, request "
              f"{request / MIB:.0f} MiB", flush=True)
        check("memory", abs(computed - total) <= 1 and total * MIB <= limit and quantity(plan.group(6)) == limit,
              f"the plan adds up ({computed:.1f} MiB) and fits the limit ({limit / MIB:.0f} MiB)")
        global_maxconn = int(directive(global_section, "maxconn")[0])
        own = [int(directive(section, "maxconn")[0]) for section in (clients, admin)]
        check("memory", maxconn == global_maxconn and sum(own) <= global_maxconn,
              f"the plan counts every connection the cfg admits: global maxconn {global_maxconn} "
              f"(≥ the frontends' {own[0]} + {own[1]})")
        cache_mb = int(env["CACHE_MB"])
        cfg_cache = int(environment_default(directive(sections[("cache", "answers")], "total-max-size")[0]))
        model_cache = int(re.search(r'"--front-bytes", type=int, default=(\d+) \* MIB', model).group(1))
        check("memory", cache_mb == cfg_cache == model_cache and rest > cache_mb,
              f"CACHE_MB is {cache_mb} in front.yaml, the cfg's default ({cfg_cache}) and the capacity model's fronts "
              f"({model_cache}), and the plan's rest ({rest} MiB) holds it")
        table_size = directive(clients, "stick-table")
        entries = int(table_size[table_size.index("size") + 1].replace("k", "000"))
        check("memory", entries * 100 <= table_mib * MIB,
              f"the per-client table's {entries} entries (about 60 bytes each, 100 counted) fit the plan's {table_mib} MiB")
        check("memory", request <= limit and request >= rest * MIB, f"the request ({request / MIB:.0f} MiB) covers the rest")
    buffers = {name: directive(global_section, name) for name in ("tune.sndbuf.client", "tune.rcvbuf.client", "tune.rcvbuf.server")}
    check("memory", all(buffers.values()), f"the kernel's socket buffers are fixed, not autotuned ({buffers})")
    timeouts = {name: directive(defaults, "timeout", name) for name in ("http-request", "http-keep-alive", "client", "client-fin")}
    check("memory", all(timeouts.values()) and seconds(timeouts["http-request"][0]) <= seconds(timeouts["client"][0]),
          f"a slow client is bounded: {', '.join(f'timeout {k} {v[0]}' for k, v in timeouts.items() if v)}")

    print("== per client", flush=True)
    reject = re.search(r"tcp-request connection reject if \{ sc0_conn_cur gt (\S+) \}", cfg_text)
    cap = int(env.get("FRONT_CONNECTIONS_PER_CLIENT") or environment_default(reject.group(1)) if reject else 0)
    tracked = any(line.startswith("tcp-request connection track-sc0 src") for line in clients)
    check("per client", reject is not None and tracked and "FRONT_CONNECTIONS_PER_CLIENT" in reject.group(1)
          and "FRONT_CONNECTIONS_PER_CLIENT" in env and 0 < cap < int(directive(clients, "maxconn")[0]),
          f"connections per client address capped at the front ({cap}, set in front.yaml, below the frontend's maxconn)")

    print("== the replicas' name", flush=True)
    names = [variable["name"] for variable in env_list]
    fqdn = env.get("SPINNERD_FQDN", "")
    referenced = re.findall(r"\$\((\w+)\)", fqdn)
    check("name", "cluster.local" not in cfg_text and "cluster.local" not in fqdn,
          f"no cluster.local in the cfg or in SPINNERD_FQDN ({fqdn})")
    check("name", set(referenced) == {"POD_NAMESPACE", "CLUSTER_DOMAIN"}
          and all(names.index(name) < names.index("SPINNERD_FQDN") for name in referenced),
          f"SPINNERD_FQDN is composed of the namespace and the cluster's domain, defined before it ({referenced})")
    check("name", re.search(r"^\.if !defined\(SPINNERD_FQDN\)\n\.alert", cfg_text, re.M) is not None
          and '"${SPINNERD_FQDN}:' in cfg_text, "the cfg refuses to start without SPINNERD_FQDN (no default name)")
    compose = yaml.safe_load(open(os.path.join(ROOT, "deploy", "compose.yaml")))
    check("name", bool(compose["services"]["front"].get("environment", {}).get("SPINNERD_FQDN")), "compose sets SPINNERD_FQDN")

    print("== probes and placement", flush=True)
    monitor = directive(admin, "monitor-uri")
    fails = directive(admin, "monitor", "fail")
    readiness = container.get("readinessProbe", {}).get("httpGet", {})
    liveness = container.get("livenessProbe", {}).get("httpGet", {})
    live_path = liveness.get("path", "")
    answered = any(re.search(rf"http-request return status 200 .* if \{{ path {re.escape(live_path)} \}}", line) for line in admin)
    check("probes", monitor and readiness.get("path") == monitor[0] and fails and "nbsrv(replicas)" in " ".join(fails),
          f"readiness is the cfg's monitor-uri ({readiness.get('path')}), failing with no replica up ({' '.join(fails or [])})")
    check("probes", live_path and live_path != readiness.get("path") and answered,
          f"liveness ({live_path}) is answered by HAProxy itself, whatever the replicas do")
    spread = pod.get("topologySpreadConstraints", [])
    labels = front["spec"]["template"]["metadata"]["labels"]
    check("placement", any(rule["topologyKey"] == "kubernetes.io/hostname" and rule["labelSelector"]["matchLabels"].items() <= labels.items()
                           for rule in spread) and front["spec"]["replicas"] >= 2,
          f"the {front['spec']['replicas']} fronts spread over nodes ({[rule['topologyKey'] for rule in spread]})")

    return results.report("front plan")


if __name__ == "__main__":
    sys.exit(main())
