#!/usr/bin/env bash
# Regenerates docs/images/llm-colocation from the study's sweep (docs/llm-serving.md, "Study"):
# its summary.csv and its trade-off charts (PNG, SVG, PDF and the CSV of their numbers), exactly as
# the command writes them. Run from anywhere: docs/images/regenerate-llm-colocation.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$root"
./preemptlab sweep --config examples/configs/llm-colocation.yaml --out "$tmp/llm-colocation" \
  --jobs "${JOBS:-2}" >/dev/null
rm -rf docs/images/llm-colocation
mkdir -p docs/images/llm-colocation/charts
cp "$tmp/llm-colocation/summary.csv" docs/images/llm-colocation/
cp "$tmp/llm-colocation/charts/"trade-off-* docs/images/llm-colocation/charts/
echo "regenerated docs/images/llm-colocation"
