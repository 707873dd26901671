package org.preemptlab.runner.report.sweep;

import java.util.List;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Statistics;
import org.preemptlab.runner.experiment.sweep.SweepPlan;
import org.preemptlab.runner.report.TextTable;

/**
 * The summary of a sweep in three renderings of the same cells ({@link MetricTable}): aligned text
 * for the terminal, Markdown ({@code summary.md}) and HTML ({@code summary.html}).
 */
public final class Summaries {
  private Summaries() {}

  /** The sentence that introduces every rendering. */
  static String introduction(SweepAnalysis analysis) {
    SweepPlan plan = analysis.plan();
    int runs = plan.points().size() * plan.seeds().size();
    int failed = analysis.failures().size();
    return "Sweep '" + plan.config().name() + "': " + plan.points().size() + " configuration"
        + (plan.points().size() == 1 ? "" : "s") + " x " + plan.seeds().size() + " seed"
        + (plan.seeds().size() == 1 ? "" : "s") + " = " + runs + " runs, " + failed
        + " failed. Baseline: " + baselineName(plan) + ". Mean ± half-width of the 95% "
        + "confidence interval (Student t) over the seeds, written [low, high] where it is cut "
        + "at a bound of the metric (no count or latency below 0), with the number of seeds "
        + "(n=N); Δ is the paired difference against the baseline on the same seeds (same "
        + "workload), n its pairs; 'better'/'worse' when its interval excludes 0, 'n.s.' when "
        + "it does not, '" + Cells.ONE_SEED + "' (no verdict) with fewer than "
        + Statistics.MIN_VALUES_FOR_INTERVAL + " pairs, '" + Cells.CONSTANT + "' (no verdict) "
        + "when every pair differs by the same amount.";
  }

  private static String baselineName(SweepPlan plan) {
    if (plan.baseline().values().isEmpty()) {
      return "the base configuration (nothing is varied)";
    }
    java.util.List<String> groups = plan.config().groupKeys();
    StringBuilder sb = new StringBuilder();
    plan.baseline().values().forEach((k, v) -> {
      if (!groups.contains(k)) {
        sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v);
      }
    });
    return groups.isEmpty() ? sb.toString()
        : sb + ", within each value of " + String.join(" and ", groups);
  }

  /** The summary as text: one aligned table per metric, then the failed runs. */
  public static String text(SweepAnalysis analysis) {
    StringBuilder sb = new StringBuilder(introduction(analysis)).append("\n");
    for (MetricSelection metric : analysis.metrics()) {
      MetricTable table = MetricTable.of(analysis, metric);
      TextTable text = new TextTable(table.headers().toArray(String[]::new));
      table.rows().forEach(row -> text.row(row.toArray()));
      sb.append('\n').append(metric.heading(table.unit())).append('\n').append(text.render());
    }
    List<String> failures = Failures.lines(analysis);
    if (!failures.isEmpty()) {
      sb.append("\nfailed runs:\n");
      failures.forEach(line -> sb.append("  ").append(line).append('\n'));
    }
    return sb.toString();
  }

  /**
   * The summary as Markdown: each metric's table with its bar chart below it, then the turnaround
   * CDF of every queue; every chart is linked in PNG, SVG, PDF and its CSV.
   */
  public static String markdown(SweepAnalysis analysis) {
    return markdown(analysis, null);
  }

  /** The summary as Markdown, linking the charts named in {@code charts} (null: every chart). */
  static String markdown(SweepAnalysis analysis, java.util.Set<String> charts) {
    StringBuilder sb = new StringBuilder("# Sweep ").append(analysis.plan().config().name())
        .append("\n\n").append(introduction(analysis)).append("\n");
    for (MetricSelection metric : analysis.metrics()) {
      MetricTable table = MetricTable.of(analysis, metric);
      sb.append("\n## ").append(metric.heading(table.unit())).append("\n\n");
      sb.append(markdownRow(table.headers()));
      sb.append(markdownRow(table.headers().stream().map(h -> "---").toList()));
      table.rows().forEach(row -> sb.append(markdownRow(row)));
      if (drawn(charts, SweepCharts.barsName(metric))) {
        markdownChart(sb, metric.title(), SweepCharts.barsName(metric));
      }
    }
    sb.append("\n## Turnaround CDFs per queue\n");
    for (String queue : SweepCharts.queues(analysis)) {
      sb.append("\n### Queue ").append(markdownEscape(queue)).append('\n');
      markdownChart(sb, "turnaround CDF of queue " + queue, SweepCharts.cdfName(queue));
    }
    List<String> againsts = againstCharts(analysis).stream().filter(c -> drawn(charts, c))
        .toList();
    if (!againsts.isEmpty()) {
      sb.append("\n## Metrics against the varied parameter\n");
      againsts.forEach(chart -> markdownChart(sb, chart, chart));
    }
    List<String> tradeOffs = tradeOffCharts(analysis);
    if (!tradeOffs.isEmpty()) {
      sb.append("\n## Trade-offs\n");
      tradeOffs.forEach(chart -> markdownChart(sb, chart, chart));
    }
    List<String> failures = Failures.lines(analysis);
    sb.append("\n## Failed runs\n\n");
    if (failures.isEmpty()) {
      sb.append("None.\n");
    }
    failures.forEach(line -> sb.append("- ").append(markdownEscape(line)).append('\n'));
    return sb.toString();
  }

  private static void markdownChart(StringBuilder sb, String alt, String name) {
    String base = SweepCharts.DIRECTORY + "/" + name;
    sb.append("\n![").append(markdownEscape(alt)).append("](").append(base).append(".png)\n\n")
        .append("[SVG](").append(base).append(".svg) · [PDF](").append(base).append(".pdf) · ")
        .append("[data (CSV)](").append(base).append(".csv)\n");
  }

  private static List<String> againstCharts(SweepAnalysis analysis) {
    return SweepCharts.numericFactor(analysis).map(f -> analysis.metrics().stream()
        .map(m -> SweepCharts.againstName(m, f)).toList()).orElse(List.of());
  }

  private static List<String> tradeOffCharts(SweepAnalysis analysis) {
    return SweepCharts.tradeOffs(analysis).stream()
        .map(pair -> SweepCharts.tradeOffName(pair[0], pair[1])).toList();
  }

  private static String markdownRow(List<String> cells) {
    StringBuilder sb = new StringBuilder("|");
    cells.forEach(c -> sb.append(' ').append(markdownEscape(c)).append(" |"));
    return sb.append('\n').toString();
  }

  private static String markdownEscape(String text) {
    return text.replace("|", "\\|");
  }

  /** The summary as a self-contained HTML page. */
  public static String html(SweepAnalysis analysis) {
    return html(analysis, null, org.preemptlab.runner.report.chart.ChartStyle.WIDTH);
  }

  private static boolean drawn(java.util.Set<String> charts, String name) {
    return charts == null || charts.contains(name);
  }

  /**
   * The summary as a self-contained HTML page, linking the charts named in {@code charts} (null:
   * every chart), shown {@code width} pixels wide at most.
   */
  static String html(SweepAnalysis analysis, java.util.Set<String> charts, int width) {
    String name = html(analysis.plan().config().name());
    StringBuilder sb = new StringBuilder("""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Sweep %s</title>
        <style>
        body { font-family: sans-serif; margin: 2em; }
        table { border-collapse: collapse; margin-bottom: 1em; }
        th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; }
        td.better { color: #1a7f37; } td.worse { color: #cf222e; }
        figure { margin: 0 0 2em 0; } figure img { max-width: 100%%; height: auto; }
        </style>
        </head>
        <body>
        <h1>Sweep %s</h1>
        """.formatted(name, name));
    sb.append("<p>").append(html(introduction(analysis))).append("</p>\n");
    for (MetricSelection metric : analysis.metrics()) {
      MetricTable table = MetricTable.of(analysis, metric);
      sb.append("<h2>").append(html(metric.heading(table.unit()))).append("</h2>\n<table>\n<tr>");
      table.headers().forEach(h -> sb.append("<th>").append(html(h)).append("</th>"));
      sb.append("</tr>\n");
      int verdict = table.headers().indexOf("verdict");
      int factors = verdict - 2; // then the mean and the difference
      for (List<String> row : table.rows()) {
        sb.append("<tr>");
        for (int c = 0; c < row.size(); c++) {
          String css = c < factors ? "" : c == verdict ? row.get(c) : "num";
          sb.append(!css.equals("num") && !css.equals("better") && !css.equals("worse") ? "<td>"
              : "<td class=\"" + css + "\">")
              .append(html(row.get(c))).append("</td>");
        }
        sb.append("</tr>\n");
      }
      sb.append("</table>\n");
      if (drawn(charts, SweepCharts.barsName(metric))) {
        htmlChart(sb, metric.title(), SweepCharts.barsName(metric), width);
      }
    }
    sb.append("<h2>Turnaround CDFs per queue</h2>\n");
    for (String queue : SweepCharts.queues(analysis)) {
      sb.append("<h3>Queue ").append(html(queue)).append("</h3>\n");
      htmlChart(sb, "turnaround CDF of queue " + queue, SweepCharts.cdfName(queue), width);
    }
    List<String> againsts = againstCharts(analysis).stream().filter(c -> drawn(charts, c))
        .toList();
    if (!againsts.isEmpty()) {
      sb.append("<h2>Metrics against the varied parameter</h2>\n");
      againsts.forEach(chart -> htmlChart(sb, chart, chart, width));
    }
    List<String> tradeOffs = tradeOffCharts(analysis);
    if (!tradeOffs.isEmpty()) {
      sb.append("<h2>Trade-offs</h2>\n");
      tradeOffs.forEach(chart -> htmlChart(sb, chart, chart, width));
    }
    sb.append("<h2>Failed runs</h2>\n");
    List<String> failures = Failures.lines(analysis);
    if (failures.isEmpty()) {
      sb.append("<p>None.</p>\n");
    } else {
      sb.append("<ul>\n");
      failures.forEach(line -> sb.append("<li>").append(html(line)).append("</li>\n"));
      sb.append("</ul>\n");
    }
    return sb.append("</body>\n</html>\n").toString();
  }

  private static void htmlChart(StringBuilder sb, String alt, String name, int width) {
    String base = html(SweepCharts.DIRECTORY + "/" + name);
    sb.append("<figure>\n<img src=\"").append(base).append(".svg\" alt=\"").append(html(alt))
        .append("\" width=\"").append(width)
        .append("\">\n<figcaption><a href=\"").append(base).append(".png\">PNG</a> · <a href=\"")
        .append(base).append(".svg\">SVG</a> · <a href=\"").append(base)
        .append(".pdf\">PDF</a> · <a href=\"").append(base)
        .append(".csv\">data (CSV)</a></figcaption>\n</figure>\n");
  }

  private static String html(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
