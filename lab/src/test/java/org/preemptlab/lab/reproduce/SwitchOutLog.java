package org.preemptlab.lab.reproduce;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.engine.EngineListener;

/**
 * What the measurement's process A logs (h200-measurements.md, "Time slicing"): block 0 of A's
 * kernel records every gap in its execution, i.e. when it was switched out and for how long. Here
 * the gaps come from the engine's block executions of that block.
 */
final class SwitchOutLog implements EngineListener {
  private final String contextId;
  private final List<long[]> runs = new ArrayList<>();

  /** Logs block 0 of the jobs of {@code contextId}. */
  SwitchOutLog(String contextId) {
    this.contextId = contextId;
  }

  @Override
  public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, BlockEnd end) {
    if (blockIndex == 0 && job.queue().contextId().equals(contextId)) {
      runs.add(new long[] {startNs, endNs});
    }
  }

  /** How long each switch-out lasted: from one run's end to the next run's start, in ns. */
  List<Long> switchOutsNs() {
    List<Long> gaps = new ArrayList<>();
    for (int i = 1; i < runs.size(); i++) {
      gaps.add(runs.get(i)[0] - runs.get(i - 1)[1]);
    }
    return gaps;
  }

  /**
   * The time from the start of one switch-out to the start of the next (the measurement's "A runs
   * between switch-outs, start to start"), in ns; one fewer than the switch-outs.
   */
  List<Long> startToStartNs() {
    List<Long> periods = new ArrayList<>();
    for (int i = 2; i < runs.size(); i++) {
      periods.add(runs.get(i - 1)[1] - runs.get(i - 2)[1]);
    }
    return periods;
  }
}
