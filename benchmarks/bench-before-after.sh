#!/usr/bin/env bash
# Measures two builds of PreemptLab against each other with `preemptlab bench`, alternating them
# so that both see the same machine load: the standard workload (N = 10,000) and `bench --trace`
# of each example trace and of any further trace given, ROUNDS times (default 2). Prints, per run,
# the load average and the lines that carry the figures (the engine/baseline ratios and the MATCH
# lines; for a trace, the medians with aggregation, the wall time without it and the results row).
# Usage: benchmarks/bench-before-after.sh OLD_JAR NEW_JAR [ROUNDS] [TRACE...]
# (the command-line jar finds the runner, the lab and the plugins in its lib/ folder, as a build
# leaves them: distribution/target/preemptlab.jar and distribution/target/lib; a build from before
# the distribution module has lab/target/preemptlab-lab.jar, which finds ../../runner/target);
# copy a build's jar and lib/ aside so that a rebuild does not change a jar while it is measured)
set -uo pipefail
old_jar="$1"
new_jar="$2"
rounds="${3:-2}"
shift $(( $# < 3 ? $# : 3 ))
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
traces=(examples/traces/inference.pt.trace.json examples/traces/training.pt.trace.json.gz
  examples/traces/preprocess.nsys.csv "$@")
# Builds since --warmup-seconds and --measure-seconds (5 s and 1 s by default) get both at 0, so
# that every build warms up and measures by the same counts; compare a steady state with
# benchmarks/trace-warmup-curve.sh instead.
timed_opts() {
  if java -jar "$1" bench --help 2>/dev/null | grep -q -- '--measure-seconds'; then
    echo "--warmup-seconds 0 --measure-seconds 0"
  fi
}
load() { sed 's/.*load average: //' /proc/loadavg 2>/dev/null || uptime | sed 's/.*average: //'; }
for round in $(seq 1 "$rounds"); do
  for side in old new; do
    jar="$old_jar"
    [ "$side" = new ] && jar="$new_jar"
    echo "== round $round $side bench (N = 10,000) load $(load | cut -d' ' -f1-3)"
    java -jar "$jar" bench | grep -E '^(baseline|engine) +[0-9]|^engine/baseline|^per repetition|^result'
  done
  for trace in "${traces[@]}"; do
    for side in old new; do
      jar="$old_jar"
      [ "$side" = new ] && jar="$new_jar"
      case "$trace" in
        examples/*) reps=(--warmups 5 --repetitions 21) ;;
        *) reps=(--warmups 1 --repetitions 1) ;; # a long trace: one measured run of each
      esac
      echo "== round $round $side bench --trace $trace ${reps[*]} load $(load | cut -d' ' -f1-3)"
      # shellcheck disable=SC2046
      java -jar "$jar" bench --trace "$trace" "${reps[@]}" $(timed_opts "$jar") \
        | grep -E 'wall time|simulated/wall|blocks per CPU|simulated/CPU|speed-up|^results'
    done
  done
done
