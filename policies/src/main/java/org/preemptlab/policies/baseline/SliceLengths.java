package org.preemptlab.policies.baseline;

import org.preemptlab.api.Durations;
import org.preemptlab.api.model.Priority;

/**
 * The time slice of a context per priority of its highest-priority queue, in ns, as NVIDIA's nvgpu
 * driver gives a TSG (channel group) a time slice by its priority ({@code
 * drivers/gpu/nvgpu/include/nvgpu/tsg.h}; see {@code reference/preemption-results.md}, row "NVIDIA
 * nvgpu").
 *
 * @param kernelNs slice of a context whose highest priority is {@link Priority#KERNEL}
 * @param highNs slice for {@link Priority#HIGH}
 * @param normalNs slice for {@link Priority#NORMAL}
 * @param lowNs slice for {@link Priority#LOW}
 */
public record SliceLengths(long kernelNs, long highNs, long normalNs, long lowNs) {

  /** nvgpu's smallest time slice, 1,000 µs. */
  public static final long MIN_NS = 1_000_000;
  /** nvgpu's largest time slice, 50,000 µs. */
  public static final long MAX_NS = 50_000_000;
  /** nvgpu's high-priority slice, 5,200 µs; also used for KERNEL, which nvgpu does not have. */
  public static final long HIGH_NS = 5_200_000;
  /** nvgpu's medium-priority slice, 2,600 µs. */
  public static final long NORMAL_NS = 2_600_000;
  /** nvgpu's low-priority slice, 1,300 µs. */
  public static final long LOW_NS = 1_300_000;

  /** Checks that every slice lies in nvgpu's valid range [{@value #MIN_NS}, {@value #MAX_NS}] ns. */
  public SliceLengths {
    check("KERNEL", kernelNs);
    check("HIGH", highNs);
    check("NORMAL", normalNs);
    check("LOW", lowNs);
  }

  /** nvgpu's defaults: KERNEL and HIGH 5.2 ms, NORMAL 2.6 ms, LOW 1.3 ms. */
  public static SliceLengths nvgpuDefaults() {
    return new SliceLengths(HIGH_NS, HIGH_NS, NORMAL_NS, LOW_NS);
  }

  /** The slice of a context whose highest queue priority is {@code priority}. */
  public long of(Priority priority) {
    return switch (priority) {
      case KERNEL -> kernelNs;
      case HIGH -> highNs;
      case NORMAL -> normalNs;
      case LOW -> lowNs;
    };
  }

  private static void check(String priority, long ns) {
    if (ns < MIN_NS || ns > MAX_NS) {
      throw new IllegalArgumentException(priority + " time slice " + Durations.format(ns)
          + " is outside [" + Durations.format(MIN_NS) + ", " + Durations.format(MAX_NS) + "]");
    }
  }
}
