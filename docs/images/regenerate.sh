#!/usr/bin/env bash
# Regenerates the figures in docs that come from sweeps, exactly as the command writes them:
# - docs/images/policy-sweep: the example sweep of docs/experiments.md (summaries and every chart
#   as PNG, SVG, PDF and the CSV of its numbers); SweepDocsFreshTest fails when it is stale;
# - docs/images/policy-library-*.png: four bar charts of the policy-library sweep in
#   docs/policies.md (several minutes on 2 cores; skipped with QUICK=1).
# Run from anywhere: docs/images/regenerate.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$root"
./preemptlab sweep --config examples/configs/policy-sweep.yaml --out "$tmp/policy-sweep" \
  --jobs "${JOBS:-2}" >/dev/null
rm -rf docs/images/policy-sweep
mkdir -p docs/images/policy-sweep
cp "$tmp/policy-sweep/summary.md" "$tmp/policy-sweep/summary.html" \
  "$tmp/policy-sweep/summary.csv" docs/images/policy-sweep/
cp -r "$tmp/policy-sweep/charts" docs/images/policy-sweep/
echo "regenerated docs/images/policy-sweep"
if [[ -n "${QUICK:-}" ]]; then
  exit 0
fi
./preemptlab sweep --config examples/configs/policy-library.yaml --out "$tmp/policy-library" \
  --jobs "${JOBS:-2}" --yes >/dev/null || true # a failed run is listed in its summary
charts="$tmp/policy-library/charts"
# each chart as drawn (PNG) and the numbers it draws (CSV); PolicyLibraryDocsTest compares the CSVs
for pair in deadline-misses:deadline-misses antt:antt stp:stp \
    turnaround-p99_priority-highest:high-turnaround-p99; do
  for ext in png csv; do
    cp "$charts/bars-${pair%%:*}.$ext" "docs/images/policy-library-${pair##*:}.$ext"
  done
done
echo "regenerated docs/images/policy-library-*.png and .csv"
