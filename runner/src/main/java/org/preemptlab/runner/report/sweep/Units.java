package org.preemptlab.runner.report.sweep;

import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.experiment.sweep.PointStats;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.MetricSelection;

/** The display unit of a metric in a sweep's tables and charts: one per metric, scaled to it. */
final class Units {
  private Units() {}

  /** The unit that suits the largest mean (or interval end) of {@code metric} in the sweep. */
  static DisplayUnit of(SweepAnalysis analysis, MetricSelection metric) {
    double largest = 0;
    for (PointStats point : analysis.points()) {
      Estimate e = point.mean(metric);
      if (e != null && e.n() > 0) {
        largest = Math.max(largest, Math.abs(e.mean()));
      }
    }
    return DisplayUnit.of(metric.metric().unit(), largest);
  }
}
