package org.preemptlab.policies.lab;

import static org.preemptlab.policies.lab.PolicyLab.kernel;

import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;

/**
 * The library's comparison workload (docs/policies.md, "The mixed workload"), on {@link
 * PolicyLab#DEVICE} (64 slots for its 256-thread blocks):
 *
 * <ul>
 *   <li>{@code vision}, HIGH, weight 1: a 256-block x 250 us job every 2 ms from 0 to 8 ms (1 ms
 *       of the whole device each), deadline 5 ms after submission (loose);
 *   <li>{@code speech}, NORMAL, weight 1: a 32-block x 100 us job every 1 ms from 0.25 ms to 9.25
 *       ms, deadline 0.5 ms after submission (tight);
 *   <li>{@code train}, LOW, weight 3: 15 jobs of 512 blocks x 100 us submitted at 0;
 *   <li>{@code batch}, LOW, weight 1: 30 jobs of 64 blocks x 100 us submitted at 0.1 ms.
 * </ul>
 *
 * Urgency and priority disagree (the tight deadlines are on the NORMAL queue), job sizes differ by
 * 8x between the two backlogged queues, and both backlogged queues stay busy for the first
 * {@link #SHARE_WINDOW_NS} under every policy, which is where shares are measured.
 */
final class MixedWorkload {
  private MixedWorkload() {}

  /** Shares are measured over [0, this). */
  static final long SHARE_WINDOW_NS = 10_000_000;

  static Workload build() {
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("vision", Priority.HIGH, 1)
        .queue("speech", Priority.NORMAL, 1)
        .queue("train", Priority.LOW, 3)
        .queue("batch", Priority.LOW, 1);
    for (long t = 0; t <= 8_000_000; t += 2_000_000) {
      w.job("vision", t, t + 5_000_000, kernel("resnet", 256, 256, 250_000));
    }
    for (long t = 250_000; t <= 9_250_000; t += 1_000_000) {
      w.job("speech", t, t + 500_000, kernel("rnn", 32, 256, 100_000));
    }
    for (int i = 0; i < 15; i++) {
      w.job("train", 0, kernel("step", 512, 256, 100_000));
    }
    for (int i = 0; i < 30; i++) {
      w.job("batch", 100_000, kernel("etl", 64, 256, 100_000));
    }
    return w.build();
  }
}
