#!/usr/bin/env bash
# Regenerates docs/images/policy-sweep from the example sweep (docs/experiments.md): the summaries
# and every chart (PNG, SVG, PDF and the CSV of its numbers), exactly as the command writes them.
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
