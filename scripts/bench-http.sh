#!/usr/bin/env bash
# HTTP benchmarks, run by `make bench` after the encoder and cold-answer benchmarks:
#  1. cached responses over keep-alive at five body sizes (a 1.3 KB SVG, GIFs of about 26,
#     35 and 140 KB, a 210 KB APNG), all taken from spinnerd itself, so that the peers serve
#     the very same bytes from files on loopback: spinnerd against nginx and h2o, measured
#     side by side with wrk -t1 (WRK_ROUNDS rounds, the order reversed each round), with
#     1 event loop against 1 nginx worker and 1 h2o thread, then with the defaults of each
#     (spinnerd's min(2, cores) event loops, nginx's `worker_processes auto`, h2o's one
#     thread per core). For every run: requests/s, p99 latency, and the CPU time one
#     answer costs the server (all its processes and threads) and the client (wrk); then a
#     table per pairing and the goal (issue 30): requests/s >= 1.2x both peers' up to
#     32 KB bodies, parity (>= 1.0x) beyond;
#  2. memory: resident set after 5 000 distinct spinner URLs with --cache-bytes 16 MiB,
#     right after them and once the render threads are idle (they give free pages back
#     after 5 s), against the target of cache bound + 48 MiB.
# wrk shares the 2 cores with the servers: read the ratios, not the absolute numbers.
#   WRK_SECONDS (default 3) per run, WRK_ROUNDS (default 2), WRK_CONNECTIONS (default "32";
#   "32 64" adds a second connection count). With the defaults, step 1 is 2 pairings x 5
#   sizes x 3 servers x 2 rounds x 3 s = 180 s of wrk; with the settle wait below (mostly
#   the default APNG's final encode, 30-60 s) about 4 minutes.
# spinnerd is timed in its steady state: started without rendering the defaults ahead, asked
# for the five URLs, and left until every answer is final (immutable) and no render is
# pending; that wait (SETTLE_SECONDS at most) comes before the timed runs.
# SPINNERD_BASELINE=path/to/an/older/spinnerd adds that binary to every round, so a change
# is measured against its predecessor in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/listening-port.sh
source scripts/nginx-static.sh
work=bench-out/http
rm -rf "$work" && mkdir -p "$work/nginx/logs" "$work/h2o" "$work/www/spinner"
here=$(pwd)
binary=.build/release/spinnerd
duration="${WRK_SECONDS:-3}"
rounds="${WRK_ROUNDS:-2}"
connection_counts="${WRK_CONNECTIONS:-32}"
baseline="${SPINNERD_BASELINE:-}"
nginx_port=18099
h2o_port=18098
results="$work/results.txt"
: >"$results"

die() { echo "bench-http: $*" >&2; exit 1; }
for program in wrk curl nginx h2o; do
    command -v "$program" >/dev/null || die "$program is missing (scripts/install-deps.sh bench)"
done

start_spinnerd() {  # name [--binary path] args… → prints the port; pid in $work/NAME.pid
    local name=$1; shift
    local program="$binary"
    if [[ "${1:-}" == --binary ]]; then program="$2"; shift 2; fi
    "$program" serve --host 127.0.0.1 --port 0 --log-level none $(ready_args "$program" "$work/$name.ready") "$@" >"$work/$name.log" 2>&1 &
    echo $! >"$work/$name.pid"
    local port
    port=$(ready_port "$program" "$work/$name.ready" "$work/$name.log") || exit 1
    # Measured in the steady state: the defaults it renders in the background at start
    # would otherwise take the cores from the first seconds of the run.
    for _ in $(seq 1 600); do
        curl -sf "http://127.0.0.1:$port/metrics" | grep -q '^spinnerd_prerenders_pending 0$' && break
        sleep 0.1
    done
    echo "$port"
}
# Started in a command substitution, spinnerd is not this shell's child: `wait` cannot
# reap it, so the stop waits for its /proc entry to go.
stop_pid() {  # pidfile
    [[ -s "$1" ]] || return 0
    local pid; pid=$(cat "$1")
    kill -TERM "$pid" 2>/dev/null || { rm -f "$1"; return 0; }
    wait "$pid" 2>/dev/null || true  # reaps it when it is this shell's child (h2o)
    for _ in $(seq 1 100); do [[ -d /proc/$pid ]] || break; sleep 0.05; done
    [[ -d /proc/$pid ]] && echo "bench-http: pid $pid ($1) still running after SIGTERM" >&2
    rm -f "$1"
}

start_nginx() {  # worker processes
    nginx_static_conf "$work/nginx/nginx.conf" "$here/$work/www" "$nginx_port" "$1"
    nginx -c "$here/$work/nginx/nginx.conf" -p "$here/$work/nginx"
    wait_for "http://127.0.0.1:$nginx_port/spinner/${images[0]%%|*}" nginx
}
stop_nginx() {
    [[ -s "$work/nginx/logs/nginx.pid" ]] || return 0
    local pid; pid=$(cat "$work/nginx/logs/nginx.pid")
    nginx -c "$here/$work/nginx/nginx.conf" -p "$here/$work/nginx" -s quit 2>/dev/null || true
    for _ in $(seq 1 100); do [[ -d /proc/$pid ]] || break; sleep 0.05; done
}

# h2o (Debian's 2.2.5) in its worker mode: one process, THREADS event loops (omitted: one
# per core, its default). `user: root` because h2o started as root otherwise drops to
# nobody, who may not read the files under this checkout (a 403 looks very fast).
start_h2o() {  # threads|defaults
    {
        echo "user: root"
        echo "pid-file: $here/$work/h2o/h2o.pid"
        echo "error-log: $here/$work/h2o/error.log"
        [[ $1 == defaults ]] || echo "num-threads: $1"
        cat <<CONF
listen:
  host: 127.0.0.1
  port: $h2o_port
file.mime.addtypes:
  image/apng: .apng
hosts:
  default:
    paths:
      /spinner:
        file.dir: $here/$work/www/spinner
        header.add: "Cache-Control: public, max-age=31536000, immutable"
CONF
    } >"$work/h2o/h2o.conf"
    h2o -c "$here/$work/h2o/h2o.conf" >>"$work/h2o/stdout.log" 2>&1 &
    echo $! >"$work/h2o.pid"
    wait_for "http://127.0.0.1:$h2o_port/spinner/${images[0]%%|*}" h2o
}

wait_for() {  # url name
    for _ in $(seq 1 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.05; done
    die "$2 never answered on $1"
}

stop_all() {
    local name
    for name in spinnerd spinnerd1 spinnerd2 baseline1 baseline2; do stop_pid "$work/$name.pid"; done
    stop_nginx; stop_pid "$work/h2o.pid"
}
trap stop_all EXIT

# Every peer must answer 200 with exactly the bytes spinnerd sends before it is timed: a
# peer answering 403 or 404 (or a truncated body) would look fast.
check_peer() {  # name url file
    local got
    got=$(curl -s -o "$work/check.bin" -w '%{http_code} %{size_download}' "$2") || true
    local want="200 $(stat -c%s "$work/www/spinner/$3")"
    if [[ "$got" != "$want" ]] || ! cmp -s "$work/check.bin" "$work/www/spinner/$3"; then
        die "$1 answered '$got' (status, bytes) for $2, expected '$want' and the same bytes as spinnerd's; not timing it (logs under $work)"
    fi
}
# One wrk run against a server whose processes hang from the pids in the given files (the
# process, its threads and its children: nginx's master and workers, h2o's helper):
# prints "requests/s p99-ms requests server-µs/answer client-µs/answer". Server CPU is
# utime+stime from /proc (clock ticks) before and after; wrk's own is its rusage at exit.
measure() {  # url connections pidfile…
    python3 - "$duration" "$@" <<'PY'
import os, re, subprocess, sys
seconds, url, connections, pidfiles = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
tick = os.sysconf("SC_CLK_TCK")
def tree(pid):
    pids, todo = [], [pid]
    while todo:
        p = todo.pop(); pids.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                todo += [int(c) for c in open(f"/proc/{p}/task/{task}/children").read().split()]
        except FileNotFoundError:
            pass
    return pids
def ticks(pids):
    total = {}
    for p in pids:
        try:
            fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
            total[p] = int(fields[11]) + int(fields[12])  # fields 14 and 15: utime, stime
        except FileNotFoundError:
            pass
    return total
roots = [int(open(f).read()) for f in pidfiles]
before = ticks(p for r in roots for p in tree(r))
wrk = subprocess.Popen(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", url],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)
text = wrk.stdout.read()
_, status, usage = os.wait4(wrk.pid, 0)
wrk.returncode = 0
after = ticks(p for r in roots for p in tree(r))
if status != 0:
    sys.exit(f"wrk failed on {url}:\n{text}")
gone = set(before) - set(after)
if gone:
    sys.exit(f"server processes {sorted(gone)} ended during the run on {url}")
requests = int(re.search(r"(\d+) requests in", text).group(1))
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if bad or requests == 0:
    sys.exit(f"{url} answered {bad.group(1) if bad else 'no'} non-2xx responses of {requests}:\n{text}")
errors = re.search(r"Socket errors: (.*)", text)
if errors:
    print(f"  (wrk socket errors on {url}: {errors.group(1)})", file=sys.stderr)
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
m = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
p99 = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
server = sum(after[p] - before.get(p, 0) for p in after) / tick * 1e6 / requests
client = (usage.ru_utime + usage.ru_stime) * 1e6 / requests
print(f"{rps:.0f} {p99:.3f} {requests} {server:.2f} {client:.2f}")
PY
}

# The bodies, each from spinnerd: a 1.3 KB SVG (copied next to its head), and a 26 KB
# GIF, a 35 KB GIF, a 140 KB GIF and a 210 KB APNG (sent from a memfd by sendfile).
images=("circular-accent.svg|/spinner/circular.svg?stroke=15&duration=1&style=accent"
        "circular-accent.gif|/spinner/circular.gif?stroke=15&duration=1&style=accent"
        "circular.gif|/spinner/circular.gif"
        "dots.gif|/spinner/dots.gif"
        "dots.apng|/spinner/dots.apng")

# A spinnerd answers a URL it has not rendered yet with a quick body (short max-age) and
# renders the final one in the background (for a default APNG, zopfli: tens of seconds of
# one core). Timed is the steady state: every URL answered with its final body (immutable)
# and no final render pending, else the background render would take a core from the run.
# Both pairings' servers are started at once so that they settle side by side (without
# rendering the defaults ahead, which would only add background work), SETTLE_SECONDS at
# most.
settle() {  # port…
    local start=$SECONDS port image settled
    for port in "$@"; do
        for image in "${images[@]}"; do curl -s -o /dev/null "http://127.0.0.1:$port${image#*|}" || true; done
    done
    while true; do
        settled=true
        for port in "$@"; do
            curl -s "http://127.0.0.1:$port/metrics" | grep -q '^spinnerd_final_renders_pending [1-9]' && settled=false
            for image in "${images[@]}"; do
                curl -s -o /dev/null -D "$work/headers.txt" "http://127.0.0.1:$port${image#*|}" || true
                grep -qi '^cache-control:.*immutable' "$work/headers.txt" || settled=false
            done
        done
        $settled && break
        (( SECONDS - start < ${SETTLE_SECONDS:-600} )) || die "spinnerd still had final renders pending or non-immutable answers after ${SETTLE_SECONDS:-600} s"
        sleep 1
    done
    echo "== spinnerd settled (every body final, nothing rendering) $((SECONDS - start)) s after the first requests"
}
s1_port=$(start_spinnerd spinnerd1 --prerender=false --event-loops 1)
s2_port=$(start_spinnerd spinnerd2 --prerender=false)
settle_ports=("$s1_port" "$s2_port")
if [[ -n "$baseline" ]]; then
    b1_port=$(start_spinnerd baseline1 --binary "$baseline" --prerender=false --event-loops 1)
    b2_port=$(start_spinnerd baseline2 --binary "$baseline" --prerender=false)
    settle_ports+=("$b1_port" "$b2_port")
fi
step_start=$SECONDS
echo "== Load before (/proc/loadavg): $(cat /proc/loadavg)"
settle "${settle_ports[@]}"
for image in "${images[@]}"; do
    code=$(curl -s -o "$work/www/spinner/${image%%|*}" -w '%{http_code}' "http://127.0.0.1:$s1_port${image#*|}") || true
    [[ $code == 200 ]] || die "spinnerd answered $code for ${image#*|}"
done
# The files are read by nginx's workers (nobody) too.
chmod -R a+rX "$work/www"
echo "== Bodies (from spinnerd; nginx and h2o serve the same files)"
for image in "${images[@]}"; do
    printf '  %-22s %7d bytes  %s\n' "${image%%|*}" "$(stat -c%s "$work/www/spinner/${image%%|*}")" "${image#*|}"
done

# Like with like: spinnerd's event loops against as many nginx worker processes and h2o
# threads. wrk takes one of the two cores, so in the defaults pairing two server threads
# share the other with it (that oversubscription, not any server, is what its p99 shows).
# The servers of a pairing run side by side, idle but for the one wrk is timing, so that
# the runs of one body size follow each other closely.
for workers in 1 defaults; do
    if [[ $workers == 1 ]]; then
        pairing="1 event loop vs 1 nginx worker vs 1 h2o thread"
        s=spinnerd1 s_port=$s1_port b=baseline1 b_port=${b1_port:-}
        start_nginx 1; start_h2o 1
    else
        pairing="defaults: spinnerd's event loops vs nginx worker_processes auto vs h2o's threads"
        s=spinnerd2 s_port=$s2_port b=baseline2 b_port=${b2_port:-}
        start_nginx auto; start_h2o defaults
    fi
    for image in "${images[@]}"; do
        check_peer spinnerd "http://127.0.0.1:$s_port${image#*|}" "${image%%|*}"
        [[ -z "$baseline" ]] || check_peer baseline "http://127.0.0.1:$b_port${image#*|}" "${image%%|*}"
        check_peer nginx "http://127.0.0.1:$nginx_port/spinner/${image%%|*}" "${image%%|*}"
        check_peer h2o "http://127.0.0.1:$h2o_port/spinner/${image%%|*}" "${image%%|*}"
    done
    echo
    loops=$(sed -n 's/.*, \([0-9]*\) event loops\{0,1\},.*/\1/p' "$work/$s.log")
    echo "== $pairing (spinnerd ${loops:-?} event loop(s)," \
         "nginx $(pgrep -c -P "$(cat "$work/nginx/logs/nginx.pid")") worker(s)," \
         "h2o $(( $(awk '/^Threads/ {print $2}' /proc/"$(cat "$work/h2o.pid")"/status) - 1 )) thread(s) besides its main one);" \
         "wrk -t1 -d${duration}s, $rounds round(s); every server answered 200 with the expected bytes"
    for image in "${images[@]}"; do
        file="${image%%|*}"; url_path="${image#*|}"; bytes=$(stat -c%s "$work/www/spinner/$file")
        for connections in $connection_counts; do
            for round in $(seq 1 "$rounds"); do
                # The order flips each round: on a shared machine, going first or last is
                # worth as much as the difference being measured.
                order=(spinnerd baseline nginx h2o)
                (( round % 2 )) || order=(h2o nginx baseline spinnerd)
                line="  $file ($bytes B) c$connections round $round:"
                for server in "${order[@]}"; do
                    case "$server" in
                    spinnerd) r=$(measure "http://127.0.0.1:$s_port$url_path" "$connections" "$work/$s.pid") ;;
                    baseline) [[ -n "$baseline" ]] || continue
                              r=$(measure "http://127.0.0.1:$b_port$url_path" "$connections" "$work/$b.pid") ;;
                    nginx)    r=$(measure "http://127.0.0.1:$nginx_port/spinner/$file" "$connections" "$work/nginx/logs/nginx.pid") ;;
                    h2o)      r=$(measure "http://127.0.0.1:$h2o_port/spinner/$file" "$connections" "$work/h2o.pid") ;;
                    esac
                    echo "$workers $file $bytes $connections $server $round $r" >>"$results"
                    read -r rps p99 _ scpu ccpu <<<"$r"
                    line+=" $server $rps/s p99 ${p99}ms cpu ${scpu}+${ccpu}µs |"
                done
                echo "${line% |}"
            done
        done
    done
    stop_pid "$work/$s.pid"; stop_pid "$work/$b.pid"; stop_nginx; stop_pid "$work/h2o.pid"
done

echo
echo "== Load after the timed runs (/proc/loadavg): $(cat /proc/loadavg); step 1 took $((SECONDS - step_start)) s"
python3 - "$results" "$duration" "$rounds" <<'PY'
import sys
from collections import defaultdict
path, seconds, rounds = sys.argv[1], sys.argv[2], sys.argv[3]
runs = defaultdict(list)   # (workers, file, bytes, connections) -> server -> [(rps, p99, n, s_us, c_us)]
order = []
for line in open(path):
    workers, file, size, conns, server, _round, rps, p99, n, s_us, c_us = line.split()
    key = (workers, file, int(size), int(conns))
    if key not in runs: order.append(key)
    runs.setdefault(key, defaultdict(list))
    runs[key][server].append(tuple(map(float, (rps, p99, n, s_us, c_us))))
def mean(values): return sum(values) / len(values)
servers = ["spinnerd", "nginx", "h2o"] + (["baseline"] if any("baseline" in v for v in runs.values()) else [])
short = {"spinnerd": "s", "nginx": "n", "h2o": "h", "baseline": "b"}
verdicts = []
for workers in ("1", "defaults"):
    title = "1 event loop / 1 nginx worker / 1 h2o thread" if workers == "1" else "defaults of each"
    print(f"== Cached answers, {title}: means of {rounds} runs of {seconds} s each (wrk -t1)")
    print("  CPU µs/answer: utime+stime per completed request (server: all its processes and threads; client: wrk)")
    head = "%-24s %4s %9s %9s %9s %6s %6s %20s %20s %20s" % (
        "body", "conn", "spinnerd/s", "nginx/s", "h2o/s", "xnginx", "xh2o",
        "p99 ms " + "/".join(short[s] for s in servers), "server µs " + "/".join(short[s] for s in servers),
        "client µs " + "/".join(short[s] for s in servers))
    if "baseline" in servers: head += " %9s" % "baseline/s"
    print(head)
    for key in order:
        if key[0] != workers: continue
        _, file, size, conns = key
        m = {s: [mean([r[i] for r in runs[key][s]]) for i in range(5)] for s in servers}
        xn, xh = m["spinnerd"][0] / m["nginx"][0], m["spinnerd"][0] / m["h2o"][0]
        row = "%-24s %4d %9.0f %9.0f %9.0f %6.2f %6.2f %20s %20s %20s" % (
            "%s %.1fK" % (file, size / 1024), conns, m["spinnerd"][0], m["nginx"][0], m["h2o"][0], xn, xh,
            "/".join("%.2f" % m[s][1] for s in servers), "/".join("%.1f" % m[s][3] for s in servers),
            "/".join("%.1f" % m[s][4] for s in servers))
        if "baseline" in servers: row += " %9.0f" % m["baseline"][0]
        print(row)
        target = 1.2 if size <= 32 * 1024 else 1.0
        verdicts.append((title, file, size, conns, xn, xh, target))
    print()
print("== Goal: >= 1.2x both peers' req/s up to 32 KB bodies, parity (>= 1.0x) beyond")
for title, file, size, conns, xn, xh, target in verdicts:
    met = xn >= target and xh >= target
    print("  %-45s %-20s c%-3d target %.1fx: x nginx %.2f, x h2o %.2f -> %s"
          % (title, "%s (%d B)" % (file, size), conns, target, xn, xh, "met" if met else "NOT met"))
print("  %d of %d met" % (sum(xn >= t and xh >= t for *_, xn, xh, t in verdicts), len(verdicts)))
PY

echo
echo "== Resident memory after 5000 distinct URLs, --cache-bytes 16777216"
step_start=$SECONDS
port=$(start_spinnerd spinnerd --cache-bytes 16777216)
python3 - "$port" "$binary" <<'PY'
import http.client, os, sys, threading
from spinnerd_tools.harness import kinds as kinds_of
port = int(sys.argv[1]); kinds = kinds_of(sys.argv[2]); formats = ["svg", "png", "gif", "svg", "png", "apng"]
def worker(start):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    for i in range(start, 5000, 2):
        kind = kinds[i % len(kinds)]; fmt = formats[(i // 5) % 6]; size = 16 + (i // 30) % 170
        conn.request("GET", "/spinner/%s.%s?size=%d" % (kind, fmt, size))
        response = conn.getresponse(); response.read()
        assert response.status == 200, (response.status, kind, fmt, size)
threads = [threading.Thread(target=worker, args=(n,)) for n in range(2)]
[t.start() for t in threads]; [t.join() for t in threads]
PY
pid=$(cat "$work/spinnerd.pid")
# Right after the burst the heap still holds its padding (16 MiB an arena, kept so that
# renders do not page-fault); a render thread idle for 5 s gives the free pages back
# (RenderScheduler.idleTrimMilliseconds). Read at once, then once that has had time.
burst_kb=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
for _ in $(seq 1 30); do
    sleep 0.5
    rss_kb=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
    (( rss_kb < burst_kb * 3 / 4 )) && break
done
sleep 0.5
rss_kb=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
hwm_kb=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
# Cached bodies of 16 KiB and more live in sealed memfds (sent by sendfile): their pages
# are the process's memory too, though not in VmRSS, so they are added.
memfd_bytes=0
for link in /proc/"$pid"/fd/*; do
    [[ "$(readlink "$link" 2>/dev/null)" == /memfd:* ]] && memfd_bytes=$((memfd_bytes + $(stat -L -c%s "$link")))
done
curl -s "http://127.0.0.1:$port/metrics" | grep -E '^spinnerd_cache_(bytes|entries|evictions_total) '
python3 -c "
rss=$rss_kb/1024; burst=$burst_kb/1024; hwm=$hwm_kb/1024; memfd=$memfd_bytes/1048576; total=rss+memfd; bound=16+48
print('resident %.1f MiB (%.1f right after the burst) + memfd bodies %.1f MiB = %.1f MiB (peak resident %.1f MiB); target < %d MiB (cache 16 MiB + 48 MiB): %s'
      % (rss, burst, memfd, total, hwm, bound, 'met' if total < bound else 'NOT met'))"
stop_pid "$work/spinnerd.pid"
echo "  (step 2 took $((SECONDS - step_start)) s)"
