package org.preemptlab.runner.cli;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Test-local plugins for sweeps, registered only through a services-only jar on {@code
 * --plugin-path} (see {@link SweepCommandTest}).
 */
public final class SweepTestPlugins {
  private SweepTestPlugins() {}

  /** A policy that hangs on the first ready job until its thread is interrupted. */
  public static final class Hangs implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-hangs";
    }

    @Override
    public String description() {
      return "Sleeps in onJobReady until interrupted.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new SchedulingPolicy() {
        @Override
        public void onJobReady(JobView job, SchedulerView scheduler) {
          try {
            Thread.sleep(60_000);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
          }
        }

        @Override
        public JobView selectNext(SchedulerView scheduler) {
          return null;
        }

        @Override
        public void onJobDispatched(JobView job, SchedulerView scheduler) {}
      };
    }
  }
}
