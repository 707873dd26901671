package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.JobRecord;

/**
 * {@code tgs} on the real engine: a production (HP) job launching 20-block kernels open-loop
 * beside an opportunistic (BE) training loop that keeps two 4-block kernels in flight. The
 * controller's periods are scaled down (a 1 ms sample, a 100 us window) so that a run of 100 ms
 * holds a hundred samples.
 */
class RatePoliciesTest {
  private static final Kernel HP_KERNEL = PolicyLab.kernel("infer", 20, 256, 1_000);
  private static final Kernel BE_KERNEL = PolicyLab.kernel("train", 4, 256, 20_000);
  private static final long MS = 1_000_000;

  /**
   * HP kernels every 10 us (2,000 blocks a sample) until 40 ms, every 10.8 us (7.4% fewer) until
   * 60 ms, every 10 us again until 100 ms; BE kernels queued from the start.
   */
  private static Workload workload() {
    List<Job> jobs = new ArrayList<>();
    long id = 1;
    for (long at = 0; at < 100 * MS; at += at >= 40 * MS && at < 60 * MS ? 10_800 : 10_000) {
      jobs.add(new Job(id++, "prod", at, 1, List.of(), Job.NO_DEADLINE, 0, HP_KERNEL));
    }
    for (int i = 0; i < 10_000; i++) {
      jobs.add(new Job(id++, "opp", 0, 1, List.of(), Job.NO_DEADLINE, 0, BE_KERNEL));
    }
    return new Workload(
        List.of(new GpuContext("ctx-prod", true), new GpuContext("ctx-opp", true)),
        List.of(new JobQueue("prod", "ctx-prod", Priority.HIGH, 1, EngineKind.COMPUTE, false),
            new JobQueue("opp", "ctx-opp", Priority.LOW, 1, EngineKind.COMPUTE, false, 2, 0)),
        jobs);
  }

  private static PolicyLab.Outcome run(int stepsPerSample) {
    return PolicyLab.run(workload(), "tgs", Map.of("sample-period", "1ms", "window", "100us",
        "steps-per-sample", Integer.toString(stepsPerSample)));
  }

  /** BE kernels launched in [fromMs, toMs). */
  private static long launched(PolicyLab.Outcome outcome, long fromMs, long toMs) {
    return outcome.jobsOf("opp").stream()
        .filter(j -> j.dispatchNs() >= fromMs * MS && j.dispatchNs() < toMs * MS).count();
  }

  @Test
  void theBestEffortLaunchRateFallsWhenTheProductionRateDropsAndRisesWhenItRecovers() {
    PolicyLab.Outcome outcome = run(1_000);

    long before = launched(outcome, 20, 40);
    long during = launched(outcome, 50, 60);
    long after = launched(outcome, 80, 100);
    // unthrottled, the two kernels in flight end every 20 us: 100 a ms
    assertThat(before).isGreaterThan(90 * 20);
    // 7.4% below the maximum: the limit falls to 0, one kernel a 100-us window
    assertThat(during).isLessThanOrEqualTo(10 * 10 + 1);
    assertThat(after).isGreaterThan(90 * 20);
  }

  @Test
  void theProductionJobIsNeverThrottled() {
    PolicyLab.Outcome outcome = run(1_000);

    assertThat(outcome.jobsOf("prod")).allSatisfy(job ->
        assertThat(job.dispatchNs()).isEqualTo(job.readyNs()));
  }

  @Test
  void asTgsOneStepASampleHoldsTheBestEffortJobWhileProfiling() {
    PolicyLab.Outcome outcome = run(1);

    // the profile takes at least five samples with the limit at 0: one kernel a window; as the
    // HP rate is constant here, the windowed rate stays the maximum and the profile goes on
    // until the drop at 40 ms
    assertThat(launched(outcome, 0, 40)).isLessThanOrEqualTo(400 + 1);
    // then the limit starts at 20,000 blocks a window and the loop runs unthrottled
    assertThat(launched(outcome, 90, 100)).isGreaterThan(90 * 10);
  }

  @Test
  void sameWorkloadSameRecords() {
    List<JobRecord> first = run(1_000).result().jobs();
    List<JobRecord> second = run(1_000).result().jobs();

    assertThat(second).isEqualTo(first);
  }

  /**
   * One process, as in Tally's server: a BE kernel of four waves (64 blocks of 1,024 threads, two
   * a SM on 8 SMs, 10 us each) launched at 0, an HP kernel of 8 such blocks (1 us) at 1 us. With
   * stream priority the HP blocks take the slots the first BE wave frees at 10 us; in launch order
   * they wait behind the BE kernel's last wave, placed at 30 us.
   */
  @Test
  void withoutStreamPriorityTheProductionKernelWaitsBehindAnEarlierLaunch() {
    Workload workload = new Workload(List.of(new GpuContext("server", true)),
        List.of(new JobQueue("prod", "server", Priority.HIGH, 1, EngineKind.COMPUTE, false),
            new JobQueue("opp", "server", Priority.LOW, 1, EngineKind.COMPUTE, false)),
        List.of(new Job(1, "opp", 0, 1, List.of(), Job.NO_DEADLINE, 0,
                PolicyLab.kernel("train", 64, 1024, 10_000)),
            new Job(2, "prod", 1_000, 1, List.of(), Job.NO_DEADLINE, 0,
                PolicyLab.kernel("infer", 8, 1024, 1_000))));

    long prioritised = PolicyLab.run(workload, "tgs", Map.of("stream-priority", "true"))
        .jobsOf("prod").get(0).finishNs();
    long inLaunchOrder = PolicyLab.run(workload, "tgs", Map.of("stream-priority", "false"))
        .jobsOf("prod").get(0).finishNs();

    assertThat(prioritised).isLessThan(20_000);
    assertThat(inLaunchOrder).isGreaterThanOrEqualTo(40_000);
  }
}
