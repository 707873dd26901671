package org.preemptlab.runner.drm;

import java.util.ArrayDeque;
import java.util.Iterator;
import org.preemptlab.runner.scenario.FenceError;
import org.preemptlab.runner.scenario.Step;

/**
 * The KUnit mock GPU of one scheduler (torvalds/linux
 * drivers/gpu/drm/scheduler/tests/mock_scheduler.c): a serial timeline, the ring of a hardware
 * model that is a serial timeline. {@code run_job} gives
 * the hardware fence the next seqno and appends the job; a job with a duration finishes that long
 * after the previous job's {@code finish_at} (or now, if that is 0 or there is none); its timer
 * completes jobs from the head while they have a duration and their time has come, so a job of
 * duration 0 blocks the timeline until {@link #advance}.
 */
final class MockRing implements DrmRing {
  private final DrmLayer sim;
  private final ArrayDeque<DrmJob> jobs = new ArrayDeque<>();
  private long nextSeqno;
  private long curSeqno;

  MockRing(DrmLayer sim) {
    this.sim = sim;
  }

  /** {@code mock_sched_run_job}. */
  @Override
  public void run(DrmJob job) {
    job.seqno = ++nextSeqno;
    job.finishAtNs = 0;
    if (job.durationNs > 0) {
      long prevFinish = jobs.isEmpty() ? 0 : jobs.peekLast().finishAtNs;
      if (prevFinish == 0) {
        prevFinish = sim.now();
      }
      job.finishAtNs = prevFinish + job.durationNs;
      sim.at(Math.max(job.finishAtNs, sim.now()), this::timer, false);
    }
    jobs.addLast(job);
  }

  /** The hrtimer of a job: completes due jobs from the head. */
  private void timer() {
    while (!jobs.isEmpty()) {
      DrmJob head = jobs.peekFirst();
      if (head.durationNs == 0 || sim.now() < head.finishAtNs) {
        break;
      }
      curSeqno = head.seqno;
      complete(head);
    }
  }

  /** {@code drm_mock_sched_advance}: returns how many jobs it completed. */
  @Override
  public int advance(int count) {
    curSeqno += count;
    int found = 0;
    while (!jobs.isEmpty() && curSeqno >= jobs.peekFirst().seqno) {
      complete(jobs.peekFirst());
      found++;
    }
    return found;
  }

  /** Removes a job that the timeout handler or teardown took over. */
  @Override
  public void unlink(DrmJob job) {
    for (Iterator<DrmJob> it = jobs.iterator(); it.hasNext(); ) {
      if (it.next() == job) {
        it.remove();
        return;
      }
    }
  }

  private void complete(DrmJob job) {
    jobs.remove(job);
    job.flags.add(Step.MockFlag.DONE);
    job.status = JobStatus.DONE_NOT_FREED;
    sim.hardwareSignalled(job, FenceError.NONE);
  }
}
