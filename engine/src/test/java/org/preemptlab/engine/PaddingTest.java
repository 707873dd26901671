package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;

/**
 * Padding a held job ({@link SchedulerView#pad}): its allowance of blocks is placed on the given
 * SMs only. Four SMs that hold one 1,024-thread block each; every cost free. (REEF's dynamic
 * kernel padding on the engine is tested in the policies module, {@code
 * ResetRealtimePaddingOnEngineTest}.)
 */
class PaddingTest {
  private static final DeviceSpec DEVICE = device(4, Sim.bigSm(), costs());

  /** Block starts, as "job@sm:start-end", in the order they ended. */
  private static final class Blocks implements EngineListener {
    final List<String> executed = new ArrayList<>();

    @Override
    public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, BlockEnd end) {
      executed.add(job.id() + "@" + sm + ":" + startNs + "-" + endNs);
    }
  }

  @Test
  void aHeldJobPlacesItsPaddedBlocksOnTheGivenSmsOnlyAndNoMoreThanItsAllowance() {
    Workload w = workload().queue("be", Priority.LOW)
        .job(0, "be", 0, kernel("k", 8, 1024, 0, 0, 100)).build();
    List<ActionOutcome> answers = new ArrayList<>();
    SchedulingPolicy policy = new ScriptedPolicy() {
      @Override
      public void onJobDispatched(JobView job, SchedulerView scheduler) {
        super.onJobDispatched(job, scheduler);
        answers.add(scheduler.pad(job, 2, SmSet.range(2, 4))); // not held yet: refused
        answers.add(scheduler.suspend(job));
        answers.add(scheduler.pad(job, 0, SmSet.range(2, 4)));
        answers.add(scheduler.pad(job, 3, SmSet.range(2, 4)));
        scheduler.wakeAt(300);
      }

      @Override
      public void onTimer(SchedulerView scheduler) {
        scheduler.resume(scheduler.dispatchedJobs().get(0));
      }
    };
    Blocks blocks = new Blocks();

    Sim.run(w, Sim.hw(DEVICE), () -> policy, "block-boundary", "full", EngineOptions.defaults(),
        blocks);

    assertThat(answers).extracting(ActionOutcome::accepted)
        .containsExactly(false, true, false, true);
    // three padded blocks on SMs 2 and 3 (the third after one of them), then, released at 300,
    // the other five on all four SMs
    assertThat(blocks.executed).containsExactly("0@2:0-100", "0@3:0-100", "0@2:100-200",
        "0@0:300-400", "0@1:300-400", "0@2:300-400", "0@3:300-400", "0@0:400-500");
  }

  @Test
  void aCapPerSmRunsThePaddedBlocksInRoundsOfThatManyPerSm() {
    // 256-thread blocks: four fit on an SM, but the cap lets two of the job's blocks be resident
    // on each padding SM at a time, as REEF's proxy kernel runs be_occupancy persistent
    // work-groups per CU
    Workload w = workload().queue("be", Priority.LOW)
        .job(0, "be", 0, kernel("k", 12, 256, 0, 0, 100)).build();
    List<ActionOutcome> answers = new ArrayList<>();
    SchedulingPolicy policy = new ScriptedPolicy() {
      @Override
      public void onJobDispatched(JobView job, SchedulerView scheduler) {
        super.onJobDispatched(job, scheduler);
        answers.add(scheduler.suspend(job));
        answers.add(scheduler.pad(job, 6, SmSet.range(2, 4), 0)); // below 1 per SM: refused
        answers.add(scheduler.pad(job, 6, SmSet.range(2, 4), 2));
        scheduler.wakeAt(1000);
      }

      @Override
      public void onTimer(SchedulerView scheduler) {
        scheduler.resume(scheduler.dispatchedJobs().get(0));
      }
    };
    Blocks blocks = new Blocks();

    Sim.run(w, Sim.hw(DEVICE), () -> policy, "block-boundary", "full", EngineOptions.defaults(),
        blocks);

    assertThat(answers).extracting(ActionOutcome::accepted).containsExactly(true, false, true);
    // six blocks in two rounds (two per SM, then one each) on SMs 2 and 3, never four at once on
    // one SM as occupancy would allow; the other six once released at 1000
    assertThat(blocks.executed.subList(0, 6)).containsExactly("0@2:0-100", "0@3:0-100",
        "0@2:0-100", "0@3:0-100", "0@2:100-200", "0@3:100-200");
  }

  @Test
  void withoutACapThePaddedBlocksFillTheSmsAsOccupancyAllows() {
    Workload w = workload().queue("be", Priority.LOW)
        .job(0, "be", 0, kernel("k", 12, 256, 0, 0, 100)).build();
    SchedulingPolicy policy = new ScriptedPolicy() {
      @Override
      public void onJobDispatched(JobView job, SchedulerView scheduler) {
        super.onJobDispatched(job, scheduler);
        scheduler.suspend(job);
        scheduler.pad(job, 6, SmSet.range(2, 4));
        scheduler.wakeAt(1000);
      }

      @Override
      public void onTimer(SchedulerView scheduler) {
        scheduler.resume(scheduler.dispatchedJobs().get(0));
      }
    };
    Blocks blocks = new Blocks();

    Sim.run(w, Sim.hw(DEVICE), () -> policy, "block-boundary", "full", EngineOptions.defaults(),
        blocks);

    // the same six blocks in one round, three on each SM (four would fit on one)
    assertThat(blocks.executed.subList(0, 6)).allMatch(b -> b.endsWith(":0-100"));
    assertThat(blocks.executed.subList(6, 12)).allMatch(b -> b.endsWith(":1000-1100"));
  }
}
