#!/usr/bin/env bash
# Regenerates docs/images/llm-colocation from the study's sweep (docs/llm-serving.md, "Study"):
# its summary.csv and its trade-off charts (PNG, SVG, PDF and the CSV of their numbers), exactly as
# the command writes them, and the table between the markers of docs/llm-serving.md (the means over
# the seeds, formatted as LlmColocationStudyTest.table formats them; the test checks all three).
# Run from anywhere: docs/images/regenerate-llm-colocation.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$root"
./preemptlab sweep --config examples/configs/llm-colocation.yaml --out "$tmp/llm-colocation" \
  --jobs "${JOBS:-2}" --yes >/dev/null
rm -rf docs/images/llm-colocation
mkdir -p docs/images/llm-colocation/charts
cp "$tmp/llm-colocation/summary.csv" docs/images/llm-colocation/
cp "$tmp/llm-colocation/charts/"trade-off-* docs/images/llm-colocation/charts/
python3 - docs/images/llm-colocation/summary.csv docs/llm-serving.md <<'PY'
import csv, sys
summary, page = sys.argv[1], sys.argv[2]
means, labels = {}, {}
for row in csv.DictReader(open(summary, encoding="utf-8")):
    labels[row["configuration"]] = "`%s` | `%s`" % (row["policy"], row["sharing"])
    if row["mean"]:
        means.setdefault(row["configuration"], {})[row["metric"]] = float(row["mean"])
lines = ["| policy | sharing | TTFT p99 (ms) | TPOT p99 (ms) | TTFT p50 (ms) | TPOT p50 (ms)"
         " | SLO attainment | requests unfinished | training samples/s | context switches"
         " | preemptions |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
app = "application.llm-serving."
for config, m in means.items():
    cells = [labels[config]]
    cells += ["%.1f" % (m[app + k] / 1e6) for k in ("ttft-p99", "tpot-p99", "ttft-p50", "tpot-p50")]
    cells.append("%.0f %%" % (m[app + "slo-attainment"] * 100))
    cells.append("%.1f" % m[app + "requests-unfinished"])
    cells.append("%.0f" % m["application.training-loop.samples-per-second"])
    cells.append("%.0f" % m["context-switches"])
    cells.append("%.0f" % m["preemptions"])
    lines.append("| " + " | ".join(cells) + " |")
text = open(page, encoding="utf-8").read()
start = "<!-- llm-colocation-table: generated from docs/images/llm-colocation/summary.csv -->\n"
end = "<!-- /llm-colocation-table -->"
head, rest = text.split(start)
_, tail = rest.split(end)
open(page, "w", encoding="utf-8").write(head + start + "\n".join(lines) + "\n" + end + tail)
PY
echo "regenerated docs/images/llm-colocation and the table of docs/llm-serving.md"
