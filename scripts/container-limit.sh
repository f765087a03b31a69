#!/usr/bin/env bash
# `make container-limit`: the image (scripts/container-image.sh) under a memory limit, with
# the soak's load on it (Tests/Soak/soak.py --container): cached hits on 64 connections,
# cold renders churning a cache that fills (6 clients), the costliest admissible renders by
# time (4 clients) and by memory (2 clients asking the APNG of the largest estimated peak
# the standard budget admits, 182 MiB), leavers, pipeliners, slow and silent sockets, bad
# requests. At the Kubernetes manifest's limit (1 GiB, deploy/kubernetes/deployment.yaml),
# at half of it and at the floor `spinnerd serve` starts at (394 MiB with the defaults).
# Each run holds the soak's checks (every answer designed and within the stated bound; the
# costliest and the largest-peak URLs never 400, and some of them 200) and: never
# OOM-killed, the cgroup's peak below the limit, exit 0 on SIGTERM. Reports and plots go
# to .build/container-limit/LIMIT.
#
#   CONTAINER_LIMITS="1g 512m 394m"   the limits, in podman's units
#   CONTAINER_MINUTES=3          minutes of load at each
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${SPINNERD:-.build/release/spinnerd}   # answers `kinds` and `cost` for the load
[ -x "$BINARY" ] || { echo "container-limit: $BINARY is missing (make release)" >&2; exit 2; }
source scripts/container-image.sh
status=0
for limit in ${CONTAINER_LIMITS:-1g 512m 394m}; do
  echo "== the image under --memory=$limit, ${CONTAINER_MINUTES:-3} min of the soak's load"
  python3 Tests/Soak/soak.py --binary "$BINARY" --container localhost/spinnerd:smoke --memory "$limit" \
    --minutes "${CONTAINER_MINUTES:-3}" --every 5 --churn-clients 6 --costly-clients 4 --memory-heavy-clients 2 \
    --report ".build/container-limit/$limit" || status=1
done
exit $status
