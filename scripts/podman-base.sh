#!/usr/bin/env bash
# Sourced by the scripts that build and run images with podman (no Docker engine runs here):
# container-image.sh (spinnerd's image) and front-limit.sh (the front's). Installs podman,
# writes the containers.conf and registries.conf these machines need and exports them, sets
# podman_flags and work (SMOKE_DIR, default /var/tmp/spinnerd-smoke), and makes the base
# image debian:bookworm-slim from debootstrap once (no registry is reachable).
work="${SMOKE_DIR:-/var/tmp/spinnerd-smoke}"
mkdir -p "$work"

scripts/install-deps.sh smoke

cat > "$work/containers.conf" <<'CONF'
[containers]
default_ulimits = []
pids_limit = 0
CONF
export CONTAINERS_CONF="$work/containers.conf"
# Short names (the Dockerfile's `FROM debian:bookworm-slim`) are looked up among the images
# made here, under localhost/: no registry is reachable, none is named.
cat > "$work/registries.conf" <<'CONF'
unqualified-search-registries = ["localhost"]
short-name-mode = "permissive"
CONF
export CONTAINERS_REGISTRIES_CONF="$work/registries.conf"
podman_flags=(--runtime runc)

if ! podman image exists localhost/debian:bookworm-slim; then
    echo "== making debian:bookworm-slim with debootstrap"
    rm -rf "$work/rootfs"
    debootstrap --variant=minbase bookworm "$work/rootfs" >/dev/null
    tar -C "$work/rootfs" -c . | podman import - localhost/debian:bookworm-slim >/dev/null
fi
