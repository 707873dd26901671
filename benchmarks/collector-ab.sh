#!/usr/bin/env bash
# Which garbage collector should PreemptLab's launcher choose? Runs three user workloads under G1
# (the JVM's default) and under the Parallel collector, alternating, ROUNDS times, each JVM pinned
# to one core (taskset -c 0) so that the collectors' background threads count against the run:
#   sweep  the 48 runs of examples/configs/policy-library.yaml (--jobs 1): CPU seconds, user + sys
#   tally  `reproduce tally` (a reproduction of long co-running clients): CPU seconds, user + sys
#   trace  `bench --trace examples/traces/inference.pt.trace.json` (5 s warm-up, 3 s measured):
#          simulated seconds per wall second, with and without block aggregation
# The machine's speed drifts between phases: compare the collectors round by round, and print the
# load average beside the figures.
#
# usage: benchmarks/collector-ab.sh [ROUNDS] [JAR]
#   ROUNDS default 3; JAR default distribution/target/preemptlab.jar (mvn -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
JAR=${2:-distribution/target/preemptlab.jar}
[ -f "$JAR" ] || { echo "collector-ab: no jar $JAR (build with mvn -q package -DskipTests)" >&2; exit 2; }
command -v taskset >/dev/null || { echo "collector-ab: taskset not found (util-linux)" >&2; exit 2; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

cpu() { # label command... -> "label: cpu S s" (the command may exit 1: a reproduction that fails)
  local label=$1; shift
  /usr/bin/time -f '%U %S' -o "$OUT/time" "$@" >"$OUT/log" 2>&1 || true
  awk -v l="$label" '/^[0-9.]+ [0-9.]+$/ {printf "%s: cpu %.1f s", l, $1 + $2}' "$OUT/time"
}

echo "jar $JAR; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$ROUNDS"); do
  for gc in G1 Parallel; do
    java=(taskset -c 0 java "-XX:+Use${gc}GC" -jar "$JAR")
    rm -rf "$OUT/run"
    sweep=$(cpu sweep "${java[@]}" sweep --config examples/configs/policy-library.yaml --jobs 1 \
      --yes --out "$OUT/run/sweep")
    tally=$(cpu tally "${java[@]}" reproduce tally --out "$OUT/run/tally")
    "${java[@]}" bench --trace examples/traces/inference.pt.trace.json --warmup-seconds 5 \
      --measure-seconds 3 >"$OUT/trace" 2>&1
    trace=$(grep -E '^  simulated/wall' "$OUT/trace" | awk '{print $2}' | paste -sd/ -)
    echo "round $r $gc: $sweep; $tally; trace: simulated/wall $trace (with/without aggregation);" \
      "load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
done
