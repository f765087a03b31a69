#!/usr/bin/env bash
# Measures spinnerd's encoders against peers on the same frames, in one run:
#   GIF:  how much `gifsicle -O3` can still shrink our GIF of each default kind (target ≤ 5 %);
#   APNG: our APNG against apngasm given exactly our frames (target: not larger);
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
    for format in svg png gif apng; do
        out="$work/$kind-default.$format"
        ours=$(seconds "$spinnerd render $kind format=$format -o $out")
        count=1
        if [[ $format == gif || $format == apng ]]; then count=$(frames_of "$out"); fi
        before=""
        if [[ -n "$baseline" ]]; then before=$(python3 -c "print('%.1f' % ($(seconds "$baseline render $kind format=$format -o $work/b.$format") * 1000))"); fi
        printf "%-9s %-5s %7s %10.1f %10.2f %12s\n" "$kind" "$format" "$count" \
            "$(python3 -c "print($ours * 1000)")" "$(python3 -c "print($ours * 1000 / max(1, $count))")" "$before"
    done
done

echo
echo "== Large renders the budget admits: time and peak memory of one process"
for spec in "circular size=256 scale=2 format=apng" "circular size=256 scale=2 format=gif" "circular size=256 scale=2 format=png"; do
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
