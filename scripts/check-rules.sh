#!/usr/bin/env bash
# Checks the Prometheus rules of deploy/prometheus without a server:
#   - `promtool check rules`: the file parses, every expression is valid PromQL;
#   - `promtool test rules`: the unit tests of rules.test.yaml (alerts firing and not,
#     their labels and rendered annotations; the recording rules' values);
#   - every alert has a `for:`, a severity, a summary, a description and a runbook_url
#     naming an entry of docs/runbook.md that exists; rules.test.yaml has a case where it
#     fires and one where it does not; every recording rule is asked by a promql_expr_test.
# Exits non-zero when any of them fails. Needs promtool (Debian's prometheus package) and
# PyYAML. Tests/Deploy/prometheus.py runs the same expressions against real data.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
promtool check rules deploy/prometheus/rules.yaml || status=1
(cd deploy/prometheus && promtool test rules rules.test.yaml) || status=1
python3 - <<'EOF' || status=1
import re
import sys

import yaml

rules = yaml.safe_load(open("deploy/prometheus/rules.yaml"))
tests = yaml.safe_load(open("deploy/prometheus/rules.test.yaml"))
runbook = open("docs/runbook.md").read()
# GitHub's anchors of the runbook's headings.
anchors = {re.sub(r"[^a-z0-9 _-]", "", heading.strip().lower()).replace(" ", "-")
           for heading in re.findall(r"^#+ (.+)$", runbook, re.M)}
cases = [case for test in tests["tests"] for case in test.get("alert_rule_test", [])]
asked = " ".join(case["expr"] for test in tests["tests"] for case in test.get("promql_expr_test", []))
problems = []
for group in rules["groups"]:
    for rule in group["rules"]:
        if "record" in rule:
            if not re.search(rf"(?<![\w:]){re.escape(rule['record'])}(?![\w:])", asked):
                problems.append(f"recording rule {rule['record']}: no promql_expr_test asks for it")
            continue
        name = rule["alert"]
        annotations = rule.get("annotations", {})
        for what, present in [("a for: duration", "for" in rule), ("a severity label", "severity" in rule.get("labels", {})),
                              ("a summary", "summary" in annotations), ("a description", "description" in annotations)]:
            if not present:
                problems.append(f"{name}: no {what}")
        url = annotations.get("runbook_url", "")
        if not url.startswith("docs/runbook.md#") or url.split("#", 1)[1] != name.lower() or name.lower() not in anchors:
            problems.append(f"{name}: runbook_url {url!r} is not docs/runbook.md's entry #{name.lower()}")
        mine = [case for case in cases if case["alertname"] == name]
        fired = {alert["exp_labels"].get("severity") for case in mine for alert in case.get("exp_alerts") or []}
        if rule["labels"]["severity"] not in fired:
            problems.append(f"{name} ({rule['labels']['severity']}): no test where it fires")
        if not any(not case.get("exp_alerts") for case in mine):
            problems.append(f"{name}: no test where it does not fire")
for problem in problems:
    print("check-rules: " + problem)
alerts = sum(1 for group in rules["groups"] for rule in group["rules"] if "alert" in rule)
print(f"check-rules: {alerts} alerts with for, severity, summary, description and a runbook entry, each tested firing "
      f"and not; every recording rule asked" if not problems else f"check-rules: {len(problems)} problems")
sys.exit(1 if problems else 0)
EOF
exit $status
