#!/usr/bin/env bash
# Builds the Dockerfile with podman (no Docker engine runs here; scripts/container-image.sh),
# reads the copied libraries' package records as image scanners do, runs the image, fetches a
# spinner from it, checks the healthcheck and a graceful stop.
set -euo pipefail
cd "$(dirname "$0")/.."
# The image (and the base images it needs, made once): scripts/container-image.sh.
source scripts/container-image.sh
podman image ls localhost/spinnerd:smoke --format '{{.Repository}}:{{.Tag}} {{.Size}}'
# Sizes as podman stores them (uncompressed layers); "our layers" is everything above the base.
image_bytes=$(podman image inspect localhost/spinnerd:smoke --format '{{.Size}}')
base_bytes=$(podman image inspect localhost/debian:bookworm-slim --format '{{.Size}}')
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1000000 }'; }
echo "image: $(mb "$image_bytes"), base debian:bookworm-slim: $(mb "$base_bytes"), our layers: $(mb $((image_bytes - base_bytes)))"
podman history localhost/spinnerd:smoke --format '{{.Size}}\t{{.CreatedBy}}' | awk -F'\t' '$1 != "0 B"' | cut -c1-110

echo "== the copied libraries' packages, as image scanners read them (/var/lib/dpkg/status.d)"
rm -rf "$work/image-dpkg" && mkdir -p "$work/image-dpkg"
podman run "${podman_flags[@]}" --rm --pull=never --entrypoint /bin/tar localhost/spinnerd:smoke -C /var/lib/dpkg -c status.d status \
    | tar -x -C "$work/image-dpkg"
python3 Tests/Deploy/image_packages.py --records "$work/image-dpkg/status.d" --status "$work/image-dpkg/status"

port="${SMOKE_PORT:-18093}"
podman rm -f spinnerd-smoke >/dev/null 2>&1 || true
# No healthcheck timer: podman schedules it through systemd, which is not running here;
# the check itself is run once below with `podman healthcheck run`. (podman stop may still
# log "unable to get systemd connection to remove healthchecks": its noise, harmless.)
podman run "${podman_flags[@]}" --network=host --pull=never -d --name spinnerd-smoke --health-interval disable \
    -e PORT="$port" localhost/spinnerd:smoke >/dev/null
trap 'podman rm -f spinnerd-smoke >/dev/null 2>&1 || true' EXIT
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done

echo "== fetching a spinner from the container"
curl -sf -D "$work/headers.txt" -o "$work/spinner.gif" \
    "http://127.0.0.1:$port/spinner/circular.gif?stroke=15&duration=1&style=accent"
grep -iE '^(HTTP|content-type|content-length|etag|cache-control)' "$work/headers.txt"
head -c 6 "$work/spinner.gif"; echo
# A GIF ends with its trailer byte; a PNG and a WebP render too (Cairo with only the copied libraries).
[[ $(tail -c 1 "$work/spinner.gif" | od -An -tx1 | tr -d ' ') == 3b ]] || { echo "the GIF has no trailer" >&2; exit 1; }
curl -sf -o "$work/spinner.png" "http://127.0.0.1:$port/spinner/arc.png?t=0.25"
[[ $(head -c 8 "$work/spinner.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || { echo "not a PNG" >&2; exit 1; }
curl -sf -o "$work/spinner.webp" "http://127.0.0.1:$port/spinner/dots.webp"
[[ $(head -c 4 "$work/spinner.webp") == RIFF && $(head -c 12 "$work/spinner.webp" | tail -c 4) == WEBP ]] \
    || { echo "not a WebP" >&2; exit 1; }
echo "png: $(stat -c %s "$work/spinner.png") bytes, webp: $(stat -c %s "$work/spinner.webp") bytes"
echo "binary in the image: $(podman exec spinnerd-smoke stat -c %s /usr/local/bin/spinnerd) bytes"
podman exec spinnerd-smoke /usr/local/bin/spinnerd healthcheck && echo "healthcheck: ok"
echo "image HEALTHCHECK: $(podman image inspect localhost/spinnerd:smoke --format '{{json .Config.Healthcheck.Test}}')"
podman healthcheck run spinnerd-smoke && echo "podman healthcheck run: healthy"
podman exec spinnerd-smoke id -u | sed 's/^/runs as uid /'
podman stop -t 20 spinnerd-smoke >/dev/null
echo "exit code after podman stop (SIGTERM): $(podman inspect spinnerd-smoke --format '{{.State.ExitCode}}')"
podman logs spinnerd-smoke | tail -n 3
