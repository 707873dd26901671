package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.experiment.sweep.SmallSweep;

/**
 * Ctrl-C without a terminal: the commands' shutdown hook is replaced by {@link ManualSignals},
 * fired from the test while the command runs, exactly as the JVM runs the hook on SIGINT.
 */
@Tag("slow")
class InterruptTest {
  /** Signals a test fires: the hook runs on a thread of its own, as the JVM's does. */
  private static final class ManualSignals implements Signals {
    private volatile Runnable hook;

    @Override
    public Registration register(Runnable onSignal) {
      hook = onSignal;
      return () -> { };
    }

    /** Runs the hook; the future completes when the hook returns (the JVM would exit then). */
    CompletableFuture<Void> fire() {
      return CompletableFuture.runAsync(hook);
    }
  }

  private record Result(int exit, String out, String err) {}

  private static Result run(Signals signals, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      exit = new Main(o, e, signals).run(args);
    }
    return new Result(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** Runs the command on a thread and fires Ctrl-C as soon as {@code when} holds. */
  private static Result interrupt(BooleanSupplier when, String... args) throws Exception {
    ManualSignals signals = new ManualSignals();
    CompletableFuture<Result> command = CompletableFuture.supplyAsync(() -> run(signals, args));
    while (!when.getAsBoolean() && !command.isDone()) {
      Thread.sleep(1);
    }
    CompletableFuture<Void> hook = signals.fire();
    Result result = command.get(60, TimeUnit.SECONDS);
    hook.get(10, TimeUnit.SECONDS); // the hook returned once the command had stopped
    return result;
  }

  private static long resultFiles(Path out) throws IOException {
    if (!Files.isDirectory(out.resolve("runs"))) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(out.resolve("runs"))) {
      return files.filter(f -> f.getFileName().toString().matches("seed-\\d+\\.json")).count();
    }
  }

  private static Map<String, String> files(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(f).toString(), new String(Files.readAllBytes(f),
            StandardCharsets.ISO_8859_1));
      }
    }
    files.remove("command.txt");
    return files;
  }

  /**
   * Seeds of the interrupted sweep (two configurations each): enough runs that the sweep cannot
   * finish between its first result and the signal on a loaded machine (with 8 runs it once did).
   */
  private static final int SEEDS = 16;

  private static final int RUNS = 2 * SEEDS;

  @Test
  void aSweepStoppedByCtrlCKeepsItsCompleteRunsAndResumeFinishesItIdentically(@TempDir Path dir)
      throws Exception {
    Path config = Files.writeString(dir.resolve("sweep.yaml"), "name: t\n" + SmallSweep.BASE
        + "vary: {preemption: [block-boundary, user-yield]}\nseeds: " + SEEDS + "\n");
    Path out = dir.resolve("o");
    String[] args = {"sweep", "--config", config.toString(), "--jobs", "1", "--out",
        out.toString()};

    Result stopped = interrupt(() -> {
      try {
        return resultFiles(out) >= 1;
      } catch (IOException e) {
        return false;
      }
    }, args);

    assertThat(stopped.exit()).as(stopped.err()).isEqualTo(Main.INTERRUPTED);
    long kept = resultFiles(out);
    assertThat(kept).isBetween(1L, RUNS - 1L);
    String line = "sweep interrupted (Ctrl-C): " + kept + " of " + RUNS + " runs complete, kept in "
        + out.resolve("runs") + "; finish with: ";
    assertThat(stopped.out()).contains(line).contains(" --resume\n");
    assertThat(Files.readString(out.resolve(SweepCommand.INTERRUPTED_FILE))).startsWith(line);

    Result resumed = run(Signals.JVM, append(args, "--resume"));
    Result whole = run(Signals.JVM, "sweep", "--config", config.toString(), "--jobs", "1",
        "--out", dir.resolve("whole").toString());

    assertThat(resumed.exit()).as(resumed.err()).isZero();
    assertThat(resumed.out()).contains("running " + (RUNS - kept) + " (" + kept
        + " already complete)");
    assertThat(whole.exit()).as(whole.err()).isZero();
    assertThat(files(out)).isEqualTo(files(dir.resolve("whole")))
        .doesNotContainKey(SweepCommand.INTERRUPTED_FILE);
  }

  @ParameterizedTest
  @ValueSource(strings = {"--yes", "--run-timeout=60s"}) // the run in this thread, or in its own
  void aRunStoppedByCtrlCWritesNothingAndRemovesItsPartialTimeline(String option,
      @TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("run.yaml"), """
        name: long
        policy: fifo
        preemption: block-boundary
        workload:
          spec:
            contexts: [{id: app}]
            queues:
              - id: q
                context: app
                jobs: 20000
                arrival: {process: poisson, mean-interval: 10us}
                kernels:
                  - {name: k, grid-blocks: 4, threads-per-block: 128, block-time: 3us}
        """);
    Path trace = dir.resolve("trace.json");
    Path out = dir.resolve("o");

    Result stopped = interrupt(() -> Files.exists(trace), "run", "--config", config.toString(),
        "--out", out.toString(), "--trace", trace.toString(), "--yes", option);

    assertThat(stopped.exit()).as(stopped.err()).isEqualTo(Main.INTERRUPTED);
    assertThat(stopped.out()).matches("(?s)run interrupted \\(Ctrl-C\\)( at simulated time \\d+ ns "
        + "after \\d+ events)?; nothing written\n");
    assertThat(stopped.err()).isEmpty();
    assertThat(trace).doesNotExist();
    assertThat(out).as("the folder the run created, with its partial jobs.csv").doesNotExist();
  }

  private static String[] append(String[] args, String more) {
    String[] all = java.util.Arrays.copyOf(args, args.length + 1);
    all[args.length] = more;
    return all;
  }
}
