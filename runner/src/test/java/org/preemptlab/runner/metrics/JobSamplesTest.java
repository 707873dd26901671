package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.SimulationResult;

class JobSamplesTest {
  private static JobRecord job(long id, String queue, long submit, long finish) {
    return new JobRecord(id, queue, "ctx", Priority.NORMAL, EngineKind.COMPUTE, "k", 1, submit,
        submit, submit, submit, finish, 0, 0, 0, 0, Job.NO_DEADLINE);
  }

  private static final SimulationResult RESULT = new SimulationResult(List.of(
      job(5, "a", 0, 300), job(1, "b", 10, 110), job(3, "a", 20, 420)), List.of(), 420, 1, 0, 3,
      3);

  @Test
  void slowdownsFromAnArrayInJobOrderEqualThoseFromAMapById() {
    Map<Long, Double> fromArray = RunData.of(RESULT, new long[] {100, 50, 400}).slowdowns();
    Map<Long, Double> fromMap = RunData.of(RESULT, Map.of(1L, 50L, 3L, 400L, 5L, 100L))
        .slowdowns();

    assertThat(fromArray).isEqualTo(Map.of(5L, 3.0, 1L, 2.0, 3L, 1.0)).isEqualTo(fromMap);
    assertThat(fromArray.get(3L)).isEqualTo(1.0);
    assertThat(fromArray.get(4L)).isNull();
    assertThat(fromArray.containsKey(1L)).isTrue();
    assertThat(fromArray.containsKey(2L)).isFalse();
  }

  @Test
  void slowdownsIterateInJobOrder() {
    Map<Long, Double> slowdowns = RunData.of(RESULT, new long[] {100, 50, 400}).slowdowns();

    assertThat(new LinkedHashMap<>(slowdowns).keySet()).containsExactly(5L, 1L, 3L);
  }

  @Test
  void aScopedMetricReadsTheSlowdownsOfItsOwnJobs() {
    RunData data = RunData.of(RESULT, new long[] {100, 50, 400});

    assertThat(data.value(Metrics.ANTT, Scope.queue("a"))).isEqualTo(2.0);
    assertThat(data.value(Metrics.ANTT, Scope.queue("b"))).isEqualTo(2.0);
    assertThat(data.value(Metrics.FAIRNESS, Scope.ALL)).isEqualTo(1.0 / 3);
    assertThat(data.jobs().select(l -> l.queueId().equals("a")).turnarounds())
        .containsExactly(300, 400);
    assertThat(data.jobs().turnaroundsByQueue()).containsOnlyKeys("a", "b");
  }

  @Test
  void selectionsOfTheSameLanesShareOneSortedCopyOfTheirTurnaroundsAndOthersGetTheirOwn() {
    JobSamples all = RunData.of(RESULT, new long[] {100, 50, 400}).jobs();

    long[] queueA = all.select(l -> l.queueId().equals("a")).sortedTurnarounds();
    long[] againA = all.select(l -> l.queueId().equals("a")).sortedTurnarounds();
    long[] queueB = all.select(l -> l.queueId().equals("b")).sortedTurnarounds();
    long[] everyJob = all.sortedTurnarounds();

    assertThat(againA).isSameAs(queueA).containsExactly(300, 400);
    assertThat(queueB).containsExactly(100);
    assertThat(everyJob).containsExactly(100, 300, 400);
    assertThat(all.select(l -> l.queueId().equals("a")).sortedTurnarounds())
        .isNotSameAs(queueA).containsExactly(300, 400); // another selection was sorted since
  }

  @Test
  void aMissingIsolatedTurnaroundIsNamed() {
    assertThatThrownBy(() -> JobSamples.of(RESULT.jobs(), new long[] {1, 2}))
        .hasMessage("2 isolated turnarounds for 3 jobs");
    assertThatThrownBy(() -> JobSamples.of(RESULT.jobs(), Map.of(5L, 1L)))
        .hasMessage("no isolated turnaround for job 1");
  }

  @Test
  void jobsRecordedInFinishOrderGiveTheMetricsOfTheRecordsInWorkloadOrder() {
    for (long seed = 1; seed <= 20; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      int n = 1 + random.nextInt(300);
      List<JobRecord> records = new ArrayList<>();
      long[] alone = new long[n];
      boolean shuffledIds = random.nextBoolean();
      for (int i = 0; i < n; i++) {
        long submit = random.nextLong(1_000_000);
        long start = submit + random.nextLong(1_000);
        long finish = start + 1 + random.nextLong(100_000);
        long id = shuffledIds ? (i * 7919L) % 100_003 + 17 : i;
        records.add(new JobRecord(id, "q" + random.nextInt(4), "c", Priority.values()[
            random.nextInt(Priority.values().length)], EngineKind.COMPUTE, "k", 1, submit, submit,
            submit, start, finish, 0, 0, 0, random.nextLong(50), random.nextBoolean()
                ? Job.NO_DEADLINE : submit + random.nextLong(100_000)));
        alone[i] = 1 + random.nextLong(finish - submit);
      }
      List<Integer> finishOrder = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        finishOrder.add(i);
      }
      Collections.shuffle(finishOrder, new java.util.Random(seed));
      JobSamples.Recorder recorder = new JobSamples.Recorder(n, i -> alone[i]);
      for (int i : finishOrder) {
        assertThat(recorder.add(i, records.get(i)))
            .isEqualTo((double) records.get(i).turnaroundNs() / alone[i]);
      }
      SimulationResult result = new SimulationResult(records, List.of(), 0, 0, 0, 0, 0);
      RunData streamed = new RunData(result, recorder.build(), Map.of(), Map.of());
      RunData kept = RunData.of(result, alone);

      for (Metric metric : Metrics.BUILT_IN) {
        if (metric.onRequest()) {
          continue; // computed from an engine observation, which these records do not carry
        }
        for (Scope scope : scopes(kept, metric)) {
          assertThat(Double.valueOf(streamed.value(metric, scope))).as("seed %s %s%s", seed,
              metric.id(), scope.suffix()).isEqualTo(Double.valueOf(kept.value(metric, scope)));
        }
      }
      assertThat(streamed.slowdowns()).isEqualTo(kept.slowdowns());
      assertThat(streamed.jobs()).isEqualTo(kept.jobs()).hasSameHashCodeAs(kept.jobs());
      assertThat(streamed.jobs().size()).isEqualTo(n);
    }
  }

  private static List<Scope> scopes(RunData data, Metric metric) {
    List<Scope> scopes = new ArrayList<>(List.of(Scope.ALL));
    if (metric.scopable()) {
      data.names("queue").forEach(q -> scopes.add(Scope.queue(q)));
      data.names("priority").forEach(p -> scopes.add(Scope.priority(p)));
      scopes.add(Scope.priority("highest"));
    }
    return scopes;
  }

  @Test
  void theWaitingMeanAndTheTurnaroundMeanMatchTheMeanOfTheSortedValues() {
    List<JobRecord> records = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 1000; i++) {
      long submit = random.nextLong(1L << 40);
      long start = submit + random.nextLong(1L << 30);
      records.add(new JobRecord(i, "q" + (i % 3), "c", Priority.NORMAL, EngineKind.COMPUTE, "k",
          1, submit, submit, submit, start, start + 5, 0, 0, 0, 0, Job.NO_DEADLINE));
    }
    JobSamples samples = JobSamples.of(records, new long[1000]);

    assertThat(samples.waitingMeanNs()).isEqualTo(Percentiles.of(
        records.stream().mapToLong(JobRecord::waitingNs).toArray()).mean());
  }

  @Test
  void aWaitingSumBeyondLongMaxValueContinuesAsADouble() {
    long big = Long.MAX_VALUE / 2 + 1;
    List<JobRecord> records = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      records.add(new JobRecord(i, "q", "c", Priority.NORMAL, EngineKind.COMPUTE, "k", 1, 0, 0,
          0, big, big + 1, 0, 0, 0, 0, Job.NO_DEADLINE));
    }
    JobSamples samples = JobSamples.of(records, new long[] {1, 1, 1, 1});

    assertThat(samples.waitingMeanNs()).isEqualTo((double) big);
  }

  @Test
  void aRunOfMoreThan255QueuesKeepsEachJobsQueue() {
    List<JobRecord> records = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      records.add(job(i, "q" + i, 0, 10 + i));
    }
    JobSamples samples = JobSamples.of(records, new long[600]);

    assertThat(samples.lanes()).hasSize(600);
    assertThat(samples.select(l -> l.queueId().equals("q0")).turnarounds()).containsExactly(10);
    assertThat(samples.select(l -> l.queueId().equals("q599")).turnarounds())
        .containsExactly(609);
    assertThat(samples.select(l -> l.queueId().equals("q300")).contains(300)).isTrue();
    assertThat(samples.select(l -> l.queueId().equals("q300")).contains(299)).isFalse();
  }

  @Test
  void aJobRecordedTwiceOrMissingIsRefused() {
    JobSamples.Recorder recorder = new JobSamples.Recorder(2, i -> 1);
    recorder.add(0, job(0, "q", 0, 1));

    assertThatThrownBy(() -> recorder.add(0, job(0, "q", 0, 1)))
        .hasMessage("job index 0 recorded twice");
    assertThatThrownBy(recorder::build).hasMessage("1 of 2 jobs recorded");
  }
}
