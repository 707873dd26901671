package org.preemptlab.runner.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;

class CellsTest {
  private static final MetricSelection ANTT = MetricSelection.parse("antt", Metrics.builtIn());

  @Test
  void theSameDifferenceOnEverySeedGivesNoVerdict() {
    // -0.3 on each of 3 seeds: a zero-width interval, which printed as "-0.3 ± 0.0 worse"
    assertThat(Cells.verdict(ANTT, new Estimate(3, -0.3, 0.0))).isEqualTo(Cells.CONSTANT);
    assertThat(Cells.verdict(ANTT, new Estimate(3, 0.3, 0.0))).isEqualTo(Cells.CONSTANT);
  }

  @Test
  void aDifferenceWithSpreadStillGetsItsVerdictAndNoneStaysNotSignificant() {
    assertThat(Cells.verdict(ANTT, new Estimate(3, -0.3, 0.1))).isEqualTo("better");
    assertThat(Cells.verdict(ANTT, new Estimate(3, 0.3, 0.1))).isEqualTo("worse");
    assertThat(Cells.verdict(ANTT, new Estimate(3, 0.3, 0.5))).isEqualTo("n.s.");
    assertThat(Cells.verdict(ANTT, new Estimate(3, 0.0, 0.0))).isEqualTo("n.s.");
    assertThat(Cells.verdict(ANTT, new Estimate(1, 0.3, Double.NaN))).isEqualTo(Cells.ONE_SEED);
  }
}
