package org.preemptlab.lab.bench;

import java.lang.management.ManagementFactory;

/**
 * The current thread's CPU time and the bytes it has allocated on the heap, from the JVM's per-thread allocation counter
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}, HotSpot). The counter
 * counts every allocation, including those that escape analysis does not remove and arrays grown
 * on the way, whether or not they are still live.
 */
final class Allocation {
  private static final com.sun.management.ThreadMXBean THREADS = threads();

  private Allocation() {}

  private static com.sun.management.ThreadMXBean threads() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
        && bean.isThreadAllocatedMemorySupported()) {
      bean.setThreadAllocatedMemoryEnabled(true);
      return bean;
    }
    return null;
  }

  /**
   * CPU time the current thread has used so far, in ns, or -1 if this JVM does not measure it.
   * Unlike wall time it does not grow while the thread waits for a core on a busy machine.
   */
  static long currentThreadCpuNs() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    return bean.isCurrentThreadCpuTimeSupported() ? bean.getCurrentThreadCpuTime() : -1;
  }

  /** The current thread's allocated bytes so far, or -1 if this JVM does not count them. */
  static long currentThreadBytes() {
    return THREADS == null ? -1 : THREADS.getCurrentThreadAllocatedBytes();
  }
}
