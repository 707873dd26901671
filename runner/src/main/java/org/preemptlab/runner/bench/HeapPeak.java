package org.preemptlab.runner.bench;

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

  /** Collects garbage, then starts a new peak from the current usage of every heap pool. */
  static void reset() {
    System.gc();
    for (MemoryPoolMXBean pool : POOLS) {
      if (pool.isValid()) {
        pool.resetPeakUsage();
      }
    }
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
