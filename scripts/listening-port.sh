# Sourced by the scripts that start `spinnerd serve --port 0` (api-check.sh, bench-http.sh):
# listening_port LOG waits up to 10 s for the start-up line in LOG and prints the port.
listening_port() {
    local port=""
    for _ in $(seq 1 100); do
        port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$1")
        [[ -n "$port" ]] && { echo "$port"; return 0; }
        sleep 0.1
    done
    cat "$1" >&2
    return 1
}
