package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import org.preemptlab.plugins.save.LivenessContextSaveProvider;
import org.preemptlab.plugins.preemption.flush.FlushStrategyProvider;
import org.preemptlab.policies.mechanism.ResetRealtimePolicyProvider;

/**
 * Padding a held job ({@link SchedulerView#pad}): its allowance of blocks is placed on the given
 * SMs only, and REEF's dynamic kernel padding ({@code reset-realtime}, {@code padding=dkp}) runs
 * a best-effort chunk beside a real-time kernel without delaying it. Four SMs that hold one
 * 1,024-thread block each; every cost free.
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

  /**
   * Best effort: 40 blocks of 100 ns from 0; real time: one block of 250 ns at 50. With REEF's
   * Reset the four resident best-effort blocks are killed at 50, the real-time kernel runs 50-300
   * and best effort's 40 blocks run from 300 in ten waves, to 1,300. With padding the real-time
   * kernel keeps SM 0 (its one block), and a chunk of 3 free SMs x (250 / 100 = 2 blocks one after
   * another) x 1 block an SM = 6 blocks runs on SMs 1-3 from 50 to 250; the other 34 run from 300
   * in nine waves, to 1,200. The real-time kernel ends at 300 either way.
   */
  @Test
  void reefsPaddingRunsABestEffortChunkBesideARealtimeKernelWithoutDelayingIt() {
    Workload w = workload().queue("be", Priority.LOW).queue("rt", Priority.HIGH)
        .job(0, "be", 0, kernel("conv", 40, 1024, 0, 0, true, BlockProgram.uniform(100, 0, 0)))
        .job(1, "rt", 50, kernel("fc", 1, 1024, 0, 0, true, BlockProgram.uniform(250, 0, 0)))
        .build();

    SimulationResult reset = run(w, "none", new Blocks());
    Blocks padded = new Blocks();
    SimulationResult dkp = run(w, "dkp", padded);

    assertThat(Sim.record(reset, 1).finishNs()).isEqualTo(300);
    assertThat(Sim.record(reset, 0).finishNs()).isEqualTo(1_300);
    assertThat(Sim.record(dkp, 1).finishNs()).isEqualTo(300);
    assertThat(Sim.record(dkp, 0).finishNs()).isEqualTo(1_200);
    assertThat(padded.executed).contains("1@0:50-300", "0@1:50-150", "0@2:50-150", "0@3:50-150",
        "0@1:150-250", "0@2:150-250", "0@3:150-250");
    // best effort is killed on SM 0 at 50 and returns to it only at 300
    assertThat(padded.executed.stream().filter(b -> b.startsWith("0@0:")).limit(2))
        .containsExactly("0@0:0-50", "0@0:300-400");
  }

  private static SimulationResult run(Workload w, String padding, Blocks listener) {
    RunPlugins plugins = new RunPlugins("reset-realtime",
        kind -> EngineFixtures.create(new ResetRealtimePolicyProvider(), DEVICE,
            Map.of("best-effort", "hold", "padding", padding)),
        "flush", EngineFixtures.create(new FlushStrategyProvider(), DEVICE, Map.of()), "liveness",
        EngineFixtures.create(new LivenessContextSaveProvider(), DEVICE, Map.of()));
    Simulator simulator = new Simulator(w, Sim.hw(DEVICE), plugins, EngineOptions.defaults());
    simulator.listen(listener);
    return simulator.run();
  }
}
