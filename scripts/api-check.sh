#!/usr/bin/env bash
# API conformance, part of `make test`: openapi-spec-validator lints openapi.yaml, then
# Schemathesis (`--checks all`) fuzzes every documented operation of a real release
# server and must find nothing; the server must then drain and exit 0 on SIGTERM.
#
# The server runs with a render budget of 200 000 pixels × frames (instead of 40 M) so that
# thousands of fuzzed renders finish in minutes; requests beyond it are 400s, which
# schemathesis.toml accepts for schema-valid data (JSON Schema cannot state the budget).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/listening-port.sh
openapi-spec-validator openapi.yaml
hadolint Dockerfile && echo "hadolint: Dockerfile clean"
binary=.build/release/spinnerd
log=$(mktemp)
"$binary" serve --host 127.0.0.1 --port 0 --log-level warn --max-pixel-frames 200000 >"$log" 2>&1 &
server=$!
trap 'kill -9 $server 2>/dev/null || true; rm -f "$log"' EXIT
port=$(listening_port "$log")
schemathesis run openapi.yaml --url "http://127.0.0.1:$port" --checks all --continue-on-failure \
    --max-examples "${SCHEMATHESIS_EXAMPLES:-10}" --seed 1 --request-timeout 60 --no-color
kill -TERM "$server"
wait "$server"
echo "api-check: server drained and exited $?"
