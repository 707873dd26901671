package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.example.ThinkingClientProvider;

/**
 * The worked application of docs/workloads.md ("Applications"): the page shows this test's
 * {@link ThinkingClientProvider} verbatim, and the plugin runs in the real runner, found on a
 * plugin path like any external jar.
 */
class ApplicationSpiExampleTest {
  private static final Path SOURCE = Path.of("src/test/java/org/preemptlab/runner/experiment/"
      + "example/ThinkingClientProvider.java");

  /** A registry with the built-in plugins and the example, registered by a services-only jar. */
  private static PluginRegistry registry(Path dir) throws IOException {
    Files.createDirectories(dir);
    try (OutputStream file = Files.newOutputStream(dir.resolve("example.jar"));
        JarOutputStream jar = new JarOutputStream(file)) {
      jar.putNextEntry(new JarEntry(
          "META-INF/services/org.preemptlab.api.application.ApplicationProvider"));
      jar.write((ThinkingClientProvider.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
      jar.closeEntry();
    }
    return PluginRegistry.discover(dir, ApplicationSpiExampleTest.class.getClassLoader());
  }

  private static RunConfig config(String yaml) {
    return ConfigLoader.parse(yaml, "example.yaml");
  }

  @Test
  void theDocsShowTheExampleAsItCompiles() throws IOException {
    String source = Files.readString(SOURCE);
    String code = source.substring(source.indexOf("// doc:begin\n") + "// doc:begin\n".length(),
        source.indexOf("// doc:end"));

    assertThat(Files.readString(Path.of("..", "docs", "workloads.md"))).contains(code);
  }

  @Test
  void theExampleRunsAndEachRequestFollowsTheAnswerBeforeIt(@TempDir Path dir)
      throws IOException {
    RunExecutor executor = new RunExecutor(registry(dir.resolve("plugins")));
    RunConfig config = config("""
        applications:
          - id: thinking-client
            parameters: {requests: 5, think: 100us}
        """);

    RunOutcome outcome = executor.execute(config);

    List<JobRecord> jobs = outcome.result().jobs();
    assertThat(jobs).hasSize(5).allMatch(j -> j.queueId().equals("client"));
    for (int i = 1; i < jobs.size(); i++) {
      assertThat(jobs.get(i).submitNs()).isGreaterThanOrEqualTo(jobs.get(i - 1).finishNs());
    }
    assertThat(outcome.workload().jobs()).isEmpty(); // no workload: the 'none' generator
    assertThat(executor.execute(config).result()).isEqualTo(outcome.result());
  }

  @Test
  void theApplicationsStreamLeavesTheWorkloadAsItIsAndFollowsOnlyTheSeed(@TempDir Path dir)
      throws IOException {
    RunExecutor executor = new RunExecutor(registry(dir.resolve("plugins")));
    String client = """
        applications:
          - id: thinking-client
            parameters: {requests: 8, think: 300us}
        """;
    RunConfig alone = config("policy: fifo\nworkload: {generator: synthetic}\n");
    RunConfig beside = config("policy: fifo\nworkload: {generator: synthetic}\n" + client);
    RunConfig otherPolicy = config("policy: priority\nworkload: {generator: synthetic}\n"
        + client);

    RunOutcome a = executor.execute(alone);
    RunOutcome b = executor.execute(beside);
    RunOutcome c = executor.execute(otherPolicy);

    // common random numbers: the workload is generated from its own stream either way
    assertThat(b.workload().jobs()).isEqualTo(a.workload().jobs());
    // the client's think times come from its own stream: the same gaps under another policy
    assertThat(thinkTimes(c)).isEqualTo(thinkTimes(b)).hasSize(7);
    assertThat(b.workload().queues()).extracting(q -> q.id()).contains("client");
    assertThat(Map.copyOf(b.metrics().data().pluginValues())).isEmpty();
  }

  /** Each request's submission minus the finish of the one before it. */
  private static List<Long> thinkTimes(RunOutcome outcome) {
    List<JobRecord> client = outcome.result().jobs().stream()
        .filter(j -> j.queueId().equals("client")).toList();
    return java.util.stream.IntStream.range(1, client.size())
        .mapToObj(i -> client.get(i).submitNs() - client.get(i - 1).finishNs()).toList();
  }
}
