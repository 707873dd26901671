package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * {@code active-time-share}: the part of the makespan during which a scope had a job in execution,
 * collected from the real engine's signals and checked against the job records.
 */
class ActiveTimeShareTest {

  /**
   * Two queues on a two-SM device: video (HIGH) three jobs every 200 us of 2 blocks of 20 us;
   * batch (LOW) one long job of 16 blocks of 100 us submitted at 0, in one context
   * (so that they run together, not in time slices).
   */
  private static RunOutcome run() {
    String yaml = """
        name: active
        hardware: {id: h200, parameters: {sm-count: 2}}
        policy: priority
        preemption: block-boundary
        context-save: full
        workload:
          spec:
            duration: 600us
            contexts:
              - {id: one}
            queues:
              - id: video
                context: one
                priority: HIGH
                jobs: 3
                arrival: {process: periodic, period: 200us}
                kernels:
                  - {name: v, grid-blocks: 2, threads-per-block: 1024, block-time: 20us}
              - id: batch
                context: one
                priority: LOW
                jobs: 1
                arrival: {process: periodic, period: 1ms}
                kernels:
                  - {name: b, grid-blocks: 16, threads-per-block: 1024, block-time: 100us}
        """;
    return new RunExecutor(PluginRegistry.discover(Optional.empty()))
        .reporting(java.util.List.of(MetricSelection.parse("active-time-share@queue=video",
            Metrics.builtIn())))
        .execute(ConfigLoader.parse(yaml, "active.yaml"));
  }

  private static double share(RunOutcome outcome, String scope) {
    return outcome.metrics().data().value(MetricSelection.parse("active-time-share@" + scope,
        Metrics.builtIn()));
  }

  /** The union of [first start, finish] over the records of {@code queues}, by brute force. */
  private static long activeNs(List<JobRecord> records, Set<String> queues) {
    List<long[]> spans = records.stream().filter(r -> queues.contains(r.queueId()))
        .map(r -> new long[] {r.firstStartNs(), r.finishNs()})
        .sorted((a, b) -> Long.compare(a[0], b[0])).toList();
    long total = 0;
    long from = -1;
    long to = -1;
    for (long[] s : spans) {
      if (s[0] > to) {
        total += to - from;
        from = s[0];
        to = s[1];
      } else {
        to = Math.max(to, s[1]);
      }
    }
    return total + to - from;
  }

  @Test
  void eachScopeGetsTheUnionOfItsJobsExecutionOverTheMakespan() {
    RunOutcome outcome = run();
    List<JobRecord> jobs = outcome.result().jobs();
    double makespan = outcome.result().makespanNs();

    assertThat(share(outcome, "queue=video"))
        .isCloseTo(activeNs(jobs, Set.of("video")) / makespan, within(1e-12))
        .isLessThan(0.5);
    assertThat(share(outcome, "queue=batch"))
        .isCloseTo(activeNs(jobs, Set.of("batch")) / makespan, within(1e-12))
        .isGreaterThan(0.5);
    assertThat(share(outcome, "priority=HIGH")).isEqualTo(share(outcome, "queue=video"));
  }

  @Test
  void scopesRunningTogetherEachCountTheTimeSoTheirUnionIsLessThanTheSum() {
    RunOutcome outcome = run();
    double makespan = outcome.result().makespanNs();
    double both = activeNs(outcome.result().jobs(), Set.of("video", "batch")) / makespan;

    assertThat(outcome.metrics().data().observed(ActiveTimeCollector.OBSERVATION)).containsOnlyKeys("video", "batch");
    assertThat(share(outcome, "queue=video") + share(outcome, "queue=batch"))
        .isGreaterThan(both);
    assertThat(both).isLessThanOrEqualTo(1.0);
  }

  @Test
  void theWholeRunHasNoShare() {
    RunOutcome outcome = run();

    assertThat(outcome.metrics().data().value(Metrics.ACTIVE_TIME_SHARE, Scope.ALL)).isNaN();
    assertThat(Metrics.ACTIVE_TIME_SHARE.scopedOnly()).isTrue();
  }

  @Test
  void theUnionOfSeveralQueuesIntervalsIsTheLengthOfTimeAnyOfThemIsActive() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(3);
    for (int trial = 0; trial < 200; trial++) {
      List<ActiveTimeCollector.Intervals> queues = new java.util.ArrayList<>();
      boolean[] active = new boolean[2_000]; // one flag per ns
      for (int q = 0; q < 1 + random.nextInt(4); q++) {
        List<Long> bounds = new java.util.ArrayList<>();
        long t = random.nextInt(50);
        while (t < 1_900 && random.nextInt(12) > 0) {
          long end = t + 1 + random.nextInt(60);
          bounds.add(t);
          bounds.add(end);
          for (long ns = t; ns < end; ns++) {
            active[(int) ns] = true;
          }
          t = end + 1 + random.nextInt(80); // disjoint and sorted, as a queue's are
        }
        queues.add(new ActiveTimeCollector.Intervals(bounds.stream().mapToLong(Long::longValue)
            .toArray()));
      }
      long expected = 0;
      for (boolean on : active) {
        expected += on ? 1 : 0;
      }

      assertThat(ActiveTimeCollector.unionNs(queues)).as("trial %s: %s", trial, queues)
          .isEqualTo(expected);
    }
  }
}
