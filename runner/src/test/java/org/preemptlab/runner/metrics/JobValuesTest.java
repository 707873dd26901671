package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.engine.JobRecord;
import org.preemptlab.runner.engine.SimulationResult;

class JobValuesTest {
  private static JobRecord job(long id, String queue, long submit, long finish) {
    return new JobRecord(id, queue, "ctx", Priority.NORMAL, EngineKind.COMPUTE, "k", 1, submit,
        submit, submit, submit, finish, 0, 0, 0, 0, Job.NO_DEADLINE);
  }

  private static final SimulationResult RESULT = new SimulationResult(List.of(
      job(5, "a", 0, 300), job(1, "b", 10, 110), job(3, "a", 20, 420)), List.of(), 420, 1, 0, 3,
      3);

  @Test
  void slowdownsFromAnArrayInJobOrderEqualThoseFromAMapById() {
    Map<Long, Double> fromArray = RunData.slowdowns(RESULT, new long[] {100, 50, 400});
    Map<Long, Double> fromMap = RunData.slowdowns(RESULT, Map.of(1L, 50L, 3L, 400L, 5L, 100L));

    assertThat(fromArray).isEqualTo(Map.of(5L, 3.0, 1L, 2.0, 3L, 1.0)).isEqualTo(fromMap);
    assertThat(fromArray).isInstanceOf(JobValues.class);
    assertThat(fromArray.get(3L)).isEqualTo(1.0);
    assertThat(fromArray.get(4L)).isNull();
    assertThat(fromArray.containsKey(1L)).isTrue();
  }

  @Test
  void valuesIterateInJobOrder() {
    Map<Long, Double> slowdowns = RunData.slowdowns(RESULT, new long[] {100, 50, 400});

    assertThat(new LinkedHashMap<>(slowdowns).keySet()).containsExactly(5L, 1L, 3L);
  }

  @Test
  void aScopedMetricReadsTheSlowdownsOfItsOwnJobs() {
    RunData data = RunData.of(RESULT, new long[] {100, 50, 400});

    assertThat(data.value(Metrics.ANTT, Scope.queue("a"))).isEqualTo(2.0);
    assertThat(data.value(Metrics.ANTT, Scope.queue("b"))).isEqualTo(2.0);
    assertThat(data.value(Metrics.FAIRNESS, Scope.ALL)).isEqualTo(1.0 / 3);
  }

  @Test
  void aMissingIsolatedTurnaroundIsNamed() {
    assertThatThrownBy(() -> RunData.slowdowns(RESULT, new long[] {1, 2}))
        .hasMessage("2 isolated turnarounds for 3 jobs");
    assertThatThrownBy(() -> RunData.slowdowns(RESULT, Map.of(5L, 1L)))
        .hasMessage("no isolated turnaround for job 1");
  }
}
