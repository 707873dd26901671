package org.preemptlab.policies.baseline;

import java.util.Objects;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * Round-robin dispatch across queues, exactly as {@code round-robin} (DRM's RR run queue), plus
 * per-priority time slices between contexts, as NVIDIA's nvgpu driver gives each TSG a slice by its
 * priority. Within a context it never preempts: kernels of one context run to completion. Between
 * contexts that may not share SMs the engine switches when a context's slice ends and another
 * context has work; this policy only sets the slice length, from the priority of the context's
 * highest-priority queue. On a device whose contexts may share SMs (MPS-like) the slices are never
 * asked for and it behaves exactly as {@code round-robin}.
 */
public final class TimeSlicePolicy implements SchedulingPolicy {

  private final RoundRobinPolicy dispatch = new RoundRobinPolicy();
  private final SliceLengths slices;

  /**
   * Creates an empty policy for one engine of one run.
   *
   * @param slices the slice length of each priority
   */
  public TimeSlicePolicy(SliceLengths slices) {
    this.slices = Objects.requireNonNull(slices, "slices");
  }

  /** The slice lengths this instance hands out. */
  public SliceLengths slices() {
    return slices;
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    dispatch.onJobReady(job, scheduler);
  }

  /** The round-robin choice, as {@link RoundRobinPolicy#selectNext}. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    return dispatch.selectNext(scheduler);
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the job is not the next ready job of its queue
   */
  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    dispatch.onJobDispatched(job, scheduler);
  }

  /** The slice of {@code priority}, whatever the context and the hardware's default slice. */
  @Override
  public long timeSliceNs(GpuContext context, Priority priority, SchedulerView scheduler) {
    return slices.of(priority);
  }
}
