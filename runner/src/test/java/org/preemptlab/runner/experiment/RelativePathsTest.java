package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Regression: paths inside a configuration resolve against that file, not the working directory. */
class RelativePathsTest {

  private static final String CONFIG = """
      policy: fifo
      workload:
        generator: csv-trace
        parameters: {path: traces/small.csv}
      """;

  @Test
  void aTracePathResolvesAgainstTheConfigurationsFolder(@TempDir Path dir) throws Exception {
    Path folder = Files.createDirectories(dir.resolve("study"));
    Files.createDirectories(folder.resolve("traces"));
    Files.copy(ConfigLoaderTest.ROOT.resolve("examples/traces/small.csv"),
        folder.resolve("traces/small.csv"));
    Path file = Files.writeString(folder.resolve("run.yaml"), CONFIG);

    RunConfig config = ConfigLoader.load(file);

    Path expected = folder.resolve("traces/small.csv").toAbsolutePath().normalize();
    assertThat(config.workload().parameters()).containsEntry("path", expected.toString());
    RunOutcome outcome = RunExecutorTest.EXECUTOR.execute(config);
    assertThat(outcome.result().jobs()).isNotEmpty();
  }

  @Test
  void theResolvedConfigurationReproducesTheRunFromAnotherFolder(@TempDir Path dir)
      throws Exception {
    Path folder = Files.createDirectories(dir.resolve("study"));
    Files.createDirectories(folder.resolve("traces"));
    Files.copy(ConfigLoaderTest.ROOT.resolve("examples/traces/small.csv"),
        folder.resolve("traces/small.csv"));
    RunConfig original = ConfigLoader.load(Files.writeString(folder.resolve("run.yaml"), CONFIG));

    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Path written = Files.writeString(elsewhere.resolve("config.yaml"),
        ConfigLoader.toYaml(original));
    RunConfig reloaded = ConfigLoader.load(written);

    assertThat(reloaded).isEqualTo(original);
    assertThat(RunExecutorTest.EXECUTOR.execute(reloaded).result())
        .isEqualTo(RunExecutorTest.EXECUTOR.execute(original).result());
  }

  @Test
  void anAbsolutePathIsKeptAsItIs() {
    Path absolute = Path.of("/data/trace.csv").toAbsolutePath();
    RunConfig config = ConfigLoader.parse("workload: {generator: csv-trace, parameters: {path: "
        + absolute + "}}", "x.yaml").withPathsResolvedAgainst(Path.of("/elsewhere"));
    assertThat(config.workload().parameters()).containsEntry("path", absolute.toString());
  }

  /**
   * Text parameters of the shipped plugins that are not files, each with what it holds; any other
   * text parameter must be a path by {@link RunConfig#isPathParameter}'s naming rule, so that a new
   * file parameter that escapes the rule (and would resolve against the working directory) fails
   * here.
   */
  private static final java.util.Map<String, String> NOT_FILES = java.util.Map.ofEntries(
      java.util.Map.entry("application.model", "a bundled model architecture's name"),
      java.util.Map.entry("application.profile-device", "the device name a profile was measured on"),
      java.util.Map.entry("application.queue", "a queue id"),
      java.util.Map.entry("hardware.name", "the model's display name"),
      java.util.Map.entry("hardware.contention", "a contention rule's name"),
      java.util.Map.entry("hardware.issue-order", "an issue order's name"),
      java.util.Map.entry("hardware.context-order", "a context order's name"),
      java.util.Map.entry("hardware.context-switch", "a duration or a distribution of durations"),
      java.util.Map.entry("hardware.instruction-preemption", "a duration or distribution"),
      java.util.Map.entry("hardware.kernel-launch", "a duration or distribution"),
      java.util.Map.entry("hardware.kernel-launch-busy", "a duration or distribution"),
      java.util.Map.entry("hardware.preemption-signal", "a duration or distribution"),
      java.util.Map.entry("hardware.save-fixed", "a duration or distribution"),
      java.util.Map.entry("hardware.restore-fixed", "a duration or distribution"),
      java.util.Map.entry("hardware.mig-profiles", "MIG profiles written inline"),
      java.util.Map.entry("hardware.mps", "MPS settings written inline"),
      java.util.Map.entry("workload.context", "a context id"),
      java.util.Map.entry("workload.iterations", "a range of iteration numbers"),
      java.util.Map.entry("workload.traced-hardware", "a hardware model id"));

  @Test
  void everyTextParameterOfAShippedPluginThatIsAFileResolvesAgainstTheConfigurationsFolder() {
    org.preemptlab.runner.discovery.PluginRegistry registry =
        org.preemptlab.runner.discovery.PluginRegistry.discover(java.util.Optional.empty());
    java.util.List<String> text = new java.util.ArrayList<>();
    for (org.preemptlab.runner.discovery.PluginDescriptor plugin : registry.descriptors()) {
      for (org.preemptlab.api.ParameterSpec p : plugin.parameters()) {
        String name = plugin.kind().key() + "." + p.name();
        if (p.type() == org.preemptlab.api.ParameterType.TEXT && !RunConfig.isPathParameter(
            p.name()) && !NOT_FILES.containsKey(name)) {
          text.add(name + " (" + plugin.id() + ")");
        }
      }
    }
    assertThat(text).as("text parameters that are neither paths nor listed as not files")
        .isEmpty();
    assertThat(RunConfig.isPathParameter("profile-file")).isTrue();
    assertThat(RunConfig.isPathParameter("model-file")).isTrue();
    // found by this test: the trace readers' DRAM annotations were read against the working
    // directory and left out of the run folder's inputs
    assertThat(RunConfig.isPathParameter("dram-annotations")).isTrue();
  }
}
