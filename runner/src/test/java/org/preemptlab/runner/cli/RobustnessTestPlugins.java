package org.preemptlab.runner.cli;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Faulty policies for {@link RobustnessTest}, registered only through a services-only jar on
 * {@code --plugin-path}: one throws a {@link java.lang.Error}, one a checked exception it does
 * not declare, one loops, one counts its instances.
 */
public final class RobustnessTestPlugins {
  private RobustnessTestPlugins() {}

  /** A policy whose {@code onJobReady} throws a {@link java.lang.Error}, not an exception. */
  public static final class ThrowsError implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-throws-error";
    }

    @Override
    public String description() {
      return "Throws java.lang.Error from onJobReady.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new Policy() {
        @Override
        public void onJobReady(JobView job, SchedulerView scheduler) {
          throw new Error("a plugin's own Error");
        }
      };
    }
  }

  /**
   * A policy whose {@code onJobReady} throws a checked {@link java.io.IOException} it does not
   * declare, as Kotlin, Scala or Groovy code and Lombok's {@code @SneakyThrows} do.
   */
  public static final class ThrowsChecked implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-throws-checked";
    }

    @Override
    public String description() {
      return "Throws an undeclared checked IOException from onJobReady.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new Policy() {
        @Override
        public void onJobReady(JobView job, SchedulerView scheduler) {
          RobustnessTestPlugins.<RuntimeException>sneak(
              new java.io.IOException("a plugin's checked exception"));
        }
      };
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> void sneak(Throwable t) throws T {
    throw (T) t;
  }

  /** A policy whose {@code onJobReady} spins until its thread is interrupted. */
  public static final class Loops implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-loops";
    }

    @Override
    public String description() {
      return "Spins in onJobReady until interrupted.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new Policy() {
        @Override
        public void onJobReady(JobView job, SchedulerView scheduler) {
          while (!Thread.currentThread().isInterrupted()) {
            Thread.onSpinWait();
          }
          throw new IllegalStateException("interrupted");
        }
      };
    }
  }

  /** A policy provider that counts its instances: plugin code that ran. */
  public static final class CountsInstances implements SchedulingPolicyProvider {
    /** Instances made so far. */
    public static final java.util.concurrent.atomic.AtomicInteger INSTANCES =
        new java.util.concurrent.atomic.AtomicInteger();

    /** Counts this instance. */
    public CountsInstances() {
      INSTANCES.incrementAndGet();
    }

    @Override
    public String id() {
      return "test-counts-instances";
    }

    @Override
    public String description() {
      return "Counts how often its provider is instantiated.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new Policy() {
        @Override
        public void onJobReady(JobView job, SchedulerView scheduler) {}
      };
    }
  }

  /** A policy that dispatches nothing; the faulty ones override {@code onJobReady}. */
  private abstract static class Policy implements SchedulingPolicy {
    @Override
    public JobView selectNext(SchedulerView scheduler) {
      return null;
    }

    @Override
    public void onJobDispatched(JobView job, SchedulerView scheduler) {}
  }

  /**
   * A workload generator whose {@code generate()} throws with {@code mode: throw}, returns null
   * with {@code mode: null} and generates four small jobs otherwise: a sweep varying {@code
   * workload.mode} must run the other configuration (issue 54, P6 and P7).
   */
  public static final class FailsToGenerate
      implements org.preemptlab.api.workload.WorkloadProvider {
    @Override
    public String id() {
      return "test-fails-to-generate";
    }

    @Override
    public String description() {
      return "Throws from, or returns null from, generate() as parameter mode says.";
    }

    @Override
    public java.util.List<org.preemptlab.api.ParameterSpec> parameters() {
      return java.util.List.of(org.preemptlab.api.ParameterSpec.choice("mode", "ok",
          java.util.List.of("ok", "throw", "null"), "how generate() misbehaves"));
    }

    @Override
    public org.preemptlab.api.workload.WorkloadGenerator create(PluginContext context) {
      String mode = context.parameters().getString("mode");
      return () -> {
        if (mode.equals("throw")) {
          throw new IllegalStateException("a generator's own failure");
        }
        if (mode.equals("null")) {
          return null;
        }
        org.preemptlab.api.model.Kernel kernel = new org.preemptlab.api.model.Kernel("k", 8, 64,
            0, 0, true, org.preemptlab.api.model.BlockProgram.uniform(5_000, 0, 0),
            new org.preemptlab.api.model.BlockTiming.Exact());
        java.util.List<org.preemptlab.api.model.Job> jobs = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
          jobs.add(new org.preemptlab.api.model.Job(i, "q", i * 50_000L, 1, java.util.List.of(),
              0, 0, kernel));
        }
        return new org.preemptlab.api.model.Workload(java.util.List.of(
            new org.preemptlab.api.model.GpuContext("app", false)), java.util.List.of(
            new org.preemptlab.api.model.JobQueue("q", "app",
                org.preemptlab.api.model.Priority.NORMAL, 1,
                org.preemptlab.api.model.EngineKind.COMPUTE, true)), jobs, java.util.List.of());
      };
    }
  }

}
