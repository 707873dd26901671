package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.runner.report.GitCommit;

/**
 * Regression tests of issue 18: every hostile input found by the project's robustness testing
 * ends as a one-line error with exit code 2 (or, for plugin faults, as that run's recorded
 * failure), quickly, without touching files it should not. The inputs are in {@code
 * src/test/resources/org/preemptlab/runner/robustness/}.
 */
@Tag("slow")
class RobustnessTest {
  @TempDir
  static Path shared;
  private static Path plugins;

  @BeforeAll
  static void buildPluginJar() throws IOException {
    plugins = shared.resolve("plugins");
    Files.createDirectories(plugins);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(
        plugins.resolve("robustness-test-plugins.jar")))) {
      out.putNextEntry(new JarEntry("META-INF/services/"
          + SchedulingPolicyProvider.class.getName()));
      out.write((RobustnessTestPlugins.ThrowsError.class.getName() + "\n"
          + RobustnessTestPlugins.ThrowsChecked.class.getName() + "\n"
          + RobustnessTestPlugins.Loops.class.getName() + "\n"
          + RobustnessTestPlugins.CountsInstances.class.getName() + "\n")
          .getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
      out.putNextEntry(new JarEntry("META-INF/services/"
          + org.preemptlab.api.workload.WorkloadProvider.class.getName()));
      out.write((RobustnessTestPlugins.FailsToGenerate.class.getName() + "\n")
          .getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
  }

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private static String input(String name) {
    try {
      return Path.of(RobustnessTest.class.getResource("/org/preemptlab/runner/robustness/" + name)
          .toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void assertUsageError(CliRun result, String message) {
    assertThat(result.oneLine().err()).contains(message);
    assertThat(result.exit()).isEqualTo(Main.USAGE);
  }

  @Test
  void anSmCountAboveTheLimitIsRefusedWithItsRange() { // M01
    assertUsageError(run("run", "--set", "hardware.sm-count=1073741825"),
        "parameter 'sm-count' of hardware model 'h200': '1073741825' is out of range in [1, 4096]");
  }

  @Test
  void aHardwareCostOfLongMaxNanosecondsIsRefused() { // M02a
    assertUsageError(run("run", "--set", "hardware.kernel-launch=9223372036854775807ns"),
        "h200 override: kernel-launch: expected a duration or quantile points in [0ns, 1s]");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      M02-block-time-long-max-preempted.csv | M02-block-time-long-max-preempted.csv:2: column 'block_time': '9223372036854775807ns' is too long; a duration must be at most 3600s
      M14-block-time-long-max.csv           | M14-block-time-long-max.csv:5: column 'block_time': '9223372036854775807ns' is too long
      M03-duration-exponent.csv             | M03-duration-exponent.csv:2: column 'submit': '1e-99999999s' is out of range
      M05-dependency-on-later-job-same-queue.csv | job 2 (queue 'a') depends on job 1, which comes after it in the same queue
      """)
  void aHostileTraceEndsInOneLineNamingItsColumnOrJobs(String file, String message) {
    assertUsageError(run("run", "--workload", "csv-trace", "--set", "workload.path="
        + input(file)), message);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e-99999999ms", "1e99999999ns", "1E+999999999s"})
  void aDurationWithAHugeExponentIsRefusedAtOnce(String duration) { // M03a
    long start = System.nanoTime();
    assertUsageError(run("run", "--workload", "synthetic", "--set", "workload.duration="
        + duration), "is out of range; a duration must be in [0ns, 3600s] with at most 30 digits "
        + "of exponent");
    assertThat(System.nanoTime() - start).isLessThan(10_000_000_000L);
  }

  @Test
  void aDurationWithoutAUnitIsRefusedAsTheDocsSay() {
    assertUsageError(run("run", "--workload", "synthetic", "--set", "workload.duration=5000000"),
        "'5000000' has no unit; write a unit: ns, us, ms or s");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      engine: {credit-limit: ""}                  | engine.credit-limit: expected a whole number, got ''
      engine: {check-invariants: 1}               | engine.check-invariants: expected true or false, got '1'
      seed: " "                                   | seed: expected a whole number, got ' '
      """)
  void noValueIsCoercedInARunConfiguration(String yaml, String message, @TempDir Path dir)
      throws IOException { // M06
    Path file = Files.writeString(dir.resolve("c.yaml"), yaml + "\n");
    assertUsageError(run("run", "--config", file.toString()), message);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      priority: 3         | compute | queues[0].priority: unknown value '3'; valid: HIGH, KERNEL, LOW, NORMAL
      serial: 1           | compute | queues[0].serial: expected true or false, got '1'
      weight: ' '         | compute | queues[0].weight: expected a whole number, got ' '
      weight: ''          | compute | queues[0].weight: expected a whole number, got ''
      priority: HIGH      | 5       | segments[0].kind: unknown value '5'; valid: ATOMIC, BARRIER
      """)
  void noValueIsCoercedInAWorkloadSpec(String queueKey, String kind, String message,
      @TempDir Path dir) throws IOException { // M06
    Path file = Files.writeString(dir.resolve("c.yaml"), """
        workload:
          spec:
            duration: 2ms
            contexts: [{id: app}]
            queues:
              - id: q
                context: app
                %s
                arrival: {process: periodic, period: 100us}
                kernels:
                  - grid-blocks: 4
                    threads-per-block: 128
                    program: {segments: [{kind: %s, duration: 10us}]}
        """.formatted(queueKey, kind));
    assertUsageError(run("run", "--config", file.toString()), message);
  }

  @Test
  void theShippedCoercionReproducerIsRefusedAtItsFirstCoercion() { // M06
    assertUsageError(run("run", "--config", input("M06-coercions.yaml")),
        "M06-coercions.yaml:4:10: engine.credit-limit: expected a whole number, got ''");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      run,--config                                   | configuration file /dev/zero is larger than the limit of 1 MiB
      drm-scenario                                   | scenario /dev/zero is larger than the limit of 1 MiB
      run,--workload,synthetic,--set,workload.spec=  | workload spec /dev/zero is larger than the limit of 1 MiB
      run,--hardware,file,--set,hardware.path=       | zero: not a regular file (a directory, FIFO or device); give the path of a hardware model file
      sweep,--config                                 | configuration file /dev/zero is larger than the limit of 1 MiB
      run,--workload,csv-trace,--set,workload.path=  | zero: not a regular file (a directory, FIFO or device)
      run,--workload,nsys-trace,--set,workload.path=  | zero: not a regular file (a directory, FIFO or device)
      run,--workload,trace-mix,--set,workload.path=  | trace mix file /dev/zero is larger than the limit of 1 MiB
      run,--workload,pytorch-trace,--set,workload.path=  | zero: not a regular file (a directory, FIFO or device)
      """)
  void devZeroAsAnyInputFileIsRefusedAtItsSizeLimit(String command, String message) { // M07
    // a trace path must be a regular file (issue 27: a FIFO blocked), so /dev/zero fails sooner
    assumeTrue(Files.exists(Path.of("/dev/zero")));
    List<String> args = new java.util.ArrayList<>(List.of(command.split(",")));
    String last = args.remove(args.size() - 1);
    args.add(last.endsWith("=") ? last + "/dev/zero" : last);
    if (!last.endsWith("=")) {
      args.add("/dev/zero");
    }
    long start = System.nanoTime();
    assertUsageError(run(args.toArray(String[]::new)), message);
    assertThat(System.nanoTime() - start).isLessThan(10_000_000_000L);
  }

  @Test
  void aProfilerTraceValueBeyondTheLimitIsAOneLineErrorNamingIt(@TempDir Path dir)
      throws IOException {
    Path trace = Files.writeString(dir.resolve("huge.json"), "{\"traceEvents\": [{\"name\": \""
        + "k".repeat(100_000) + "\", \"ph\": \"X\"}]}");

    assertUsageError(run("run", "--workload", "pytorch-trace", "--set", "workload.path=" + trace),
        "huge.json: a value is beyond the limits of one trace value (strings up to 64 KiB "
            + "characters, numbers up to 1000 digits, nesting up to 100 levels)");
  }

  @Test
  void aTwoMegabyteYamlStringIsRefusedByTheSizeLimit(@TempDir Path dir) throws IOException { // M08
    Path file = Files.writeString(dir.resolve("long.yaml"), "name: \"" + "a".repeat(2_000_000)
        + "\"\n");
    assertUsageError(run("run", "--config", file.toString()),
        "long.yaml is larger than the limit of 1 MiB for such files");
  }

  @Test
  void aHorizonOfLongMaxIsRefusedBeforeGenerating() { // M09a
    assertUsageError(run("run", "--workload", "synthetic", "--set", "workload.spec="
        + input("M09-spec-horizon-long-max.yaml")),
        "M09-spec-horizon-long-max.yaml:2:1: duration: '9223372036854775807ns' is too long");
  }

  @Test
  void aPoissonQueueThatWouldSubmitMillionsOfJobsIsRefusedBeforeGenerating(@TempDir Path dir)
      throws IOException { // M09a, inside the duration limit
    Path spec = Files.writeString(dir.resolve("s.yaml"), """
        duration: 100ms
        contexts: [{id: app}]
        queues:
          - id: q
            context: app
            arrival: {process: poisson, mean-interval: 1ns}
            kernels: [{grid-blocks: 1, threads-per-block: 32, block-time: 1us}]
        """);
    assertUsageError(run("run", "--workload", "synthetic", "--set", "workload.spec=" + spec),
        "queue 'q': would submit about 1.00e+08 jobs (the horizon over the mean-interval), more "
            + "than the limit of 20000000 jobs of one synthetic workload");
  }

  @Test
  void aDrmClientWithBillionsOfJobsPerCycleIsRefused() { // M09b
    assertUsageError(run("drm-scenario", input("M09-drm-jobs-per-cycle.yaml")),
        "clients[0].jobs-per-cycle: must be in [1, 100000], got 2147483647");
  }

  @Test
  void aNullQueueIsAOneLineErrorWithoutJavaText() { // M10a
    CliRun result = run("run", "--config", input("M10-null-queue.yaml"));
    assertUsageError(result, "M10-null-queue.yaml:6:14: a value is never empty or ~ (null)");
    assertThat(result.err()).doesNotContain("org.preemptlab").doesNotContain("Exception");
  }

  @Test
  void aSpecThatIsOnlyNullIsAOneLineError() { // M10b
    assertUsageError(run("run", "--workload", "synthetic", "--set", "workload.spec="
        + input("M10-null-spec.yaml")), "M10-null-spec.yaml: the workload spec is empty");
  }

  @Test
  void outToDevNullIsRefusedBeforeSimulating() { // M11a
    assertUsageError(run("run", "--out", "/dev/null"),
        "--out /dev/null: exists and is not a folder");
  }

  @Test
  void listOfOneKindDoesNotInstantiateThePluginsOfOtherKinds() {
    // S4: --plugin-path runs plugin code; list KIND runs only that kind's providers
    int before = RobustnessTestPlugins.CountsInstances.INSTANCES.get();

    CliRun hardware = run("list", "hardware", "--plugin-path", plugins.toString());

    assertThat(hardware.exit()).as(hardware.err()).isZero();
    assertThat(hardware.out()).contains("h200").doesNotContain("test-counts-instances");
    assertThat(RobustnessTestPlugins.CountsInstances.INSTANCES.get()).isEqualTo(before);
    CliRun policies = run("list", "policy", "--plugin-path", plugins.toString());
    assertThat(policies.out()).contains("test-counts-instances");
    assertThat(RobustnessTestPlugins.CountsInstances.INSTANCES.get()).isGreaterThan(before);
  }

  @ParameterizedTest
  @ValueSource(strings = {"--policy", "--hardware", "--preemption", "--workload"})
  void anEmptyPluginIdIsAUsageError(String option) { // M11b
    assertUsageError(run("run", option, ""), option + ": needs a plugin id");
  }

  @Test
  void anExistingTraceFileIsNeitherTruncatedNorOverwritten(@TempDir Path dir) throws IOException {
    // M12 and S1
    Path keep = Files.writeString(dir.resolve("keep.json"), "precious\n");
    assertUsageError(run("run", "--policy", "nope", "--trace", keep.toString()),
        "unknown scheduling policy 'nope'");
    assertThat(Files.readString(keep)).isEqualTo("precious\n");
    assertUsageError(run("run", "--trace", keep.toString()), "--trace " + keep
        + ": exists; name a new file");
    assertThat(Files.readString(keep)).isEqualTo("precious\n");
  }

  @Test
  void aTraceOrOutputFolderThatIsASymbolicLinkIsRefused(@TempDir Path dir) throws IOException {
    // S1
    Path target = Files.writeString(dir.resolve("passwd"), "root:x:0:0\n");
    Path link = Files.createSymbolicLink(dir.resolve("trace.json"), target);
    assertUsageError(run("run", "--trace", link.toString()), ": exists; name a new file");
    Path folder = Files.createDirectories(dir.resolve("real"));
    Path folderLink = Files.createSymbolicLink(dir.resolve("out"), folder);
    assertUsageError(run("run", "--out", folderLink.toString()), "is a symbolic link");
    assertThat(Files.readString(target)).isEqualTo("root:x:0:0\n");
    try (Stream<Path> files = Files.list(folder)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void anOutputFolderHoldingOtherFilesIsNotOverwrittenButTheSameCommandMayRepeat(
      @TempDir Path dir) throws IOException { // S1, item 4
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("jobs.csv"), "mine\n");
    assertUsageError(run("run", "--set", "workload.duration=2ms", "--out", other.toString()),
        "the folder already holds other files");
    assertThat(Files.readString(other.resolve("jobs.csv"))).isEqualTo("mine\n");

    String out = dir.resolve("fresh").toString();
    assertThat(run("run", "--set", "workload.duration=2ms", "--out", out).exit())
        .isEqualTo(Main.OK);
    assertThat(run("run", "--set", "workload.duration=2ms", "--out", out).exit())
        .isEqualTo(Main.OK);
    assertUsageError(run("run", "--set", "workload.duration=3ms", "--out", out),
        "the folder already holds other files");
  }

  @Test
  void aDrmScenarioOutputFolderHoldingOtherFilesIsRefusedButARepeatIsNot(@TempDir Path dir)
      throws IOException { // S1, drm-scenario --out
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("jobs.csv"), "mine\n");
    String scenario = Path.of("..", "examples", "drm", "x1-cancel.yaml").toString();
    assertUsageError(run("drm-scenario", scenario, "--out", other.toString()),
        "the folder already holds other files");
    assertThat(Files.readString(other.resolve("jobs.csv"))).isEqualTo("mine\n");
    String out = dir.resolve("fresh").toString();
    assertThat(run("drm-scenario", scenario, "--out", out).exit()).isEqualTo(Main.OK);
    assertThat(run("drm-scenario", scenario, "--out", out).exit()).isEqualTo(Main.OK);
  }

  @Test
  void aTimeoutOfOneNanosecondForADrmSchedulerIsRefused() { // M15
    assertUsageError(run("drm-scenario", input("M15-drm-tdr-1ns.yaml")),
        "schedulers[0].timeout: must be >= 1ms (one jiffy at HZ=1000) or 'none', got '1ns'");
  }

  @Test
  void aPluginThrowingAnErrorFailsOnlyItsRunsAndResumeCompletesTheSweep(@TempDir Path dir)
      throws IOException { // M04
    Path config = Files.writeString(dir.resolve("s.yaml"), """
        name: evil
        base:
          workload:
            spec:
              duration: 200us
              contexts: [{id: app}]
              queues:
                - {id: q, context: app, arrival: {process: periodic, period: 50us},
                   kernels: [{grid-blocks: 8, threads-per-block: 64, block-time: 5us}]}
        vary: {policy: [fifo, test-throws-error]}
        seeds: 2
        """);
    String out = dir.resolve("o").toString();
    CliRun first = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--out", out, "--jobs", "2");
    assertThat(first.exit()).as(first.err()).isEqualTo(Main.FAILED);
    assertThat(first.out()).contains("2 of 4 runs failed");
    assertThat(Files.readString(dir.resolve("o/summary.md")))
        .contains("test-throws-error: 2 of 2 runs")
        .contains("failed in onJobReady() of " + RobustnessTestPlugins.class.getName())
        .contains("Error: a plugin's own Error");
    CliRun resumed = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--out", out, "--resume");
    assertThat(resumed.exit()).as(resumed.err()).isEqualTo(Main.FAILED);
    assertThat(resumed.out()).contains("4 already complete").contains("2 of 4 runs failed");
  }

  @Test
  void aPluginThrowingACheckedExceptionFailsOnlyItsRunsAndResumeCompletesTheSweep(
      @TempDir Path dir) throws IOException { // issue 27 finding 1
    Path config = Files.writeString(dir.resolve("s.yaml"), """
        name: sneaky
        base:
          workload:
            spec:
              duration: 200us
              contexts: [{id: app}]
              queues:
                - {id: q, context: app, arrival: {process: periodic, period: 50us},
                   kernels: [{grid-blocks: 8, threads-per-block: 64, block-time: 5us}]}
        vary: {policy: [fifo, test-throws-checked]}
        seeds: 2
        """);
    String out = dir.resolve("o").toString();
    CliRun first = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--out", out, "--jobs", "2");
    assertThat(first.exit()).as(first.err()).isEqualTo(Main.FAILED);
    assertThat(first.out()).contains("2 of 4 runs failed");
    assertThat(Files.readString(dir.resolve("o/summary.md")))
        .contains("test-throws-checked: 2 of 2 runs")
        .contains("failed in onJobReady() of " + RobustnessTestPlugins.class.getName())
        .contains("IOException: a plugin's checked exception");
    CliRun resumed = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--out", out, "--resume");
    assertThat(resumed.exit()).as(resumed.err()).isEqualTo(Main.FAILED);
    assertThat(resumed.out()).contains("4 already complete").contains("2 of 4 runs failed");
  }

  @Test
  void aPluginThrowingAnErrorInRunFailsWithOneLine() { // M04, run
    CliRun result = run("run", "--plugin-path", plugins.toString(), "--policy",
        "test-throws-error", "--set", "workload.duration=2ms");
    assertThat(result.oneLine().err()).contains("run failed: scheduling policy "
        + "'test-throws-error' from ").contains(" failed in onJobReady() of "
        + RobustnessTestPlugins.class.getName()).contains(": Error: a plugin's own Error");
    assertThat(result.exit()).isEqualTo(Main.FAILED);
  }

  @Test
  void aWorkloadThatFailsToGenerateFailsOnlyItsRunsInASweep(@TempDir Path dir)
      throws IOException { // issue 54, P7: the estimate before the sweep aborted it whole
    Path config = Files.writeString(dir.resolve("s.yaml"), """
        name: p7
        base:
          workload: {generator: test-fails-to-generate}
        vary: {"workload.mode": [ok, throw]}
        seeds: 2
        """);
    Path out = dir.resolve("o");
    CliRun result = run("sweep", "--config", config.toString(), "--plugin-path",
        plugins.toString(), "--out", out.toString(), "--jobs", "2");

    assertThat(result.exit()).as(result.err()).isEqualTo(Main.FAILED);
    assertThat(result.out()).contains("2 of 4 runs failed");
    try (var runs = Files.walk(out.resolve("runs"))) {
      assertThat(runs.filter(f -> f.getFileName().toString().matches("seed-\\d+\\.json")))
          .hasSize(4);
    }
    assertThat(Files.readString(out.resolve("summary.md")))
        .contains("workload 'test-fails-to-generate' from ")
        .contains("failed in generate() of " + RobustnessTestPlugins.class.getName());
  }

  @Test
  void aWorkloadGeneratorReturningNullFailsItsRunNamingIt() { // issue 54, P6
    CliRun result = run("run", "--plugin-path", plugins.toString(), "--workload",
        "test-fails-to-generate", "--set", "workload.mode=null");
    assertThat(result.oneLine().err()).contains("run failed: workload 'test-fails-to-generate' "
        + "from ").contains("returned null from generate() of "
        + RobustnessTestPlugins.class.getName()).doesNotContain("NullPointerException");
    assertThat(result.exit()).isEqualTo(Main.FAILED);
  }

  @Test
  void anApplicationRunAboveTheWorkThresholdIsRefusedWithoutYes(@TempDir Path dir)
      throws IOException { // issue 54, P4
    assertUsageError(run("run", "--config", Path.of("..", "examples", "configs",
        "training-loop.yaml").toString(), "--set", "applications[0].forward-grid=16777216"),
        "pass --yes to run it anyway");
    Path serving = Files.writeString(dir.resolve("l.yaml"), """
        name: p4
        workload: {generator: none}
        applications:
          - id: llm-serving
            parameters: {duration: 3600s, arrival-rate: 40}
        """);
    CliRun llm = run("run", "--config", serving.toString());
    assertThat(llm.oneLine().err()).contains("pass --yes to run it anyway");
    assertThat(llm.exit()).isEqualTo(Main.USAGE);
  }

  @Test
  void runTimeoutStopsARunWhosePluginLoops() { // M16
    long start = System.nanoTime();
    CliRun result = run("run", "--plugin-path", plugins.toString(), "--policy", "test-loops",
        "--set", "workload.duration=2ms", "--run-timeout", "500ms");
    assertThat(System.nanoTime() - start).isLessThan(20_000_000_000L);
    assertThat(result.oneLine().err()).contains("run failed: timeout after 500us".replace("us",
        "ms"));
    assertThat(result.exit()).isEqualTo(Main.FAILED);
  }

  @Test
  void aSweepNameCannotLeaveTheOutputFolder(@TempDir Path dir) throws IOException { // S2
    Path config = Files.writeString(dir.resolve("s.yaml"), "name: ../../x\nseeds: 1\n");
    assertUsageError(run("sweep", "--config", config.toString()),
        "name: '../../x' is not a plain name");
  }

  @Test
  void errorsDoNotEchoTheContentsOfAFileAConfigurationPointsAt(@TempDir Path dir)
      throws IOException { // S3
    Path secret = Files.writeString(dir.resolve("secret"), "root:x:0:0:root:/root:/bin/bash\n"
        + "TOKEN=abc123\n");
    for (String[] args : List.of(
        new String[] {"run", "--workload", "csv-trace", "--set", "workload.path=" + secret},
        new String[] {"run", "--hardware", "file", "--set", "hardware.path=" + secret},
        new String[] {"run", "--config", secret.toString()},
        new String[] {"drm-scenario", secret.toString()})) {
      CliRun result = run(args);
      assertThat(result.exit()).isEqualTo(Main.USAGE);
      assertThat(result.oneLine().err()).doesNotContain("root:x").doesNotContain("abc123");
    }
  }

  @Test
  void aRunAboveTheWorkThresholdAsksForYesOrALargerBudget() { // item 3
    CliRun refused = run("run", "--set", "workload.duration=2ms", "--max-events", "10");
    assertUsageError(refused, "the run would place ");
    assertThat(refused.err()).contains("more than the 10 of the threshold")
        .contains("pass --yes to run it anyway, or a larger --max-events");
    assertThat(run("run", "--set", "workload.duration=2ms", "--max-events", "10", "--yes")
        .exit()).isEqualTo(Main.OK);
  }

  @Test
  void provenanceDoesNotRunTheRepositorysFsmonitorCommand(@TempDir Path dir) throws Exception {
    // S5
    assumeTrue(new ProcessBuilder("git", "--version").start().waitFor() == 0);
    Path marker = dir.resolve("marker");
    git(dir, "init", "-q");
    git(dir, "config", "core.fsmonitor", "touch " + marker);
    Files.writeString(dir.resolve("f"), "x");
    git(dir, "add", "f");
    git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "core.fsmonitor=", "commit",
        "-qm", "c");
    Files.deleteIfExists(marker);

    GitCommit commit = GitCommit.of(dir);

    assertThat(commit.commit()).matches("[0-9a-f]{40}");
    assertThat(marker).doesNotExist();
  }

  @Test
  void provenanceDoesNotRunTheFilterCommandsOfTheRepositorysGitattributes(@TempDir Path dir)
      throws Exception {
    // S5: git status runs a filter driver's clean or process command on a file whose timestamp
    // changed; the repository (and so the command) may be anyone's
    assumeTrue(new ProcessBuilder("git", "--version").start().waitFor() == 0);
    Path marker = dir.resolve("marker");
    git(dir, "init", "-q");
    Files.writeString(dir.resolve(".gitattributes"), "* filter=evil\n");
    Files.writeString(dir.resolve("f"), "x");
    git(dir, "add", ".");
    git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c");
    git(dir, "config", "filter.evil.clean", "touch " + marker + "; cat");
    git(dir, "config", "filter.evil.process", "touch " + marker);
    Files.writeString(dir.resolve("f"), "y"); // same size: status must compare the contents
    Files.setLastModifiedTime(dir.resolve("f"), java.nio.file.attribute.FileTime.fromMillis(
        System.currentTimeMillis() + 5_000));

    GitCommit commit = GitCommit.of(dir);

    assertThat(commit.commit()).matches("[0-9a-f]{40}");
    assertThat(commit.dirty()).isTrue();
    assertThat(marker).doesNotExist();
  }

  private static void git(Path dir, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
    assertThat(p.waitFor()).isZero();
  }
}
