#!/usr/bin/env bash
# Builds the Dockerfile's image with podman as localhost/spinnerd:smoke (no Docker engine
# runs here), for scripts/docker-smoke.sh and scripts/container-limit.sh. No registry is
# reachable, so both base images are made locally, once: debian:bookworm-slim from
# debootstrap, and the swift builder from that rootfs plus this machine's toolchain in
# /opt/swift. The spinnerd image is rebuilt every time (podman's layer cache makes an
# unchanged tree quick). Sourced: sets CONTAINERS_CONF, podman_flags and work.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/podman-base.sh

if ! podman image exists localhost/swift:6.3-bookworm; then
    echo "== making the swift builder image (bookworm + /opt/swift)"
    cat > "$work/Containerfile.swift" <<'CONTAINERFILE'
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends binutils git libc6-dev libcurl4-openssl-dev libedit2 \
    libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev libz3-dev pkg-config tzdata zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
COPY swift /opt/swift
ENV PATH=/opt/swift/usr/bin:$PATH
CONTAINERFILE
    rm -rf "$work/swift-context" && mkdir -p "$work/swift-context"
    cp "$work/Containerfile.swift" "$work/swift-context/Containerfile"
    cp -a /opt/swift "$work/swift-context/swift"
    podman build "${podman_flags[@]}" --network=host --pull=never -t localhost/swift:6.3-bookworm "$work/swift-context"
    rm -rf "$work/swift-context"
fi

echo "== building the spinnerd image"
# Docker's image format: podman's default (OCI) drops HEALTHCHECK, which Docker keeps.
podman build "${podman_flags[@]}" --format docker --network=host --pull=never --build-arg SWIFT_IMAGE=localhost/swift:6.3-bookworm \
    -t localhost/spinnerd:smoke .
