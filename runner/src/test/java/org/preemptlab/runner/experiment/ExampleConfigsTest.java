package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.SuspensionRecord;

/** The shipped example configurations run where the policy's (or the workload's) choice matters. */
@Tag("slow")
class ExampleConfigsTest {
  private static final Path XSCHED = ConfigLoaderTest.ROOT.resolve("examples/configs/xsched");

  /** Per queue: the sorted turnarounds of its jobs. */
  private static Map<String, List<Long>> turnaroundsByQueue(RunConfig config) {
    return RunExecutorTest.EXECUTOR.execute(config).result().jobs().stream()
        .collect(Collectors.groupingBy(JobRecord::queueId,
            Collectors.mapping(JobRecord::turnaroundNs, Collectors.toList())));
  }

  @Test
  void inferenceVsTrainingGivesEachPolicyDifferentPerQueueResults() {
    RunConfig example = ConfigLoader.load(ConfigLoaderTest.IVT);
    List<Map<String, List<Long>>> results = List.of("fifo", "round-robin", "priority").stream()
        .map(policy -> turnaroundsByQueue(Overrides.choose(example, "policy", policy)))
        .toList();

    for (int a = 0; a < results.size(); a++) {
      for (int b = a + 1; b < results.size(); b++) {
        for (String queue : List.of("inference", "vision", "training")) {
          assertThat(results.get(a).get(queue))
              .as("queue %s, policies %d and %d", queue, a, b)
              .isNotEqualTo(results.get(b).get(queue));
        }
      }
    }
  }

  private static double meanSuspendLatencyNs(String file, int window) {
    RunConfig config = Overrides.set(ConfigLoader.load(XSCHED.resolve(file)),
        "engine.launch-window=" + window);
    List<SuspensionRecord> suspensions = RunExecutorTest.EXECUTOR.execute(config).result()
        .suspensions();
    assertThat(suspensions).isNotEmpty().allSatisfy(s -> assertThat(s.latencyNs()).isNotNegative());
    return suspensions.stream().mapToLong(SuspensionRecord::latencyNs).average().orElseThrow();
  }

  @Test
  void xschedLevelOneLatencyGrowsWithTheLaunchWindow() {
    assertThat(meanSuspendLatencyNs("lv1.yaml", 16))
        .isGreaterThan(2 * meanSuspendLatencyNs("lv1.yaml", 4));
  }

  @Test
  void xschedLevelsGetQuieterFasterFromOneToThree() {
    double lv1 = meanSuspendLatencyNs("lv1.yaml", 16);
    double lv2 = meanSuspendLatencyNs("lv2.yaml", 16);
    double lv3 = meanSuspendLatencyNs("lv3.yaml", 16);
    // Level 2 waits at most for the running blocks (200 us); level 3 only for signal and save.
    assertThat(lv2).isLessThan(lv1).isLessThanOrEqualTo(500_000);
    assertThat(lv3).isLessThan(lv2);
  }
}
