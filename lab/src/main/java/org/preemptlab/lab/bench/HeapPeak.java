package org.preemptlab.lab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

/**
 * Peak heap use of a section of code, from the heap {@link MemoryPoolMXBean}s. The value is the
 * sum of every heap pool's own peak, which can exceed the true simultaneous peak (pools peak at
 * different moments), and includes whatever was live when the peaks were reset.
 */
final class HeapPeak {
  private static final List<MemoryPoolMXBean> POOLS = ManagementFactory.getMemoryPoolMXBeans()
      .stream().filter(pool -> pool.getType() == MemoryType.HEAP).toList();

  private HeapPeak() {}

  /**
   * Collects garbage, then starts a new peak from the current usage of every heap pool.
   *
   * @return the heap bytes in use after the collection: what is live at the start
   */
  static long reset() {
    long live = liveBytes();
    for (MemoryPoolMXBean pool : POOLS) {
      if (pool.isValid()) {
        pool.resetPeakUsage();
      }
    }
    return live;
  }

  /** Collects garbage and returns the heap bytes still in use: what is reachable. */
  static long liveBytes() {
    System.gc();
    long sum = 0;
    for (MemoryPoolMXBean pool : POOLS) {
      if (pool.isValid()) {
        sum += pool.getUsage().getUsed();
      }
    }
    return sum;
  }

  /** The sum of the heap pools' peak used bytes since {@link #reset()}. */
  static long peakBytes() {
    long sum = 0;
    for (MemoryPoolMXBean pool : POOLS) {
      if (pool.isValid()) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
