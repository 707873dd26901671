package org.preemptlab.policies.mechanism;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.engine.EngineListener;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.plugins.preemption.flush.FlushStrategyProvider;
import org.preemptlab.plugins.save.LivenessContextSaveProvider;

/**
 * REEF's dynamic kernel padding ({@code reset-realtime}, {@code padding=dkp}) on the real engine,
 * with the bundled {@code flush} strategy and {@code liveness} save: four SMs that hold one
 * 1,024-thread block each, every cost free, one context with a best-effort and a real-time queue.
 */
class ResetRealtimePaddingOnEngineTest {
  private static final DeviceSpec DEVICE = new DeviceSpec("test-gpu", 4,
      new SmSpec(1024, 16, 65536, 65536, 0), 1000,
      new DeviceCosts(0, 0, 0, 1e9, 0, 1e9, 0, 0, 1_000_000_000L, 0), true, true);

  /** Block starts, as "job@sm:start-end", in the order they ended. */
  private static final class Blocks implements EngineListener {
    final List<String> executed = new ArrayList<>();

    @Override
    public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, BlockEnd end) {
      executed.add(job.id() + "@" + sm + ":" + startNs + "-" + endNs);
    }
  }

  /** The two queues, in one context that answers yields, and their jobs. */
  private static final class W {
    final List<Job> jobs = new ArrayList<>();

    W job(long id, String queue, long submitNs, Kernel kernel) {
      jobs.add(Job.of(id, queue, submitNs, kernel));
      return this;
    }

    Workload build() {
      return new Workload(List.of(new GpuContext("ctx", true)), List.of(
          new JobQueue("be", "ctx", Priority.LOW, 1, EngineKind.COMPUTE, false),
          new JobQueue("rt", "ctx", Priority.HIGH, 1, EngineKind.COMPUTE, false)), jobs,
          List.of());
    }
  }

  private static W workload() {
    return new W();
  }

  /** An idempotent kernel of {@code grid} 1,024-thread blocks of {@code ns} each, exactly. */
  private static Kernel kernel(String name, int grid, long ns) {
    return new Kernel(name, grid, 1024, 0, 0, true, BlockProgram.uniform(ns, 0, 0),
        new BlockTiming.Exact());
  }

  private static JobRecord record(SimulationResult result, long jobId) {
    return result.jobs().stream().filter(j -> j.jobId() == jobId).findFirst().orElseThrow();
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
    Workload w = workload()
        .job(0, "be", 0, kernel("conv", 40, 100)).job(1, "rt", 50, kernel("fc", 1, 250)).build();

    SimulationResult reset = run(w, "none", new Blocks());
    Blocks padded = new Blocks();
    SimulationResult dkp = run(w, "dkp", padded);

    assertThat(record(reset, 1).finishNs()).isEqualTo(300);
    assertThat(record(reset, 0).finishNs()).isEqualTo(1_300);
    assertThat(record(dkp, 1).finishNs()).isEqualTo(300);
    assertThat(record(dkp, 0).finishNs()).isEqualTo(1_200);
    assertThat(padded.executed).contains("1@0:50-300", "0@1:50-150", "0@2:50-150", "0@3:50-150",
        "0@1:150-250", "0@2:150-250", "0@3:150-250");
    // best effort is killed on SM 0 at 50 and returns to it only at 300
    assertThat(padded.executed.stream().filter(b -> b.startsWith("0@0:")).limit(2))
        .containsExactly("0@0:0-50", "0@0:300-400");
  }

  private static SimulationResult run(Workload w, String padding, Blocks listener) {
    RunPlugins plugins = new RunPlugins("reset-realtime",
        kind -> create(new ResetRealtimePolicyProvider(),
            Map.of("best-effort", "hold", "padding", padding)),
        "flush", create(new FlushStrategyProvider(), Map.of()), "liveness",
        create(new LivenessContextSaveProvider(), Map.of()));
    Simulator simulator = new Simulator(w, () -> DEVICE, plugins, EngineOptions.defaults());
    simulator.listen(listener);
    return simulator.run();
  }

  private static <T> T create(PluginProvider<T> provider, Map<String, String> values) {
    return provider.create(new PluginContext(Parameters.of(provider.id(), provider.parameters(),
        values), DEVICE, new SplittableRandom(1), () -> DEVICE));
  }
}
