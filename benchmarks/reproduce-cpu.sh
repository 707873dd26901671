#!/usr/bin/env bash
# Measures what the reproductions cost in CPU, two builds against each other: for each build, the
# reproductions given (default: lithos then orion, which share runs) run one after another in one
# JVM as ReproductionPagesTest runs them (benchmarks/ReproduceCpu.java), writing their pages to
# OUT/old and OUT/new, which are then compared with docs/reproductions byte for byte. The two
# builds run side by side, so that both see the same machine load. Prints the load average before
# and after, each reproduction's CPU and wall seconds per build, and the comparison.
# Usage: benchmarks/reproduce-cpu.sh OLD_JAR NEW_JAR OUT [ID...]
# (the command-line jar finds the runner, the lab and the plugins in its lib/ folder, as a build
# leaves them: distribution/target/preemptlab.jar and distribution/target/lib; a build from before
# the distribution module has lab/target/preemptlab-lab.jar, which finds ../../runner/target);
# copy a build's jar and lib/ aside, keeping that layout, so that a rebuild does not change a jar
# while it is measured)
set -uo pipefail
old_jar="$1"
new_jar="$2"
out="$3"
shift 3
ids=("$@")
[ ${#ids[@]} -eq 0 ] && ids=(lithos orion)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
load() { sed 's/.*load average: //' /proc/loadavg 2>/dev/null | cut -d' ' -f1-3; }
mkdir -p "$out"
echo "== ${ids[*]} in one JVM per build, old and new side by side, load $(load)"
java -cp "$old_jar" "$root/benchmarks/ReproduceCpu.java" "$out/old" "${ids[@]}" > "$out/old.txt" 2>&1 &
old_pid=$!
java -cp "$new_jar" "$root/benchmarks/ReproduceCpu.java" "$out/new" "${ids[@]}" > "$out/new.txt" 2>&1 &
new_pid=$!
wait "$old_pid" "$new_pid"
echo "== done, load $(load)"
for side in old new; do
  sed "s/^/$side /" "$out/$side.txt"
  for id in "${ids[@]}"; do
    if cmp -s "$out/$side/$id.md" "$root/docs/reproductions/$id.md"; then
      echo "$side $id.md: the same as docs/reproductions/$id.md"
    else
      echo "$side $id.md: DIFFERS from docs/reproductions/$id.md"
    fi
  done
done
