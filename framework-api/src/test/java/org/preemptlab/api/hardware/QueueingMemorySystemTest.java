package org.preemptlab.api.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class QueueingMemorySystemTest {
  // the v100 figures: 316 ns unloaded, 121 ns of queueing scale, 829 B/ns achievable
  private final ContentionModel model = ContentionModel.memorySystem(316, 121);

  private double[] rates(double supply, double[] demand, int[] blocks) {
    double[] rates = new double[demand.length];
    model.rates(supply, demand, blocks, demand.length, rates);
    return rates;
  }

  @Test
  void aLoneBlockRunsAtTheUnloadedLatencyOverTheLoadedOne() {
    // one block asking 9.72 B/ns of 829: U = 9.72 f / 829, rate f = 316 / (316 + 121 U / (1 - U))
    double f = rates(829, new double[] {9.72}, new int[] {1})[0];
    double u = 9.72 * f / 829;
    assertThat(f).isCloseTo(316 / (316 + 121 * u / (1 - u)), within(1e-12));
    assertThat(f).isBetween(0.995, 1.0);
  }

  @Test
  void moreBlocksQueueLongerSoEachMovesLess() {
    double few = rates(829, new double[] {9.72}, new int[] {8})[0];
    double many = rates(829, new double[] {9.72}, new int[] {80})[0];
    assertThat(many).isLessThan(few);
    // 80 blocks: the fixed point lies well below the unloaded cap and the supply is not reached
    assertThat(80 * 9.72 * many).isLessThan(829);
    assertThat(many).isCloseTo(0.64, within(0.01));
  }

  @Test
  void theSupplyStillBindsFarBeyondSaturation() {
    double[] r = rates(829, new double[] {9.72, 9.72}, new int[] {640, 640});
    double moved = 1280 * 9.72 * r[0];
    assertThat(moved).isLessThanOrEqualTo(829 + 1e-9).isGreaterThan(0.9 * 829);
    assertThat(r[0]).isEqualTo(r[1]);
  }

  @Test
  void aClassWithoutDramDemandNeverSlowsDown() {
    double[] r = rates(829, new double[] {0, 9.72}, new int[] {50, 160});
    assertThat(r[0]).isEqualTo(1.0);
    assertThat(r[1]).isLessThan(1.0);
  }

  @Test
  void sharesTheAchievableBandwidthLikeThePlainMemorySystem() {
    MemorySpec memory = new MemorySpec(900, 829, 316);
    assertThat(model.supplyBytesPerNs(memory)).isEqualTo(829);
    assertThat(ContentionModel.memorySystem().supplyBytesPerNs(memory)).isEqualTo(829);
  }

  @Test
  void aScaleOrLatencyNotAboveZeroIsRefused() {
    assertThatThrownBy(() -> ContentionModel.memorySystem(0, 121))
        .hasMessage("the memory system's queueing needs a DRAM latency > 0 ns, got 0.0");
    assertThatThrownBy(() -> ContentionModel.memorySystem(316, -1))
        .hasMessage("the queueing delay scale must be > 0 ns, got -1.0");
  }
}
