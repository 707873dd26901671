package org.preemptlab.policies.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

/** The launch gate of {@code tgs} on the test kit's views, and its parameters' checks. */
class TgsPolicyTest {
  private static final JobQueue HP = TestQueues.queue("infer", Priority.HIGH);
  private static final JobQueue BE = TestQueues.queue("train", Priority.LOW);

  private static TestJob job(long id, JobQueue queue, int blocks, long submitNs) {
    Kernel kernel = TestJob.builder(id).build().job().kernel();
    return TestJob.builder(id).queue(queue).kernel(new Kernel(kernel.name(), blocks,
        kernel.threadsPerBlock(), kernel.registersPerThread(), kernel.sharedMemoryPerBlock(),
        kernel.idempotent(), kernel.program(), kernel.timing())).submitAt(submitNs).build();
  }

  @Test
  void whileProfilingOneBestEffortKernelGoesPerWindowAndHighPriorityOnesAlways() {
    TgsPolicy policy = new TgsPolicy(Priority.HIGH, 5_000_000_000L, 50_000_000L, 1, 0, true);
    TestScheduler scheduler = new TestScheduler().withDevice(TestDevices.PASCAL);
    policy.onJobReady(job(1, BE, 10, 0), scheduler);
    policy.onJobReady(job(2, BE, 10, 0), scheduler);

    assertThat(scheduler.dispatchOne(policy).id()).isEqualTo(1); // 0 blocks counted: not over 0
    assertThat(policy.selectNext(scheduler)).isNull(); // 10 blocks counted, over the limit 0
    policy.onJobReady(job(3, HP, 10, 1), scheduler);
    assertThat(scheduler.dispatchOne(policy).id()).isEqualTo(3); // never throttled
    assertThat(policy.selectNext(scheduler)).isNull();
    assertThat(policy.heldBestEffort()).isEqualTo(2);
  }

  @Test
  void parametersOutOfRangeAreRefusedNamingTheKeyAndTheRange() {
    TgsPolicyProvider provider = new TgsPolicyProvider();

    assertThatThrownBy(() -> Parameters.of(provider.parameters(), Map.of("window", "0ns")))
        .hasMessageContaining("window").hasMessageNotContaining("\n");
    assertThatThrownBy(() -> Parameters.of(provider.parameters(),
        Map.of("steps-per-sample", "0"))).hasMessageContaining("steps-per-sample")
        .hasMessageContaining("1");
    assertThat(provider.parameters()).extracting(p -> p.name()).containsExactlyElementsOf(
        List.of("high", "sample-period", "window", "steps-per-sample", "max-in-flight",
            "stream-priority"));
  }
}
