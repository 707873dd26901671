package org.preemptlab.runner.report.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.runner.experiment.sweep.PointStats;
import org.preemptlab.runner.experiment.sweep.RunResult;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;

/**
 * The failed runs of a sweep grouped by configuration and error, in plan order, e.g. {@code
 * fifo__user-yield__full: 10 of 10 runs (seeds 1-10): timeout after 5s}.
 */
final class Failures {
  private Failures() {}

  /** One line per configuration and distinct error; empty when nothing failed. */
  static List<String> lines(SweepAnalysis analysis) {
    List<String> lines = new ArrayList<>();
    for (PointStats point : analysis.points()) {
      Map<String, List<Long>> seedsByError = new LinkedHashMap<>();
      for (RunResult r : point.failures()) {
        seedsByError.computeIfAbsent(r.error(), e -> new ArrayList<>()).add(r.seed());
      }
      seedsByError.forEach((error, seeds) -> lines.add(point.point().key() + ": "
          + seeds.size() + " of " + point.results().size() + " runs (seeds " + seedList(seeds)
          + "): " + error));
    }
    return lines;
  }

  private static String seedList(List<Long> seeds) {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < seeds.size()) {
      int j = i;
      while (j + 1 < seeds.size() && seeds.get(j + 1) == seeds.get(j) + 1) {
        j++;
      }
      sb.append(sb.length() == 0 ? "" : ", ").append(seeds.get(i));
      if (j > i) {
        sb.append('-').append(seeds.get(j));
      }
      i = j + 1;
    }
    return sb.toString();
  }
}
