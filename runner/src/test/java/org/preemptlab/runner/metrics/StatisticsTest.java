package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatisticsTest {
  @Test
  void theTQuantileMatchesTheTables() {
    // two-sided 95%: t(0.975, df) from any statistics table
    assertThat(Statistics.tQuantile(1)).isCloseTo(12.7062, within(1e-4));
    assertThat(Statistics.tQuantile(4)).isCloseTo(2.7764, within(1e-4));
    assertThat(Statistics.tQuantile(9)).isCloseTo(2.2622, within(1e-4));
    assertThat(Statistics.tQuantile(1000)).isCloseTo(1.9623, within(1e-4));
  }

  @Test
  void theMeanIntervalIsTTimesTheStandardError() {
    // 1..5: mean 3, s^2 = 10/4 = 2.5, se = sqrt(2.5/5) = 0.70711, 2.77645 * 0.70711 = 1.96324
    Estimate e = Statistics.mean(new double[] {1, 2, 3, 4, 5});

    assertThat(e.n()).isEqualTo(5);
    assertThat(e.mean()).isEqualTo(3.0);
    assertThat(e.halfWidth()).isCloseTo(1.96324, within(1e-5));
    assertThat(e.low()).isCloseTo(1.03676, within(1e-5));
    assertThat(e.high()).isCloseTo(4.96324, within(1e-5));
  }

  @Test
  void thePairedIntervalIsTheIntervalOfTheDifferences() {
    // differences 1, 2, 1, 2: mean 1.5, s = sqrt(1/3) = 0.57735, se = 0.288675,
    // t(0.975, 3) = 3.18245, half-width 0.91869
    Estimate d = Statistics.paired(new double[] {10, 12, 14, 11}, new double[] {9, 10, 13, 9});

    assertThat(d.n()).isEqualTo(4);
    assertThat(d.mean()).isEqualTo(1.5);
    assertThat(d.halfWidth()).isCloseTo(0.91869, within(1e-5));
    assertThat(d.excludesZero()).isTrue();
  }

  @Test
  void pairingRemovesTheVariationThatBothConfigurationsOfASeedShare() {
    double[] baseline = {100, 200, 300, 400};
    double[] better = {99, 199, 299, 399};

    assertThat(Statistics.mean(better).halfWidth()).isGreaterThan(100);
    Estimate d = Statistics.paired(better, baseline);
    assertThat(d.mean()).isEqualTo(-1.0);
    assertThat(d.halfWidth()).isZero();
    assertThat(d.excludesZero()).isTrue();
  }

  @Test
  void undefinedValuesAreLeftOutAndPairsWithOneAreDropped() {
    Estimate e = Statistics.mean(new double[] {Double.NaN, 2, 4});
    Estimate d = Statistics.paired(new double[] {1, Double.NaN, 5}, new double[] {0, 1, Double.NaN});

    assertThat(e.n()).isEqualTo(2);
    assertThat(e.mean()).isEqualTo(3.0);
    assertThat(d.n()).isEqualTo(1);
    assertThat(d.mean()).isEqualTo(1.0);
    assertThat(d.halfWidth()).isNaN();
    assertThat(d.excludesZero()).isFalse();
  }

  @Test
  void noValuesGiveNoMeanAndOneValueNoInterval() {
    assertThat(Statistics.mean(new double[0]).mean()).isNaN();
    Estimate one = Statistics.mean(new double[] {7});
    assertThat(one.mean()).isEqualTo(7.0);
    assertThat(one.halfWidth()).isNaN();
  }

  @Test
  void pairedSamplesMustHaveTheSameSize() {
    assertThatThrownBy(() -> Statistics.paired(new double[2], new double[3]))
        .hasMessageContaining("differ in size");
  }
}
