package org.preemptlab.runner.workload;

import static com.google.common.base.Preconditions.checkArgument;

import org.preemptlab.api.hardware.HardwareModel;

/**
 * The SM clock that turns a block time given in cycles ({@code block-cycles}) into ns: the run's
 * hardware model's clock under sustained load ({@link HardwareModel#sustainedClockMhz()}).
 *
 * @param mhz the clock in MHz, finite and > 0
 */
public record CycleClock(double mhz) {

  /** Checks that the clock is a finite number above 0. */
  public CycleClock {
    checkArgument(mhz > 0 && Double.isFinite(mhz), "an SM clock must be > 0 MHz, got %s", mhz);
  }

  /** The clock under sustained load of {@code hardware}. */
  public static CycleClock of(HardwareModel hardware) {
    return new CycleClock(hardware.sustainedClockMhz());
  }

  /** The clock as a user writes it: {@code 1980 MHz}, {@code 1402.5 MHz}. */
  String text() {
    return (mhz == Math.rint(mhz) ? Long.toString((long) mhz) : Double.toString(mhz)) + " MHz";
  }

  /** {@code cycles} at this clock, rounded to the nearest ns and at least 1 ns. */
  public long ns(long cycles) {
    return Math.max(1, Math.round(cycles * 1000.0 / mhz));
  }
}
