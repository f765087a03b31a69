#!/usr/bin/env python3
"""The deployment files in deploy/ against what they promise, for `make cluster-test`:

- every Kubernetes manifest the kustomization lists passes `kubernetes-validate --strict`
  (the API's own schemas: unknown or misplaced fields fail);
- the Deployment keeps its promises: at least 2 replicas (the autoscaler's minimum; the
  Deployment leaves the count to it), a disruption budget that lets a drain proceed at
  that minimum, readiness and liveness probes on
  /healthz, requests and limits, a non-root read-only container without privilege
  escalation or capabilities, a grace period longer than the preStop pause plus the drain;
- spinnerd's ConfigMap is generated (configMapGenerator, a hash in its name, so a change
  rolls the pods and `rollout undo` brings the old one back) from spinnerd.env, whose every
  variable is one spinnerd reads (README and docs/) and which pins nothing the memory plan
  decides; the metrics and probes are on the admin port (SPINNERD_ADMIN_PORT), the pods'
  scrape annotation too; the defaults are not rendered ahead on every pod, and the
  background encodes are held under the autoscaler's target;
- the memory figures deployment.yaml states for its limit are the plan the binary makes of
  that limit (its JSON start-up line);
- the front finds the pods: a headless Service names the spinnerd pods, the front's
  Deployment runs HAProxy with the committed spinnerd-front.cfg (from the kustomization's
  configMapGenerator) resolving that Service's full name, and the public Service selects
  the front; the front's configuration hashes the whole URL consistently and caches;
- compose runs three replicas of one service behind the same front configuration;
- one version everywhere: the binary's `--version`, its source's `ServiceVersion`, the
  OpenAPI document's `info.version`, the image tags of compose and the manifests and the
  README's container commands agree.

    manifests.py [--binary PATH]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.harness import Results, Server, get

K8S = os.path.join(ROOT, "deploy", "kubernetes")
# The server's default drain, read from its source so the two cannot drift apart.
DRAIN_SECONDS = int(re.search(r"drainTimeout: Duration = \.seconds\(([0-9_]+)\)", open(os.path.join(
    ROOT, "Sources", "HTTPServer", "HTTPServerConfiguration.swift")).read()).group(1).replace("_", ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/spinnerd"))
    arguments = parser.parse_args()
    results = Results()

    def check(ok, text):
        results.check("manifests", ok, text)

    kustomization = yaml.safe_load(open(os.path.join(K8S, "kustomization.yaml")))
    files = [os.path.join(K8S, name) for name in kustomization["resources"]]
    result = subprocess.run(["kubernetes-validate", "--strict", *files], capture_output=True, text=True)
    print(result.stdout + result.stderr, end="")
    check(result.returncode == 0 and "passed" in result.stdout + result.stderr, f"kubernetes-validate --strict on {len(files)} manifests")
    named = {}
    for path in files:
        for document in yaml.safe_load_all(open(path)):
            named[(document["kind"], document["metadata"]["name"])] = document
    # spinnerd's own objects are named spinnerd; the front's and the headless Service have their own names.
    documents = {kind: document for (kind, name), document in named.items() if name == "spinnerd"}
    check({"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"} <= set(documents),
          f"Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget ({sorted(documents)})")

    deployment = documents["Deployment"]["spec"]
    pod = deployment["template"]["spec"]
    container = pod["containers"][0]
    autoscaler = documents["HorizontalPodAutoscaler"]["spec"]
    check(autoscaler["minReplicas"] >= 2, f"at least 2 replicas ({autoscaler['minReplicas']})")
    check("replicas" not in deployment, "the Deployment leaves the replica count to the autoscaler")
    budget = documents["PodDisruptionBudget"]["spec"]
    allowed = budget.get("maxUnavailable", autoscaler["minReplicas"] - budget.get("minAvailable", autoscaler["minReplicas"]))
    check(allowed >= 1 and autoscaler["minReplicas"] - allowed >= 1,
          f"at the minimum of {autoscaler['minReplicas']} pods a drain may take {allowed} and leaves one serving")
    # spinnerd's settings: generated from spinnerd.env, read by the pods through envFrom.
    generators = {entry["name"]: entry for entry in kustomization.get("configMapGenerator", [])}
    envs = generators.get("spinnerd", {}).get("envs", [])
    check(envs == ["spinnerd.env"] and "configmap.yaml" not in kustomization["resources"],
          "spinnerd's ConfigMap is generated from spinnerd.env (a hash in its name: a change rolls the pods, rollout undo brings it back)")
    variables = {}
    for line in open(os.path.join(K8S, "spinnerd.env")):
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.strip().partition("=")
            variables[name] = value
    check([source.get("configMapRef", {}).get("name") for source in container.get("envFrom", [])] == ["spinnerd"],
          "the pods read the generated ConfigMap (kustomize gives the reference its hashed name)")
    ports = {port["name"]: port["containerPort"] for port in container.get("ports", [])}
    admin = int(variables.get("SPINNERD_ADMIN_PORT", "0"))
    check(admin > 0 and ports.get("admin") == admin and ports.get("http") == int(variables.get("PORT", "0")) and admin != ports.get("http"),
          f"an admin port of its own ({admin}) beside the public one ({ports})")
    for probe in ("readinessProbe", "livenessProbe"):
        action = container.get(probe, {}).get("httpGet", {})
        check(action.get("path") == "/healthz" and action.get("port") == "admin", f"{probe} on /healthz at the admin port ({action})")
    annotations = deployment["template"]["metadata"].get("annotations", {})
    check(annotations.get("prometheus.io/port") == str(admin), f"Prometheus scrapes the admin port ({annotations.get('prometheus.io/port')})")
    check("SPINNERD_CACHE_BYTES" not in variables and "SPINNERD_MAX_CONNECTIONS" not in variables,
          "the cache and the connections are left to the memory plan and the descriptors (nothing pins them)")
    check(variables.get("SPINNERD_MAX_CONNECTIONS_PER_CLIENT") != "0" and variables.get("SPINNERD_TRUSTED_PROXIES"),
          "the per-client connection limit stays on: the trusted fronts are exempt from it")
    check(variables.get("SPINNERD_PRERENDER") == "false", "the defaults are not rendered ahead on every pod (the ring gives each to one)")
    target = autoscaler["metrics"][0]["resource"]["target"]["averageUtilization"] / 100
    request = container["resources"]["requests"]["cpu"]
    request_cores = int(request[:-1]) / 1000 if request.endswith("m") else float(request)
    background = float(variables.get("SPINNERD_BACKGROUND_CPU", "inf"))
    check(background < target * request_cores,
          f"the background encodes ({background} cores) stay under the autoscaler's target ({target:.0%} of {request} = "
          f"{target * request_cores:.2f} cores): an idle pod asks for no more pods")
    # The memory figures stated for the limit are the plan the binary makes of it.
    limit = container["resources"]["limits"]["memory"]
    started = subprocess.Popen([arguments.binary, "serve", "--host", "127.0.0.1", "--port", "0", "--memory-limit", limit,
                                "--log-format", "json", "--prerender=false"], stdout=subprocess.PIPE, text=True)
    try:
        plan = json.loads(started.stdout.readline())
    finally:
        started.terminate()
        started.wait(timeout=60)
    stated = open(os.path.join(K8S, "deployment.yaml")).read()
    figures = re.search(r"(\d+) connections .*image cache (\d+) MiB.*renders' working memory (\d+) MiB = (\d+) MiB", stated, re.S)
    plan_figures = (plan.get("max_connections"), plan.get("cache_bytes", 0) >> 20, plan.get("render_memory_bytes", 0) >> 20,
                    plan.get("memory_limit_bytes", 0) >> 20)
    check(figures is not None and tuple(int(figure) for figure in figures.groups()) == plan_figures,
          f"deployment.yaml's memory figures at {limit} are the binary's plan (connections, cache MiB, renders MiB, limit MiB: "
          f"{plan_figures}; stated {figures and figures.groups()})")
    deploying = open(os.path.join(ROOT, "docs", "deploying.md")).read()
    table = re.search(r"\| connections \| \d+ MiB \| (\d+) connections.*?\n\| image cache \| (\d+) MiB.*?\n.*?\n"
                      r"\| renders \| the rest: (\d+) MiB.*?\n\| \*\*limit\*\* \| \*\*(\d+) MiB", deploying, re.S)
    check(table is not None and tuple(int(figure) for figure in table.groups()) == plan_figures,
          f"docs/deploying.md's sizing table is the binary's plan at {limit} ({table and table.groups()})")
    resources = container.get("resources", {})
    check(all(key in resources.get(part, {}) for part in ("requests", "limits") for key in ("cpu", "memory")),
          "CPU and memory requests and limits")
    security = container.get("securityContext", {})
    check(pod.get("securityContext", {}).get("runAsNonRoot") is True, "runAsNonRoot")
    check(security.get("readOnlyRootFilesystem") is True, "readOnlyRootFilesystem")
    check(security.get("allowPrivilegeEscalation") is False, "no privilege escalation")
    check(security.get("capabilities", {}).get("drop") == ["ALL"], "every capability dropped")
    pause = container.get("lifecycle", {}).get("preStop", {}).get("exec", {}).get("command", [])
    pause_seconds = int(pause[-1]) if pause and pause[-1].isdigit() else 0
    grace = pod.get("terminationGracePeriodSeconds", 30)
    check(pause_seconds > 0, f"a preStop pause ({pause_seconds} s) so the Service stops routing first")
    check(grace > pause_seconds + DRAIN_SECONDS, f"grace period {grace} s > pause {pause_seconds} s + drain {DRAIN_SECONDS} s")
    check(documents["HorizontalPodAutoscaler"]["spec"]["metrics"][0]["resource"]["name"] == "cpu", "the autoscaler follows CPU")

    # The documentation: the README and the pages under docs/ (flags and variables are in docs/operations.md).
    readme = "\n".join(open(path).read() for path in [os.path.join(ROOT, "README.md")]
                       + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))))
    unknown = [name for name in variables if f"`{name}`" not in readme and f"({name})" not in readme]
    check(not unknown, f"every ConfigMap variable is one spinnerd reads ({unknown or 'all known'})")
    # Each value differs from spinnerd's own default (the settings table as docs/operations.md
    # states it, which ServeSettingsTests holds to the binary): a default restated here would
    # pin it against the next release's. PORT alone is stated: the container's port and the
    # Services' target ports name it.
    defaults = dict(re.findall(r"^\| `--[a-z-]+` \(`([A-Z_]+)`\) \| ([^|]*?) \|", open(os.path.join(ROOT, "docs", "operations.md")).read(), re.M))
    check(len(defaults) > 30, f"the settings table is read from docs/operations.md ({len(defaults)} settings)")
    restated = [name for name, value in variables.items() if name != "PORT" and defaults.get(name) == value]
    check(not restated, f"spinnerd.env sets only what differs from spinnerd's defaults ({restated or 'none restated'})")
    check(variables.get("SPINNERD_LOG_LEVEL", defaults.get("SPINNERD_LOG_LEVEL")) == "info"
          and variables.get("SPINNERD_LOG_FORMAT") == "json", "the pods log every request, as JSON lines")

    # The front: a headless Service of the spinnerd pods, HAProxy resolving its full name.
    headless = named.get(("Service", "spinnerd-replicas"), {}).get("spec", {})
    check(headless.get("clusterIP") == "None" and headless.get("selector") == deployment["selector"]["matchLabels"]
          and not headless.get("publishNotReadyAddresses", False),
          "a headless Service (spinnerd-replicas) answers one record per ready spinnerd pod")
    front = named.get(("Deployment", "spinnerd-front"), {}).get("spec", {})
    front_pod = front.get("template", {}).get("spec", {})
    haproxy = (front_pod.get("containers") or [{}])[0]
    environment = {variable["name"]: variable.get("value") for variable in haproxy.get("env", [])}
    check(environment.get("SPINNERD_FQDN") == "spinnerd-replicas.$(POD_NAMESPACE).svc.$(CLUSTER_DOMAIN)"
          and bool(environment.get("CLUSTER_DOMAIN")),
          f"the front resolves the headless Service's full name ({environment.get('SPINNERD_FQDN')})")
    generated = {entry["name"]: entry.get("files", []) for entry in kustomization.get("configMapGenerator", [])}
    check(generated.get("spinnerd-front") == ["haproxy.cfg=spinnerd-front.cfg"]
          and any(volume.get("configMap", {}).get("name") == "spinnerd-front" for volume in front_pod.get("volumes", [])),
          "the front's pods mount the committed spinnerd-front.cfg (configMapGenerator)")
    check(front.get("replicas", 1) >= 2 and ("PodDisruptionBudget", "spinnerd-front") in named, "two fronts, with a disruption budget")
    # Ready while a replica is up (/healthz fails without one); alive whatever the replicas
    # do (/livez), so an outage behind it does not restart the fronts and empty their caches.
    for probe, path in (("readinessProbe", "/healthz"), ("livenessProbe", "/livez")):
        check(haproxy.get(probe, {}).get("httpGet", {}).get("path") == path, f"the front's {probe} on {path}")
    check(front_pod.get("securityContext", {}).get("runAsNonRoot") is True
          and haproxy.get("securityContext", {}).get("readOnlyRootFilesystem") is True, "the front runs as non-root, read-only")
    public = named.get(("Service", "spinnerd"), {}).get("spec", {})
    check(public.get("selector") == front.get("selector", {}).get("matchLabels"), "the public Service selects the front")
    for name, pod_spec in (("spinnerd", deployment), ("spinnerd-front", front)):
        annotations = pod_spec.get("template", {}).get("metadata", {}).get("annotations", {})
        check(annotations.get("prometheus.io/scrape") == "true" and annotations.get("prometheus.io/path") == "/metrics",
              f"{name}'s pods carry Prometheus scrape annotations")
    conf = open(os.path.join(K8S, "spinnerd-front.cfg")).read()
    check(re.search(r"^\s*balance uri path-only whole$", conf, re.M) and re.search(r"^\s*hash-type consistent", conf, re.M),
          "the front hashes the whole URL (path and query) consistently")
    check(re.search(r"^\s*server-template .*resolvers|^\s*default-server .*resolvers", conf, re.M) is not None,
          "the front's servers come from DNS")
    check("http-request cache-use" in conf and "http-response cache-store" in conf and "process-vary on" in conf,
          "the front caches answers, SVG's Vary included")

    compose = yaml.safe_load(open(os.path.join(ROOT, "deploy", "compose.yaml")))
    replica = compose["services"].get("spinnerd", {})
    compose_front = compose["services"].get("front", {})
    check(replica.get("deploy", {}).get("replicas") == 3, f"compose runs three replicas ({replica.get('deploy')})")
    check(any(volume.startswith("./kubernetes/spinnerd-front.cfg:") for volume in compose_front.get("volumes", [])),
          "compose's front runs the same spinnerd-front.cfg")
    check(compose_front.get("environment", {}).get("SPINNERD_FQDN") == "spinnerd", "compose's front resolves the replicas' service name")

    # The Grafana dashboard asks only for metrics /metrics writes: the families a live server
    # (under a memory limit, so the memory gate's are there too) states with `# TYPE`.
    server = Server(arguments.binary, ["--memory-limit", "512m", "--prerender=false"])
    try:
        status, _, body = get(server.port, "/metrics")
    finally:
        server.stop()
    written = set(re.findall(r"^# TYPE (\S+) ", body.decode(), re.M)) if status == 200 else set()
    dashboard = json.load(open(os.path.join(ROOT, "deploy", "grafana", "spinnerd.json")))
    asked = {name for panel in dashboard["panels"] for target in panel["targets"]
             for name in re.findall(r"\b((?:spinnerd|http_request|process)_\w+)", target["expr"])}
    unknown = sorted(name for name in asked if name not in written and re.sub(r"_(bucket|count|sum)$", "", name) not in written)
    check(len(asked) >= 10 and not unknown, f"the dashboard's {len(asked)} metrics are all written ({unknown or 'none unknown'})")

    # One release version everywhere (the source's ServiceVersion.text; the pictures' own
    # version, which names every image and ETag, is ServiceVersion.images).
    version = re.search(r'static let text = "([0-9.]+)"', open(os.path.join(
        ROOT, "Sources", "SpinnerService", "ServiceConfiguration.swift")).read()).group(1)
    said = subprocess.run([arguments.binary, "--version"], capture_output=True, text=True).stdout.strip()
    document = yaml.safe_load(open(os.path.join(ROOT, "openapi.yaml")))["info"]["version"]
    tags = {"compose": replica.get("image"), "Deployment": container.get("image")}
    hint = re.search(r"spinnerd=<your registry>/spinnerd:(\S+?)`", open(os.path.join(K8S, "kustomization.yaml")).read())
    in_readme = set(re.findall(r"spinnerd:([0-9][0-9.]*[0-9])", open(os.path.join(ROOT, "README.md")).read()))
    check(in_readme == {version}, f"the README's container commands tag {version} ({sorted(in_readme)})")
    check(said == f"spinnerd {version}", f"`spinnerd --version` says the source's {version} ({said!r})")
    check(document == version, f"openapi.yaml's info.version is {version} ({document})")
    check(all(tag == f"spinnerd:{version}" for tag in tags.values()) and hint and hint.group(1) == version,
          f"the images are tagged {version} ({tags}, kustomization {hint and hint.group(1)})")

    return results.report("deploy")


if __name__ == "__main__":
    sys.exit(main())
