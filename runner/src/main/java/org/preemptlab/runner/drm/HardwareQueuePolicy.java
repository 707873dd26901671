package org.preemptlab.runner.drm;

import java.util.ArrayDeque;
import java.util.function.IntConsumer;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * The engine-level policy below the DRM scheduler layer on SM hardware: the layer already chose
 * when each job runs (its {@code run_job}), so the hardware queue dispatches every submitted
 * kernel at once, in submission order, and reports each kernel that finished to the layer. The
 * engine runs with unlimited credits here; the DRM schedulers keep their own.
 */
final class HardwareQueuePolicy implements SchedulingPolicy {
  private final ArrayDeque<JobView> ready = new ArrayDeque<>();
  private final IntConsumer finished;

  /** Creates the policy; {@code finished} is told the workload index of each finished kernel. */
  HardwareQueuePolicy(IntConsumer finished) {
    this.finished = finished;
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    ready.addLast(job);
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    return ready.peekFirst();
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    ready.remove(job);
  }

  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    finished.accept((int) job.job().id());
  }
}
