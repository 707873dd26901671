package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.doubles.FifoDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;
import org.preemptlab.testkit.engine.PluginTestKit;
import org.preemptlab.testkit.engine.TestWorkload;

/**
 * {@code llm-serving} in the real engine: the scenario its unit tests run on a fake context gives
 * the same iterations and latencies here, and a co-located kernel delays it as the policy says.
 */
class LlmServingEngineTest {
  /** ServerFixture's profile: a block per batch token of 1 µs, per sampling sequence of 10 ns. */
  private static final String PROFILE = ServerFixture.PROFILE;
  private static final DeviceSpec DEVICE = TestDevices.ONE_SM;

  @TempDir Path dir;

  private Application server(String trace) throws IOException {
    Path profile = Files.writeString(dir.resolve("test.profile"), PROFILE);
    Path requests = Files.writeString(dir.resolve("trace.csv"),
        "TIMESTAMP,ContextTokens,GeneratedTokens\n" + trace);
    LlmServingProvider provider = new LlmServingProvider();
    Parameters parameters = Parameters.of(provider.parameters(), Map.of("profile-file",
        profile.toString(), "trace", requests.toString(), "duration", "1s"));
    return provider.create(new PluginContext(parameters, DEVICE, new SplittableRandom(1)));
  }

  /**
   * Runs {@code app} beside {@code base} on the real engine under {@code policy} (the kit's double
   * of {@code fifo} or {@code priority}), block-boundary preemption and full saves (the kit's
   * defaults), unlimited credits and launch windows.
   */
  private static SimulationResult run(Workload base, Application app, String policy) {
    Supplier<SchedulingPolicy> policies = switch (policy) {
      case "fifo" -> FifoDouble::new;
      case "priority" -> () -> new PriorityDouble(true);
      default -> throw new IllegalArgumentException(policy);
    };
    return PluginTestKit.application(app).policy(policies).on(base).device(DEVICE)
        .launchWindow(Integer.MAX_VALUE).run().result();
  }

  @Test
  void theEngineGivesTheIterationsAndLatenciesOfTheUnitTestsScenario() throws IOException {
    Application app = server("0,100,3\n0.00005,50,2\n");
    SimulationResult result = run(TestWorkload.create().build(), app, "fifo");

    // Iterations: [100 tokens, 1 sequence], [51, 2], [2, 2]; 1000 ns a token, 10 a sequence.
    assertThat(result.jobs()).extracting(JobRecord::kernel).containsExactly("dense", "head",
        "dense", "head", "dense", "head");
    long end1 = 100_010;
    long end2 = end1 + 51_020;
    long end3 = end2 + 2_020;
    assertThat(result.jobs().get(5).finishNs()).isEqualTo(end3);
    Map<String, Double> m = ((MetricReporter) app).metricValues();
    assertThat(m).containsEntry("ttft-p50", (double) end1)
        .containsEntry("ttft-p99", (double) end2 - 50_000)
        .containsEntry("tpot-p50", (double) end3 - end2)
        .containsEntry("tpot-p99", (end3 - end1) / 2.0);
  }

  @Test
  void aRunningLowPriorityBlockDelaysAPrefillUntilItDrains() throws IOException {
    // Trace times count from its first row: r1 (1 token) at 0 runs first under priority, its
    // iteration ending at 1,010 ns; the LOW kernel (one 30 us block, submitted at 0) then runs
    // from 1,010 to 31,010. r2 arrives at 10 us: block-boundary preemption drains the block, so
    // r2's prefill (100,010 ns) starts at 31,010.
    Workload training = TestWorkload.create().context(TestQueues.CONTEXT, true)
        .queue(TestQueues.queue("train", Priority.LOW))
        .job(Job.of(1, "train", 0, new Kernel("gemm", 1, 2048, 0, 0, false,
            BlockProgram.uniform(30_000, 0, 0), new BlockTiming.Exact()))).build();
    Application app = server("0,1,1\n0.00001,100,1\n");
    run(training, app, "priority");

    Map<String, Double> m = ((MetricReporter) app).metricValues();
    assertThat(m).containsEntry("ttft-p50", 1_010.0)
        .containsEntry("ttft-p99", (double) (31_010 + 100_010 - 10_000));
  }
}
