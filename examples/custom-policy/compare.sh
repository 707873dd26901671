#!/usr/bin/env bash
# Runs examples/configs/inference-vs-training.yaml under three built-in policies and this plugin,
# and prints each queue's p99 turnaround and deadline misses: the table in this folder's README.
# Run from the PreemptLab root after building the plugin (see README.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
printf '| policy | inference p99 us | inference misses | vision p99 us | vision misses | training p99 us |\n'
printf '|---|---|---|---|---|---|\n'
for policy in fifo round-robin priority shortest-job-first; do
  out="$(./preemptlab run --config examples/configs/inference-vs-training.yaml \
    --plugin-path examples/custom-policy/target --policy "$policy")"
  row() { awk -v q="$1" '$1 == q { print $6 "|" $10 }' <<<"$out"; }
  IFS='|' read -r ip99 imiss <<<"$(row inference)"
  IFS='|' read -r vp99 vmiss <<<"$(row vision)"
  IFS='|' read -r tp99 _ <<<"$(row training)"
  printf '| `%s` | %s | %s | %s | %s | %s |\n' "$policy" "$ip99" "$imiss" "$vp99" "$vmiss" "$tp99"
done
