#!/usr/bin/env bash
# Measures spinnerd's encoders against peers on the same frames, in one run. Machines are
# shared: read ratios and sizes, not absolute times. SPINNERD_BASELINE=path/to/older/spinnerd
# adds the older build's times and sizes beside ours (before → after).
#   1. cold renders: every kind × format at its defaults (what the service renders ahead)
#      and for two URLs it does not render ahead (`theme=dark`, `color=ff3b30`: a first
#      visitor waits for those), one render at a time, in-process (process start excluded;
#      `spinnerd render --timings`), thread time per phase; target ≤ 100 ms, no file over
#      2 % larger than the baseline's (docs/formats.md says where a trade-off table chose
#      otherwise);
#   2. GIF: how much `gifsicle -O3` can still shrink our GIF of each default kind and of the
#      README's example (target ≤ 1 %);
#   3. APNG: our file beside apngasm's and apngopt's on the same frames, then frame by frame:
#      whether each file shows exactly the frames it was given, and how the data compares
#      where both store a frame alike (the rows are the same; the rest is the deflate);
#      then the deflate setting's trade-off: bytes against compression time;
#   4. WebP: ours against libwebp's own img2webp -lossless on the same frames (not larger),
#      and img2webp's method/quality trade-off on dots, the costliest;
#   5. render + encode at 64 px, scale 2, beside a peer on the same work;
#   6. large renders the budget admits: time and peak memory of one process;
#   7. the costliest request the budget admits for every kind × format, rendered alone on
#      a fresh server: its time against its estimate (the budget promises ≤ 2 s at the
#      calibrated speed; `make test` checks the same renders for 200 and memory only);
#   8. Lottie: every default kind's document as written and as the service sends it
#      gzipped, beside its SVG (targets ≤ 12 KB and ≤ 2 KB; the cold time is in 1.).
set -euo pipefail
cd "$(dirname "$0")/.."
spinnerd=.build/release/spinnerd
baseline="${SPINNERD_BASELINE:-}"
work=bench-out
rm -rf "$work" && mkdir -p "$work"
# The kinds and formats the binary serves, in catalog order (`spinnerd kinds --json`).
kinds=($(python3 -m spinnerd_tools.catalog "$spinnerd" kinds))
formats=($(python3 -m spinnerd_tools.catalog "$spinnerd" formats))
runs="${RUNS:-5}"

seconds() {  # mean seconds of a command over runs, by hyperfine
    hyperfine --style none --warmup 1 --runs "$runs" --export-json "$work/h.json" "$1" >/dev/null 2>&1
    python3 -c "import json; print(json.load(open('$work/h.json'))['results'][0]['mean'])"
}
frames_of() { python3 -m spinnerd_tools.imagetool inspect "$1" | python3 -c "import json,sys; print(json.load(sys.stdin)['frames'])"; }
size_of() { stat -c%s "$1"; }
ratio() { python3 -c "print('%.3f' % ($1 / $2))"; }
extension() { [[ $1 == lottie ]] && echo json || echo "$1"; }  # a file's name must match its format

# Median over runs of `spinnerd render … --timings` ("timings: wall W ms, cpu C ms = draw D + … +
# other O ms"): "wall draw reduce plan filter compress mux" in ms (phases are CPU time).
timed() {  # kind format [parameter…] → median line
    local kind=$1 format=$2
    shift 2
    for _ in $(seq 1 "$runs"); do
        $spinnerd render "$kind" format="$format" "$@" -o "$work/t.$(extension "$format")" --timings 2>&1 >/dev/null | python3 -c "
import re, sys
text = sys.stdin.read()
values = dict(re.findall(r'([a-z]+) ([0-9.]+)', text))
print(' '.join(values[name] for name in ['wall', 'draw', 'reduce', 'plan', 'filter', 'compress', 'mux']))"
        echo "--"
    done | python3 -c "
import sys
rows = [block.split() for block in sys.stdin.read().split('--') if block.split()]
rows.sort(key=lambda r: float(r[0]))
print(' '.join(rows[len(rows) // 2]))"
}

echo "== 1. Cold renders, one at a time, in-process (median of $runs; CPU ms per phase, each its own time)"
echo "   target: ≤ 100 ms; no file over 2 % larger than the baseline's"
printf "%-9s %-5s %-14s %8s | %6s %6s %6s %6s %6s %6s | %8s %s\n" kind fmt probe ms draw reduce plan filter compress mux bytes \
    "${baseline:+  baseline ms (process − start)   bytes}"
start=""
if [[ -n "$baseline" ]]; then  # the baseline has no --timings: its process time less its start-up
    start=$(seconds "$baseline render activity format=svg -o $work/s.svg")
fi
for probe in defaults theme=dark color=ff3b30; do
    parameters=()
    [[ $probe == defaults ]] || parameters=("$probe")
    for kind in "${kinds[@]}"; do
        for format in "${formats[@]}"; do
            read -r total draw reduce plan filter compress mux < <(timed "$kind" "$format" "${parameters[@]}")
            bytes=$(size_of "$work/t.$(extension "$format")")
            verdict=$(python3 -c "print('ok' if $total <= 100 else 'SLOW')")
            before=""
            if [[ -n "$baseline" ]] && "$baseline" render "$kind" format="$format" "${parameters[@]}" -o "$work/b.$(extension "$format")" 2>/dev/null; then
                old=$(seconds "$baseline render $kind format=$format ${parameters[*]} -o $work/b.$(extension "$format")")
                oldbytes=$(size_of "$work/b.$(extension "$format")")
                grew=$(python3 -c "print(' +%.1f %%' % (100 * ($bytes / $oldbytes - 1)) if $bytes > $oldbytes * 1.02 else '')")
                before=$(printf "%8.1f %10d%s" "$(python3 -c "print(max(0, ($old - $start) * 1000))")" "$oldbytes" "$grew")
            fi
            printf "%-9s %-5s %-14s %8.1f | %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f | %8d %-4s %s\n" "$kind" "$format" "$probe" "$total" \
                "$draw" "$reduce" "$plan" "$filter" "$compress" "$mux" "$bytes" "$verdict" "$before"
        done
    done
done
echo "(phases are thread time summed over both cores, so they can add up to more than the wall time)"

echo
echo "== 2. GIF: what gifsicle -O3 still saves (target ≤ 1 %, every frame kept exactly by both)"
printf "%-44s %9s %9s %8s\n" gif ours "-O3" shrink
for spec in "${kinds[@]}" "circular stroke=15 duration=1 style=accent"; do
    name="${spec// /_}"
    $spinnerd render $spec format=gif -o "$work/$name.gif"
    gifsicle -O3 "$work/$name.gif" -o "$work/$name.O3.gif"
    gif=$(size_of "$work/$name.gif"); o3=$(size_of "$work/$name.O3.gif")
    shrink=$(python3 -c "print('%.2f' % (100 * (1 - $o3 / $gif)))")
    printf "%-44s %9d %9d %7s%% %s\n" "$spec" "$gif" "$o3" "$shrink" "$(python3 -c "print('ok' if $shrink <= 1 else 'OVER')")"
done

echo
echo "== 3. APNG beside apngasm and apngopt on the same frames (default size and 128 px)"
printf "%-9s %9s %9s %7s   %9s %9s %7s %9s %7s\n" kind apng apngasm ratio "apng128" apngasm ratio apngopt ratio
for kind in "${kinds[@]}"; do
    $spinnerd render "$kind" format=apng -o "$work/$kind.apng"
    mkdir -p "$work/$kind-frames" "$work/$kind-f128"
    $spinnerd frames "$kind" -o "$work/$kind-frames"
    $spinnerd frames "$kind" size=128 -o "$work/$kind-f128"
    apngasm "$work/$kind.apngasm.png" "$work/$kind-frames/frame000.png" >/dev/null
    $spinnerd render "$kind" format=apng size=128 -o "$work/$kind-128.apng"
    apngasm "$work/$kind-128.apngasm.png" "$work/$kind-f128/frame000.png" >/dev/null
    apngopt "$work/$kind-128.apng" "$work/$kind-128.opt.png" >/dev/null 2>&1
    apng=$(size_of "$work/$kind.apng"); asm=$(size_of "$work/$kind.apngasm.png")
    a128=$(size_of "$work/$kind-128.apng"); asm128=$(size_of "$work/$kind-128.apngasm.png"); opt=$(size_of "$work/$kind-128.opt.png")
    printf "%-9s %9d %9d %7s   %9d %9d %7s %9d %7s\n" "$kind" "$apng" "$asm" "$(ratio "$apng" "$asm")" \
        "$a128" "$asm128" "$(ratio "$a128" "$asm128")" "$opt" "$(ratio "$a128" "$opt")"
done
echo "(ratios are ours / the peer's; apngasm deflates with 7-Zip, 15 passes, at 10–40× our time)"
echo
echo "   The defaults as the service keeps them (zopfli, \`render --exhaustive\`: their final encode, made"
echo "   in the background) beside \`apngopt -z2\` (zopfli, 15 passes) run on our file; target: not larger."
echo "   inexact: frames apngopt shows differently from ours (it blends translucent palette colours \"over\")"
printf "%-9s %9s %9s %9s %7s %9s %10s\n" kind "level 12" kept "apngopt" ratio inexact "kept s"
for kind in "${kinds[@]}"; do
    start=$(date +%s.%N)
    $spinnerd render "$kind" format=apng --exhaustive -o "$work/$kind.kept.apng"
    took=$(python3 -c "print('%.1f' % ($(date +%s.%N) - $start))")
    apngopt -z2 "$work/$kind.apng" "$work/$kind.z2.png" >/dev/null 2>&1
    kept=$(size_of "$work/$kind.kept.apng"); z2=$(size_of "$work/$kind.z2.png")
    inexact=$(python3 - "$work/$kind.kept.apng" "$work/$kind.z2.png" <<'PY'
import sys
from PIL import Image, ImageChops
a, b = Image.open(sys.argv[1]), Image.open(sys.argv[2])
differing = 0
for index in range(a.n_frames):
    a.seek(index); b.seek(index)
    differing += ImageChops.difference(a.convert("RGBA"), b.convert("RGBA")).getbbox() is not None
print("%d/%d" % (differing, a.n_frames))
PY
)
    printf "%-9s %9d %9d %9d %7s %9s %10s\n" "$kind" "$(size_of "$work/$kind.apng")" "$kept" "$z2" "$(ratio "$kept" "$z2")" "$inexact" "$took"
done
echo
echo "   Frame by frame: does each file show its frames exactly; frames stored alike (rectangle,"
echo "   dispose, blend); of those, byte-identical filtered rows; and their compressed data"
printf "%-9s %-7s %-8s %9s %9s %9s %9s %7s\n" kind px peer "inexact" alike "same rows" "data ours" "ratio"
for kind in "${kinds[@]}"; do
    for px in default 128; do
        if [[ $px == default ]]; then ours="$work/$kind.apng"; frames="$work/$kind-frames"; peers=(apngasm "$work/$kind.apngasm.png")
        else ours="$work/$kind-128.apng"; frames="$work/$kind-f128"
             peers=(apngasm "$work/$kind-128.apngasm.png" apngopt "$work/$kind-128.opt.png"); fi
        python3 -m spinnerd_tools.imagetool apngpeers "$ours" "$frames" "${peers[1]}" ${peers[3]:+"${peers[3]}"} | python3 -c "
import json, sys
r = json.load(sys.stdin)
assert not r['oursInexact'], 'our APNG does not show its frames exactly: %s' % r['oursInexact']
kind, px, names = sys.argv[1], sys.argv[2], sys.argv[3::2]
for name, path in zip(names, sys.argv[4::2]):
    peer = r['peers'][path]
    ours, theirs = peer['dataIdenticalRows']
    print('%-9s %-7s %-8s %9s %9s %9s %9d %7.3f' % (kind, px, name, len(peer['inexact']) or 'exact',
          '%d/%d' % (peer['storedAlike'], r['frames']), peer['rowsIdentical'], ours, ours / max(1, theirs)))
" "$kind" "$px" "${peers[@]}"
    done
done
echo "(inexact: frames the file shows differently from the frames it was given; ours must be exact)"
echo
echo "   The deflate setting: each default APNG's bytes had its filtered rows been compressed"
echo "   by each setting, and that compression's time on one core (ms; the other phases are in 1.)"
python3 - "$work" "${kinds[@]}" <<'PY'
import json, subprocess, sys
work, kinds = sys.argv[1], sys.argv[2:]
table = {kind: json.loads(subprocess.check_output(["python3", "-m", "spinnerd_tools.imagetool", "apngdeflate", f"{work}/{kind}.apng"]))
         for kind in kinds}
settings = list(table[kinds[0]].keys())
print("%-14s" % "setting" + "".join("%22s" % kind for kind in kinds))
for setting in settings:
    print("%-14s" % setting + "".join("%13d B %5.0f ms" % (table[k][setting]["bytes"], table[k][setting]["ms"]) for k in kinds))
PY

echo
echo "== 4. WebP: ours against libwebp's own img2webp -lossless -q 50 (our setting) given the same frames (target: not larger)"
printf "%-9s %9s %9s %7s   %9s %9s\n" kind webp img2webp ratio apng gif
img2webp_args() {  # frame dir → -d MS frame… (the same rounding of exact starts as ours)
    python3 - "$1" <<'PY'
import glob, sys
from fractions import Fraction
elapsed, written = Fraction(0), 0
for png in sorted(glob.glob(sys.argv[1] + "/frame*.png")):
    num, den = open(png[:-4] + ".txt").read().strip().split("=")[1].split("/")
    elapsed += Fraction(int(num), int(den))
    end = max(written + 1, int(elapsed * 1000 + Fraction(1, 2)))
    print("-d"); print(end - written); print(png)
    written = end
PY
}
for kind in "${kinds[@]}"; do
    $spinnerd render "$kind" format=webp -o "$work/$kind.webp"
    $spinnerd render "$kind" format=gif -o "$work/$kind.gif"
    mapfile -t args < <(img2webp_args "$work/$kind-frames")
    img2webp -lossless -q 50 "${args[@]}" -o "$work/$kind.img2webp.webp" >/dev/null 2>&1
    webp=$(size_of "$work/$kind.webp"); peer=$(size_of "$work/$kind.img2webp.webp")
    printf "%-9s %9d %9d %7s   %9d %9d\n" "$kind" "$webp" "$peer" "$(ratio "$webp" "$peer")" \
        "$(size_of "$work/$kind.apng")" "$(size_of "$work/$kind.gif")"
done
echo
echo "   img2webp's method/quality on dots' frames (one core; spinnerd codes method 4 quality 50 on both cores)"
mapfile -t args < <(img2webp_args "$work/dots-frames")
printf "%-18s %9s %9s\n" setting bytes ms
for setting in "-m 4 -q 75" "-m 4 -q 50" "-m 1 -q 0" "-m 0 -q 50"; do
    ms=$(python3 -c "print('%.0f' % ($(seconds "img2webp -lossless $setting ${args[*]} -o $work/dots.setting.webp") * 1000))")
    printf "%-18s %9d %9s\n" "$setting" "$(size_of "$work/dots.setting.webp")" "$ms"
done

echo
echo "== 5. Render + encode at size=64 scale=2 (mean of $runs runs, process start included)"
printf "%-9s %-5s %7s %10s %10s   %-22s %10s %7s\n" kind fmt frames "ms/image" "ms/frame" peer "peer ms" ratio
for kind in "${kinds[@]}"; do
    for format in gif apng; do
        out="$work/$kind-64.$format"
        ours=$(seconds "$spinnerd render $kind size=64 scale=2 format=$format -o $out")
        count=$(frames_of "$out")
        if [[ $format == apng ]]; then
            rm -rf "$work/f64" && mkdir -p "$work/f64"
            $spinnerd frames "$kind" size=64 scale=2 -o "$work/f64"
            peer_name="apngasm (same frames)"
            peer=$(seconds "apngasm $work/peer.png $work/f64/frame000.png")
        else
            peer_name="gifsicle -O3 (our GIF)"
            peer=$(seconds "gifsicle -O3 $out -o $work/peer.gif")
        fi
        printf "%-9s %-5s %7d %10.1f %10.2f   %-22s %10.1f %7.2f\n" "$kind" "$format" "$count" \
            "$(python3 -c "print($ours * 1000)")" "$(python3 -c "print($ours * 1000 / $count)")" "$peer_name" \
            "$(python3 -c "print($peer * 1000)")" "$(python3 -c "print($ours / $peer)")"
    done
done
echo "(ratio: our time / the peer's time on the same work)"

echo
echo "== 6. Large renders the budget admits: time and peak memory of one process"
for spec in "circular size=256 scale=2 format=apng" "circular size=256 scale=2 format=gif" "circular size=256 scale=2 format=png" "circular size=256 scale=2 format=webp"; do
    for program in "$spinnerd" ${baseline:+"$baseline"}; do
        python3 - "$program" $spec <<'PY'
import os, subprocess, sys, time
program, kind, *params = sys.argv[1:]
started = time.perf_counter()
process = subprocess.Popen([program, "render", kind, *params, "-o", "/dev/null"], stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(process.pid, 0)
name = "baseline" if program != ".build/release/spinnerd" else "spinnerd"
print(f"  {name:8} {kind} {' '.join(params):32} {time.perf_counter() - started:6.2f} s, peak {usage.ru_maxrss / 1024:6.1f} MiB, exit {status >> 8}")
PY
    done
done
echo "(make test's render admission suite searches the costliest admissible request of every kind × format)"

echo
echo "== 7. Costliest admissible renders: time against the estimate (×: measured / estimated)"
python3 Tests/Hostile/render_admission.py --binary "$spinnerd" costliest | grep -v '^  \[ok' | grep -v '^== '

echo
echo "== 8. Lottie beside SVG: bytes as written / as sent gzipped (targets: Lottie ≤ 12288 / ≤ 2048)"
python3 - "$spinnerd" <<'PY'
import os, sys
from spinnerd_tools import harness
binary = sys.argv[1]
server = harness.Server(binary, ["--prerender=false"])
try:
    print(f"  {'kind':9} {'Lottie':>15} {'SVG':>15}  {'ratio (gzipped)':>15}")
    for kind in harness.kinds(binary):
        sizes = {}
        for extension in ("json", "svg"):
            _, _, plain = harness.get(server.port, f"/spinner/{kind}.{extension}")
            _, headers, zipped = harness.get(server.port, f"/spinner/{kind}.{extension}", {"Accept-Encoding": "gzip"})
            sizes[extension] = (len(plain), len(zipped) if headers.get("Content-Encoding") == "gzip" else len(plain))
        (raw, gz), (svg, svggz) = sizes["json"], sizes["svg"]
        verdict = "ok" if raw <= 12288 and gz <= 2048 else "OVER"
        print(f"  {kind:9} {raw:7d} / {gz:5d} {svg:7d} / {svggz:5d}  {gz / svggz:15.2f}  {verdict}")
finally:
    server.stop()
PY
