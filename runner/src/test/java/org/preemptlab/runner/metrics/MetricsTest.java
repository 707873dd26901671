package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.api.metrics.MetricUnit;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.engine.SimulationResult;

class MetricsTest {
  private static JobRecord job(long id, String queue, Priority priority, long submit, long finish) {
    return new JobRecord(id, queue, "ctx-" + queue, priority, EngineKind.COMPUTE, "k", 1, submit,
        submit, submit, submit, finish, 0, 0, 0, 0, Job.NO_DEADLINE);
  }

  private static PreemptionRecord preemption(long victim, long request, long free, long waiter,
      long placed, long bytes) {
    return new PreemptionRecord(victim, "train", request, request, free, 2, 0, 2, 0, bytes,
        Map.of(), waiter, placed);
  }

  // video (HIGH): jobs 1, 2; audio (HIGH): job 3; train (LOW): job 4, preempted twice
  private static final SimulationResult RESULT = new SimulationResult(
      List.of(job(1, "video", Priority.HIGH, 0, 100), job(2, "video", Priority.HIGH, 100, 400),
          job(3, "audio", Priority.HIGH, 0, 50), job(4, "train", Priority.LOW, 0, 1000)),
      List.of(preemption(4, 10, 40, 1, 30, 1000), preemption(4, 200, 260, -1, -1, 3000)),
      1000, 0.5, 0, 10, 10);
  private static final RunData DATA = RunData.of(RESULT, Map.of(1L, 50L, 2L, 100L, 3L, 50L,
      4L, 500L)).with(Map.of(), Map.of("media", Set.of("video", "audio")));

  @Test
  void aScopedMetricCoversOnlyTheJobsOfItsQueueContextPriorityOrGroup() {
    assertThat(DATA.value(Metrics.TURNAROUND_P99, Scope.queue("video"))).isEqualTo(300);
    assertThat(DATA.value(Metrics.TURNAROUND_P99, new Scope("context", "ctx-audio")))
        .isEqualTo(50);
    assertThat(DATA.value(Metrics.JOBS, Scope.priority("HIGH"))).isEqualTo(3);
    assertThat(DATA.value(Metrics.JOBS, Scope.priority("highest"))).isEqualTo(3);
    assertThat(DATA.value(Metrics.JOBS, Scope.priority("lowest"))).isEqualTo(1);
    assertThat(DATA.value(Metrics.TURNAROUND_MEAN, new Scope("group", "media")))
        .isEqualTo((100 + 300 + 50) / 3.0);
    assertThat(DATA.value(Metrics.TURNAROUND_P99, Scope.ALL)).isEqualTo(1000);
  }

  @Test
  void theWaiterLatencyBelongsToTheWaitingJobsGroupAndBytesToTheVictims() {
    assertThat(DATA.value(Metrics.WAITER_LATENCY_P50, Scope.ALL)).isEqualTo(20); // 30 - 10
    assertThat(DATA.value(Metrics.ALL_FREED_LATENCY_P99, Scope.ALL)).isEqualTo(60);
    assertThat(DATA.value(Metrics.WAITER_LATENCY_P99, Scope.queue("video"))).isEqualTo(20);
    assertThat(DATA.value(Metrics.ALL_FREED_LATENCY_P99, Scope.queue("video"))).isEqualTo(30);
    assertThat(DATA.value(Metrics.WAITER_LATENCY_P99, Scope.queue("train"))).isNaN();
    assertThat(DATA.value(Metrics.BYTES_SAVED_PER_PREEMPTION, Scope.queue("train")))
        .isEqualTo(2000);
    assertThat(DATA.value(Metrics.PREEMPTIONS, Scope.queue("train"))).isEqualTo(2);
    assertThat(DATA.value(Metrics.PREEMPTIONS, Scope.queue("video"))).isZero();
  }

  @Test
  void anUndefinedValueIsNaNNeverZero() {
    RunData none = RunData.of(new SimulationResult(List.of(job(1, "q", Priority.LOW, 0, 10)),
        List.of(), 10, 1, 0, 1, 1), Map.of(1L, 10L));

    assertThat(none.value(Metrics.WAITER_LATENCY_P99, Scope.ALL)).isNaN();
    assertThat(none.value(Metrics.ALL_FREED_LATENCY_P50, Scope.ALL)).isNaN();
    assertThat(none.value(Metrics.BYTES_SAVED_PER_PREEMPTION, Scope.ALL)).isNaN();
    assertThat(none.value(Metrics.TURNAROUND_P99, Scope.queue("absent"))).isNaN();
    assertThat(none.value(Metrics.DEADLINE_MISSES, Scope.queue("absent"))).isNaN();
    assertThat(none.value(Metrics.PREEMPTIONS, Scope.ALL)).isZero();
  }

  @Test
  void aScopeNamingNothingInTheRunIsReportedWithTheNamesThatExist() {
    assertThatThrownBy(() -> DATA.check(Scope.queue("vidoe")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("unknown queue 'vidoe'; did you mean 'video'? valid: audio, train, video");
    DATA.check(Scope.priority("highest"));
    DATA.check(new Scope("group", "media"));
  }

  @Test
  void aSelectionIsParsedFromItsWrittenForm() {
    MetricSelection s = MetricSelection.parse("turnaround-p99@queue=video", Metrics.builtIn());

    assertThat(s.metric()).isSameAs(Metrics.TURNAROUND_P99);
    assertThat(s.scope()).isEqualTo(Scope.queue("video"));
    assertThat(s.key()).isEqualTo("turnaround-p99@queue=video");
    assertThat(MetricSelection.parse("makespan", Metrics.builtIn()).scope()).isEqualTo(Scope.ALL);
    assertThatThrownBy(() -> MetricSelection.parse("makespan@queue=video", Metrics.builtIn()))
        .hasMessageContaining("defined for the whole run only");
    assertThatThrownBy(() -> MetricSelection.parse("turnaround-p99@video", Metrics.builtIn()))
        .hasMessageContaining("write dimension=name");
  }

  @Test
  void aPluginsMetricsJoinTheRegistryUnderTheirKind() {
    Metrics metrics = Metrics.builtIn().withPlugin("policy", List.of(new MetricDeclaration(
        "boosts", "priority boosts", MetricUnit.COUNT, false, "boosts given")));
    RunData data = DATA.with(Map.of("policy.boosts", 7.0), Map.of());

    Metric boosts = metrics.get("policy.boosts");
    assertThat(data.value(boosts, Scope.ALL)).isEqualTo(7);
    assertThat(DATA.value(boosts, Scope.ALL)).isNaN();
    assertThat(boosts.scopable()).isFalse();
    assertThatThrownBy(() -> Metrics.builtIn().get("policy.boosts"))
        .hasMessageStartingWith("unknown metric 'policy.boosts'");
  }

  @Test
  void aDisplayUnitIsScaledToTheLargestValue() {
    assertThat(DisplayUnit.of(MetricUnit.NANOSECONDS, 999).symbol()).isEqualTo("ns");
    assertThat(DisplayUnit.of(MetricUnit.NANOSECONDS, 42_000).symbol()).isEqualTo("µs");
    assertThat(DisplayUnit.of(MetricUnit.NANOSECONDS, 3e6).format(3e6)).isEqualTo("3.000");
    assertThat(DisplayUnit.of(MetricUnit.NANOSECONDS, 3e6).symbol()).isEqualTo("ms");
    assertThat(DisplayUnit.of(MetricUnit.BYTES, 40_000 * 1024.0).symbol()).isEqualTo("MiB");
    assertThat(DisplayUnit.of(MetricUnit.BYTES, 40_000 * 1024.0).format(40_000 * 1024.0))
        .isEqualTo("39.1");
    assertThat(DisplayUnit.of(MetricUnit.BYTES, 100).format(Double.NaN)).isEqualTo("n/a");
    assertThat(DisplayUnit.of(MetricUnit.FRACTION, 0.5).format(0.5)).isEqualTo("50.0");
  }

  @Test
  void docsMetricsMdHoldsTheRegistrysTableAsTheCodeProducesItNow() throws Exception {
    String doc = Files.readString(Path.of("..", "docs", "metrics.md"));
    String start = "<!-- metrics-table: generated from Metrics.builtIn().markdownTable() -->\n";
    String end = "<!-- /metrics-table -->";
    assertThat(doc).contains(start, end);

    assertThat(doc.substring(doc.indexOf(start) + start.length(), doc.indexOf(end)))
        .as("docs/metrics.md; regenerate the table from Metrics.builtIn().markdownTable()")
        .isEqualTo(Metrics.builtIn().markdownTable());
  }
}
