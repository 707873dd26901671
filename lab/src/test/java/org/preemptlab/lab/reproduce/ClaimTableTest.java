package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.preemptlab.runner.report.TextTable;

class ClaimTableTest {
  private static final Source SOURCE = new Source("Paper, Venue'99", "§5, Fig. 6",
      "owner/repo: config/A.json");
  private static final Target LATENCY = new Target("mean latency", SOURCE, "about 200 us",
      Tolerance.relative(200, 0.25, "approximate in the paper."));
  private static final Target OVERHEAD = new Target("overhead", SOURCE, "< 2%",
      Tolerance.below(0.02, Tolerance.Unit.PERCENT, "a bound in the paper."));

  @Test
  void aValueWithinTheToleranceWithoutABaselinePasses() {
    assertThat(LATENCY.simulated("210 us", 210).verdict()).isEqualTo(Verdict.PASS);
    assertThat(LATENCY.simulated("150 us", 150).verdict()).isEqualTo(Verdict.PASS);
    assertThat(LATENCY.simulated("149 us", 149).verdict()).isEqualTo(Verdict.FAIL);
  }

  @Test
  void aClaimOverASweepPassesOnlyWhenEveryValueIsWithin() {
    assertThat(LATENCY.simulated("190-240", 190, 240).verdict()).isEqualTo(Verdict.PASS);
    assertThat(LATENCY.simulated("190-260", 190, 260).verdict()).isEqualTo(Verdict.FAIL);
    assertThat(LATENCY.simulated("none").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(LATENCY.simulated("NaN", Double.NaN).verdict()).isEqualTo(Verdict.FAIL);
  }

  @Test
  void aBaselineThatAlsoMeetsTheToleranceMakesTheRowInconclusive() {
    Target.Row both = OVERHEAD.simulated("0.3%", new double[] {0.003},
        new Target.Baseline("no preemption", "0.5%", 0.005));
    Target.Row only = OVERHEAD.simulated("0.3%", new double[] {0.003},
        new Target.Baseline("no preemption", "9.0%", 0.09));
    Target.Row neither = OVERHEAD.simulated("3.0%", new double[] {0.03},
        new Target.Baseline("no preemption", "0.5%", 0.005));

    assertThat(both.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(both.baseline()).isEqualTo("no preemption: 0.5% (also within)");
    assertThat(only.verdict()).isEqualTo(Verdict.PASS);
    assertThat(neither.verdict()).isEqualTo(Verdict.FAIL);
  }

  @Test
  void onlyATableOfPassRowsReproduces() {
    assertThat(new ClaimTable().add(LATENCY.simulated("200 us", 200)).reproduced()).isTrue();
    assertThat(new ClaimTable().reproduced()).isFalse();
    assertThat(new ClaimTable().add(LATENCY.simulated("200 us", 200))
        .add(OVERHEAD.notSimulated("needs a hint")).reproduced()).isFalse();
    ClaimTable inSample = new ClaimTable().add(LATENCY.simulated("200 us", 200))
        .add(OVERHEAD.inSample("1.0%", "the switch cost was fitted to this bar", 0.01));
    assertThat(inSample.reproduced()).as("an in-sample row never counts, even within").isFalse();
    assertThat(inSample.rows().get(1).within()).isTrue();
    assertThat(inSample.verdict()).isEqualTo("Verdict: 1 PASS, 1 IN-SAMPLE of 2 rows: NOT"
        + " reproduced (that needs every row PASS).");
  }

  @Test
  void aRowWhoseInputsAreUnpublishedCountsNeitherAsPassNorAsFailAndNamesWhatIsMissing() {
    Target.Row standIn = LATENCY.simulated("150 us", 150)
        .because("The stand-in kernels are shorter.").inputsUnpublished("the benchmark table");
    Target.Row notRun = OVERHEAD.notSimulated("Needs a hint.")
        .inputsUnpublished("the metric's definition");

    assertThat(standIn.verdict()).isEqualTo(Verdict.INPUTS_UNPUBLISHED);
    assertThat(standIn.simulated()).isEqualTo("150 us");
    assertThat(standIn.note()).isEqualTo("Inputs unpublished: the benchmark table. The simulated"
        + " value is an illustration on stand-in inputs, within the tolerance; it counts neither"
        + " way. The stand-in kernels are shorter.");
    assertThat(notRun.note()).isEqualTo("Inputs unpublished: the metric's definition. Needs a"
        + " hint.");
    ClaimTable withPass = new ClaimTable().add(LATENCY.simulated("200 us", 200)).add(standIn);
    assertThat(withPass.reproduced()).as("a PASS and an unpublished row reproduce").isTrue();
    assertThat(withPass.verdict()).isEqualTo("Verdict: 1 PASS, 1 INPUTS UNPUBLISHED of 2 rows:"
        + " reproduced (every row with public inputs PASS).");
    ClaimTable onlyUnpublished = new ClaimTable().add(standIn).add(notRun);
    assertThat(onlyUnpublished.reproduced()).as("nothing public was reproduced").isFalse();
    assertThat(new ClaimTable().add(standIn).add(LATENCY.simulated("100 us", 100)).reproduced())
        .as("an unpublished row does not hide a FAIL").isFalse();
    assertThatThrownBy(() -> LATENCY.simulated("1 us", 1).inputsUnpublished(" "))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mean latency");
  }

  @Test
  void theTableNamesTheSourceTheToleranceAndTheVerdictAndTheNotesGiveTheReasons() {
    ClaimTable table = new ClaimTable().add(LATENCY.simulated("210 us", 210))
        .add(OVERHEAD.notSimulated("Needs a hint."));

    String markdown = ReproductionPage.markdown(table.table().render());
    assertThat(markdown).contains("| 1 | mean latency | Paper, Venue'99, §5, Fig. 6"
        + " (owner/repo: config/A.json) | about 200 us | 210 us | ±25% | | PASS |");
    assertThat(markdown).contains("| 2 | overhead | Paper, Venue'99, §5, Fig. 6 (owner/repo:"
        + " config/A.json) | < 2% | not simulated | < 2% | | NOT SIMULATED |");
    assertThat(table.notes()).isEqualTo("1. Tolerance ±25%: approximate in the paper.\n"
        + "2. Tolerance < 2%: a bound in the paper. Needs a hint.\n");
  }

  @Test
  void theMarkdownWriterKeepsEmptyCellsInTheirColumns() {
    String rendered = new TextTable("metric", "published", "simulated", "tolerance", "within")
        .row("yield latency", "about 200 us", "155 us", "", "yes")
        .row("pre-preemption", "", "not simulated", "", "")
        .row("a | b", "1", "2", "3", "4").render();

    assertThat(ReproductionPage.markdown(rendered)).isEqualTo("""
        | metric | published | simulated | tolerance | within |
        |---|---|---|---|---|
        | yield latency | about 200 us | 155 us | | yes |
        | pre-preemption | | not simulated | | |
        | a \\| b | 1 | 2 | 3 | 4 |
        """);
  }

  @Test
  void tolerancesPrintTheirRule() {
    assertThat(Tolerance.band(0.122, 0.05, Tolerance.Unit.PERCENT, "r").text())
        .isEqualTo("±5 points of 12.2%");
    assertThat(Tolerance.atMost(0.012, Tolerance.Unit.PERCENT, "r").text()).isEqualTo("<= 1.2%");
    assertThat(Tolerance.between(1.6, 2.19, Tolerance.Unit.TIMES, "r").text())
        .isEqualTo("1.6x to 2.19x");
    assertThat(Tolerance.atLeast(12, Tolerance.Unit.PLAIN, "r").accepts(12)).isTrue();
    assertThat(Tolerance.below(40, Tolerance.Unit.US, "r").accepts(40)).isFalse();
  }

  @Test
  void aTargetWithoutAReasonOrASourcePlaceIsRefused() {
    assertThatThrownBy(() -> Tolerance.relative(1, 0.1, " "))
        .hasMessageContaining("a tolerance needs its reason");
    assertThatThrownBy(() -> Source.of("Paper", ""))
        .hasMessageContaining("needs a section, figure or table");
  }
}
