#!/usr/bin/env python3
"""The deployment files in deploy/ against what they promise, for `make cluster-test`:

- every Kubernetes manifest the kustomization lists passes `kubernetes-validate --strict`
  (the API's own schemas: unknown or misplaced fields fail);
- the Deployment keeps its promises: at least 2 replicas (the autoscaler's minimum; the
  Deployment leaves the count to it), a disruption budget that lets a drain proceed at
  that minimum, readiness and liveness probes on
  /healthz, requests and limits, a non-root read-only container without privilege
  escalation or capabilities, a grace period longer than the preStop pause plus the drain;
- every environment variable the ConfigMap sets is one spinnerd reads (README and docs/), and the
  compose file runs three replicas behind the front with the committed nginx config.
"""
import glob
import os
import re
import subprocess
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spinnerd_tools.harness import Results

K8S = os.path.join(ROOT, "deploy", "kubernetes")
# The server's default drain, read from its source so the two cannot drift apart.
DRAIN_SECONDS = int(re.search(r"drainTimeout: Duration = \.seconds\(([0-9_]+)\)", open(os.path.join(
    ROOT, "Sources", "HTTPServer", "HTTPServerConfiguration.swift")).read()).group(1).replace("_", ""))


def main():
    results = Results()

    def check(ok, text):
        results.check("manifests", ok, text)

    kustomization = yaml.safe_load(open(os.path.join(K8S, "kustomization.yaml")))
    files = [os.path.join(K8S, name) for name in kustomization["resources"]]
    result = subprocess.run(["kubernetes-validate", "--strict", *files], capture_output=True, text=True)
    print(result.stdout + result.stderr, end="")
    check(result.returncode == 0 and "passed" in result.stdout + result.stderr, f"kubernetes-validate --strict on {len(files)} manifests")
    documents = {}
    for path in files:
        for document in yaml.safe_load_all(open(path)):
            documents[document["kind"]] = document
    check({"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "ConfigMap"} <= set(documents),
          f"Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget, ConfigMap ({sorted(documents)})")

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
    for probe in ("readinessProbe", "livenessProbe"):
        check(container.get(probe, {}).get("httpGet", {}).get("path") == "/healthz", f"{probe} on /healthz")
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
    variables = documents["ConfigMap"]["data"]
    unknown = [name for name in variables if f"`{name}`" not in readme and f"({name})" not in readme]
    check(not unknown, f"every ConfigMap variable is one spinnerd reads ({unknown or 'all known'})")

    compose = yaml.safe_load(open(os.path.join(ROOT, "deploy", "compose.yaml")))
    replicas = [name for name in compose["services"] if name.startswith("spinnerd-")]
    front = compose["services"].get("front", {})
    check(len(replicas) == 3, f"compose runs three replicas ({replicas})")
    check(any("nginx/spinnerd-front.conf" in volume for volume in front.get("volumes", [])), "compose's front uses the committed nginx config")
    conf = open(os.path.join(ROOT, "deploy", "nginx", "spinnerd-front.conf")).read()
    check(all(re.search(rf"server {name}:8080", conf) for name in replicas), "the front's upstreams are compose's replicas")
    check("hash $request_uri consistent;" in conf, "the front routes by consistent hashing of the URI")

    return results.report("deploy")


if __name__ == "__main__":
    sys.exit(main())
