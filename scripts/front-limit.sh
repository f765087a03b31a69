#!/usr/bin/env bash
# The front within its memory limit under attack, in a container: HAProxy (Debian
# bookworm's 2.6, apt-get install haproxy on a debootstrapped bookworm, made here: no
# registry is reachable) runs the committed deploy/kubernetes/spinnerd-front.cfg under
# `podman run --memory=` front.yaml's limit (no swap beyond it), and
# Tests/Cluster/front_memory.py --container puts it through what it puts the cgroup
# variant of `make test` through: 1 600 slow readers and a slowloris of thousands of
# connections against a replica on 127.0.0.2, checking that it is never OOM-killed
# (the cgroup's oom_kill and podman's OOMKilled), stays under the limit (with its socket
# buffers counted), costs no more a connection than front.yaml's plan, and keeps answering
# a normal client. Not part of `make test` (the image takes minutes to make, once).
#
#   SPINNERD=.build/release/spinnerd   the replica's binary
#   SMOKE_DIR=/var/tmp/spinnerd-smoke   where the base image's rootfs and containers.conf
#                                       live (shared with scripts/container-image.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${SPINNERD:-.build/release/spinnerd}
[ -x "$BINARY" ] || { echo "front-limit: $BINARY is missing (make release)" >&2; exit 2; }
source scripts/podman-base.sh

if ! podman image exists localhost/spinnerd-front:haproxy-2.6; then
    echo "== making the front's image (bookworm + haproxy)"
    rm -rf "$work/front-context" && mkdir -p "$work/front-context"
    cat > "$work/front-context/Containerfile" <<'CONTAINERFILE'
FROM localhost/debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends haproxy && rm -rf /var/lib/apt/lists/*
CMD ["haproxy", "-db", "-f", "/etc/haproxy/front.cfg"]
CONTAINERFILE
    podman build "${podman_flags[@]}" --network=host --pull=never -t localhost/spinnerd-front:haproxy-2.6 "$work/front-context"
    rm -rf "$work/front-context"
fi
podman run "${podman_flags[@]}" --rm --network=host --pull=never localhost/spinnerd-front:haproxy-2.6 haproxy -v | head -1

python3 Tests/Cluster/front_memory.py --binary "$BINARY" --container localhost/spinnerd-front:haproxy-2.6
