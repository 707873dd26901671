package org.preemptlab.runner.report.sweep;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.experiment.sweep.Factor;
import org.preemptlab.runner.experiment.sweep.PointStats;
import org.preemptlab.runner.experiment.sweep.RunResult;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.metrics.MetricSelection;

/**
 * The CSV files of a sweep (RFC 4180, UTF-8, LF line ends, raw values in the metric's stored
 * unit, empty cells for undefined values): {@code results.csv} with one row per run and metric,
 * {@code summary.csv} with the statistics behind the tables and bar charts, and {@code
 * turnarounds.csv} with every job's turnaround by queue (the samples of the CDF charts).
 */
final class SweepCsv {
  private SweepCsv() {}

  /**
   * The tidy results: {@code configuration}, one column per varied key, {@code seed}, {@code
   * status}, {@code metric}, {@code unit}, {@code value}, {@code error}. A successful run has one
   * row per recorded metric; a failed run has one row with its error and no metric.
   */
  static String results(SweepAnalysis analysis) {
    StringBuilder sb = header(analysis, "seed", "status", "metric", "unit", "value", "error");
    for (RunResult r : analysis.results()) {
      if (!r.isOk()) {
        row(sb, r.configuration(), r.values().values(), Long.toString(r.seed()),
            r.status().label(), "", "", "", r.error());
        continue;
      }
      for (MetricSelection metric : analysis.recorded()) {
        row(sb, r.configuration(), r.values().values(), Long.toString(r.seed()),
            r.status().label(), metric.key(), metric.metric().unit().symbol(),
            Cells.raw(r.value(metric)), "");
      }
    }
    return sb.toString();
  }

  /**
   * The statistics: per configuration and metric, the successful runs, the mean and its 95%
   * interval, the paired difference against the baseline and its interval (empty for the
   * baseline), and the failed runs.
   */
  static String summary(SweepAnalysis analysis) {
    StringBuilder sb = header(analysis, "metric", "unit", "higher_is_better", "n", "mean",
        "ci_low", "ci_high", "diff_n", "diff_mean", "diff_ci_low", "diff_ci_high", "failed_runs");
    for (PointStats point : analysis.points()) {
      for (MetricSelection metric : analysis.recorded()) {
        Estimate mean = point.mean(metric);
        Estimate diff = point.difference(metric);
        row(sb, point.point().key(), point.point().values().values(), metric.key(),
            metric.metric().unit().symbol(), Boolean.toString(metric.metric().higherIsBetter()),
            Integer.toString(mean.n()),
            Cells.raw(mean.mean()), Cells.raw(mean.low()), Cells.raw(mean.high()),
            diff == null ? "" : Integer.toString(diff.n()),
            diff == null ? "" : Cells.raw(diff.mean()), diff == null ? "" : Cells.raw(diff.low()),
            diff == null ? "" : Cells.raw(diff.high()),
            Integer.toString(point.failures().size()));
      }
    }
    return sb.toString();
  }

  /**
   * Writes the turnaround of every job of every successful run, by queue, to {@code out}, one run
   * at a time (read from {@link SweepAnalysis#turnarounds}), in chunks of about {@link #CHUNK}
   * characters: the file can be far larger than the heap.
   */
  static void turnarounds(SweepAnalysis analysis, Writer out) throws IOException {
    StringBuilder sb = header(analysis, "seed", "queue", "job_index", "turnaround_ns");
    for (RunResult r : analysis.results()) {
      for (Map.Entry<String, long[]> queue : analysis.turnarounds(r).entrySet()) {
        long[] turnarounds = queue.getValue();
        for (int i = 0; i < turnarounds.length; i++) {
          row(sb, r.configuration(), r.values().values(), Long.toString(r.seed()),
              queue.getKey(), Integer.toString(i), Long.toString(turnarounds[i]));
          if (sb.length() >= CHUNK) {
            out.append(sb);
            sb.setLength(0);
          }
        }
      }
    }
    out.append(sb);
  }

  /** The characters {@link #turnarounds} collects before it writes them. */
  static final int CHUNK = 1 << 16;

  private static StringBuilder header(SweepAnalysis analysis, String... columns) {
    List<String> cells = new ArrayList<>();
    cells.add("configuration");
    analysis.plan().factors().stream().map(Factor::key).forEach(cells::add);
    cells.addAll(List.of(columns));
    StringBuilder sb = new StringBuilder();
    line(sb, cells);
    return sb;
  }

  private static void row(StringBuilder sb, String configuration,
      java.util.Collection<String> values, String... columns) {
    List<String> cells = new ArrayList<>();
    cells.add(configuration);
    cells.addAll(values);
    cells.addAll(List.of(columns));
    line(sb, cells);
  }

  private static void line(StringBuilder sb, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(quote(cells.get(i)));
    }
    sb.append('\n');
  }

  /** The cell as written: quoted when it holds a comma, quote or line break. */
  static String quote(String cell) {
    if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0
        && cell.indexOf('\r') < 0) {
      return cell;
    }
    return '"' + cell.replace("\"", "\"\"") + '"';
  }
}
