package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.sharing.SharingModeProvider;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.example.PinQueueProvider;
import org.preemptlab.runner.experiment.sharing.SharingConfig;

/**
 * A sharing mode from a plugin jar in the real runner: found on the plugin path, its parameters
 * validated with the plan, its layout checked and applied, its choices in the run's summary.
 */
class SharingModePluginTest {
  /** The built-in plugins and {@link PinQueueProvider}, registered by a services-only jar. */
  private static PluginRegistry registry(Path dir) throws IOException {
    Files.createDirectories(dir);
    try (OutputStream file = Files.newOutputStream(dir.resolve("pin.jar"));
        JarOutputStream jar = new JarOutputStream(file)) {
      jar.putNextEntry(new JarEntry("META-INF/services/" + SharingModeProvider.class.getName()));
      jar.write((PinQueueProvider.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
      jar.closeEntry();
    }
    return PluginRegistry.discover(dir, SharingModePluginTest.class.getClassLoader());
  }

  private static RunConfig config(String sharing) {
    return ConfigLoader.parse("seed: 3\n" + sharing, "run.yaml");
  }

  /** The queue of the default workload's first job. */
  private static String firstQueue(RunExecutor executor) {
    return executor.execute(config("")).result().jobs().get(0).queueId();
  }

  @Test
  void aPluginModeIsReadWithItsKeysAsParametersAndWrittenBack() {
    RunConfig config = config("sharing: {mode: pin, name: pinned, queue: q, sms: 2}\n");

    assertThat(config.sharing()).isEqualTo(new SharingConfig.Plugin("pin", "pinned", null,
        new java.util.LinkedHashMap<>(Map.of("queue", "q", "sms", "2"))));
    assertThat(config.sharing().label()).isEqualTo("pinned");
    assertThat(ConfigLoader.parse(ConfigLoader.toYaml(config), "again.yaml")).isEqualTo(config);
  }

  @Test
  void theModeConfinesItsQueueAndTheSummaryStatesItsChoice(@TempDir Path dir)
      throws IOException {
    RunExecutor executor = new RunExecutor(registry(dir));
    String queue = firstQueue(executor);
    RunOutcome alone = executor.execute(config(""));

    RunOutcome pinned = executor.execute(config("sharing: {mode: pin, queue: " + queue
        + ", sms: 1}\n"));

    assertThat(pinned.choices()).contains(new ModellingChoice("sharing", "pin",
        "one queue on the first 1 SMs", "assumption"));
    assertThat(pinned.plugins()).extracting(PluginDescriptor::kind, PluginDescriptor::id)
        .contains(org.assertj.core.groups.Tuple.tuple(PluginKind.SHARING_MODE, "pin"));
    assertThat(alone.plugins()).extracting(PluginDescriptor::kind)
        .doesNotContain(PluginKind.SHARING_MODE);
    long pinnedEnd = last(pinned.result().jobs(), queue);
    assertThat(pinnedEnd).isGreaterThan(last(alone.result().jobs(), queue));
    assertThat(executor.execute(config("sharing: {mode: pin, queue: " + queue + ", sms: 1}\n"))
        .result()).isEqualTo(pinned.result());
  }

  private static long last(List<JobRecord> jobs, String queue) {
    return jobs.stream().filter(j -> j.queueId().equals(queue)).mapToLong(JobRecord::finishNs)
        .max().orElseThrow();
  }

  @Test
  void anUnknownModeNamesTheBuiltInAndThePluginModes(@TempDir Path dir) throws IOException {
    PluginRegistry registry = registry(dir);

    assertThatThrownBy(() -> RunPlan.of(registry, config("sharing: {mode: pim}\n")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("sharing.mode: unknown sharing mode 'pim'; did you mean 'pin'? valid: "
            + "green-contexts, mig, mps, pin, time-slice");
  }

  @Test
  void aBadParameterIsOneLineNamingIt(@TempDir Path dir) throws IOException {
    PluginRegistry registry = registry(dir);

    assertThatThrownBy(() -> RunPlan.of(registry, config("sharing: {mode: pin, smz: 2}\n")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("sharing: ").hasMessageContaining("'smz'")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThatThrownBy(() -> config("sharing: {mode: pin, queue: [a, b]}\n"))
        .hasMessageContaining("sharing.queue: a parameter of sharing mode 'pin' is one value")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("built-in"));
  }

  @Test
  void aMisspeltBuiltInModesSettingsNameTheBuiltInMode() {
    assertThatThrownBy(() -> config("sharing: {mode: mpss, contexts: {a: {}}}\n"))
        .hasMessageContaining("sharing.contexts: a parameter of sharing mode 'mpss' is one value")
        .hasMessageEndingWith("; a built-in mode's key: unknown sharing mode 'mpss'; did you mean"
            + " 'mps'? valid: green-contexts, mig, mps, time-slice")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aLayoutOutsideTheRunIsRefusedNamingTheMode(@TempDir Path dir) throws IOException {
    RunExecutor executor = new RunExecutor(registry(dir));

    assertThatThrownBy(() -> executor.execute(config("sharing: {mode: pin, queue: nope}\n")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("sharing: sharing mode 'pin' confines queue 'nope', which is "
            + "not in the run; the run has ");
    String queue = firstQueue(executor);
    assertThatThrownBy(() -> executor.execute(config("sharing: {mode: pin, queue: " + queue
        + ", sms: 100000}\n")))
        .hasMessageStartingWith("sharing: sharing mode 'pin' confines queue '" + queue
            + "' to SMs ");
  }
}
