package org.preemptlab.testkit.engine;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.engine.SimulationResult;

/**
 * What happened in one harness run: the engine's result plus the order in which jobs were
 * dispatched and preemptions requested, as the engine's listener reported them.
 *
 * @param result the engine's result: one record per job and per preemption, the makespan
 * @param dispatchOrder job ids in dispatch order
 * @param preemptionRequests victim job ids in request order (a request the engine ignored
 *     included; {@link SimulationResult#preemptions()} holds those it carried out)
 * @param queueIds the workload's queue ids, to name the valid ones in messages
 * @param smsByQueue per queue id, the SMs its blocks executed on (a queue none of whose blocks
 *     ran is absent)
 */
public record RunOutcome(SimulationResult result, List<Long> dispatchOrder,
    List<Long> preemptionRequests, List<String> queueIds,
    Map<String, SortedSet<Integer>> smsByQueue) {

  /** Copies the collections. */
  public RunOutcome {
    dispatchOrder = List.copyOf(dispatchOrder);
    preemptionRequests = List.copyOf(preemptionRequests);
    queueIds = List.copyOf(queueIds);
    Map<String, SortedSet<Integer>> copy = new TreeMap<>();
    smsByQueue.forEach((queue, sms) -> copy.put(queue,
        Collections.unmodifiableSortedSet(new TreeSet<>(sms))));
    smsByQueue = Collections.unmodifiableMap(copy);
  }

  /** An outcome whose block placements were not recorded. */
  public RunOutcome(SimulationResult result, List<Long> dispatchOrder,
      List<Long> preemptionRequests, List<String> queueIds) {
    this(result, dispatchOrder, preemptionRequests, queueIds, Map.of());
  }

  /**
   * The SMs queue {@code queueId}'s blocks executed on, ascending (empty when none ran).
   *
   * @throws IllegalArgumentException if there is no such queue
   */
  public SortedSet<Integer> smsOf(String queueId) {
    checkArgument(queueIds.contains(queueId), "no queue '%s'; queues are %s", queueId, queueIds);
    return smsByQueue.getOrDefault(queueId, Collections.emptySortedSet());
  }

  /**
   * The record of job {@code id}.
   *
   * @throws IllegalArgumentException if there is no such job
   */
  public JobRecord job(long id) {
    return result.jobs().stream().filter(j -> j.jobId() == id).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no job " + id + "; jobs are "
            + result.jobs().stream().map(JobRecord::jobId).toList()));
  }

  /**
   * The records of queue {@code queueId}'s jobs, in the workload's order.
   *
   * @throws IllegalArgumentException if there is no such queue
   */
  public List<JobRecord> jobs(String queueId) {
    checkArgument(queueIds.contains(queueId), "no queue '%s'; queues are %s", queueId, queueIds);
    return result.jobs().stream().filter(j -> j.queueId().equals(queueId)).toList();
  }

  /** The preemptions carried out, in request order. */
  public List<PreemptionRecord> preemptions() {
    return result.preemptions();
  }

  /** AssertJ-style assertions on this outcome. */
  public RunAssert assertThat() {
    return new RunAssert(this);
  }
}
