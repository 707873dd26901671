package org.preemptlab.runner.scenario;

import static org.preemptlab.runner.workload.SpecViolation.required;

/**
 * A dependency on another job's fence.
 *
 * @param job the other job's name
 * @param fence which of its fences: {@code finished} (the default) or {@code scheduled}
 */
public record DependencySpec(String job, Fence fence) {

  /** The two fences of a job's {@code s_fence}. */
  public enum Fence {
    /** Signalled when the job is handed to the hardware. */
    SCHEDULED,
    /** Signalled when the job is done (with an error if it failed). */
    FINISHED
  }

  /** Fills the default fence. */
  public DependencySpec {
    required(job, "job");
    fence = fence == null ? Fence.FINISHED : fence;
  }
}
