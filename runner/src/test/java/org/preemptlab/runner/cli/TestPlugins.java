package org.preemptlab.runner.cli;

import java.util.function.Supplier;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Test-local policies with bugs, registered only through a services-only jar on {@code
 * --plugin-path} (see {@link MainTest}), so that other tests never see them.
 */
public final class TestPlugins {
  private TestPlugins() {}

  /** A policy that throws {@code failure} as soon as the first job is ready. */
  private static SchedulingPolicy throwingOnFirstReadyJob(Supplier<Throwable> failure) {
    return new SchedulingPolicy() {
      @Override
      public void onJobReady(JobView job, SchedulerView scheduler) {
        Throwable thrown = failure.get();
        if (thrown instanceof Error error) {
          throw error;
        }
        throw (RuntimeException) thrown;
      }

      @Override
      public JobView selectNext(SchedulerView scheduler) {
        return null;
      }

      @Override
      public void onJobDispatched(JobView job, SchedulerView scheduler) {}
    };
  }

  /** A policy that throws as soon as the first job is ready: a bug during the simulation. */
  public static final class ThrowsWhileRunning implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-throws-while-running";
    }

    @Override
    public String description() {
      return "Throws from onJobReady.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return throwingOnFirstReadyJob(
          () -> new IllegalStateException("boom\nsecond line of the message"));
    }
  }

  /** A policy that runs out of memory as soon as the first job is ready. */
  public static final class ExhaustsMemory implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-exhausts-memory";
    }

    @Override
    public String description() {
      return "Throws OutOfMemoryError from onJobReady, as a run whose heap is too small.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return throwingOnFirstReadyJob(() -> new OutOfMemoryError("Java heap space"));
    }
  }

  /** A provider that throws from create(). */
  public static final class ThrowsInCreate implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-throws-in-create";
    }

    @Override
    public String description() {
      return "Throws from create().";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      throw new IllegalStateException("kaboom");
    }
  }
}
