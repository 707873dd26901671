package org.preemptlab.lab.reproduce;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.experiment.WorkloadConfig;

/**
 * Runs the mechanisms of the seed-claims check: each one on the same workloads and
 * seeds (common random numbers), under the {@code priority} policy with preemption on and the
 * {@code h200} model.
 */
final class GranularityRuns {
  /** The mechanism against which execution overhead is measured: no checks, nothing compiled in. */
  static final Mechanism NO_CHECKS = Mechanism.of("block-boundary", "block-boundary",
      java.util.Map.of());

  private final RunExecutor executor;
  private final List<Long> seeds;
  private final RunConfig fixedBase;

  /** Runs through {@code executor} once per seed. */
  GranularityRuns(RunExecutor executor, List<Long> seeds) {
    this(executor, seeds, null);
  }

  /** Runs through {@code executor} once per seed, every run from {@code base}. */
  GranularityRuns(RunExecutor executor, List<Long> seeds, RunConfig base) {
    this.executor = executor;
    this.seeds = List.copyOf(seeds);
    this.fixedBase = base;
  }

  /** The preemptions of {@code mechanism} on the fixed base configuration, pooled. */
  LatencyStats latency(Mechanism mechanism) {
    List<RunOutcome> outcomes = new ArrayList<>();
    for (long seed : seeds) {
      outcomes.add(executor.execute(mechanism.apply(fixedBase).withSeed(seed)));
    }
    return LatencyStats.of(outcomes);
  }

  /** The seeds every mechanism runs with. */
  List<Long> seeds() {
    return seeds;
  }

  /** The base configuration: h200, preemptive priority policy, the given workload. */
  static RunConfig base(WorkloadConfig workload) {
    RunConfig config = Overrides.choose(RunConfig.defaults(), "hardware", "h200");
    config = Overrides.choose(config, "policy", "priority");
    config = Overrides.set(config, "policy.preempt=true");
    return config.withWorkload(workload).withName("seed-claims");
  }

  /** The preemptions of {@code mechanism} on {@code workload}, pooled over the seeds. */
  LatencyStats latency(WorkloadConfig workload, Mechanism mechanism) {
    List<RunOutcome> outcomes = new ArrayList<>();
    for (long seed : seeds) {
      outcomes.add(executor.execute(mechanism.apply(base(workload)).withSeed(seed)));
    }
    return LatencyStats.of(outcomes);
  }

  /**
   * The execution overhead of {@code mechanism} when nobody preempts: the victim-only workload's
   * makespan, summed over the seeds, divided by the same under {@link #NO_CHECKS}, minus 1.
   */
  double overhead(WorkloadConfig victimOnly, Mechanism mechanism) {
    return (double) makespan(victimOnly, mechanism) / makespan(victimOnly, NO_CHECKS) - 1;
  }

  private long makespan(WorkloadConfig workload, Mechanism mechanism) {
    long sum = 0;
    for (long seed : seeds) {
      RunOutcome outcome = executor.execute(mechanism.apply(base(workload)).withSeed(seed));
      if (outcome.metrics().preemptions() != 0) {
        throw new IllegalStateException("the victim-only workload was preempted under "
            + mechanism.describe());
      }
      sum += outcome.metrics().makespanNs();
    }
    return sum;
  }
}
