# Sourced by the scripts that start `spinnerd serve --port 0` (api-check.sh, bench-http.sh):
# ready_args BINARY FILE prints the arguments that make BINARY write its ready record to FILE
# (none for a baseline that predates `--ready-file`); ready_port BINARY FILE LOG waits for
# it and prints the port. Both through spinnerd_tools.ready, which every harness reads the
# record with.
ready_args() {
    python3 -c 'import sys; from spinnerd_tools import ready; print(" ".join(ready.arguments(sys.argv[1], sys.argv[2])))' "$1" "$2"
}
ready_port() {
    python3 -m spinnerd_tools.ready "$1" "$2" "$3"
}
