package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.engine.SimulationResult;

class RunMetricsTest {
  private static JobRecord job(long id, String queue, Priority priority, long submit, long start,
      long finish, int preemptions, long lostWork, long deadline) {
    return new JobRecord(id, queue, "ctx", priority, EngineKind.COMPUTE, "k", 10, submit, submit,
        submit, start, finish, preemptions, 0, 0, lostWork, deadline);
  }

  private static PreemptionRecord preemption(long request, long latency, long bytes) {
    return new PreemptionRecord(3, "q2", request, request + latency / 2, request + latency, 4, 0,
        4, 0, bytes, Map.of("instruction", 4), -1, -1);
  }

  // a: q1 HIGH, submitted 500, turnaround 1000, waiting 100, alone 500 -> slowdown 2
  // b: q1 HIGH, submitted 1000, turnaround 2000, waiting 200, alone 1000 -> slowdown 2, late
  // c: q2 LOW, submitted 0, turnaround 4000, waiting 0, alone 1000 -> slowdown 4, 3 preemptions
  private static final SimulationResult RESULT = new SimulationResult(
      List.of(job(1, "q1", Priority.HIGH, 500, 600, 1500, 0, 0, Job.NO_DEADLINE),
          job(2, "q1", Priority.HIGH, 1000, 1200, 3000, 0, 0, 2500),
          job(3, "q2", Priority.LOW, 0, 0, 4000, 3, 300, 5000)),
      List.of(preemption(100, 100, 1000), preemption(200, 300, 2000), preemption(300, 200, 0)),
      4000, 0.75, 4, 1234, 567);
  private static final Map<Long, Long> ISOLATED = Map.of(1L, 500L, 2L, 1000L, 3L, 1000L);

  @Test
  void runMetricsFollowTheirDefinitions() {
    RunMetrics m = RunMetrics.of(RESULT, ISOLATED);

    assertThat(m.jobs()).isEqualTo(3);
    assertThat(m.makespanNs()).isEqualTo(4000);
    assertThat(m.throughputJobsPerSec()).isCloseTo(3 * 1e9 / 4000, within(1e-6));
    assertThat(m.smUtilisation()).isEqualTo(0.75);
    assertThat(m.slowdowns()).isEqualTo(Map.of(1L, 2.0, 2L, 2.0, 3L, 4.0));
    assertThat(m.antt()).isCloseTo(8.0 / 3, within(1e-12));
    assertThat(m.stp()).isCloseTo(0.5 + 0.5 + 0.25, within(1e-12));
    assertThat(m.fairness()).isCloseTo(0.5, within(1e-12));
    assertThat(m.deadlineMisses()).isEqualTo(1);
    assertThat(m.lostWorkNs()).isEqualTo(300);
    assertThat(m.contextSwitches()).isEqualTo(4);
  }

  @Test
  void preemptionMetricsAreNearestRankLatenciesAndMeanBytes() {
    RunMetrics m = RunMetrics.of(RESULT, ISOLATED);

    assertThat(m.preemptions()).isEqualTo(3);
    assertThat(m.preemptionLatencyP50Ns()).isEqualTo(200); // latencies 100, 200, 300
    assertThat(m.preemptionLatencyP99Ns()).isEqualTo(300);
    assertThat(m.bytesSavedPerPreemption()).isEqualTo(1000.0);
  }

  @Test
  void groupsComeByQueueThenContextThenPrioritySortedByName() {
    RunMetrics m = RunMetrics.of(RESULT, ISOLATED);

    assertThat(m.groups()).extracting(g -> g.dimension() + ":" + g.group() + ":" + g.jobs())
        .containsExactly("queue:q1:2", "queue:q2:1", "context:ctx:3", "priority:HIGH:2",
            "priority:LOW:1");
  }

  @Test
  void aGroupsStatisticsCoverOnlyItsJobs() {
    GroupStats q1 = RunMetrics.of(RESULT, ISOLATED).group("queue", "q1").orElseThrow();

    assertThat(q1.turnaroundMeanNs()).isEqualTo(1500.0);
    assertThat(q1.turnaroundP50Ns()).isEqualTo(1000);
    assertThat(q1.turnaroundP95Ns()).isEqualTo(2000);
    assertThat(q1.turnaroundP99Ns()).isEqualTo(2000);
    assertThat(q1.waitingMeanNs()).isEqualTo(150.0);
    assertThat(q1.slowdownMean()).isEqualTo(2.0);
    assertThat(q1.preemptions()).isZero();
    assertThat(q1.deadlineMisses()).isEqualTo(1);
    GroupStats low = RunMetrics.of(RESULT, ISOLATED).group("priority", "LOW").orElseThrow();
    assertThat(low.preemptions()).isEqualTo(3);
    assertThat(low.slowdownMean()).isEqualTo(4.0);
    assertThat(low.deadlineMisses()).isZero();
  }

  @Test
  void groupThroughputIsOverTheGroupsOwnSpanFromFirstSubmissionToLastCompletion() {
    RunMetrics m = RunMetrics.of(RESULT, ISOLATED);

    // q1 spans 500 .. 3000 ns: 2 jobs in 2500 ns (not over the makespan, nor from time 0)
    assertThat(m.group("queue", "q1").orElseThrow().throughputJobsPerSec())
        .isCloseTo(2 * 1e9 / 2500, within(1e-6));
    assertThat(m.group("queue", "q2").orElseThrow().throughputJobsPerSec())
        .isCloseTo(1e9 / 4000, within(1e-6));
    assertThat(m.group("context", "ctx").orElseThrow().throughputJobsPerSec())
        .isCloseTo(3 * 1e9 / 4000, within(1e-6));
  }

  @Test
  void valuesOverAScopeAreThoseOfEachMetricAlone() {
    RunData data = RunData.of(RESULT, ISOLATED);
    List<Scope> scopes = new java.util.ArrayList<>(List.of(Scope.ALL));
    for (String dimension : List.of("queue", "context", "priority")) {
      data.names(dimension).forEach(name -> scopes.add(new Scope(dimension, name)));
    }
    for (Scope scope : scopes) {
      java.util.function.ToDoubleFunction<Metric> over = data.over(scope);
      for (Metric metric : Metrics.BUILT_IN) {
        if (metric.onRequest() || !scope.isAll() && !metric.scopable()) {
          continue; // needs an observation this data lacks, or has no value per scope
        }
        assertThat(Double.doubleToLongBits(over.applyAsDouble(metric)))
            .as(metric.id() + " over " + scope) // the same bits, NaN included
            .isEqualTo(Double.doubleToLongBits(data.value(metric, scope)));
      }
    }
  }

  @Test
  void anAbsentGroupIsEmpty() {
    assertThat(RunMetrics.of(RESULT, ISOLATED).group("queue", "q3")).isEmpty();
    assertThat(RunMetrics.of(RESULT, ISOLATED).group("context", "q1")).isEmpty();
  }

  @Test
  void aRunWithoutJobsOrPreemptionsHasNeutralMetrics() {
    RunMetrics m = RunMetrics.of(new SimulationResult(List.of(), List.of(), 0, 0, 0, 0, 0),
        Map.of());

    assertThat(m.jobs()).isZero();
    assertThat(m.throughputJobsPerSec()).isZero();
    assertThat(m.antt()).isZero();
    assertThat(m.stp()).isZero();
    assertThat(m.fairness()).isEqualTo(1.0);
    assertThat(m.preemptionLatencyP50Ns()).isZero();
    assertThat(m.preemptionLatencyP99Ns()).isZero();
    assertThat(m.bytesSavedPerPreemption()).isZero();
    assertThat(m.groups()).isEmpty();
  }
}
