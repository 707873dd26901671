#!/usr/bin/env bash
# Compares every output file of two builds of PreemptLab: each run of examples/configs/*.yaml and
# examples/configs/xsched/*.yaml (`run`, or `sweep` for a file with a `vary:` section), the example
# traces (`run` with pytorch-trace, nsys-trace, csv-trace and trace-mix), one `run --trace`
# timeline, and the demo's table, with each build's command-line jar. Files are compared byte for byte
# after removing what names the build or the output folder (jar hashes, git commit and dirty flag
# in provenance.json and summary.json, the output folder's path) and, from what the command
# printed, the lines that report wall time (a sweep's progress and duration); prints SAME or
# DIFFERENT per case (FAILED if a command exited with an error on either side) and exits 1 if any
# differs or failed. plugin-sweep.yaml needs a plugin generated from the archetype (its
# earliest-deadline-first policy, as .ci/run builds it): give its jar as PLUGIN_JAR=PATH, else the
# sweep is skipped.
# Usage: benchmarks/compare-outputs.sh OLD_JAR NEW_JAR [WORK_DIR]
# (the command-line jar finds the runner, the lab and the plugins in its lib/ folder, as a build
# leaves them: distribution/target/preemptlab.jar and distribution/target/lib; a build from before
# the distribution module has lab/target/preemptlab-lab.jar, which finds ../../runner/target)
set -uo pipefail
old_jar="$1"
new_jar="$2"
work="${3:-$(mktemp -d)}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
mkdir -p "$work"
status=0
plugin_jar="${PLUGIN_JAR:-}"

normalise() { # DIR: drops build-specific lines, replaces the folder's path
  find "$1" -type f \( -name '*.json' -o -name '*.txt' -o -name '*.yaml' -o -name '*.csv' \
      -o -name '*.md' -o -name '*.out' \) -print0 | while IFS= read -r -d '' f; do
    sed -i -e "s#$1#OUT#g" -e '/"jar-sha256"/d' -e '/"git-commit"/d' -e '/"git-dirty"/d' "$f"
  done
}

compare() { # NAME ARGS...: runs both jars, compares
  local name="$1"
  shift
  for side in old new; do
    local jar="$old_jar"
    [ "$side" = new ] && jar="$new_jar"
    local out="$work/$side/$name"
    rm -rf "$out"
    mkdir -p "$(dirname "$out")"
    local args=()
    for a in "$@"; do args+=("${a//@OUT@/$out}"); done
    java -jar "$jar" "${args[@]}" > "$out.out" 2>&1
    echo "exit $?" >> "$out.out"
    normalise "$out" 2>/dev/null
    sed -i -e "s#$out#OUT#g" -e '/runs done\|ms wall\|wall time\|^ran [0-9]* runs in /d' "$out.out"
  done
  : > "$work/$name.diff"
  local same=yes
  if [ -e "$work/old/$name" ] || [ -e "$work/new/$name" ]; then # a command without --out has none
    diff -r "$work/old/$name" "$work/new/$name" >> "$work/$name.diff" 2>&1 || same=no
  fi
  diff "$work/old/$name.out" "$work/new/$name.out" >> "$work/$name.diff" 2>&1 || same=no
  if ! grep -qx "exit 0" "$work/old/$name.out" || ! grep -qx "exit 0" "$work/new/$name.out"; then
    echo "FAILED     $name (a command exited with an error; see $work/{old,new}/$name.out)"
    status=1
  elif [ "$same" = yes ]; then
    echo "SAME       $name"
  else
    echo "DIFFERENT  $name (see $work/$name.diff)"
    status=1
  fi
}

for config in examples/configs/*.yaml examples/configs/xsched/*.yaml; do
  name="$(basename "$config" .yaml)"
  if grep -q '^vary:' "$config"; then
    extra=()
    if [ "$name" = plugin-sweep ]; then
      [ -z "$plugin_jar" ] && { echo "SKIPPED    $name (no PLUGIN_JAR)"; continue; }
      extra=(--plugin-path "$plugin_jar")
    fi
    compare "sweep-$name" sweep --config "$config" --out @OUT@ --yes "${extra[@]}"
  else
    compare "run-$name" run --config "$config" --out @OUT@ --yes
  fi
done
compare run-trace-timeline run --config examples/configs/inference-vs-training.yaml --out @OUT@ \
  --yes --trace @OUT@/timeline.json
compare pytorch-inference run --workload pytorch-trace \
  --set workload.path=examples/traces/inference.pt.trace.json --out @OUT@ --yes
compare pytorch-training run --workload pytorch-trace \
  --set workload.path=examples/traces/training.pt.trace.json.gz --out @OUT@ --yes
compare nsys-preprocess run --workload nsys-trace \
  --set workload.path=examples/traces/preprocess.nsys.csv --out @OUT@ --yes
compare csv-small run --workload csv-trace --set workload.path=examples/traces/small.csv \
  --out @OUT@ --yes
compare trace-mix run --workload trace-mix --set workload.path=examples/traces/colocation.yaml \
  --out @OUT@ --yes
compare demo demo
compare demo-markdown demo --markdown
exit $status
