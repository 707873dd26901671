package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

@Tag("slow")
class MainTest {
  /** The repository root, seen from the runner module's directory where the tests run. */
  private static final Path ROOT = Path.of("..");
  private static final String IVT = ROOT.resolve("examples/configs/inference-vs-training.yaml")
      .toString();

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private static String oneLineError(CliRun result, int exit) {
    return result.oneLineError(exit);
  }

  @Test
  void helpListsEveryCommandWithItsSummary() {
    CliRun result = run("--help");

    assertThat(result.exit()).isZero();
    assertThat(result.err()).isEmpty();
    assertThat(result.out()).contains("usage: preemptlab COMMAND [OPTIONS]")
        .contains("  demo          compare every preemption x context-save strategy")
        .contains("  run           run one configuration")
        .contains("  list          list the plugins")
        .contains("  drm-scenario  run a Linux DRM scheduler scenario file (as run --config FILE)")
        .contains("  sweep         run every configuration of a sweep file over many seeds")
        .contains("Start with: preemptlab demo");
    assertThat(run("-h").out()).isEqualTo(result.out());
    assertThat(run("help").out()).isEqualTo(result.out());
  }

  @Test
  void noArgumentsShowTheOverviewAndExitWithAUsageError() {
    CliRun result = run();

    assertThat(result.exit()).isEqualTo(Main.USAGE);
    assertThat(result.out()).contains("usage: preemptlab COMMAND");
  }

  @Test
  void versionPrintsTheProjectVersion() {
    CliRun result = run("--version");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).matches("preemptlab \\S+\\R");
  }

  @Test
  void runHelpShowsEveryOptionAndExamples() {
    CliRun result = run("run", "--help");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).startsWith("usage: preemptlab run [OPTIONS]")
        .contains("--config <FILE>", "--policy <ID>", "--preemption <ID>", "--context-save <ID>",
            "--hardware <ID>", "--workload <ID>", "--seed <N>", "--set <KEY=VALUE>",
            "--out <DIR>", "--plugin-path <PATH>", "--help")
        .contains("examples:")
        .contains("preemptlab run --config examples/configs/inference-vs-training.yaml --out")
        .contains("preemptlab run --workload csv-trace --set workload.path=");
  }

  @Test
  void demoHelpShowsItsOptionsAndExamples() {
    CliRun result = run("demo", "-h");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).startsWith("usage: preemptlab demo [OPTIONS]")
        .contains("--config <FILE>", "--policy <ID>", "--hardware <ID>", "--workload <ID>",
            "--seed <N>", "--set <KEY=VALUE>", "--plugin-path <PATH>")
        .doesNotContain("--out", "--preemption <ID>")
        .contains("examples:", "preemptlab demo --seed 7");
  }

  @Test
  void listHelpShowsItsOptionAndTheKinds() {
    CliRun result = run("list", "--help");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).startsWith("usage: preemptlab list [OPTIONS]")
        .contains("--plugin-path <PATH>", "examples:", "preemptlab list policy",
            "KIND is one of: policy, preemption, context-save, hardware, workload, application");
  }

  @Test
  void anUnknownCommandIsAUsageErrorWithTheClosestMatch() {
    CliRun result = run("rn", "--config", "x.yaml");

    assertThat(oneLineError(result, Main.USAGE)).isEqualTo(
        "preemptlab: unknown command 'rn'; did you mean 'run'? valid: capacity, demo, "
            + "drm-scenario, list, profile, run, sweep");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void aLabCommandWithoutTheLabOnTheClassPathSaysWhereItIs() {
    CliRun result = run("reproduce", "reef");

    assertThat(oneLineError(result, Main.USAGE)).isEqualTo("preemptlab: 'reproduce' is a command "
        + "of the lab module (reproductions and the benchmark), which is not on this class path: "
        + "run ./preemptlab from the source tree, or java -jar distribution/target/preemptlab.jar "
        + "after mvn package");
  }

  @Test
  void anUnknownOptionIsAUsageErrorPointingToHelp() {
    String line = oneLineError(run("run", "--polcy", "fifo"), Main.USAGE);

    assertThat(line).startsWith("preemptlab run: ").contains("--polcy")
        .endsWith("(see preemptlab run --help)");
  }

  @Test
  void listShowsEveryInTreePlugin() {
    CliRun result = run("list");

    assertThat(result.exit()).isZero();
    assertThat(result.err()).isEmpty();
    for (String id : List.of("fifo", "round-robin", "priority", "block-boundary",
        "instruction-level", "user-yield", "full", "liveness", "h200", "gtx480", "file",
        "synthetic", "csv-trace")) {
      assertThat(result.out()).as(id).containsPattern("(?m)^  " + id + " ");
    }
  }

  @Test
  void listOfOneKindShowsOnlyThatKind() {
    CliRun result = run("list", "policy");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).containsPattern("(?m)^  fifo ").containsPattern("(?m)^  priority ")
        .containsPattern("(?m)^  round-robin ")
        .doesNotContainPattern("(?m)^  h200 ").doesNotContainPattern("(?m)^  block-boundary ");
  }

  @Test
  void listHardwareShowsTheContentionKeysWithTheirRanges() {
    CliRun result = run("list", "hardware");

    assertThat(result.exit()).isZero();
    assertThat(result.out())
        .containsPattern("dram-bandwidth-gbps +real +default 4800 GB/s\\s+in \\[0.001, 1000000\\]")
        .containsPattern("contention +text +default none")
        .contains("none (each block lasts", "max-min-fair (blocks share", "issue-rate (blocks on");
  }

  @Test
  void runWithAnUnknownContentionModelIsAOneLineUsageError() {
    assertThat(oneLineError(run("run", "--set", "hardware.contention=fair"), Main.USAGE))
        .isEqualTo("preemptlab run: h200.yaml with overrides contention=fair: contention must be"
            + " none, max-min-fair, memory-system, issue-rate, or one of the first two with "
            + "issue-rate (e.g. 'memory-system, issue-rate'), got 'fair'");
  }

  @Test
  void aRunWithContentionTurnedOnCompletes() {
    CliRun result = run("run", "--set", "hardware.contention=max-min-fair");

    assertThat(result.exit()).isZero();
    assertThat(result.err()).isEmpty();
    assertThat(result.out()).contains("inference", "training");
  }

  @Test
  void aRunWithBothContentionRulesOnCompletesAndIsDeterministic() {
    CliRun first = run("run", "--hardware", "mi50", "--set",
        "hardware.contention=max-min-fair, issue-rate");
    CliRun again = run("run", "--hardware", "mi50", "--set",
        "hardware.contention=max-min-fair, issue-rate");

    assertThat(first.exit()).isZero();
    assertThat(first.err()).isEmpty();
    assertThat(first.out()).isEqualTo(again.out());
  }

  @Test
  void anIssueSlotCountOutOfRangeIsAOneLineUsageError() {
    assertThat(oneLineError(run("run", "--set", "hardware.issue-slots-per-sm=0"), Main.USAGE))
        .contains("'issue-slots-per-sm'", "'0' is out of range");
  }

  @Test
  void listOfAnUnknownKindIsAUsageErrorWithTheKinds() {
    assertThat(oneLineError(run("list", "bogus"), Main.USAGE)).isEqualTo("preemptlab list: "
        + "unknown plugin kind 'bogus'; valid: application, context-save, hardware, policy, "
        + "preemption, sharing, workload");
    assertThat(oneLineError(run("list", "polcy"), Main.USAGE))
        .contains("did you mean 'policy'?");
  }

  @Test
  void runWithAMistakeInTheConfigFileIsOneLineNamingFileLineAndKey(@TempDir Path dir)
      throws IOException {
    Path config = Files.writeString(dir.resolve("my.yaml"), "name: x\npolcy: fifo\n");

    CliRun result = run("run", "--config", config.toString());

    assertThat(oneLineError(result, Main.USAGE)).isEqualTo("preemptlab run: " + config
        + ":2:1: unknown key 'polcy'; did you mean 'policy'? valid: applications, context-save, "
        + "engine, hardware, name, policy, preemption, seed, sharing, workload");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void runWithAMissingConfigFileIsAUsageError(@TempDir Path dir) {
    Path missing = dir.resolve("missing.yaml");

    assertThat(oneLineError(run("run", "--config", missing.toString()), Main.USAGE))
        .isEqualTo("preemptlab run: configuration file " + missing + " does not exist");
  }

  @Test
  void runWithANegativeTimeSliceIsAUsageError() {
    assertThat(oneLineError(run("run", "--set", "hardware.time-slice=-1ms"), Main.USAGE))
        .isEqualTo("preemptlab run: parameter 'time-slice' of hardware model 'h200': '-1ms' is "
            + "out of range in [1us, 3600s]");
  }

  @Test
  void runWithAnUnknownPolicyIsAUsageError() {
    assertThat(oneLineError(run("run", "--policy", "fifi"), Main.USAGE))
        .startsWith("preemptlab run: unknown scheduling policy 'fifi'; did you mean 'fifo'? "
            + "valid: bounded-latency, drm-fair, drm-fifo, drm-rr, edf, fair-share, fifo, hpf, "
            + "k-edf, las, laxity, lithos, mlfq, orion, priority, reset-realtime, round-robin, "
            + "srpt, tgs, time-slice, timeslice-yield, utilization-partition");
  }

  @Test
  void aSeedThatIsNotANumberNamesTheSeedOption() {
    assertThat(oneLineError(run("run", "--seed", "abc"), Main.USAGE))
        .isEqualTo("preemptlab run: --seed: expected a whole number, got 'abc'");
  }

  @Test
  void runTakesNoArguments() {
    assertThat(oneLineError(run("run", "my.yaml"), Main.USAGE))
        .startsWith("preemptlab run: run takes no arguments, got [my.yaml]");
  }

  @Test
  void runOfTheExampleConfigPrintsItsSummaryAndWritesTheFiles(@TempDir Path dir)
      throws IOException {
    Path out = dir.resolve("ivt");

    CliRun result = run("run", "--config", IVT, "--out", out.toString());

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.err()).isEmpty();
    assertThat(result.out()).startsWith("run 'inference-vs-training'  seed 7  device NVIDIA H200")
        .contains("wrote jobs.csv, preemptions.csv, groups.csv, suspensions.csv, summary.json, "
            + "config.yaml to "
            + out);
    try (Stream<Path> files = Files.list(out)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly(
          "command.txt", "config.yaml", "groups.csv", "jobs.csv", "preemptions.csv",
          "provenance.json", "summary.json", "suspensions.csv");
    }
    assertThat(Files.readString(out.resolve("config.yaml"))).contains("seed: 7");
  }

  @Test
  void checkInvariantsTurnsTheRunTimeSafetyCheckBackOn(@TempDir Path dir) throws IOException {
    Path off = dir.resolve("off");
    Path on = dir.resolve("on");

    CliRun withoutFlag = run("run", "--config", IVT, "--set", "engine.check-invariants=false",
        "--out", off.toString());
    CliRun withFlag = run("run", "--config", IVT, "--set", "engine.check-invariants=false",
        "--check-invariants", "--out", on.toString());

    assertThat(withoutFlag.exit()).as(withoutFlag.err()).isZero();
    assertThat(withFlag.exit()).as(withFlag.err()).isZero();
    assertThat(Files.readString(off.resolve("config.yaml"))).contains("check-invariants: false");
    assertThat(Files.readString(on.resolve("config.yaml"))).contains("check-invariants: true");
  }

  @Test
  void overridesOnTheCommandLineReachTheRun(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("o");

    CliRun result = run("run", "--config", IVT, "--preemption", "block-boundary", "--seed", "9",
        "--set", "name=tweaked", "--out", out.toString());

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).startsWith("run 'tweaked'  seed 9 ")
        .contains("preemption block-boundary, context-save liveness");
    assertThat(Files.readString(out.resolve("config.yaml"))).contains("seed: 9")
        .contains("id: \"block-boundary\"");
  }

  @Test
  void runOfACsvTraceReadsThePathRelativeToTheWorkingDirectory() {
    CliRun result = run("run", "--workload", "csv-trace", "--set",
        "workload.path=" + ROOT.resolve("examples/traces/small.csv"));

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("jobs 9 ");
  }

  @Test
  void runOfAMissingTraceIsAUsageError() {
    assertThat(oneLineError(run("run", "--workload", "csv-trace", "--set",
        "workload.path=no/such/trace.csv"), Main.USAGE)).startsWith("preemptlab run: ")
        .contains("no/such/trace.csv");
  }

  @Test
  void instructionLevelOnAGtx480IsAUsageErrorSayingWhatToDo() {
    assertThat(oneLineError(run("run", "--hardware", "gtx480", "--preemption",
        "instruction-level"), Main.USAGE)).endsWith(
            "use block-boundary or user-yield, or set hardware.instruction-level-preemption=true");
  }

  @Test
  void anOutputDirectoryThatIsAFileIsAUsageErrorBeforeTheRun(@TempDir Path dir)
      throws IOException {
    Path file = Files.writeString(dir.resolve("taken"), "x");

    String line = oneLineError(run("run", "--workload", "csv-trace", "--set",
        "workload.path=" + ROOT.resolve("examples/traces/small.csv"), "--out", file.toString()),
        Main.USAGE);

    assertThat(line).isEqualTo("preemptlab run: --out " + file + ": exists and is not a folder; "
        + "name a new folder");
    assertThat(Files.readString(file)).isEqualTo("x");
  }

  @Test
  void demoPrintsATableWithSixRows() {
    CliRun result = run("demo");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.err()).isEmpty();
    List<String> rows = demoRows(result.out());
    assertThat(rows).hasSize(6);
    assertThat(rows).extracting(l -> l.split(" +")[0] + " " + l.split(" +")[1]).containsExactly(
        "block-boundary full", "block-boundary liveness", "instruction-level full",
        "instruction-level liveness", "user-yield full", "user-yield liveness");
    assertThat(result.out()).doesNotContain("refused: ");
    assertThat(result.out()).startsWith("PreemptLab demo: synthetic workload, policy "
        + "priority(preempt=true), hardware h200, seed 1");
  }

  /** The data rows of a demo table (text or Markdown): the lines after its rule. */
  private static List<String> demoRows(String out) {
    List<String> lines = out.lines().toList();
    int rule = lines.indexOf(lines.stream().filter(l -> l.matches("-+( +-+)+")
        || l.startsWith("|---")).findFirst().orElseThrow());
    return lines.subList(rule + 1, lines.size()).stream()
        .takeWhile(l -> !l.isBlank() && !l.startsWith("refused: ")).toList();
  }

  @Test
  void everyExampleOfDemoHelpRuns() {
    List<String> examples = run("demo", "--help").out().lines().map(String::strip)
        .filter(l -> l.startsWith("preemptlab demo --")).toList();

    assertThat(examples).hasSizeGreaterThanOrEqualTo(2);
    for (String example : examples) {
      String[] args = example.substring("preemptlab ".length())
          .replace("examples/", ROOT.resolve("examples") + "/").split(" +");
      CliRun result = run(args);
      assertThat(result.exit()).as(example + ": " + result.err()).isZero();
      assertThat(demoRows(result.out())).as(example).hasSize(6);
    }
  }

  @Test
  void demoOnHardwareWithoutInstructionLevelPreemptionShowsThoseRowsAsRefused(@TempDir Path dir)
      throws IOException {
    Path config = Files.writeString(dir.resolve("fermi.yaml"), """
        hardware: gtx480
        policy: {id: priority, parameters: {preempt: true}}
        workload:
          spec:
            duration: 3ms
            contexts: [{id: app, handles-yield: true}]
            queues:
              - id: inference
                context: app
                priority: HIGH
                arrival: {process: poisson, mean-interval: 300us, start: 100us}
                kernels:
                  - {name: infer, grid-blocks: 30, threads-per-block: 128, block-time: 20us}
              - id: training
                context: app
                priority: LOW
                serial: true
                jobs: 6
                arrival: {process: closed-loop, clients: 1, think-time: 10us}
                kernels:
                  - name: gemm
                    grid-blocks: 60
                    threads-per-block: 256
                    shared-memory-per-block: 16KiB
                    block-time: 300us
                    program:
                      iteration: 100us
                      segments:
                        - {kind: COMPUTE, share: 100%, live-registers: 32}
                        - {kind: YIELD_POINT, duration: 500ns, live-registers: 8, live-shared: 0}
        """);

    CliRun result = run("demo", "--config", config.toString());

    assertThat(result.exit()).as(result.err()).isZero();
    List<String> rows = demoRows(result.out());
    assertThat(rows).hasSize(6);
    assertThat(rows).filteredOn(l -> l.startsWith("instruction-level "))
        .hasSize(2).allMatch(l -> l.matches("instruction-level +(full|liveness)( +-){"
            + org.preemptlab.runner.experiment.Demo.COLUMNS.size() + "}"));
    assertThat(rows).filteredOn(l -> !l.startsWith("instruction-level ")).hasSize(4)
        .noneMatch(l -> l.endsWith(" -"));
    assertThat(result.out().lines().filter(l -> l.startsWith("refused: ")))
        .containsExactly("refused: instruction-level x full: preemption 'instruction-level' "
            + "needs instruction-level preemption, which device 'NVIDIA GeForce GTX 480 "
            + "(GPGPU-Sim)' lacks; use block-boundary or user-yield, or set "
            + "hardware.instruction-level-preemption=true",
            "refused: instruction-level x liveness: preemption 'instruction-level' needs "
            + "instruction-level preemption, which device 'NVIDIA GeForce GTX 480 (GPGPU-Sim)' "
            + "lacks; use block-boundary or user-yield, or set "
            + "hardware.instruction-level-preemption=true");
  }

  @Test
  void demoRefusesABadOverrideBeforeRunningAnything() {
    CliRun result = run("demo", "--policy", "fifi");

    assertThat(oneLineError(result, Main.USAGE)).startsWith("preemptlab demo: unknown scheduling "
        + "policy 'fifi'");
    assertThat(result.out()).isEmpty();
  }

  /** A jar holding only a services file that registers test-local providers of the class path. */
  private static Path servicesJar(Path dir, String... providers) throws IOException {
    Files.createDirectories(dir);
    Path jar = dir.resolve("buggy-plugins.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new JarEntry("META-INF/services/"
          + SchedulingPolicyProvider.class.getName()));
      out.write((String.join("\n", providers) + "\n").getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return dir;
  }

  @Test
  void aPluginThatThrowsDuringTheRunFailsItWithExitOneAndOneLine(@TempDir Path dir)
      throws IOException {
    Path plugins = servicesJar(dir.resolve("plugins"),
        TestPlugins.ThrowsWhileRunning.class.getName());

    Path out = dir.resolve("out");
    Path earlier = Files.createDirectories(dir.resolve("earlier"));
    String line = oneLineError(run("run", "--plugin-path", plugins.toString(), "--policy",
        "test-throws-while-running", "--out", out.toString()), Main.FAILED);
    oneLineError(run("run", "--plugin-path", plugins.toString(), "--policy",
        "test-throws-while-running", "--out", earlier.toString()), Main.FAILED);

    assertThat(line).startsWith("preemptlab run: run failed: ")
        .contains("boom second line of the message").contains("TestPlugins");
    assertThat(out).as("the folder the failed run created").doesNotExist();
    assertThat(earlier).as("a folder that existed before").isEmptyDirectory();
  }

  @Test
  void aFolderHoldingOnlyThePartialJobsCsvOfAKilledRunIsReusedButOtherFilesAreNot(
      @TempDir Path dir) throws IOException {
    Path killed = Files.createDirectories(dir.resolve("killed"));
    Files.writeString(killed.resolve("jobs.csv.partial"), "job_id,queue\n0,q\n");
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("jobs.csv.partial.txt"), "mine\n");

    CliRun reused = run("run", "--out", killed.toString());
    CliRun refused = run("run", "--out", other.toString());

    assertThat(reused.exit()).as(reused.err()).isZero();
    assertThat(killed.resolve("jobs.csv")).isRegularFile();
    assertThat(killed.resolve("jobs.csv.partial")).doesNotExist();
    assertThat(oneLineError(refused, Main.USAGE)).contains("already holds other files");
    assertThat(Files.readString(other.resolve("jobs.csv.partial.txt"))).isEqualTo("mine\n");
  }

  @Test
  void aRunOutOfMemoryFailsWithExitOneAndOneLineThatSaysHowToGiveItMore(@TempDir Path dir)
      throws IOException {
    Path plugins = servicesJar(dir.resolve("plugins"),
        TestPlugins.ExhaustsMemory.class.getName());

    String line = oneLineError(run("run", "--plugin-path", plugins.toString(), "--policy",
        "test-exhausts-memory"), Main.FAILED);

    assertThat(line).startsWith("preemptlab run: out of memory (Java heap space) with a Java "
        + "heap of at most ").contains("PREEMPTLAB_JAVA_OPTS=-Xmx8g");
  }

  @Test
  void withStacktraceAFailingPluginsFullStackTraceFollowsTheOneLineError(@TempDir Path dir)
      throws IOException {
    Path plugins = servicesJar(dir.resolve("plugins"),
        TestPlugins.ThrowsWhileRunning.class.getName());

    CliRun result = run("run", "--plugin-path", plugins.toString(), "--policy",
        "test-throws-while-running", "--stacktrace");

    assertThat(result.exit()).isEqualTo(Main.FAILED);
    assertThat(result.errLines().get(0)).startsWith("preemptlab run: run failed: ");
    assertThat(result.err()).contains("\tat " + TestPlugins.class.getName())
        .contains("boom second line of the message");
    assertThat(result.errLines()).hasSizeGreaterThan(5);
  }

  @Test
  void aPluginThatThrowsInCreateFailsTheRunWithExitOneAndOneLine(@TempDir Path dir)
      throws IOException {
    Path plugins = servicesJar(dir.resolve("plugins"),
        TestPlugins.ThrowsInCreate.class.getName());

    String line = oneLineError(run("run", "--plugin-path", plugins.toString(), "--policy",
        "test-throws-in-create"), Main.FAILED);

    assertThat(line).startsWith("preemptlab run: run failed: ").contains("test-throws-in-create")
        .contains("create()").contains("kaboom");
  }

  @ParameterizedTest
  @ValueSource(strings = {"run", "demo", "list"})
  void aMissingPluginPathIsAUsageError(String command) {
    assertThat(oneLineError(run(command, "--plugin-path", "no/such/dir"), Main.USAGE))
        .isEqualTo("preemptlab " + command + ": plugin path 'no/such/dir' does not exist");
  }
}
