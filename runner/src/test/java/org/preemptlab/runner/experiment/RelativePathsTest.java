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
}
