package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;

class WorkloadChecksTest {
  private static final Kernel KERNEL = new Kernel("k", 1, 32, 0, 0, true,
      BlockProgram.uniform(100, 0, 0), new BlockTiming.Exact());

  private static Job job(long id, String queue, long submitNs, Long... dependencies) {
    return new Job(id, queue, submitNs, 1, List.of(dependencies), Job.NO_DEADLINE, 0, KERNEL);
  }

  private static Workload workload(Job... jobs) {
    return new Workload(List.of(new GpuContext("c", false)),
        List.of(new JobQueue("a", "c", Priority.NORMAL, 1, EngineKind.COMPUTE, false),
            new JobQueue("b", "c", Priority.NORMAL, 1, EngineKind.COMPUTE, false)),
        List.of(jobs));
  }

  private static final String BEHIND = "job %s (queue 'a') depends on job %s, which comes after it"
      + " in the same queue (a queue dispatches its jobs in submission order), so neither could"
      + " run; submit job %s first or put it in another queue";

  @Test
  void aDependencyOnAJobSubmittedAtTheSameTimeButListedLaterInTheSameQueueIsRefused() {
    Workload w = workload(job(1, "a", 0), job(2, "a", 5, 3L), job(3, "a", 5));

    assertThatThrownBy(() -> WorkloadChecks.check(w)).isInstanceOf(ConfigurationException.class)
        .hasMessage(BEHIND, 2, 3, 3);
  }

  @Test
  void aDependencyOnAJobSubmittedLaterInTheSameQueueIsRefusedWhateverTheIdOrder() {
    // ids that do not ascend in list order take the map path
    Workload w = workload(job(9, "a", 0), job(4, "a", 10, 7L), job(7, "a", 20));

    assertThatThrownBy(() -> WorkloadChecks.check(w)).isInstanceOf(ConfigurationException.class)
        .hasMessage(BEHIND, 4, 7, 7);
  }

  @Test
  void dependenciesOnEarlierJobsOrOnJobsOfAnotherQueueAreAccepted() {
    Workload sameTime = workload(job(1, "a", 5), job(2, "a", 5, 1L));
    Workload otherQueue = workload(job(1, "a", 0, 2L), job(2, "b", 50));
    Workload shuffledIds = workload(job(8, "a", 0), job(3, "a", 0, 8L), job(5, "b", 0, 3L));

    assertThatCode(() -> WorkloadChecks.check(sameTime)).doesNotThrowAnyException();
    assertThatCode(() -> WorkloadChecks.check(otherQueue)).doesNotThrowAnyException();
    assertThatCode(() -> WorkloadChecks.check(shuffledIds)).doesNotThrowAnyException();
  }

  /**
   * Found by the fuzz suite (a PyTorch trace with two timestamps swapped): no job depends on one
   * behind it in its own queue, yet queue order and dependencies wait on each other across two
   * queues, so the run ended with unfinished jobs (exit 1) instead of a one-line refusal.
   */
  @Test
  void aCycleThroughDependenciesAndQueueOrderAcrossQueuesIsRefused() {
    // a: 1 then 2; b: 3 then 4. Job 1 depends on 4 (behind 3 in b), job 3 on 2 (behind 1 in a).
    Workload cycle = workload(job(1, "a", 0, 4L), job(2, "a", 10), job(3, "b", 0, 2L),
        job(4, "b", 10));
    Workload noCycle = workload(job(1, "a", 0), job(2, "a", 10, 4L), job(3, "b", 0, 1L),
        job(4, "b", 10));

    assertThatThrownBy(() -> WorkloadChecks.check(cycle)).isInstanceOf(ConfigurationException.class)
        .hasMessage("job 1 (queue 'a') and 3 other jobs could never run: their dependencies and "
            + "their queues' submission order wait on each other in a cycle (a queue dispatches "
            + "its jobs in submission order, and a job waits for the jobs it depends on to "
            + "finish); check the dependencies and submit times of the jobs involved");
    assertThatCode(() -> WorkloadChecks.check(noCycle)).doesNotThrowAnyException();
  }
}
