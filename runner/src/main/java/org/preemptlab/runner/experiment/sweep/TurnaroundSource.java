package org.preemptlab.runner.experiment.sweep;

import java.util.Map;

/**
 * Where a sweep's reports find the turnaround of every job of a run: its result file ({@link
 * ResultStore#turnarounds}), read again each time a report needs them (or, in a test, the
 * results held whole in memory). A sweep's analysis keeps its runs
 * {@link RunResult#withoutTurnarounds() without} them, so that its memory grows with the jobs of
 * the runs a report reads at once (one configuration's for a CDF chart), not with every job of
 * every run.
 */
@FunctionalInterface
public interface TurnaroundSource {
  /**
   * The turnaround of every job of {@code result}'s run by queue id (sorted), in workload order,
   * as {@link RunResult#turnaroundsNs}; empty for a failed run.
   *
   * @param result a result of the sweep, with or without its turnarounds
   * @throws IllegalStateException if they cannot be found (a result file removed or replaced
   *     since the analysis read it)
   */
  Map<String, long[]> turnarounds(RunResult result);
}
