package org.preemptlab.api.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MaxMinFairTest {
  private final ContentionModel model = ContentionModel.maxMinFair();

  private double[] rates(double supply, double[] demand, int[] blocks) {
    double[] rates = new double[demand.length];
    model.rates(supply, demand, blocks, demand.length, rates);
    return rates;
  }

  @Test
  void demandWithinSupplySlowsNothing() {
    assertThat(rates(100, new double[] {30, 10}, new int[] {2, 3})).containsExactly(1.0, 1.0);
  }

  @Test
  void twoEqualMemoryBoundClassesEachRunAtSupplyOverDemand() {
    // 2 x 4 blocks of 25 B/ns on 100 B/ns: demand 200, each block gets 12.5 of its 25.
    assertThat(rates(100, new double[] {25, 25}, new int[] {4, 4}))
        .containsExactly(0.5, 0.5);
  }

  @Test
  void aLightClassKeepsItsDemandWhileHeavyOnesSplitTheRest() {
    // 10 light blocks of 1 B/ns take 10; 9 heavy blocks of 20 B/ns split 90: 10 each, rate 0.5.
    double[] r = rates(100, new double[] {20, 1}, new int[] {9, 10});
    assertThat(r[1]).isEqualTo(1.0);
    assertThat(r[0]).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void aClassWithoutDemandNeverSlowsDown() {
    double[] r = rates(10, new double[] {0, 50}, new int[] {100, 1});
    assertThat(r[0]).isEqualTo(1.0);
    assertThat(r[1]).isCloseTo(0.2, within(1e-12));
  }

  @Test
  void randomDemandsNeverExceedSupplyAndRatesStayInRange() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 2_000; trial++) {
      int n = 1 + random.nextInt(6);
      double[] demand = new double[n];
      int[] blocks = new int[n];
      for (int c = 0; c < n; c++) {
        demand[c] = random.nextInt(4) == 0 ? 0 : random.nextDouble(0.01, 50);
        blocks[c] = 1 + random.nextInt(200);
      }
      double supply = random.nextDouble(1, 5_000);
      double[] r = rates(supply, demand, blocks);
      double used = 0;
      double wanted = 0;
      for (int c = 0; c < n; c++) {
        assertThat(r[c]).isGreaterThan(0).isLessThanOrEqualTo(1);
        used += r[c] * demand[c] * blocks[c];
        wanted += demand[c] * blocks[c];
      }
      // Work-conserving: all of the supply is used when demand exceeds it, else all demand served.
      assertThat(used).isCloseTo(Math.min(supply, wanted), within(1e-6 * Math.max(1, supply)));
    }
  }
}
