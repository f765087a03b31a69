#!/usr/bin/env bash
# User-space instructions per cached answer, spinnerd against nginx serving the same bytes,
# counted by callgrind (repeatable on a noisy machine, unlike time): each server runs
# under valgrind twice, wrk -t1 -c32 for SHORT and LONG seconds over keep-alive, and the
# difference of the two runs' instruction totals over the difference of their requests is
# what one more answer costs (start-up, the first render and shutdown cancel out). Also
# the calls to malloc (and calloc, realloc) and to swift_retain per answer, the same way
# (the issue's "no allocation and no reference counting per request"). One event
# loop against one nginx process (master_process off). spinnerd runs with
# --provisional=false: a final encode behind a provisional answer would land in one run's
# window and not the other's, and the cached path measured is the same. Then the cost of the
# access log: the GIF's cached answer with spinnerd's JSON lines (the manifests' logging),
# text lines, `error` (writes nothing per answer) and none, beside nginx without and with its
# own JSON access log (buffered, as nginx writes its logs in batches). Run by `make bench`.
#   scripts/bench-instructions.sh [SHORT LONG]   (default 4 and 12 seconds)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/nginx-static.sh
short=${1:-4} long=${2:-12}
binary=${SPINNERD:-.build/release/spinnerd}
work=bench-out/instructions
rm -rf "$work" && mkdir -p "$work/nginx/logs" "$work/www/spinner"
port=18097

wait_for() {  # url
    for _ in $(seq 1 200); do curl -sf -o /dev/null "$1" && return 0; sleep 0.1; done
    echo "bench-instructions: $1 never answered" >&2; return 1
}

# One run: the server under callgrind, warmed, then wrk for $1 seconds on $2; prints
# "instructions requests malloc-free retain-release" (totals of the run).
counted() {  # seconds url kind(spinnerd|nginx) [logging: none|json|text|error]
    rm -f "$work"/cg.out.*
    local logging=${4:-none}
    if [[ $3 == spinnerd ]]; then
        local level=info format=text
        [[ $logging == none || $logging == error ]] && level=$logging
        [[ $logging == json ]] && format=json
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.out.%p" "$binary" serve --host 127.0.0.1 --port "$port" \
            --log-level "$level" --log-format "$format" --prerender=false --provisional=false --event-loops 1 \
            >"$work/server.log" 2>&1 &
    else
        local conf=nginx.conf
        [[ $logging == json ]] && conf=nginx-json.conf
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.out.%p" nginx -c "$(pwd)/$work/nginx/$conf" \
            -p "$(pwd)/$work/nginx" >"$work/server.log" 2>&1 &
    fi
    local pid=$!
    wait_for "$2"
    curl -sf -o /dev/null "$2"
    local requests
    requests=$(wrk -t1 -c32 -d"$1s" "$2" | awk '/requests in/ {print $1}')
    # Both servers drain and exit on their graceful signal, and callgrind writes its totals.
    if [[ $3 == spinnerd ]]; then kill -TERM "$pid"; else kill -QUIT "$pid"; fi
    wait "$pid" 2>/dev/null || true
    python3 - "$requests" "$work"/cg.out.* <<'PY'
import re, subprocess, sys
requests, files = int(sys.argv[1]), sys.argv[2:]
allocating = re.compile(r"(__libc_)?(malloc|calloc|realloc)")
counting = re.compile(r"swift_(retain|bridgeObjectRetain)(_n)?")
total = allocations = retains = 0
for path in files:
    text = subprocess.run(["callgrind_annotate", "--tree=caller", "--threshold=100", path], capture_output=True, text=True).stdout
    total += int(re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", text).group(1).replace(",", ""))
    # Calls: each function's block lists its callers with how often each called it ("(Nx)").
    calls = 0
    for line in text.splitlines():
        caller = re.match(r"\s*[\d,]+ \([ \d.]+%\)\s+<\s.*\((\d[\d,]*)x\)", line)
        if caller:
            calls += int(caller.group(1).replace(",", ""))
            continue
        callee = re.match(r"\s*[\d,]+ \([ \d.]+%\)\s+\*\s+\S*:(\S+)", line)
        if callee:
            if allocating.fullmatch(callee.group(1)):
                allocations += calls
            elif counting.fullmatch(callee.group(1)):
                retains += calls
        if not line.strip():
            calls = 0
print(total, requests, allocations, retains)
PY
}

# nginx serves the very bytes spinnerd sends, from a file, with the same Cache-Control.
nginx_static_conf "$work/nginx/nginx.conf" "$(pwd)/$work/www" "$port" 1 "daemon off;" "master_process off;"
# nginx with a JSON access line of the same fields as spinnerd's, buffered (nginx formats its
# time once a second and writes the buffer when it fills or a second has passed).
sed 's|    access_log off;|    log_format spinnerd escape=json '"'"'{"time":"$time_iso8601","level":"info","msg":"request","client":"$remote_addr",'"'"'\
        '"'"'"peer":"$remote_addr","method":"$request_method","path":"$request_uri","protocol":"$server_protocol",'"'"'\
        '"'"'"status":$status,"bytes":$body_bytes_sent,"duration_ms":$request_time,"user_agent":"$http_user_agent",'"'"'\
        '"'"'"request_id":"$http_x_request_id"}'"'"';\
    access_log logs/access.json spinnerd buffer=64k flush=1s;|' "$work/nginx/nginx.conf" >"$work/nginx/nginx-json.conf"
images=("circular.gif|/spinner/circular.gif?stroke=15&duration=1&style=accent"
        "circular.svg|/spinner/circular.svg?stroke=15&duration=1&style=accent")
"$binary" serve --host 127.0.0.1 --port "$port" --log-level none --prerender=false --provisional=false >"$work/fetch.log" 2>&1 &
fetcher=$!
for image in "${images[@]}"; do
    wait_for "http://127.0.0.1:$port/healthz"
    curl -sf -o "$work/www/spinner/${image%%|*}" "http://127.0.0.1:$port${image#*|}"
done
kill -TERM "$fetcher"; wait "$fetcher" 2>/dev/null || true

echo "== User-space instructions per cached answer (callgrind; wrk -t1 -c32 for ${short} s and ${long} s, the difference)"
printf "%-14s %-9s %12s %14s %16s\n" image server "instr/answer" "mallocs/answer" "retains/answer"
for image in "${images[@]}"; do
    file="${image%%|*}"; path="${image#*|}"
    declare -A per=()
    for server in spinnerd nginx; do
        url="http://127.0.0.1:$port$path"
        [[ $server == nginx ]] && url="http://127.0.0.1:$port/spinner/$file"
        read -r i1 r1 m1 k1 < <(counted "$short" "$url" "$server")
        read -r i2 r2 m2 k2 < <(counted "$long" "$url" "$server")
        read -r instructions malloc retain < <(python3 -c "
d = $r2 - $r1
print('%.0f %.2f %.2f' % (($i2 - $i1) / d, ($m2 - $m1) / d, ($k2 - $k1) / d))")
        per[$server]=$instructions
        [[ $server == spinnerd ]] && counts="$malloc $retain"
        printf "%-14s %-9s %12s %14s %16s   (%d and %d answers)\n" "$file" "$server" "$instructions" "$malloc" "$retain" "$r1" "$r2"
    done
    python3 -c "print('%-14s ratio to nginx: %.2f (target <= 1.00)' % ('$file', ${per[spinnerd]} / ${per[nginx]}))"
    # Issue 30: no allocation and no reference counting per answer in the steady state
    # (under 0.01 a call per answer: what is left is per turn or per tick, not per answer).
    read -r malloc retain <<<"$counts"
    python3 -c "
m, r = $malloc, $retain
print('%-14s mallocs %.2f and swift_retain %.2f per answer (target: none, < 0.01): %s' % ('$file', m, r, 'met' if m < 0.01 and r < 0.01 else 'NOT met'))"
done

# What the access log costs: the GIF's cached answer at each logging, beside nginx without
# and with its JSON access log, all in this run.
file=circular.gif; path="/spinner/circular.gif?stroke=15&duration=1&style=accent"
echo
echo "== The access log's cost per cached answer ($file; callgrind, user-space instructions)"
printf "%-9s %-26s %12s %16s\n" server logging "instr/answer" "over no log"
declare -A logged=()
for setting in "nginx none" "nginx json" "spinnerd none" "spinnerd error" "spinnerd text" "spinnerd json"; do
    read -r server logging <<<"$setting"
    url="http://127.0.0.1:$port$path"
    [[ $server == nginx ]] && url="http://127.0.0.1:$port/spinner/$file"
    read -r i1 r1 _ _ < <(counted "$short" "$url" "$server" "$logging")
    read -r i2 r2 _ _ < <(counted "$long" "$url" "$server" "$logging")
    logged[$setting]=$(python3 -c "print('%.0f' % (($i2 - $i1) / ($r2 - $r1)))")
    base=${logged[$server none]}
    printf "%-9s %-26s %12s %16s\n" "$server" "$logging" "${logged[$setting]}" "$((logged[$setting] - base))"
done
python3 -c "
s, n = ${logged[spinnerd json]}, ${logged[nginx json]}
print('spinnerd with JSON lines (the manifests\' logging) / nginx with its JSON access log: %.2f (target <= 1.00)' % (s / n))
e, z = ${logged[spinnerd error]}, ${logged[spinnerd none]}
print('spinnerd at error (nothing written per answer) over none: %+d instructions an answer (target: about 0)' % (e - z))"
