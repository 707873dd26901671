package org.preemptlab.testkit.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.assertj.core.api.AbstractAssert;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.PreemptionRecord;

/** Assertions on a {@link RunOutcome}: order, preemptions, latencies; chained, AssertJ style. */
public final class RunAssert extends AbstractAssert<RunAssert, RunOutcome> {

  RunAssert(RunOutcome actual) {
    super(actual, RunAssert.class);
  }

  /** Every job finished. */
  public RunAssert allJobsFinished() {
    List<Long> unfinished = actual.result().jobs().stream().filter(j -> j.finishNs() < 0)
        .map(JobRecord::jobId).toList();
    if (!unfinished.isEmpty()) {
      failWithMessage("Expected every job to finish, but %s did not", unfinished);
    }
    return this;
  }

  /** Jobs were dispatched in exactly this order. */
  public RunAssert dispatchedInOrder(long... jobIds) {
    List<Long> expected = LongStream.of(jobIds).boxed().toList();
    if (!actual.dispatchOrder().equals(expected)) {
      failWithMessage("Expected dispatch order %s but was %s", expected, actual.dispatchOrder());
    }
    return this;
  }

  /** Job {@code first} was dispatched before job {@code second}. */
  public RunAssert dispatchedBefore(long first, long second) {
    int a = actual.dispatchOrder().indexOf(first);
    int b = actual.dispatchOrder().indexOf(second);
    if (a < 0 || b < 0 || a > b) {
      failWithMessage("Expected job %s to be dispatched before job %s, but the order was %s",
          first, second, actual.dispatchOrder());
    }
    return this;
  }

  /** Job {@code first} finished strictly before job {@code second}. */
  public RunAssert finishedBefore(long first, long second) {
    long a = actual.job(first).finishNs();
    long b = actual.job(second).finishNs();
    if (!(a < b)) {
      failWithMessage("Expected job %s (finished at %s ns) to finish before job %s (at %s ns)",
          first, a, second, b);
    }
    return this;
  }

  /** Exactly {@code count} preemptions were carried out. */
  public RunAssert hasPreemptions(int count) {
    if (actual.preemptions().size() != count) {
      failWithMessage("Expected %s preemptions but there were %s: %s", count,
          actual.preemptions().size(), actual.preemptions());
    }
    return this;
  }

  /** No preemption was carried out. */
  public RunAssert hasNoPreemptions() {
    return hasPreemptions(0);
  }

  /** The victims of the preemptions carried out, in request order, were exactly these jobs. */
  public RunAssert preempted(long... victimJobIds) {
    List<Long> expected = LongStream.of(victimJobIds).boxed().toList();
    List<Long> victims = actual.preemptions().stream().map(PreemptionRecord::victimJobId)
        .toList();
    if (!victims.equals(expected)) {
      failWithMessage("Expected preempted jobs %s but were %s", expected, victims);
    }
    return this;
  }

  /**
   * Every preemption freed all its victim's SM resources within {@code ns} of the request
   * ({@link PreemptionRecord#latencyNs()}).
   */
  public RunAssert everyPreemptionLatencyAtMost(long ns) {
    List<String> slow = new ArrayList<>();
    for (PreemptionRecord p : actual.preemptions()) {
      if (p.latencyNs() > ns) {
        slow.add("job " + p.victimJobId() + " at " + p.requestNs() + " ns: " + p.latencyNs()
            + " ns");
      }
    }
    if (!slow.isEmpty()) {
      failWithMessage("Expected every preemption latency <= %s ns but %s", ns, slow);
    }
    return this;
  }

  /**
   * Every preemption made on behalf of a waiting job got that job its next block within {@code
   * ns} of the request ({@link PreemptionRecord#waiterLatencyNs()}, DESIGN §3.4's headline).
   */
  public RunAssert everyWaiterLatencyAtMost(long ns) {
    List<String> slow = new ArrayList<>();
    for (PreemptionRecord p : actual.preemptions()) {
      if (p.waiterJobId() >= 0 && (p.waiterLatencyNs() < 0 || p.waiterLatencyNs() > ns)) {
        slow.add("waiter " + p.waiterJobId() + " of victim " + p.victimJobId() + ": "
            + p.waiterLatencyNs() + " ns");
      }
    }
    if (!slow.isEmpty()) {
      failWithMessage("Expected every waiter latency <= %s ns but %s", ns, slow);
    }
    return this;
  }

  /** The last job finished by {@code ns}. */
  public RunAssert makespanAtMost(long ns) {
    if (actual.result().makespanNs() > ns) {
      failWithMessage("Expected a makespan <= %s ns but was %s ns", ns,
          actual.result().makespanNs());
    }
    return this;
  }

  /** Assertions on job {@code id}. */
  public JobAssert job(long id) {
    isNotNull();
    return new JobAssert(actual.job(id));
  }

  /** Assertions on the jobs of queue {@code queueId}. */
  public QueueAssert queue(String queueId) {
    isNotNull();
    return new QueueAssert(queueId, actual.jobs(queueId));
  }
}
