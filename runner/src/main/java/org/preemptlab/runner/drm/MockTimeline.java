package org.preemptlab.runner.drm;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The KUnit mock GPU of one scheduler (mock_scheduler.c): a serial timeline. {@code run_job} gives
 * the hardware fence the next seqno and appends the job; a job with a duration finishes that long
 * after the previous job's {@code finish_at} (or now, if that is 0 or there is none); its timer
 * completes jobs from the head while they have a duration and their time has come, so a job of
 * duration 0 blocks the timeline until {@link #advance}.
 */
final class MockTimeline {
  private final DrmSimulator sim;
  private final ArrayDeque<DrmJob> jobs = new ArrayDeque<>();
  private long nextSeqno;
  private long curSeqno;

  MockTimeline(DrmSimulator sim) {
    this.sim = sim;
  }

  /** {@code mock_sched_run_job}. */
  void run(DrmJob job) {
    job.seqno = ++nextSeqno;
    job.finishAtNs = 0;
    if (job.durationNs > 0) {
      long prevFinish = jobs.isEmpty() ? 0 : jobs.peekLast().finishAtNs;
      if (prevFinish == 0) {
        prevFinish = sim.now;
      }
      job.finishAtNs = prevFinish + job.durationNs;
      sim.events.at(Math.max(job.finishAtNs, sim.now), this::timer, false);
    }
    jobs.addLast(job);
  }

  /** The hrtimer of a job: completes due jobs from the head. */
  private void timer() {
    while (!jobs.isEmpty()) {
      DrmJob head = jobs.peekFirst();
      if (head.durationNs == 0 || sim.now < head.finishAtNs) {
        break;
      }
      curSeqno = head.seqno;
      complete(head);
    }
  }

  /** {@code drm_mock_sched_advance}: returns how many jobs it completed. */
  int advance(int count) {
    curSeqno += count;
    int found = 0;
    while (!jobs.isEmpty() && curSeqno >= jobs.peekFirst().seqno) {
      complete(jobs.peekFirst());
      found++;
    }
    return found;
  }

  /** Removes a job that the timeout handler or teardown took over. */
  void unlink(DrmJob job) {
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
