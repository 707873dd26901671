package org.preemptlab.runner.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.policy.JobView;

/** Which subscribers need block slots: those that take a per-block signal, alone or fanned out. */
class EngineSignalsTest {
  private static final EngineListener JOBS_ONLY = new EngineListener() {
    @Override
    public void jobFinished(long timeNs, JobView job) {}
  };
  private static final EngineListener BLOCKS = new EngineListener() {
    @Override
    public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, BlockEnd end) {}
  };
  private static final EngineListener RESTORES = new EngineListener() {
    @Override
    public void contextRestored(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, long bytes) {}
  };

  @Test
  void aSubscriberObservesBlocksOnlyIfItTakesAPerBlockSignal() {
    assertThat(EngineSignals.observesBlocks(JOBS_ONLY)).isFalse();
    assertThat(EngineSignals.observesBlocks(BLOCKS)).isTrue();
    assertThat(EngineSignals.observesBlocks(RESTORES)).isTrue();
  }

  @Test
  void aFanOutObservesBlocksIfAnyOfItsSubscribersDoes() {
    assertThat(EngineSignals.observesBlocks(EngineSignals.plus(JOBS_ONLY, JOBS_ONLY))).isFalse();
    assertThat(EngineSignals.observesBlocks(EngineSignals.plus(JOBS_ONLY, BLOCKS))).isTrue();
  }
}
