package org.preemptlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.cli.CliRun;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;

/**
 * {@code preemptlab bench --trace FILE}: what it replays and reports, with and without block
 * aggregation (never how fast it was).
 */
@Tag("slow")
class BenchTraceTest {
  private static final Path NSYS = Path.of("..", "examples", "traces", "preprocess.nsys.csv");

  private static CliRun bench(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "bench";
    System.arraycopy(args, 0, all, 1, args.length);
    return CliRun.of(all);
  }

  @Test
  void itReplaysTheTraceAsRunDoesAndReportsItsSpanAndRate() {
    CliRun result = bench("--trace", NSYS.toString(), "--warmups", "0", "--warmup-seconds", "0",
        "--repetitions", "2", "--measure-seconds", "0");
    SimulationResult run = new RunExecutor(PluginRegistry.discover(Optional.empty())).execute(
        ConfigLoader.parse("workload: {generator: nsys-trace, parameters: {path: "
            + NSYS.toAbsolutePath() + "}}\n", "nsys.yaml")).result();
    long makespan = run.makespanNs();

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out())
        .contains("(nsys-trace) on h200, 16 jobs")
        .contains("0 warm-up (0.0 s) and 2 measured runs")
        .contains(String.format(Locale.ROOT, "simulated span      %.3f ms", makespan / 1e6))
        .containsPattern("simulated/wall +[0-9.]+ +\\((faster|slower) than the GPU ran it\\)")
        .containsPattern("simulated/CPU +[0-9]+\\.[0-9]{3} +\\(the replaying thread's CPU time")
        .contains("every run, with and without aggregation, gave the same result")
        .containsPattern("aggregation speed-up: [0-9.]+x wall time, [0-9]+\\.[0-9]{3}x the "
            + "replaying thread's CPU time")
        .containsPattern("blocks per CPU s +([0-9]+  \\(process CPU time|n/a \\(the process's CPU "
            + "time over the measured runs is under 1 s)")
        .contains(String.format(Locale.ROOT, "results: | `preprocess.nsys.csv` | nsys-trace | 16 "
            + "| %,d | %,d | %.3f | MATCH |", run.blocksExecuted(), run.events(),
            makespan / 1e6));
  }

  /**
   * Replays the trace with no warm-up or measured run required beyond one, for the given warm-up
   * and measuring times, and returns the report's line of runs: warm-up runs (group 1), warm-up
   * seconds (2) and measured runs (3).
   */
  private static Matcher runsFor(String warmupSeconds, String measureSeconds) {
    CliRun result = bench("--trace", NSYS.toString(), "--warmups", "0", "--warmup-seconds",
        warmupSeconds, "--repetitions", "1", "--measure-seconds", measureSeconds);
    assertThat(result.exit()).as(result.err()).isZero();
    Matcher runs = Pattern.compile("([0-9]+) warm-up \\(([0-9.]+) s\\) and ([0-9]+) measured "
        + "runs").matcher(result.out());
    assertThat(runs.find()).as(result.out()).isTrue();
    return runs;
  }

  @Test
  void aWarmupTimeKeepsWarmingUpUntilItHasPassedAndSaysHowManyRunsThatTook() {
    Matcher runs = runsFor("1", "0");

    assertThat(Integer.parseInt(runs.group(1))).isPositive();
    assertThat(Double.parseDouble(runs.group(2))).isGreaterThanOrEqualTo(1.0);
    assertThat(runs.group(3)).isEqualTo("1");
  }

  @Test
  void aMeasuringTimeKeepsMeasuringUntilItHasPassed() {
    Matcher runs = runsFor("0", "1");

    assertThat(runs.group(1) + " " + runs.group(2)).isEqualTo("0 0.0");
    assertThat(Integer.parseInt(runs.group(3))).as("a run of this trace lasts milliseconds")
        .isGreaterThan(1);
  }

  @Test
  void badUseIsOneLineAndExitCode2() {
    assertThat(bench("--measure-seconds", "5").err())
        .contains("bench --measure-seconds goes with --trace");
    assertThat(bench("--warmup-seconds", "5").err())
        .contains("bench --warmup-seconds goes with --trace");
    assertThat(bench("--hardware", "a100").err()).contains("bench --hardware goes with --trace");
    CliRun empty = bench("--trace", Path.of("..", "examples", "traces", "inference.pt.trace.json")
        .toString(), "--hardware", "");
    assertThat(empty.exit()).isEqualTo(Main.USAGE); // issue 54, P6: was an internal exception
    assertThat(empty.err()).contains("bench --hardware: needs a hardware model id")
        .doesNotContain("Exception");
    CliRun missing = bench("--trace", "no-such.json");
    assertThat(missing.exit()).isEqualTo(Main.USAGE);
    assertThat(missing.err()).contains("no-such.json: no such file");
    CliRun text = bench("--trace", Path.of("..", "README.md").toString());
    assertThat(text.exit()).isEqualTo(Main.USAGE);
    assertThat(text.err()).contains("a trace is a PyTorch profiler trace (.json, .json.gz) or an "
        + "Nsight Systems cuda_gpu_trace export (.csv)");
    assertThat(bench("--trace", NSYS.toString(), "--kernels", "10").err())
        .contains("--kernels does not apply");
  }
}
