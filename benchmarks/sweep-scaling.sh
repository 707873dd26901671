#!/usr/bin/env bash
# Does a sweep scale from one core to two? (issue 29: "Sweeps keep scaling".)
#
# Runs one sweep file with `--jobs 1` pinned to one core (taskset -c 0) and with `--jobs 2` pinned
# to two (taskset -c 0,1), alternating, ROUNDS times; prints each run's wall time, the medians and
# their ratio (one core over two), and checks that every output file that holds results is
# byte-identical between the two (the run log and command.txt, which records
# the command line, are left out of the check).
#
# usage: benchmarks/sweep-scaling.sh [SWEEP_FILE] [ROUNDS] [JAR]
#   SWEEP_FILE default examples/configs/policy-library.yaml; ROUNDS default 3;
#   JAR default distribution/target/preemptlab.jar (build with `mvn -q package -DskipTests`).
# Needs taskset (util-linux) and two cores. The figures are only as good as the cores are free:
# print the load average next to them.
set -euo pipefail
cd "$(dirname "$0")/.."
SWEEP=${1:-examples/configs/policy-library.yaml}
ROUNDS=${2:-3}
JAR=${3:-distribution/target/preemptlab.jar}
[ -f "$SWEEP" ] || { echo "sweep-scaling: no sweep file $SWEEP" >&2; exit 2; }
[ -f "$JAR" ] || { echo "sweep-scaling: no jar $JAR (build with mvn -q install -DskipTests)" >&2; exit 2; }
command -v taskset >/dev/null || { echo "sweep-scaling: taskset not found (util-linux)" >&2; exit 2; }
[ "$(nproc)" -ge 2 ] || { echo "sweep-scaling: needs two cores, this machine has $(nproc)" >&2; exit 2; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

run() { # cores jobs dir -> wall seconds
  local start end
  start=$(date +%s.%N)
  taskset -c "$1" java -jar "$JAR" sweep --config "$SWEEP" --jobs "$2" --yes --out "$3" >"$3.log" 2>&1 \
    || { echo "sweep-scaling: the sweep failed, see below" >&2; cat "$3.log" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN {print e - s}'
}

echo "sweep $SWEEP, $ROUNDS rounds, jar $JAR; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
one=(); two=()
for r in $(seq 1 "$ROUNDS"); do
  a=$(run 0 1 "$OUT/one-$r"); b=$(run 0,1 2 "$OUT/two-$r")
  printf 'round %d: --jobs 1 on 1 core %.2f s, --jobs 2 on 2 cores %.2f s\n' "$r" "$a" "$b"
  one+=("$a"); two+=("$b")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
m1=$(median "${one[@]}"); m2=$(median "${two[@]}")
printf 'median: 1 core %.2f s, 2 cores %.2f s, speed-up %.2fx; load average after: %s\n' \
  "$m1" "$m2" "$(awk -v a="$m1" -v b="$m2" 'BEGIN {print a / b}')" "$(cut -d' ' -f1-3 /proc/loadavg)"

# Results must not depend on the thread count: compare every file but logs and timings.
status=0
for r in $(seq 1 "$ROUNDS"); do
  if ! diff -r -q -x '*.log' -x command.txt "$OUT/one-$r" "$OUT/two-$r"; then status=1; fi
done
if [ "$status" = 0 ]; then echo "results: IDENTICAL (--jobs 1 = --jobs 2 in every round)"
else echo "results: DIFFERENT between --jobs 1 and --jobs 2" >&2; exit 1; fi
