package org.preemptlab.policies.drm;

import org.preemptlab.api.model.Priority;

/**
 * The fair scheduler's {@code vruntime_shift} per priority (sched_rq.c, Linux 7.2): KERNEL 1, HIGH
 * 2, NORMAL 4, LOW 7. An entity's vruntime grows by its GPU time shifted left by its priority's
 * shift, so for the same GPU time KERNEL advances 2x slower than HIGH, HIGH 4x slower than NORMAL
 * and NORMAL 8x slower than LOW: "Kernel priority gets roughly 2x GPU time compared to high. High
 * gets ~4x relative to normal. Normal gets ~8x relative to low."
 */
public final class VruntimeShifts {
  private static final int[] SHIFTS = {1, 2, 4, 7};

  private VruntimeShifts() {}

  /** The shift of {@code priority}. */
  public static int of(Priority priority) {
    return SHIFTS[priority.ordinal()];
  }

  /**
   * The long-run share of GPU time each of several always-backlogged entities receives: shares
   * are proportional to {@code 2^-shift}, the rate at which a nanosecond of GPU time advances an
   * entity's vruntime being {@code 2^shift}.
   *
   * @return one share per given priority, summing to 1
   */
  public static double[] backloggedShares(Priority... priorities) {
    double[] weights = new double[priorities.length];
    double total = 0;
    for (int i = 0; i < priorities.length; i++) {
      weights[i] = 1.0 / (1L << of(priorities[i]));
      total += weights[i];
    }
    for (int i = 0; i < weights.length; i++) {
      weights[i] /= total;
    }
    return weights;
  }
}
