#!/usr/bin/env bash
# Measures spinnerd's encoders against peers on the same frames, in one run:
#   GIF:  how much `gifsicle -O3` can still shrink our GIF of each default kind (target ≤ 5 %);
#   APNG: our APNG against apngasm given exactly our frames (target: not larger), at the
#         default size and at 128 px, and against what apngopt makes of it (within 1 %);
#         then frame by frame: whether each peer's file shows the frames exactly, and
#         how the data compares where both store a frame the same way;
#   WebP: ours against libwebp's own img2webp -lossless on the same frames (not larger),
#         beside our APNG and GIF of the same kind;
#   time: render + encode of each kind at 64 px, scale 2, per image and per frame, with the
#         peer's time on the same work beside it (apngasm assembling the same frames,
#         gifsicle -O3 re-optimising our GIF). Machines are shared: read ratios, not times.
set -euo pipefail
cd "$(dirname "$0")/.."
spinnerd=.build/release/spinnerd
work=bench-out
rm -rf "$work" && mkdir -p "$work"
kinds=(circular activity dots arc capsules)

seconds() {  # mean seconds of a command over runs, by hyperfine
    hyperfine --style none --warmup 1 --runs "${RUNS:-5}" --export-json "$work/h.json" "$1" >/dev/null 2>&1
    python3 -c "import json; print(json.load(open('$work/h.json'))['results'][0]['mean'])"
}
frames_of() { python3 Tests/Support/imagetool.py inspect "$1" | python3 -c "import json,sys; print(json.load(sys.stdin)['frames'])"; }
size_of() { stat -c%s "$1"; }

echo "== Sizes at default parameters (bytes)"
printf "%-9s %9s %9s %8s   %9s %9s %8s\n" kind gif "gifsicle" "shrink" apng apngasm "ratio"
for kind in "${kinds[@]}"; do
    $spinnerd render "$kind" format=gif -o "$work/$kind.gif"
    gifsicle -O3 "$work/$kind.gif" -o "$work/$kind.O3.gif"
    $spinnerd render "$kind" format=apng -o "$work/$kind.apng"
    mkdir -p "$work/$kind-frames"
    $spinnerd frames "$kind" -o "$work/$kind-frames"
    apngasm "$work/$kind.apngasm.png" "$work/$kind-frames/frame000.png" >/dev/null
    gif=$(size_of "$work/$kind.gif"); o3=$(size_of "$work/$kind.O3.gif")
    apng=$(size_of "$work/$kind.apng"); peer=$(size_of "$work/$kind.apngasm.png")
    printf "%-9s %9d %9d %7.2f%%   %9d %9d %8.3f\n" "$kind" "$gif" "$o3" \
        "$(python3 -c "print(100 * (1 - $o3 / $gif))")" "$apng" "$peer" "$(python3 -c "print($apng / $peer)")"
done
echo "(shrink: how much smaller gifsicle -O3 made our GIF; ratio: our APNG / apngasm's, same frames)"

echo
echo "== WebP: ours against libwebp's own img2webp -lossless given the same frames (target: not larger);"
echo "   APNG at 128 px against apngasm (target: not larger) and apngopt (target: within 1 %)"
printf "%-9s %9s %9s %7s   %9s %9s   %9s %9s %7s %9s %7s\n" kind webp img2webp ratio apng gif "apng128" apngasm ratio apngopt ratio
for kind in "${kinds[@]}"; do
    $spinnerd render "$kind" format=webp -o "$work/$kind.webp"
    # img2webp takes one duration per frame in ms: the same rounding of exact starts.
    mapfile -t img2webp_args < <(python3 - "$work/$kind-frames" <<'PY'
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
)
    img2webp -lossless "${img2webp_args[@]}" -o "$work/$kind.img2webp.webp" >/dev/null 2>&1
    $spinnerd render "$kind" format=apng size=128 -o "$work/$kind-128.apng"
    rm -rf "$work/$kind-f128" && mkdir -p "$work/$kind-f128"
    $spinnerd frames "$kind" size=128 -o "$work/$kind-f128"
    apngasm "$work/$kind-128.apngasm.png" "$work/$kind-f128/frame000.png" >/dev/null
    apngopt "$work/$kind-128.apng" "$work/$kind-128.opt.png" >/dev/null 2>&1
    webp=$(size_of "$work/$kind.webp"); peer=$(size_of "$work/$kind.img2webp.webp")
    apng=$(size_of "$work/$kind.apng"); gif=$(size_of "$work/$kind.gif")
    a128=$(size_of "$work/$kind-128.apng"); asm=$(size_of "$work/$kind-128.apngasm.png"); opt=$(size_of "$work/$kind-128.opt.png")
    printf "%-9s %9d %9d %7.3f   %9d %9d   %9d %9d %7.3f %9d %7.3f\n" "$kind" "$webp" "$peer" \
        "$(python3 -c "print($webp / $peer)")" "$apng" "$gif" "$a128" "$asm" "$(python3 -c "print($a128 / $asm)")" \
        "$opt" "$(python3 -c "print($a128 / $opt)")"
done
echo "(webp, apng, gif: default parameters; ratios are ours / the peer's)"

echo
echo "== APNG peers frame by frame: does the peer show the frames exactly, how many frames both store"
echo "   alike (rectangle, dispose, blend), how many of those with byte-identical filtered rows, and"
echo "   the compressed data of those: a ratio over 1 there is the deflate engine alone"
printf "%-9s %-7s %-8s %9s %9s %9s %9s %7s\n" kind px peer "inexact" alike "same rows" "data ours" "ratio"
for kind in "${kinds[@]}"; do
    for px in default 128; do
        if [[ $px == default ]]; then ours="$work/$kind.apng"; frames="$work/$kind-frames"; peers=(apngasm "$work/$kind.apngasm.png")
        else ours="$work/$kind-128.apng"; frames="$work/$kind-f128"
             peers=(apngasm "$work/$kind-128.apngasm.png" apngopt "$work/$kind-128.opt.png"); fi
        python3 Tests/Support/imagetool.py apngpeers "$ours" "$frames" "${peers[1]}" ${peers[3]:+"${peers[3]}"} | python3 -c "
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
echo "(inexact: frames the peer's file shows differently from the frames it was given)"

echo
echo "== Render + encode at size=64 scale=2 (mean of ${RUNS:-5} runs, process start included)"
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
echo "== Cold render at default parameters, each kind × format (mean of ${RUNS:-5} runs, process start included)"
baseline="${SPINNERD_BASELINE:-}"
printf "%-9s %-5s %7s %10s %10s %12s\n" kind fmt frames "ms/image" "ms/frame" "${baseline:+baseline ms}"
for kind in "${kinds[@]}"; do
    for format in svg png gif apng webp; do
        out="$work/$kind-default.$format"
        ours=$(seconds "$spinnerd render $kind format=$format -o $out")
        count=1
        if [[ $format == gif || $format == apng || $format == webp ]]; then count=$(frames_of "$out"); fi
        before=""
        if [[ -n "$baseline" ]]; then before=$(python3 -c "print('%.1f' % ($(seconds "$baseline render $kind format=$format -o $work/b.$format") * 1000))"); fi
        printf "%-9s %-5s %7s %10.1f %10.2f %12s\n" "$kind" "$format" "$count" \
            "$(python3 -c "print($ours * 1000)")" "$(python3 -c "print($ours * 1000 / max(1, $count))")" "$before"
    done
done

echo
echo "== Large renders the budget admits: time and peak memory of one process"
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
