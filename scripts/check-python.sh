#!/usr/bin/env bash
# The Python tooling's own checks, no server or browser needed (a few seconds):
#   - every .py under tools/, Tests/, scripts/ and deploy/ compiles (py_compile; the
#     bytecode goes to a temporary folder, not beside the sources);
#   - spinnerd_tools' modules import one another without a cycle (spinnerd_tools.import_graph,
#     which reads every import, those inside functions too), and the same check finds the
#     cycle of a known-bad two-module package, so it cannot pass by finding nothing;
#   - no script edits sys.path: each imports spinnerd_tools by name (the package is
#     installed editable by scripts/install-deps.sh).
# Exits non-zero when any of them fails.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

mapfile -t sources < <(find tools Tests scripts deploy -name '*.py' -not -path '*/__pycache__/*' -not -path '*/.build/*' | sort)
if ((${#sources[@]} == 0)); then
    echo "check-python: no Python sources found" >&2
    status=1
elif PYTHONPYCACHEPREFIX="$scratch/bytecode" python3 -m py_compile "${sources[@]}"; then
    echo "check-python: ${#sources[@]} files compile"
else
    status=1
fi

python3 -m spinnerd_tools.import_graph tools/spinnerd_tools | tail -n 1 || status=1

# The known-bad control: a imports b at the top, b imports a inside a function.
mkdir -p "$scratch/known_bad"
printf 'from . import b\n' > "$scratch/known_bad/a.py"
printf 'def later():\n    from .a import b\n' > "$scratch/known_bad/b.py"
if python3 -m spinnerd_tools.import_graph "$scratch/known_bad" > "$scratch/known_bad.out"; then
    echo "check-python: the import check missed the known-bad cycle a → b → a" >&2
    status=1
fi

if grep -n 'sys\.path' "${sources[@]}"; then
    echo "check-python: a script edits sys.path; import spinnerd_tools by name instead" >&2
    status=1
fi
exit $status
