package org.preemptlab.api.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CostDistributionTest {

  @Test
  void aDurationIsAConstantThatNeverDraws() {
    CostDistribution fixed = CostDistribution.parse("9.7us");
    SplittableRandom random = new SplittableRandom(1);
    long before = new SplittableRandom(1).nextLong();

    assertThat(fixed.isFixed()).isTrue();
    assertThat(fixed.sample(random)).isEqualTo(9_700);
    assertThat(random.nextLong()).isEqualTo(before);
    assertThat(fixed.toString()).isEqualTo("9.7us");
  }

  @Test
  void quantilePointsInterpolateLinearlyAndClampOutsideThem() {
    CostDistribution d = CostDistribution.parse("p10 9us, p50 10us, p90 14us");

    assertThat(d.medianNs()).isEqualTo(10_000);
    assertThat(d.quantileNs(0.30)).isEqualTo(9_500);
    assertThat(d.quantileNs(0.70)).isEqualTo(12_000);
    assertThat(d.quantileNs(0.01)).isEqualTo(9_000);
    assertThat(d.quantileNs(0.99)).isEqualTo(14_000);
    assertThat(CostDistribution.parse(d.toString())).isEqualTo(d);
  }

  @Test
  void drawsFollowTheQuantilesAndRepeatForTheSameSeed() {
    CostDistribution d = CostDistribution.parse("p0 0ns, p100 1000ns");
    SplittableRandom a = new SplittableRandom(3);
    SplittableRandom b = new SplittableRandom(3);
    long sum = 0;
    for (int i = 0; i < 10_000; i++) {
      long x = d.sample(a);
      assertThat(x).isEqualTo(d.sample(b)).isBetween(0L, 1000L);
      sum += x;
    }
    assertThat(sum / 10_000.0).isBetween(480.0, 520.0);
  }

  @Test
  void levelsMustIncreaseAndValuesMustNotDecrease() {
    assertThatThrownBy(() -> CostDistribution.parse("p50 9us, p10 8us"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("quantile levels must increase: p50 is followed by p10");
    assertThatThrownBy(() -> CostDistribution.parse("p10 9us, p50 8us"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not decrease");
    assertThatThrownBy(() -> CostDistribution.parse("p50 fast"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a duration");
  }
}
