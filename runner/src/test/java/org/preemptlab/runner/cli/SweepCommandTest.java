package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.runner.experiment.sweep.SmallSweep;

@Tag("slow")
class SweepCommandTest {
  private static final String BASE = SmallSweep.BASE;

  @TempDir
  static Path shared;
  private static Path plugins;

  @BeforeAll
  static void buildPluginJar() throws IOException {
    plugins = shared.resolve("plugins");
    Files.createDirectories(plugins);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(
        plugins.resolve("sweep-test-plugins.jar")))) {
      out.putNextEntry(new JarEntry("META-INF/services/"
          + SchedulingPolicyProvider.class.getName()));
      out.write((TestPlugins.ThrowsWhileRunning.class.getName() + "\n"
          + SweepTestPlugins.Hangs.class.getName() + "\n"
          + SweepTestPlugins.CountsDispatches.class.getName() + "\n")
          .getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
  }

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private static Path sweepFile(Path dir, String rest) throws IOException {
    return Files.writeString(dir.resolve("sweep.yaml"), "name: t\n" + BASE + rest);
  }

  /** Every file under {@code dir} by relative path, with its bytes as text (ISO-8859-1). */
  private static Map<String, String> files(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(f).toString(), new String(Files.readAllBytes(f),
            StandardCharsets.ISO_8859_1));
      }
    }
    return files;
  }

  @Test
  void oneAndTwoThreadsWriteByteIdenticalFilesButTheCommand(@TempDir Path dir)
      throws IOException {
    Path config = sweepFile(dir, """
        vary:
          preemption: [block-boundary, user-yield]
          hardware.time-slice: [1ms, 2ms]
        seeds: 3
        """);

    CliRun one = run("sweep", "--config", config.toString(), "--jobs", "1", "--out",
        dir.resolve("one").toString());
    CliRun two = run("sweep", "--config", config.toString(), "--jobs", "2", "--out",
        dir.resolve("two").toString());

    assertThat(one.exit()).as(one.err()).isZero();
    assertThat(two.exit()).as(two.err()).isZero();
    Map<String, String> a = files(dir.resolve("one"));
    Map<String, String> b = files(dir.resolve("two"));
    assertThat(a.keySet()).contains("results.csv", "summary.csv", "turnarounds.csv",
        "summary.md", "summary.html", "provenance.json", "command.txt", "sweep.yaml",
        "configs/block-boundary__1ms.yaml", "runs/user-yield__2ms/seed-3.json",
        "charts/turnaround-cdf_queue-inference.png", "charts/turnaround-cdf_queue-inference.svg",
        "charts/turnaround-cdf_queue-training.pdf", "charts/turnaround-cdf_queue-training.csv",
        "charts/bars-makespan.png", "charts/bars-makespan.pdf", "charts/bars-makespan.csv",
        "charts/makespan-vs-hardware.time-slice.svg");
    assertThat(a.keySet()).isEqualTo(b.keySet());
    a.remove("command.txt");
    b.remove("command.txt");
    a.forEach((name, content) -> assertThat(b.get(name)).as(name).isEqualTo(content));
    assertThat(Files.readString(dir.resolve("two/command.txt")))
        .endsWith("preemptlab sweep --config " + config + " --jobs 2 --out "
            + dir.resolve("two") + "\n");
    assertThat(one.out()).contains("4 configurations x 3 seeds = 12 runs")
        .contains("turnaround p99, priority highest (µs, lower is better)");
  }

  @Test
  void theSummariesShowMeansAndPairedDifferencesWithConfidenceIntervals(@TempDir Path dir)
      throws IOException {
    Path config = sweepFile(dir, """
        vary:
          preemption: [block-boundary, instruction-level]
        seeds: 3
        baseline: {preemption: block-boundary}
        metrics: [turnaround-p99@queue=inference, makespan]
        """);

    CliRun result = run("sweep", "--config", config.toString(), "--out",
        dir.resolve("o").toString());

    assertThat(result.exit()).as(result.err()).isZero();
    String csv = Files.readString(dir.resolve("o/summary.csv"));
    String row = csv.lines().filter(l -> l.startsWith("instruction-level,instruction-level,"
        + "makespan,")).findFirst().orElseThrow();
    String[] cells = row.split(",");
    double mean = Double.parseDouble(cells[6]);
    double low = Double.parseDouble(cells[7]);
    String cell = String.format(java.util.Locale.ROOT, "%.3f ± %.3f (n=3)", mean / 1e6,
        (mean - low) / 1e6);
    String md = Files.readString(dir.resolve("o/summary.md"));
    String html = Files.readString(dir.resolve("o/summary.html"));
    assertThat(md).contains("## makespan (ms, lower is better)")
        .contains("| preemption | mean ± 95% CI | Δ vs baseline ± 95% CI | verdict | failed |")
        .contains("| instruction-level | " + cell + " | ")
        .contains("| block-boundary | ").contains(" | baseline |  | 0 |")
        .contains("![makespan](charts/bars-makespan.png)")
        .contains("[PDF](charts/bars-makespan.pdf)").contains("[data (CSV)](charts/bars-makespan.csv)")
        .contains("## turnaround p99, queue inference (µs, lower is better)")
        .contains("![turnaround CDF of queue inference](charts/turnaround-cdf_queue-inference.png)");
    assertThat(html).contains("<h2>makespan (ms, lower is better)</h2>")
        .contains("<td class=\"num\">" + cell + "</td>")
        .contains("<th>Δ vs baseline ± 95% CI</th>");
    assertThat(result.out()).contains(cell);
    assertThat(md.lines().filter(l -> l.startsWith("| instruction-level |")).toList())
        .allMatch(l -> l.matches(
            ".*\\| [-+][0-9.]+ ± [0-9.]+ \\(n=3\\) \\| (better|worse|n\\.s\\.) \\|.*"));
  }

  @Test
  void resumeRunsOnlyTheMissingRunsAndIgnoresHalfWrittenFiles(@TempDir Path dir)
      throws IOException {
    Path config = sweepFile(dir, "vary: {preemption: [block-boundary, user-yield]}\nseeds: 3\n");
    Path out = dir.resolve("o");
    assertThat(run("sweep", "--config", config.toString(), "--out", out.toString()).exit())
        .isZero();
    Map<String, String> complete = files(out);
    Path kept = out.resolve("runs/block-boundary/seed-1.json");
    FileTime keptTime = FileTime.fromMillis(1_000_000L);
    Files.setLastModifiedTime(kept, keptTime);
    Files.delete(out.resolve("runs/user-yield/seed-2.json"));
    Files.writeString(out.resolve("runs/user-yield/seed-3.json"), "{\"configuration\" : \"us");
    Files.writeString(out.resolve("runs/user-yield/.seed-2.json.tmp"), "{");

    CliRun again = run("sweep", "--config", config.toString(), "--out", out.toString());
    CliRun resumed = run("sweep", "--config", config.toString(), "--out", out.toString(),
        "--resume");

    assertThat(again.exit()).isEqualTo(Main.USAGE);
    assertThat(again.err()).contains("already holds sweep results; pass --resume");
    assertThat(resumed.exit()).as(resumed.err()).isZero();
    assertThat(resumed.out()).contains("6 runs; running 2 (4 already complete)")
        .contains("ran 2 runs in");
    assertThat(Files.getLastModifiedTime(kept)).isEqualTo(keptTime);
    Map<String, String> after = files(out);
    assertThat(after).doesNotContainKey("runs/user-yield/.seed-2.json.tmp");
    complete.remove("command.txt");
    after.remove("command.txt");
    assertThat(after).isEqualTo(complete);
  }

  @Test
  void aPolicysOwnMetricIsReportedComparedAndChartedLikeABuiltInOne(@TempDir Path dir)
      throws IOException {
    Path config = sweepFile(dir, """
        vary: {policy: [test-counts-dispatches]}
        seeds: 2
        metrics: [policy.dispatches, policy.never-reported, deadline-misses@queue=inference]
        """);

    CliRun result = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--out", dir.resolve("o").toString());

    assertThat(result.exit()).as(result.err()).isZero();
    List<String> rows = Files.readAllLines(dir.resolve("o/results.csv"));
    List<String> dispatches = rows.stream().filter(r -> r.contains(",policy.dispatches,"))
        .toList();
    assertThat(dispatches).hasSize(2).allMatch(r -> r.matches(".*,ok,policy\\.dispatches,"
        + "count,[1-9][0-9]*,$"));
    assertThat(rows).filteredOn(r -> r.contains(",policy.never-reported,")).hasSize(2)
        .allMatch(r -> r.endsWith(",ns,,"));
    String md = Files.readString(dir.resolve("o/summary.md"));
    assertThat(md).contains("## dispatches (lower is better)")
        .contains("## never reported (ns, lower is better)")
        .contains("![dispatches](charts/bars-policy.dispatches.png)");
    assertThat(Files.readString(dir.resolve("o/charts/bars-policy.never-reported.csv")))
        .contains(",false,");
  }

  @Test
  void aMisspeltPluginMetricIsRefusedWithTheDeclaredOnesBeforeAnythingRuns(@TempDir Path dir)
      throws IOException {
    Path config = sweepFile(dir, """
        vary: {policy: [test-counts-dispatches]}
        metrics: [policy.dispatchs]
        """);

    CliRun result = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--out", dir.resolve("o").toString());

    assertThat(result.exit()).isEqualTo(Main.USAGE);
    assertThat(result.err()).contains("metrics[0]: unknown metric 'policy.dispatchs'; did you "
        + "mean 'policy.dispatches'?");
    assertThat(dir.resolve("o/runs")).doesNotExist();
  }

  @Test
  void aPluginThatThrowsFailsOnlyItsConfigurationsRuns(@TempDir Path dir) throws IOException {
    Path config = sweepFile(dir, "vary: {policy: [fifo, test-throws-while-running]}\nseeds: 2\n");

    CliRun result = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--out", dir.resolve("o").toString());

    assertThat(result.exit()).isEqualTo(Main.FAILED);
    List<String> rows = Files.readAllLines(dir.resolve("o/results.csv"));
    assertThat(rows.get(0)).isEqualTo("configuration,policy,seed,status,metric,unit,value,error");
    // every built-in metric of the whole run (not the shares, nor those computed on request),
    // then the scoped ones of the default selection
    int recorded = (int) org.preemptlab.runner.metrics.Metrics.BUILT_IN.stream()
        .filter(m -> !m.scopedOnly() && !m.onRequest()).count() + 3;
    assertThat(rows).filteredOn(r -> r.startsWith("fifo,")).hasSize(2 * recorded)
        .allMatch(r -> r.contains(",ok,"));
    assertThat(rows).filteredOn(r -> r.startsWith("test-throws-while-running,")).hasSize(2)
        .allMatch(r -> r.contains(",failed,,,,") && r.contains("boom second line of the message"));
    assertThat(Files.readString(dir.resolve("o/summary.md"))).contains("## Failed runs")
        .contains("- test-throws-while-running: 2 of 2 runs (seeds 1-2): scheduling policy "
            + "'test-throws-while-running' from ")
        .contains(" failed in ").contains("() of org.preemptlab.runner.cli.TestPlugins")
        .contains(": IllegalStateException: boom second line of the message");
    assertThat(result.out()).contains("failed runs:").contains("2 of 4 runs failed");
  }

  @Test
  void withStacktraceEachFailedRunsFullStackTraceGoesToStandardError(@TempDir Path dir)
      throws IOException {
    Path config = sweepFile(dir, "vary: {policy: [fifo, test-throws-while-running]}\nseeds: 1\n");
    ByteArrayOutputStream traces = new ByteArrayOutputStream();
    PrintStream systemErr = System.err;
    CliRun quiet;
    CliRun traced;
    try {
      System.setErr(new PrintStream(traces, true, StandardCharsets.UTF_8));
      quiet = run("sweep", "--config", config.toString(), "--plugin-path", plugins.toString(),
          "--out", dir.resolve("quiet").toString());
      assertThat(traces.toString(StandardCharsets.UTF_8)).doesNotContain("\tat ");
      traced = run("sweep", "--config", config.toString(), "--plugin-path", plugins.toString(),
          "--out", dir.resolve("traced").toString(), "--stacktrace");
    } finally {
      System.setErr(systemErr);
    }

    assertThat(quiet.exit()).isEqualTo(Main.FAILED);
    assertThat(traced.exit()).isEqualTo(Main.FAILED);
    assertThat(traces.toString(StandardCharsets.UTF_8))
        .contains("run test-throws-while-running seed 1 failed:",
            "java.lang.IllegalStateException: boom", "\tat org.preemptlab.runner.cli.TestPlugins")
        .doesNotContain("run fifo");
    assertThat(Files.readString(dir.resolve("traced/results.csv")))
        .isEqualTo(Files.readString(dir.resolve("quiet/results.csv")));
  }

  // 2 s, not less: the fifo run must finish within the limit even on a loaded machine
  @Test
  void aRunThatExceedsTheTimeoutIsRecordedAsFailed(@TempDir Path dir) throws IOException {
    Path config = sweepFile(dir, "vary: {policy: [fifo, test-hangs]}\nseeds: 1\n");

    long start = System.nanoTime();
    CliRun result = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--run-timeout", "2s", "--jobs", "2", "--out",
        dir.resolve("o").toString());

    assertThat(System.nanoTime() - start).isLessThan(20_000_000_000L);
    assertThat(result.exit()).isEqualTo(Main.FAILED);
    assertThat(Files.readString(dir.resolve("o/runs/test-hangs/seed-1.json")))
        .contains("\"error\" : \"timeout after 2s\"");
    assertThat(Files.readString(dir.resolve("o/runs/fifo/seed-1.json")))
        .contains("\"status\" : \"ok\"");
  }

  @Test
  void mistakesAreReportedBeforeAnythingRuns(@TempDir Path dir) throws IOException {
    Path config = sweepFile(dir, "vary: {policy: [fifo, fifi]}\n");

    CliRun result = run("sweep", "--config", config.toString(), "--out",
        dir.resolve("o").toString());

    assertThat(result.exit()).isEqualTo(Main.USAGE);
    assertThat(result.err().strip()).startsWith("preemptlab sweep: configuration fifi: unknown "
        + "scheduling policy 'fifi'; did you mean 'fifo'? valid: ").contains("round-robin")
        .doesNotContain("\n");
    assertThat(dir.resolve("o")).doesNotExist();
    assertThat(run("sweep").err()).contains("sweep needs --config FILE");
    assertThat(run("sweep", "--config", config.toString(), "--run-timeout", "soon").err())
        .contains("--run-timeout: 'soon' is not a duration");
  }

  @Test
  void runWritesProvenanceThatReproducesIt(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("r");

    CliRun result = run("run", "--workload", "csv-trace", "--set",
        "workload.path=../examples/traces/small.csv", "--out", out.toString());

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(Files.readString(out.resolve("command.txt"))).endsWith("preemptlab run "
        + "--workload csv-trace --set workload.path=../examples/traces/small.csv --out " + out
        + "\n");
    assertThat(Files.readString(out.resolve("provenance.json")))
        .contains("\"git-commit\" : \"").contains("\"seeds\" : [ 1 ]")
        .contains("\"configs\" : [ \"config.yaml\" ]").contains("\"id\" : \"csv-trace\"")
        .doesNotContain("time\"");
  }
}
