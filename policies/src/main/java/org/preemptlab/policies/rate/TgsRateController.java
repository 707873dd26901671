package org.preemptlab.policies.rate;

/**
 * TGS's adaptive rate controller, one step per sample of the production job's rate, as the
 * low-priority side's {@code limit_manager} and {@code update_rate_limit} compute it
 * (pkusys/TGS @e1c6a31 {@code hijack/src/low_priority_hijack_call.c}; the same code with the same
 * constants in Tally's port, tally-project/tally {@code src/tally/scheduler/tgs.cpp}). The limit is
 * the opportunistic job's blocks per launch window; a sample is the production job's blocks
 * launched in one sample period.
 *
 * <p>A profile phase first learns the production job's maximum rate (at least {@value
 * #PROFILE_SAMPLES} samples, and on while the windowed rate is itself the maximum; at most {@value
 * #MAX_PROFILE_SAMPLES}, the port's bound) while the limit stays where it is (0 at the start). Then
 * each sample is compared with that maximum: within {@value #THRESHOLD} of it the limit grows (slow
 * start: x1.5 + 1; congestion avoidance: + max(0.025% of the maximum rate, {@value #RATE_MIN})),
 * beyond it the limit shrinks (leaving slow start: /1.5; congestion avoidance: - max(8% of the
 * limit, {@value #RATE_MIN})); 3x the threshold drops back to slow start with a tenth of the limit;
 * 20 samples in a row 12% off lower the maximum by 20% and halve the limit; a windowed rate more
 * than 20% off the maximum starts a new profile; a production job nearly idle (more than 2 of the
 * last 5 samples under 1,000 blocks) lifts the limit. Two details are kept as the C code has them:
 * the window of the last five samples starts at zero (the C array is not initialised), and the
 * profile's test of "the windowed rate is the maximum" truncates their difference to an integer (C's
 * {@code abs} of a double).
 */
final class TgsRateController {
  /** The limit after the profile (blocks per launch window): {@code LIMIT_INITIALIZER}. */
  static final long LIMIT_INITIALIZER = 20_000;
  /** The smallest step of the limit: {@code RATE_MIN}. */
  static final long RATE_MIN = 1_000;
  /** The relative gap to the maximum rate within which the limit grows: {@code threshold}. */
  static final double THRESHOLD = 0.03;
  /** The samples of the rate window: {@code WINDOW_SIZE}. */
  static final int WINDOW = 5;
  /** The profile's shortest length in samples: {@code PROFILE_TIME}. */
  static final int PROFILE_SAMPLES = 5;
  /** The profile's longest length in samples: the port's {@code MAX_PROFILE_TIME}. */
  static final int MAX_PROFILE_SAMPLES = 100;
  private static final long UPPER_LIMIT = 100_000_000_000_000L;
  private static final long SLOW_START_CAP = 1L << 40;
  private static final long AVOIDANCE_CAP = 65_536L * 65_536L;

  /** Where the controller is. */
  enum Phase { PROFILE, SLOW_START, CONGESTION_AVOIDANCE }

  private final double[] window = new double[WINDOW];
  private double maxRate;
  private Phase phase = Phase.PROFILE;
  /** The phase to return to after a profile: slow start once the limit has been set. */
  private Phase afterProfile = null;
  private int profileStep;
  private boolean keepProfiling;
  private long mainSteps;
  private int sign;
  private int farSamples;
  private long limit;

  /**
   * A controller that has just connected.
   *
   * @param initialMaxRate the production job's maximum rate as it sends it on connecting (blocks
   *     per sample period; 0 when it has no sample yet)
   */
  TgsRateController(double initialMaxRate) {
    this.maxRate = initialMaxRate;
  }

  /** The opportunistic job's limit, in blocks per launch window. */
  long limit() {
    return limit;
  }

  /** The phase the next sample is taken in. */
  Phase phase() {
    return phase;
  }

  /** The production job's maximum rate as the controller sees it now. */
  double maxRate() {
    return maxRate;
  }

  /**
   * One step on a sample.
   *
   * @param sampleBlocks the production job's blocks launched in the latest sample period
   * @param currentRate the opportunistic job's blocks launched in the latest launch window (the
   *     caps on the limit are three times it, or a large constant)
   */
  void step(double sampleBlocks, long currentRate) {
    double rate = Math.max(sampleBlocks, 1.0);
    double windowMax = shift(rate);
    double delta = (windowMax - maxRate) / maxRate;
    if (phase == Phase.PROFILE) {
      profile(windowMax, delta);
      return;
    }
    if (delta >= -0.1 && delta <= 0.1) {
      maxRate = Math.max(maxRate, windowMax);
    } else if (delta > 0.2 || delta < -0.2) {
      maxRate = delta > 0.2 ? Math.max(maxRate, windowMax * 0.975)
          : Math.min(maxRate, windowMax * 1.025);
      afterProfile = phase;
      phase = Phase.PROFILE;
      profileStep = 0;
      return;
    }
    mainSteps++;
    if (mainSteps == 1) {
      limit = LIMIT_INITIALIZER;
      phase = Phase.SLOW_START;
      return;
    }
    int nearlyIdle = 0;
    for (double sample : window) {
      nearlyIdle += sample < 1000 ? 1 : 0;
    }
    if (nearlyIdle <= 2 || mainSteps < 15) {
      if (nearlyIdle == 2 && mainSteps > 15) {
        limit = LIMIT_INITIALIZER;
        phase = Phase.SLOW_START;
      } else {
        update(rate, currentRate);
      }
    } else {
      limit = Math.min(UPPER_LIMIT, Math.max(3 * currentRate, AVOIDANCE_CAP));
      phase = Phase.SLOW_START;
    }
  }

  private void profile(double windowMax, double delta) {
    profileStep++;
    if (delta >= -0.05 && delta <= 0.05) {
      maxRate = Math.max(maxRate, windowMax);
      keepProfiling = (long) (maxRate - windowMax) == 0; // C: abs(double) through int
    } else {
      maxRate = delta > 0.05 ? Math.max(maxRate, windowMax * 0.975)
          : Math.min(maxRate, windowMax * 1.025);
      keepProfiling = true;
    }
    boolean more = profileStep < PROFILE_SAMPLES
        || (keepProfiling && profileStep < MAX_PROFILE_SAMPLES);
    if (!more) {
      phase = afterProfile == null ? Phase.SLOW_START : afterProfile;
      if (afterProfile == null) {
        mainSteps = 0; // the first sample after the first profile sets the initial limit
      }
    }
  }

  /** {@code update_rate_limit}: the step of slow start or congestion avoidance. */
  private void update(double rate, long currentRate) {
    double delta = Math.abs((rate - maxRate) / maxRate);
    long next = limit;
    if (phase == Phase.SLOW_START) {
      if (delta <= THRESHOLD) {
        next = Math.min((long) (next * 1.5 + 1),
            Math.min(UPPER_LIMIT, Math.max(3 * currentRate, SLOW_START_CAP)));
      } else {
        next = (long) (next / 1.5);
        sign = -1;
        phase = Phase.CONGESTION_AVOIDANCE;
      }
    } else {
      long cap = Math.min(UPPER_LIMIT, Math.max(3 * currentRate, AVOIDANCE_CAP));
      if ((sign == -1 && delta <= THRESHOLD) || (sign == 1 && delta < THRESHOLD)) {
        next = Math.min(next + Math.max((long) (maxRate * 0.00025), RATE_MIN), cap);
        sign = 1;
      } else {
        next = Math.min(next - Math.max((long) (next * 0.08), RATE_MIN), cap);
        sign = -1;
      }
      if (delta >= 3 * THRESHOLD) {
        phase = Phase.SLOW_START;
        next /= 10;
      }
    }
    if (delta >= 0.12) {
      farSamples++;
      if (farSamples >= 20) {
        maxRate *= 0.8;
        farSamples = 0;
        phase = Phase.SLOW_START;
        next /= 2;
      }
    } else {
      farSamples = 0;
    }
    limit = Math.max(next, 0);
  }

  /** {@code shift_window}: the largest mean of two neighbours before the shift; then the shift. */
  private double shift(double rate) {
    double largest = 0;
    for (int i = WINDOW - 1; i > 0; i--) {
      largest = Math.max(largest, (window[i] + window[i - 1]) / 2);
      window[i] = window[i - 1];
    }
    window[0] = rate;
    return largest;
  }
}
