package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.drm.ClientStats;
import org.preemptlab.runner.drm.JobStatus;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;

/**
 * Closed-loop clients (the kernel's scheduler tests' {@code drm_sched_client_work}) on SM hardware
 * ({@code h200}): each job a client creates during the run is a kernel the engine places block by
 * block on the SMs.
 */
class SmHardwareClientsTest {
  private static final PluginRegistry REGISTRY =
      PluginRegistry.discover(SmHardwareClientsTest.class.getClassLoader());
  private static final Path PRIORITY =
      Path.of("..", "examples", "drm", "clients-priority-h200.yaml");

  /** One synchronous client alone on the device; KERNEL is replaced by the kernel's shape. */
  private static final String ALONE = """
      hardware: h200
      schedulers: [{name: s, credit-limit: 1, timeout: none}]
      entities: [{name: e, schedulers: [s]}]
      clients:
        - {name: c, entity: e, jobs-per-cycle: 2, cycles: 5, sleep: 1ms, KERNEL}
      """;

  private static ScenarioResult run(String yaml) {
    return ScenarioRuns.run(Scenarios.fromYaml(yaml, "s.yaml"), REGISTRY);
  }

  private static ClientStats client(ScenarioResult result, String name) {
    return result.clients().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  private static ScenarioResult alone(String kernel) {
    return run(ALONE.replace("KERNEL", "kernel: " + kernel));
  }

  @Test
  void theHighPriorityClientsCyclesWaitLessThanTheLowPriorityClients() throws Exception {
    ScenarioResult result = run(Files.readString(PRIORITY));

    assertThat(result.passed()).as("the file's own expectations").isTrue();
    ClientStats ui = client(result, "ui-client");
    ClientStats batch = client(result, "batch-client");
    assertThat(ui.cyclesCompleted()).isEqualTo(20);
    assertThat(batch.cyclesCompleted()).isEqualTo(20);
    assertThat(ui.latencyAvgUs()).isLessThan(batch.latencyAvgUs());
    assertThat(ui.latencyMaxUs()).as("ui waits at most for one kernel already on the device")
        .isLessThan(ui.gpuNs() / 1000.0 / ui.jobsFinished());
    assertThat(result.jobs()).hasSize(80).allMatch(j -> j.status() == JobStatus.FINISHED);
  }

  @Test
  void aCycleOnAnIdleDeviceLastsAtLeastItsKernelsWorkAndOnlyTheLaunchCostsMore() {
    ClientStats c = client(alone("{grid-blocks: 528, threads-per-block: 512, block-time: 1ms}"),
        "c");

    double jobWorkUs = c.gpuNs() / 1000.0 / c.jobsFinished();
    assertThat(c.done()).isTrue();
    assertThat(c.cyclesCompleted()).isEqualTo(5);
    assertThat(jobWorkUs).as("one wave of 1 ms blocks plus the dispatch cost")
        .isBetween(1000.0, 1001.0);
    assertThat(c.cycleMinUs()).isGreaterThanOrEqualTo(2 * jobWorkUs);
    assertThat(c.latencyMaxUs()).as("two kernel launches, nothing else").isLessThan(50);
    assertThat(c.idealUs()).isEqualTo(5 * (2 * jobWorkUs + 1000));
  }

  @Test
  void aKernelOneBlockLargerThanAWaveRunsTwoWavesAndItsCyclesTakeTwiceAsLong() {
    // 512 threads per block: 4 blocks per SM of 2,048 threads, 528 blocks per wave on 132 SMs
    ClientStats oneWave = client(alone(
        "{grid-blocks: 528, threads-per-block: 512, block-time: 1ms}"), "c");
    ClientStats twoWaves = client(alone(
        "{grid-blocks: 529, threads-per-block: 512, block-time: 1ms}"), "c");

    assertThat(twoWaves.gpuNs()).isEqualTo(2 * oneWave.gpuNs());
    assertThat(twoWaves.cycleAvgUs()).isBetween(2 * oneWave.cycleAvgUs() - 50,
        2 * oneWave.cycleAvgUs() + 50);
  }

  @Test
  void theSameClientsOnTheMockTimelineWithTheKernelsWorkAsDurationGiveTheSameCycles() {
    ClientStats sm = client(alone("{grid-blocks: 528, threads-per-block: 512, block-time: 1ms}"),
        "c");
    String duration = Math.round(sm.gpuNs() / (double) sm.jobsFinished()) + "ns";
    ClientStats mock = client(run(ALONE.replace("hardware: h200", "hardware: drm-mock")
        .replace("KERNEL", "duration: " + duration)), "c");

    assertThat(mock.gpuNs()).isEqualTo(sm.gpuNs());
    assertThat(mock.idealUs()).isEqualTo(sm.idealUs());
    assertThat(mock.cyclesCompleted()).isEqualTo(sm.cyclesCompleted());
    assertThat(mock.latencyMaxUs()).as("the mock has no launch cost").isZero();
    assertThat(sm.elapsedUs()).isGreaterThan(mock.elapsedUs());
  }

  @Test
  void aClientOnAKarmaRingRunsTheSameCyclesAsOnARingWithoutKarma() {
    String kernel = "{grid-blocks: 528, threads-per-block: 512, block-time: 1ms}";
    ScenarioResult plain = alone(kernel);
    ScenarioResult karma = run(ALONE.replace("timeout: none",
        "timeout: 1s, hang-limit: 2, on-timeout: KARMA").replace("KERNEL", "kernel: " + kernel));

    assertThat(karma.clients()).isEqualTo(plain.clients());
    assertThat(karma.jobs()).isEqualTo(plain.jobs());
  }

  @Test
  void aClientWithoutAKernelOnSmHardwareIsRefusedInOneLine() {
    assertThatThrownBy(() -> run(ALONE.replace("KERNEL", "duration: 1ms")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("hardware 'h200'", "clients[0] 'c'", "needs a 'kernel'")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aClientKernelOnTheSerialTimelineIsRefusedInOneLine() {
    assertThatThrownBy(() -> run(ALONE.replace("hardware: h200", "hardware: drm-mock")
        .replace("KERNEL", "kernel: {grid-blocks: 1, threads-per-block: 32, block-time: 1ms}")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("clients[0] 'c'.kernel", "needs SM hardware")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aClientThatRunsForATimeOnSmHardwareIsRefusedWithWhyItNeedsCycles() {
    assertThatThrownBy(() -> run(ALONE.replace("cycles: 5", "run-for: 10ms")
        .replace("KERNEL", "kernel: {grid-blocks: 1, threads-per-block: 32, block-time: 1ms}")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("clients[0] 'c'.run-for", "needs 'cycles'")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aClientWithBothDurationAndKernelFailsAtItsLine() {
    assertThatThrownBy(() -> Scenarios.fromYaml(ALONE.replace("KERNEL",
        "duration: 1ms, kernel: {grid-blocks: 1, threads-per-block: 32, block-time: 1ms}"),
        "s.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("s.yaml:5:", "clients[0].duration", "not both")
        .hasMessageNotContaining("\n");
  }
}
