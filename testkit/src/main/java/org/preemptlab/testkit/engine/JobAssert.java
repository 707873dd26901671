package org.preemptlab.testkit.engine;

import org.assertj.core.api.AbstractAssert;
import org.preemptlab.api.model.Job;
import org.preemptlab.engine.JobRecord;

/** Assertions on one job's {@link JobRecord}; times are absolute ns, latencies relative. */
public final class JobAssert extends AbstractAssert<JobAssert, JobRecord> {

  JobAssert(JobRecord actual) {
    super(actual, JobAssert.class);
  }

  /** The job finished by {@code ns}. */
  public JobAssert finishedBy(long ns) {
    if (actual.finishNs() < 0 || actual.finishNs() > ns) {
      failWithMessage("Expected job %s to finish by %s ns but it finished at %s ns",
          actual.jobId(), ns, actual.finishNs());
    }
    return this;
  }

  /** Its first block started at exactly {@code ns}. */
  public JobAssert startedAt(long ns) {
    if (actual.firstStartNs() != ns) {
      failWithMessage("Expected job %s to start at %s ns but it started at %s ns",
          actual.jobId(), ns, actual.firstStartNs());
    }
    return this;
  }

  /** It waited at most {@code ns} from submission to its first block. */
  public JobAssert waitedAtMost(long ns) {
    if (actual.waitingNs() > ns) {
      failWithMessage("Expected job %s to wait at most %s ns but it waited %s ns",
          actual.jobId(), ns, actual.waitingNs());
    }
    return this;
  }

  /** Its turnaround (finish minus submit) was at most {@code ns}. */
  public JobAssert turnaroundAtMost(long ns) {
    if (actual.turnaroundNs() > ns) {
      failWithMessage("Expected job %s to turn around in at most %s ns but it took %s ns",
          actual.jobId(), ns, actual.turnaroundNs());
    }
    return this;
  }

  /** It was preempted exactly {@code times} times. */
  public JobAssert wasPreempted(int times) {
    if (actual.preemptions() != times) {
      failWithMessage("Expected job %s to be preempted %s times but it was preempted %s times",
          actual.jobId(), times, actual.preemptions());
    }
    return this;
  }

  /** It was never preempted. */
  public JobAssert wasNotPreempted() {
    return wasPreempted(0);
  }

  /** It had a deadline and met it. */
  public JobAssert metItsDeadline() {
    if (actual.deadlineNs() == Job.NO_DEADLINE || actual.missedDeadline()) {
      failWithMessage("Expected job %s to meet its deadline %s ns but it finished at %s ns",
          actual.jobId(), actual.deadlineNs(), actual.finishNs());
    }
    return this;
  }

  /** It had a deadline and missed it. */
  public JobAssert missedItsDeadline() {
    if (!actual.missedDeadline()) {
      failWithMessage("Expected job %s to miss its deadline %s ns but it finished at %s ns",
          actual.jobId(), actual.deadlineNs(), actual.finishNs());
    }
    return this;
  }
}
