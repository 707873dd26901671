package org.preemptlab.runner.discovery;

import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Test-local policy providers, compiled with the tests and registered through a services-only jar
 * built by {@link TestJar}.
 */
final class TestProviders {
  private TestProviders() {}

  /** A policy that remembers the context it was created with. */
  record RecordingPolicy(PluginContext context) implements SchedulingPolicy {
    @Override
    public void onJobReady(JobView job, SchedulerView scheduler) {}

    @Override
    public JobView selectNext(SchedulerView scheduler) {
      return null;
    }

    @Override
    public void onJobDispatched(JobView job, SchedulerView scheduler) {}
  }

  /** Declares three parameters and creates {@link RecordingPolicy} instances. */
  public static final class Echo implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-echo";
    }

    @Override
    public String description() {
      return "Records the context it was created with.";
    }

    @Override
    public List<ParameterSpec> parameters() {
      return List.of(
          ParameterSpec.duration("quantum", 2_000_000, 1_000, 1_000_000_000, "Length of a slice."),
          ParameterSpec.integer("weight", 1, 1, 100, "jobs", "Jobs served per turn."),
          ParameterSpec.choice("mode", "fast", List.of("fast", "fair"), "Which rule to use."));
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new RecordingPolicy(context);
    }
  }

  /** Fails in create() with a bug. */
  public static final class Failing implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-failing";
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

  /** Rejects its configuration in create(). */
  public static final class Rejecting implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-rejecting";
    }

    @Override
    public String description() {
      return "Rejects every device.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      throw new ConfigurationException("policy 'test-rejecting' needs a device with 2 SMs");
    }
  }

  /** Returns null from create(). */
  public static final class ReturnsNull implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "test-null";
    }

    @Override
    public String description() {
      return "Returns null from create().";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return null;
    }
  }
}
