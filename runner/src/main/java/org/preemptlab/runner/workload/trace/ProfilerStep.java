package org.preemptlab.runner.workload.trace;

/**
 * An iteration marked in the trace by the CPU-side {@code ProfilerStep#N} annotation that {@code
 * torch.profiler.profile.step()} writes.
 *
 * @param number N
 * @param startNs when the annotation began on the CPU
 * @param endNs when it ended
 */
public record ProfilerStep(long number, long startNs, long endNs) {

  /** Whether a CPU-side time falls inside the step. */
  public boolean contains(long ns) {
    return ns >= startNs && ns < endNs;
  }
}
