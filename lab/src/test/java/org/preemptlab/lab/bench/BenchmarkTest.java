package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
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
    assertThat(text).contains("regression guard: engine/baseline blocks per CPU second >= 1.8 "
        + "at N = 10,000: not applied (N = 200)");
    assertThat(text).contains("121,836", "11,872,947", "59,196,686", "MATCH", "result: PASS")
        .doesNotContain("MISMATCH");
  }

  @Test
  void theRatioPerRepetitionPairsEachEngineRunWithTheBaselineRunBesideIt() {
    RunOutcome outcome = new RunOutcome(1_000, 1_100, 5, 7);
    List<Long> three = List.of(1L, 1L, 1L);
    // baseline CPU 300, 200, 260 ns; engine 100, 125, 100 ns: pairs 3.0, 1.6, 2.6
    Measurement baseline = Measurement.of("baseline", 10, outcome, true, three,
        List.of(300L, 200L, 260L), three, 0, three, three, Optional.empty());
    Measurement engine = Measurement.of("engine", 10, outcome, true, three,
        List.of(100L, 125L, 100L), three, 0, three, three, Optional.empty());
    Benchmark.Report paired = new Benchmark.Report(new BenchSettings(10, 0, 3), Optional.empty(),
        "jvm", 2, baseline, engine);

    List<Double> ratios = paired.pairedCpuRatios();
    assertThat(ratios).hasSize(3);
    assertThat(ratios.get(0)).isCloseTo(1.6, within(1e-9));
    assertThat(ratios.get(1)).isCloseTo(2.6, within(1e-9));
    assertThat(ratios.get(2)).isCloseTo(3.0, within(1e-9));
    assertThat(paired.engineToBaselineBlocksPerCpuSecond()).as("medians: 260 / 100")
        .isCloseTo(2.6, within(1e-9));
    assertThat(Benchmark.render(paired)).contains("per repetition, blocks per CPU second: median "
        + "2.600, lowest 1.600, highest 3.000 over 3 repetitions (each the two runs back to back)");
    Measurement unmeasured = Measurement.of("engine", 10, outcome, true, three,
        List.of(-1L, -1L, -1L), three, 0, three, three, Optional.empty());
    assertThat(new Benchmark.Report(new BenchSettings(10, 0, 3), Optional.empty(), "jvm", 2,
        baseline, unmeasured).pairedCpuRatios()).isEmpty();
  }

  @Test
  void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Measurement.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
    assertThat(Measurement.median(List.of(40L, 10L, 30L, 20L))).isEqualTo(25.0);
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
