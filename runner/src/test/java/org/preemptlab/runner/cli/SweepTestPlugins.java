package org.preemptlab.runner.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.metrics.ContributesMetrics;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.api.metrics.MetricUnit;
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

  /**
   * {@code fifo} that counts its dispatches and reports them as the metric {@code
   * policy.dispatches} through {@code org.preemptlab.api.metrics}. It wraps the built-in policy in
   * a proxy, so it follows whatever the policy SPI holds.
   */
  public static final class CountsDispatches implements SchedulingPolicyProvider,
      ContributesMetrics {
    @Override
    public String id() {
      return "test-counts-dispatches";
    }

    @Override
    public String description() {
      return "fifo, counting its dispatches as a metric.";
    }

    @Override
    public List<MetricDeclaration> metrics() {
      return List.of(new MetricDeclaration("dispatches", "dispatches", MetricUnit.COUNT, false,
          "jobs the policy's engines dispatched"), new MetricDeclaration("never-reported",
          "never reported", MetricUnit.NANOSECONDS, false, "declared, never measured"));
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      SchedulingPolicy fifo = new org.preemptlab.policies.baseline.FifoPolicyProvider().create(context);
      AtomicLong dispatches = new AtomicLong();
      InvocationHandler handler = (proxy, method, args) -> {
        if (method.getDeclaringClass() == MetricReporter.class) {
          return Map.of("dispatches", (double) dispatches.get());
        }
        if (method.getName().equals("onJobDispatched")) {
          dispatches.incrementAndGet();
        }
        try {
          return method.invoke(fifo, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
          throw e.getCause();
        }
      };
      return (SchedulingPolicy) Proxy.newProxyInstance(getClass().getClassLoader(),
          new Class<?>[] {SchedulingPolicy.class, MetricReporter.class}, handler);
    }
  }
}
