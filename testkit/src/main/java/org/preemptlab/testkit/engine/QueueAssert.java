package org.preemptlab.testkit.engine;

import java.util.List;
import org.assertj.core.api.AbstractAssert;
import org.preemptlab.engine.JobRecord;

/** Assertions on the jobs of one queue, in the workload's order. */
public final class QueueAssert extends AbstractAssert<QueueAssert, List<JobRecord>> {
  private final String queueId;

  QueueAssert(String queueId, List<JobRecord> actual) {
    super(actual, QueueAssert.class);
    this.queueId = queueId;
  }

  /** The queue's longest turnaround was at most {@code ns}. */
  public QueueAssert maxTurnaroundAtMost(long ns) {
    long max = actual.stream().mapToLong(JobRecord::turnaroundNs).max().orElse(0);
    if (max > ns) {
      failWithMessage("Expected queue '%s' turnarounds <= %s ns but the longest was %s ns",
          queueId, ns, max);
    }
    return this;
  }

  /** The queue's longest wait before a first block was at most {@code ns}. */
  public QueueAssert maxWaitingAtMost(long ns) {
    long max = actual.stream().mapToLong(JobRecord::waitingNs).max().orElse(0);
    if (max > ns) {
      failWithMessage("Expected queue '%s' waits <= %s ns but the longest was %s ns", queueId,
          ns, max);
    }
    return this;
  }

  /** No job of the queue missed its deadline. */
  public QueueAssert missedNoDeadline() {
    List<Long> missed = actual.stream().filter(JobRecord::missedDeadline)
        .map(JobRecord::jobId).toList();
    if (!missed.isEmpty()) {
      failWithMessage("Expected queue '%s' to miss no deadline but jobs %s did", queueId,
          missed);
    }
    return this;
  }

  /** Exactly {@code count} jobs of the queue missed their deadlines. */
  public QueueAssert missedDeadlines(int count) {
    long missed = actual.stream().filter(JobRecord::missedDeadline).count();
    if (missed != count) {
      failWithMessage("Expected queue '%s' to miss %s deadlines but it missed %s", queueId,
          count, missed);
    }
    return this;
  }

  /** The queue's jobs were preempted {@code count} times in all. */
  public QueueAssert preemptedTimes(int count) {
    int total = actual.stream().mapToInt(JobRecord::preemptions).sum();
    if (total != count) {
      failWithMessage("Expected queue '%s' to be preempted %s times but it was %s times",
          queueId, count, total);
    }
    return this;
  }
}
