package org.preemptlab.architecture;

import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.baseline.FifoPolicy;

/**
 * Breaks the rule that the engine's tests need no plugin module, as an engine test that ran the
 * bundled {@code fifo} policy would: {@code ArchitectureTest} shows the rule reports it.
 */
final class EngineTestUsingAPolicyFixture {
  private EngineTestUsingAPolicyFixture() {}

  static SchedulingPolicy policy() {
    return new FifoPolicy();
  }
}
