package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The benchmark checks both implementations against the published table; timings untested. */
@Tag("slow")
class BenchmarkTest {
  private static final BenchSettings SMALL = new BenchSettings(200, 0, 1);
  private static Benchmark.Report report;

  @BeforeAll
  static void runOnce() {
    report = Benchmark.run(SMALL);
  }

  @Test
  void bothImplementationsMatchThePublishedRowForTwoHundredKernels() {
    for (Measurement m : new Measurement[] {report.baseline(), report.engine()}) {
      assertThat(m.outcome().blocks()).as(m.name()).isEqualTo(121_836);
      assertThat(m.blocksVerdict()).as(m.name()).isEqualTo(Verdict.MATCH);
      assertThat(m.makespanVerdict()).as(m.name()).isEqualTo(Verdict.MATCH);
      assertThat(m.turnaroundVerdict()).as(m.name()).isEqualTo(Verdict.MATCH);
    }
    assertThat(report.implementationsAgree()).isTrue();
    assertThat(report.passed()).isTrue();
  }

  @Test
  void bothImplementationsCountOneEventPerBlockCompletionAndPerArrival() {
    assertThat(report.baseline().outcome().events()).isEqualTo(121_836 + 200);
    assertThat(report.engine().outcome().events()).isEqualTo(121_836 + 200);
  }

  @Test
  void eachMeasurementHasOneWallTimeAndHeapPeakPerRepetition() {
    assertThat(report.engine().wallNs()).hasSize(1);
    assertThat(report.baseline().peakHeapBytes()).hasSize(1);
    assertThat(report.engine().maxPeakHeapBytes()).isPositive();
  }

  @Test
  void renderedTableHasTheColumnHeadersTheRatioLineAndTheVerdicts() {
    String text = Benchmark.render(report);

    assertThat(text).contains("N = 200 kernels", "0 warm-ups, 1 repetition",
        "outside the timed section");
    BenchTable.SPEED_COLUMNS.forEach(column -> assertThat(text).contains(column));
    BenchTable.RESULT_COLUMNS.forEach(column -> assertThat(text).contains(column));
    assertThat(text).containsPattern("engine/baseline blocks/s: \\d+\\.\\d{3}");
    assertThat(text).contains("121,836", "11,872,947", "59,196,686", "MATCH", "result: PASS")
        .doesNotContain("MISMATCH");
  }

  @Test
  void aWrongExpectedValueIsReportedAsMismatchAndFailsTheBenchmark() {
    ExpectedResults.Row published = ExpectedResults.forKernels(200).orElseThrow();
    ExpectedResults.Row wrong = new ExpectedResults.Row(200, published.blocks(),
        published.makespanNs() + 1, published.turnaroundSumNs());

    Benchmark.Report bad = Benchmark.run(SMALL, Optional.of(wrong));

    assertThat(bad.engine().makespanVerdict()).isEqualTo(Verdict.MISMATCH);
    assertThat(bad.baseline().makespanVerdict()).isEqualTo(Verdict.MISMATCH);
    assertThat(bad.engine().turnaroundVerdict()).isEqualTo(Verdict.MATCH);
    assertThat(bad.passed()).isFalse();
    assertThat(Benchmark.render(bad)).contains("MISMATCH", "result: FAIL");
  }

  @Test
  void anUnpublishedKernelCountIsNotApplicableButStillPassesWhenTheImplementationsAgree() {
    Benchmark.Report unpublished = Benchmark.run(new BenchSettings(20, 0, 1));

    assertThat(unpublished.expected()).isEmpty();
    assertThat(unpublished.engine().makespanVerdict()).isEqualTo(Verdict.NOT_AVAILABLE);
    assertThat(unpublished.implementationsAgree()).isTrue();
    assertThat(unpublished.passed()).isTrue();
    assertThat(Benchmark.render(unpublished)).contains("n/a", "result: PASS");
  }
}
