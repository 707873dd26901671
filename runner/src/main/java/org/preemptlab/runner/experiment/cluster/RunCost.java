package org.preemptlab.runner.experiment.cluster;

import org.preemptlab.runner.experiment.sweep.PlannedRun;

/**
 * The expected cost of a run, in any unit, used only to balance shards. It must be a pure
 * function of the run (the same run always gets the same cost), or shards would disagree about
 * the partition.
 */
@FunctionalInterface
public interface RunCost {

  /** Every run costs 1: shards get equal numbers of runs. */
  RunCost UNIFORM = run -> 1;

  /** The expected cost of {@code run}, at least 1. */
  long of(PlannedRun run);
}
