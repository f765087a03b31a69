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
binary=${SPINNERD:-.build/release/spinnerd}
log=$(mktemp) ready=$(mktemp -u)
"$binary" serve --host 127.0.0.1 --port 0 --log-level warn --max-pixel-frames 200000 $(ready_args "$binary" "$ready") >"$log" 2>&1 &
server=$!
trap 'kill -9 $server 2>/dev/null || true; rm -f "$log" "$ready"' EXIT
port=$(ready_port "$binary" "$ready" "$log") || exit 1
# Two workers: each case waits for the server, which renders it (about as much CPU as
# Schemathesis spends making it), so one worker leaves a core idle: 183 s for circular's
# coverage phase with one, 60 s with two, 136 s with four (they contend for the GIL).
run() { schemathesis run openapi.yaml --url "http://127.0.0.1:$port" --checks all --continue-on-failure --seed 1 \
          --request-timeout 60 --no-color --workers 2 "$@"; }
if [ "${SCHEMATHESIS_FULL:-0}" = 1 ]; then
  # make api-check-full: every phase on every operation.
  run --max-examples "${SCHEMATHESIS_EXAMPLES:-100}"
else
  # make test: the examples and fuzzing phases on every operation; the coverage phase
  # (every boundary and every invalid value of every parameter, about 750 requests an
  # operation whatever --max-examples says: 150 s for the 40 spinner GETs on two cores)
  # on twelve that hold every parameter: circular in every format and every kind's GIF
  # (the format with the most parameters), with the routes that take none. HEAD shares
  # GET's parameters and code up to the body. The rest is api-check-full's.
  run --phases coverage --include-name-regex '^GET /(spinner/(circular(\.[a-z]+)?|[a-z]+\.gif)|[a-z.]*)$'
  run --phases examples,fuzzing --max-examples "${SCHEMATHESIS_EXAMPLES:-10}"
fi
kill -TERM "$server"
wait "$server"
echo "api-check: server drained and exited $?"
