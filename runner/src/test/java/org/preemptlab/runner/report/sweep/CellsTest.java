package org.preemptlab.runner.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.metrics.Statistics;
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

  @Test
  void everyIntervalCarriesItsSeedCount() {
    DisplayUnit ms = DisplayUnit.of(org.preemptlab.api.metrics.MetricUnit.NANOSECONDS, 1e6);
    assertThat(Cells.mean(ms, new Estimate(3, 2e6, 0.5e6))).isEqualTo("2.000 ± 0.500 (n=3)");
    assertThat(Cells.difference(ms, new Estimate(3, -0.3e6, 0.1e6)))
        .isEqualTo("-0.300 ± 0.100 (n=3)");
    assertThat(Cells.difference(ms, new Estimate(3, 0.3e6, 0.5e6).within(-5e6, 5e6)))
        .isEqualTo("+0.300 ± 0.500 (n=3)");
    assertThat(Cells.mean(ms, new Estimate(3, 0.3e6, 0.5e6).within(0, 5e6)))
        .isEqualTo("0.300 [0.000, 0.800] (n=3)");
    assertThat(Cells.mean(ms, new Estimate(1, 2e6, Double.NaN))).isEqualTo("2.000 (n=1)");
    assertThat(Cells.mean(ms, new Estimate(0, Double.NaN, Double.NaN))).isEqualTo("n/a");
    assertThat(Cells.difference(ms, null)).isEqualTo("baseline");
  }

  @Test
  void noVerdictFromFewerPairsThanTheIntervalNeeds() {
    assertThat(Statistics.MIN_VALUES_FOR_INTERVAL).isEqualTo(2);
    assertThat(Statistics.mean(new double[] {-0.3}).halfWidth()).isNaN();
    assertThat(Cells.verdict(ANTT, Statistics.mean(new double[] {-0.3}))).isEqualTo("n < 2");
    assertThat(Cells.verdict(ANTT, Statistics.mean(new double[] {-0.30, -0.31})))
        .isEqualTo("better");
  }
}
