package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.drm.JobOutcome;
import org.preemptlab.runner.drm.JobStatus;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;

/**
 * The DRM scheduler layer on SM hardware ({@code h200}), which only the one engine can run: each
 * job is a kernel placed block by block on the SMs, and a hung kernel is reset by its scheduler's
 * timeout.
 */
class SmHardwareScenarioTest {
  private static final PluginRegistry REGISTRY =
      PluginRegistry.discover(SmHardwareScenarioTest.class.getClassLoader());
  private static final long MS = 1_000_000L;
  private static final Path HUNG = Path.of("..", "examples", "drm", "hung-kernel-h200.yaml");

  /** A hung kernel filling every thread of every SM, and one kernel on another ring. */
  private static final String FULL_DEVICE = """
      hardware: h200
      schedulers:
        - {name: r0, timeout: 20ms}
        - {name: r1, timeout: 1s}
      entities:
        - {name: stuck, schedulers: [r0]}
        - {name: other, schedulers: [r1]}
      jobs:
        - {name: hung, entity: stuck, hang: true,
           kernel: {grid-blocks: 264, threads-per-block: 1024, block-time: 1ms}}
        - {name: next, entity: other,
           kernel: {grid-blocks: 132, threads-per-block: 256, block-time: 1ms}}
      """;

  private static ScenarioResult run(String yaml) {
    return ScenarioRuns.run(Scenarios.fromYaml(yaml, "s.yaml"), REGISTRY);
  }

  private static long lastFinish(ScenarioResult result) {
    return result.jobs().stream().filter(j -> j.status() == JobStatus.FINISHED)
        .mapToLong(JobOutcome::finishedNs).max().orElseThrow();
  }

  @Test
  void theHungKernelIsResetAtItsRingsTimeoutAndEveryOtherKernelFinishes() throws Exception {
    ScenarioResult result = run(Files.readString(HUNG));

    assertThat(result.passed()).as("the file's own expectations").isTrue();
    JobOutcome hung = result.job("hung");
    assertThat(hung.status()).isEqualTo(JobStatus.TIMED_OUT);
    assertThat(hung.finishedNs()).isEqualTo(20 * MS);
    assertThat(hung.hardwareError()).isEqualTo(FenceError.ETIMEDOUT);
    assertThat(result.jobs()).filteredOn(j -> !j.name().equals("hung")).hasSize(20)
        .allMatch(j -> j.status() == JobStatus.FINISHED && j.hardwareError() == FenceError.NONE)
        .anyMatch(j -> j.finishedNs() > 20 * MS);
  }

  @Test
  void theResetFreesTheHungKernelsSmsSoTheOthersFinishSoonerThanWithALaterTimeout()
      throws Exception {
    String yaml = Files.readString(HUNG);
    String later = yaml.replace("{name: compute1, timeout: 20ms", "{name: compute1, timeout: 1s");

    long lastAtReset = lastFinish(run(yaml));
    long lastWithoutReset = lastFinish(run(later));

    assertThat(lastAtReset).isLessThan(lastWithoutReset);
  }

  @Test
  void aKernelThatFindsNoFreeSmStartsOnlyWhenTheHungKernelIsReset() {
    ScenarioResult result = run(FULL_DEVICE);

    JobOutcome next = result.job("next");
    assertThat(next.scheduledNs()).as("run_job at once on its own ring").isZero();
    assertThat(next.finishedNs()).as("its blocks placed after the reset at 20 ms")
        .isBetween(21 * MS, 21 * MS + 100_000);
    assertThat(result.job("hung").finishedNs()).isEqualTo(20 * MS);
  }

  @Test
  void aHungKernelWithoutATimeoutStarvesTheOtherRingUntilThatRingTimesOutAndKeepsItsSms() {
    ScenarioResult result = run(FULL_DEVICE.replace("{name: r0, timeout: 20ms}", "{name: r0}"));

    assertThat(result.job("hung").status()).isEqualTo(JobStatus.RUNNING);
    JobOutcome next = result.job("next");
    assertThat(next.status()).as("no SM ever had room").isEqualTo(JobStatus.TIMED_OUT);
    assertThat(next.finishedNs()).isEqualTo(1000 * MS);
    assertThat(result.endNs()).as("the hung kernel does not keep the run alive")
        .isEqualTo(1000 * MS);
  }

  @Test
  void aDeviceGoneTimeoutTakesTheHungKernelOffTheSmsWithEnodev() {
    ScenarioResult result = run(FULL_DEVICE.replace("{name: r0, timeout: 20ms}",
        "{name: r0, timeout: 20ms, on-timeout: DEVICE_GONE}"));

    JobOutcome hung = result.job("hung");
    assertThat(hung.status()).isEqualTo(JobStatus.DEVICE_GONE);
    assertThat(hung.hardwareError()).isEqualTo(FenceError.ENODEV);
    assertThat(result.job("next").finishedNs()).as("its SMs were freed at 20 ms")
        .isBetween(21 * MS, 21 * MS + 100_000);
  }

  @Test
  void aTeardownCancelsTheRunningKernelAndFreesItsSms() {
    ScenarioResult result = run(FULL_DEVICE.replace("{name: r0, timeout: 20ms}", "{name: r0}")
        + "steps:\n  - submit: [hung, next]\n  - sleep: 5ms\n  - fini: r0\n"
        + "  - expect-all-finished: {jobs: [next], within: 10ms}\n");

    assertThat(result.passed()).isTrue();
    JobOutcome hung = result.job("hung");
    assertThat(hung.status()).isEqualTo(JobStatus.CANCELLED);
    assertThat(hung.hardwareError()).isEqualTo(FenceError.ECANCELED);
    assertThat(hung.finishedNs()).isEqualTo(5 * MS);
    assertThat(result.job("next").finishedNs()).isBetween(6 * MS, 6 * MS + 100_000);
  }

  @Test
  void aKernelOnTheSerialTimelineIsRefusedInOneLine() {
    assertThatThrownBy(() -> run(FULL_DEVICE.replace("hardware: h200", "hardware: drm-mock")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("jobs[0] 'hung'.kernel", "needs SM hardware")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aJobWithoutAKernelOnSmHardwareIsRefusedInOneLine() {
    assertThatThrownBy(() -> run("""
        hardware: h200
        schedulers: [{name: s}]
        entities: [{name: e, schedulers: [s]}]
        jobs: [{name: j, entity: e, duration: 1ms}]
        """))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("hardware 'h200'", "jobs[0] 'j'", "needs a 'kernel'")
        .hasMessageNotContaining("\n");
  }

  @Test
  void underKarmaTheHungKernelRunsAgainFromScratchUntilItsKarmaPassesTheHangLimit() {
    // a hung kernel does not keep the run alive: the script's sleep does, past both timeouts
    ScenarioResult result = run(FULL_DEVICE.replace("{name: r0, timeout: 20ms}",
        "{name: r0, timeout: 20ms, hang-limit: 1, on-timeout: KARMA}")
        + "steps:\n  - submit: [hung, next]\n  - sleep: 50ms\n");

    JobOutcome hung = result.job("hung");
    assertThat(result.log()).anyMatch(l -> l.contains("job hung: reset and resubmitted (karma 1)"));
    assertThat(hung.status()).as("karma 2 > hang limit 1 at the second timeout")
        .isEqualTo(JobStatus.GUILTY_CANCELLED);
    assertThat(hung.finishedNs()).isEqualTo(40 * MS);
    assertThat(hung.hardwareError()).isEqualTo(FenceError.ECANCELED);
    assertThat(result.job("next").finishedNs()).as("the first reset freed the SMs")
        .isBetween(21 * MS, 21 * MS + 100_000);
  }

  @Test
  void aResubmittedKernelStartsFromItsFirstBlock() {
    // 132 blocks of 15 ms: the ring times out at 10 ms and resubmits the job; had the rerun kept
    // the first run's progress it would finish at 15 ms, but it starts over and times out at 20 ms
    ScenarioResult result = run("""
        hardware: h200
        schedulers:
          - {name: r0, timeout: 10ms, hang-limit: 1, on-timeout: KARMA}
        entities:
          - {name: e, schedulers: [r0]}
        jobs:
          - {name: slow, entity: e,
             kernel: {grid-blocks: 132, threads-per-block: 1024, block-time: 15ms}}
        """);

    JobOutcome slow = result.job("slow");
    assertThat(slow.status()).isEqualTo(JobStatus.GUILTY_CANCELLED);
    assertThat(slow.finishedNs()).isEqualTo(20 * MS);
    assertThat(result.log()).anyMatch(l -> l.contains("job slow: reset and resubmitted (karma 1)"));
  }

  @Test
  void karmaWithAnEntityOfKernelPriorityOnSmHardwareIsRefusedInOneLine() {
    assertThatThrownBy(() -> run(FULL_DEVICE.replace("{name: r1, timeout: 1s}",
        "{name: r1, timeout: 1s, on-timeout: karma}").replace("{name: stuck, schedulers: [r0]}",
        "{name: stuck, priority: kernel, schedulers: [r0]}")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("entities[0].priority", "karma never grows", "valid here: low")
        .hasMessageNotContaining("\n");
  }

  @Test
  void anEntityMadeKernelPriorityUnderKarmaStopsTheRunWithOneLineWhenItsCopiesRunOut() {
    assertThatThrownBy(() -> run(FULL_DEVICE.replace("{name: r0, timeout: 20ms}",
        "{name: r0, timeout: 20ms, hang-limit: 1, on-timeout: KARMA}")
        + "steps:\n  - submit: [hung, next]\n  - set-priority: {entity: stuck, priority: kernel}\n"
        + "  - sleep: 100ms\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("job hung", "karma never grows", "set-priority to kernel")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aScenarioNeedingMoreKernelsThanTheJobLimitIsRefusedBeforeTheRun() {
    assertThatThrownBy(() -> run("""
        hardware: h200
        schedulers: [{name: s}]
        entities: [{name: e, schedulers: [s]}]
        clients:
          - {name: c, entity: e, jobs-per-cycle: 100000, cycles: 100000,
             kernel: {grid-blocks: 1, threads-per-block: 32, block-time: 1us}}
        """))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("needs 10000000000 kernels", "more than 1000000")
        .hasMessageNotContaining("\n");
  }

  @Test
  void anAdvanceStepOnSmHardwareIsRefusedWithWhyItHasNoMeaningThere() {
    assertThatThrownBy(() -> run(FULL_DEVICE
        + "steps:\n  - submit: [hung, next]\n  - advance: {scheduler: r0, count: 1}\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("steps[1].advance", "drm_mock_sched_advance",
            "completes when its last block does", "use 'sleep'")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aHungJobWithoutAKernelFailsAtItsLine() {
    assertThatThrownBy(() -> Scenarios.fromYaml("""
        schedulers: [{name: s}]
        entities: [{name: e, schedulers: [s]}]
        jobs:
          - {name: j, entity: e, hang: true}
        """, "s.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("s.yaml:4:", "jobs[0].hang", "needs 'kernel'")
        .hasMessageNotContaining("\n");
  }
}
