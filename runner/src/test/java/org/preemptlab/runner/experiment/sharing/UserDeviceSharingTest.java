package org.preemptlab.runner.experiment.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.ModellingChoice;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * A device given as the user's own model file uses every sharing mode through the keys it
 * declares (examples/hardware/my-gpu.yaml, shown in docs/sharing.md), and a mode whose key the file
 * lacks is refused in one line naming the key.
 */
class UserDeviceSharingTest {
  private static final Path EXAMPLE = Path.of("..", "examples", "hardware", "my-gpu.yaml");
  private static final RunExecutor EXECUTOR =
      new RunExecutor(PluginRegistry.discover(UserDeviceSharingTest.class.getClassLoader()));

  /** Tenant lc: one kernel of 264 blocks that fill an SM each, 100 us; tenant train: one job. */
  private static String config(Path device, String sharing) {
    return "hardware: {id: file, parameters: {path: '" + device + "'}}\npolicy: fifo\n"
        + "preemption: block-boundary\ncontext-save: full\n" + sharing
        + "workload:\n  spec:\n    duration: 50ms\n    contexts: [{id: lc}, {id: train}]\n"
        + "    queues:\n"
        + "      - id: infer\n        context: lc\n        jobs: 1\n"
        + "        arrival: {process: closed-loop, clients: 1, think-time: 0}\n"
        + "        kernels: [{name: k, grid-blocks: 264, threads-per-block: 1024,"
        + " registers-per-thread: 64, block-time: 100us}]\n"
        + "      - id: other\n        context: train\n        jobs: 1\n"
        + "        arrival: {process: closed-loop, clients: 1, think-time: 0}\n"
        + "        kernels: [{name: j, grid-blocks: 64, threads-per-block: 256,"
        + " block-time: 10us}]\n";
  }

  private static final String MIG = "sharing:\n  mode: mig\n"
      + "  instances: [{name: a, profile: 3g}, {name: b, profile: 4g}]\n"
      + "  contexts: {lc: {instance: a}, train: {instance: b}}\n";

  private static long turnaroundOfInfer(RunOutcome outcome) {
    var job = outcome.result().jobs().stream().filter(j -> j.queueId().equals("infer"))
        .findFirst().orElseThrow();
    return job.finishNs() - job.submitNs();
  }

  @Test
  void aUserDeviceFileWithMigProfilesRunsMigOnItsInstances() {
    RunOutcome outcome = EXECUTOR.execute(ConfigLoader.parse(config(EXAMPLE, MIG), "run.yaml"));

    // the file's 3g.20gb holds 42 SMs: 264 one-per-SM blocks take 7 waves of 100 us
    assertThat(turnaroundOfInfer(outcome)).isBetween(700_000L, 760_000L);
    assertThat(outcome.choices()).extracting(ModellingChoice::value).contains("mig");
  }

  @Test
  void aUserDeviceFileRunsAnMpsCapAndGreenContextsFromItsKeys() {
    RunOutcome mps = EXECUTOR.execute(ConfigLoader.parse(config(EXAMPLE,
        "sharing:\n  mode: mps\n  contexts: {lc: {active-thread-percentage: 50}}\n"),
        "run.yaml"));
    // 50% of 108 SMs is 54: 5 waves
    assertThat(turnaroundOfInfer(mps)).isBetween(500_000L, 560_000L);
    assertThat(mps.choices()).extracting(ModellingChoice::value).contains("mps", "neutral");

    RunOutcome green = EXECUTOR.execute(ConfigLoader.parse(config(EXAMPLE,
        "sharing:\n  mode: green-contexts\n  contexts:\n    lc:\n      partitions: "
            + "[{name: p, sms: 66, queues: [infer]}]\n"), "run.yaml"));
    // 66 SMs: 4 waves
    assertThat(turnaroundOfInfer(green)).isBetween(400_000L, 460_000L);
  }

  @Test
  void aUserDeviceFileWithoutMigProfilesIsRefusedInOneLineNamingTheKey(@TempDir Path dir)
      throws IOException {
    Path device = dir.resolve("no-mig.yaml");
    Files.writeString(device, Files.readAllLines(EXAMPLE).stream()
        .filter(line -> !line.startsWith("mig-profiles:"))
        .reduce("", (a, b) -> a + b + "\n"));

    assertThatThrownBy(() -> EXECUTOR.execute(ConfigLoader.parse(config(device, MIG),
        "run.yaml")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("sharing.mode: hardware 'file (" + device + ")' declares no MIG profiles "
            + "(model-file key 'mig-profiles'); see docs/sharing.md");
  }

  @Test
  void docsSharingShowsTheExampleDeviceFileAsItIs() throws IOException {
    String page = Files.readString(Path.of("..", "docs", "sharing.md"));

    assertThat(page).contains(Files.readString(EXAMPLE));
  }
}
