package org.preemptlab.runner.report.sweep;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.runner.experiment.sweep.Factor;
import org.preemptlab.runner.experiment.sweep.PointStats;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.MetricSelection;

/**
 * The summary of one metric over every configuration of a sweep, as cells: one column per varied
 * key, then the mean with its 95% confidence interval and seed count, the paired difference
 * against the baseline with its interval and pair count, the verdict and the failed runs. The terminal, Markdown and
 * HTML summaries all render these same cells.
 *
 * @param metric the metric
 * @param unit the unit its values are shown in
 * @param headers the column headers
 * @param rows the rows, in plan order
 */
record MetricTable(MetricSelection metric, DisplayUnit unit, List<String> headers,
    List<List<String>> rows) {

  /** The table of {@code metric}. */
  static MetricTable of(SweepAnalysis analysis, MetricSelection metric) {
    DisplayUnit unit = Units.of(analysis, metric);
    List<String> headers = new ArrayList<>();
    List<Factor> factors = analysis.plan().factors();
    factors.forEach(f -> headers.add(f.key()));
    if (factors.isEmpty()) {
      headers.add("configuration");
    }
    headers.addAll(List.of("mean ± 95% CI", "Δ vs baseline ± 95% CI", "verdict",
        "failed"));
    List<List<String>> rows = new ArrayList<>();
    for (PointStats point : analysis.points()) {
      List<String> row = new ArrayList<>(point.point().values().values());
      if (factors.isEmpty()) {
        row.add(point.point().key());
      }
      row.add(Cells.mean(unit, point.mean(metric)));
      row.add(Cells.difference(unit, point.difference(metric)));
      row.add(Cells.verdict(metric, point.difference(metric)));
      int failed = point.failures().size();
      row.add(failed == 0 ? "0" : failed + "/" + point.results().size());
      rows.add(List.copyOf(row));
    }
    return new MetricTable(metric, unit, List.copyOf(headers), List.copyOf(rows));
  }
}
