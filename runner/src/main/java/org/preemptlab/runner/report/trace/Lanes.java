package org.preemptlab.runner.report.trace;

import java.util.BitSet;

/**
 * Gives each concurrently open interval the lowest free lane, so intervals on one lane never
 * overlap and the number of lanes is the peak concurrency.
 */
final class Lanes {
  private final BitSet busy = new BitSet();

  /** Takes the lowest free lane. */
  int take() {
    int lane = busy.nextClearBit(0);
    busy.set(lane);
    return lane;
  }

  /** Frees {@code lane} for the next interval. */
  void release(int lane) {
    busy.clear(lane);
  }
}
