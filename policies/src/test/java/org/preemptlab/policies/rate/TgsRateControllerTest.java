package org.preemptlab.policies.rate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The controller's steps, sample by sample, against the rules of pkusys/TGS's limit_manager. */
class TgsRateControllerTest {

  /** A controller past its profile at a steady 10,000 blocks a sample, its limit just set. */
  private static TgsRateController settled() {
    TgsRateController controller = new TgsRateController(10_000);
    for (int i = 0; i < 200 && controller.phase() == TgsRateController.Phase.PROFILE; i++) {
      controller.step(10_000, 0);
    }
    controller.step(10_000, 0); // the first sample after the profile sets the initial limit
    return controller;
  }

  @Test
  void theProfileKeepsTheLimitAtZeroForAtLeastFiveSamples() {
    TgsRateController controller = new TgsRateController(10_000);
    for (int i = 0; i < TgsRateController.PROFILE_SAMPLES - 1; i++) {
      controller.step(10_000 + 500 * (i % 2), 0); // a rate that moves: the profile may end at 5
      assertThat(controller.phase()).isEqualTo(TgsRateController.Phase.PROFILE);
      assertThat(controller.limit()).isZero();
    }
  }

  @Test
  void whileTheRateHoldsSlowStartGrowsTheLimitByHalfPlusOne() {
    TgsRateController controller = settled();
    assertThat(controller.limit()).isEqualTo(TgsRateController.LIMIT_INITIALIZER);

    controller.step(10_000, 0);
    assertThat(controller.limit()).isEqualTo(30_001);
    controller.step(10_000, 0);
    assertThat(controller.limit()).isEqualTo(45_002);
  }

  @Test
  void aRateFivePercentDownLeavesSlowStartThenCongestionAvoidanceBacksOffAndProbesUp() {
    TgsRateController controller = settled();
    controller.step(10_000, 0); // 30,001

    controller.step(9_500, 0);
    assertThat(controller.phase()).isEqualTo(TgsRateController.Phase.CONGESTION_AVOIDANCE);
    assertThat(controller.limit()).isEqualTo(20_000); // 30,001 / 1.5
    controller.step(9_500, 0);
    assertThat(controller.limit()).isEqualTo(18_400); // - 8%
    controller.step(10_000, 0);
    assertThat(controller.limit()).isEqualTo(19_400); // back within 3%: + max(2.5, 1,000)
  }

  @Test
  void aRateTenPercentDownDropsBackToSlowStartWithATenthOfTheLimit() {
    TgsRateController controller = settled();
    controller.step(10_000, 0); // 30,001
    controller.step(9_500, 0); // 20,000, congestion avoidance

    controller.step(9_050, 0);
    assertThat(controller.phase()).isEqualTo(TgsRateController.Phase.SLOW_START);
    assertThat(controller.limit()).isEqualTo(1_840); // (20,000 - 1,600) / 10
  }

  @Test
  void aNearlyIdleProductionJobLiftsTheLimit() {
    TgsRateController controller = settled();
    for (int i = 0; i < 20; i++) {
      controller.step(500, 7);
    }
    // under 1,000 blocks in more than two of the last five samples: max(3 x 7, 2^32)
    assertThat(controller.limit()).isEqualTo(65_536L * 65_536L);
  }

  @Test
  void aRateMoreThanTwentyPercentOffStartsANewProfileAndKeepsTheLimit() {
    TgsRateController controller = settled();
    controller.step(10_000, 0); // 30,001
    // the windowed rate (the largest mean of two neighbours of the last five) falls last
    for (int i = 0; i < 6 && controller.phase() != TgsRateController.Phase.PROFILE; i++) {
      controller.step(5_000, 0);
    }
    assertThat(controller.phase()).isEqualTo(TgsRateController.Phase.PROFILE);
    long limit = controller.limit();
    controller.step(5_000, 0);
    assertThat(controller.limit()).isEqualTo(limit);
  }
}
