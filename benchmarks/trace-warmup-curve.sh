#!/usr/bin/env bash
# How the example traces' replay rate (bench --trace, simulated seconds per wall second, median of
# the measured runs with aggregation) depends on how long the JVM has warmed up: one fresh JVM per
# trace and warm-up time, each with at least 60 warm-up runs and then 200 measured ones. Prints one
# line per trace and warm-up time (docs/performance-log.md, "The example traces, warm-up and steady
# state"). Usage: benchmarks/trace-warmup-curve.sh [SECONDS...] (default 0 2 5 10 20).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=("$@")
[[ ${#seconds[@]} -gt 0 ]] || seconds=(0 2 5 10 20)
printf '%-28s %8s %12s %14s %14s\n' trace warm-up runs 'sim/wall' 'sim/CPU'
for trace in inference.pt.trace.json training.pt.trace.json.gz preprocess.nsys.csv; do
  for s in "${seconds[@]}"; do
    out="$(./preemptlab bench --trace "examples/traces/$trace" --warmups 60 --warmup-seconds "$s" \
      --repetitions 200)"
    runs="$(sed -n 's/^\([0-9]*\) warm-up .*/\1/p' <<<"$out")"
    wall="$(sed -n 's/^  simulated\/wall *\([0-9.]*\).*/\1/p' <<<"$out" | head -1)"
    cpu="$(sed -n 's/^  simulated\/CPU *\([0-9.n/a]*\).*/\1/p' <<<"$out")"
    printf '%-28s %7ss %12s %14s %14s\n' "$trace" "$s" "$runs" "$wall" "$cpu"
  done
done
