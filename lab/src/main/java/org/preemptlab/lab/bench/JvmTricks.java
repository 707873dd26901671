package org.preemptlab.lab.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM-specific tricks the engine and its launcher keep, each measured against the same engine
 * without it ({@code preemptlab bench --jvm-tricks}), so that a trick that stops paying shows.
 *
 * <p>A trick is a choice made for the JVM's sake, not the algorithm's: a collector, a method kept
 * under C2's inlining limit. Its absence is reproduced by JVM options, so no second copy of the
 * engine is kept: the collector the JVM picks by itself, or {@code -XX:CompileCommand=dontinline}
 * of the method that a split keeps small enough for C2 to inline into the run loop, as the method
 * before the split was not ({@code EventQueue.pop}: 373 bytecodes, over C2's limit of 325 for a
 * hot call, {@code FreqInlineSize}; {@code Launcher.dispatchAll}: at times compiled to more than
 * the 2,500 bytes of {@code InlineSmallCode}). Each round runs the engine alone on the standard
 * workload in one fresh JVM with the launcher's options (the Parallel collector) and in one per
 * trick without it, in an order that rotates from round to round; each JVM prints the median of
 * its runs' CPU time per block (the thread's, which a busy machine inflates least). A trick's
 * ratio in a round is the CPU per block without it over the CPU per block with it: above 1, the
 * trick saves CPU. Over the rounds the median decides: {@code HELD} above 1, {@code BELOW}
 * otherwise; the lowest and highest are printed beside it, and a spread that crosses 1 says the
 * figure is within the machine's noise.
 */
public final class JvmTricks {
  /** Measured runs in each JVM, after its warm-ups; the median is its figure. */
  static final int RUNS_PER_JVM = 5;
  /** The options every JVM of the check runs with: the launcher's collector. */
  static final List<String> LAUNCHER_OPTIONS = List.of("-XX:+UseParallelGC");
  private static final Pattern CHILD_LINE = Pattern.compile(
      "^engine-alone cpu-ns-per-block ([0-9.]+) blocks (\\d+) events (\\d+) makespan (\\d+) "
          + "turnaround-sum (\\d+)$", Pattern.MULTILINE);

  /**
   * One trick.
   *
   * @param name how the report names it
   * @param where the code or script that holds it
   * @param withoutOptions the JVM options that take it away (in place of the launcher's)
   * @param method the method the options name, {@code Class::method}, or empty for a collector
   */
  public record Trick(String name, String where, List<String> withoutOptions,
      Optional<String> method) {}

  /** The tricks kept, each with the options that take it away. */
  public static final List<Trick> TRICKS = List.of(
      new Trick("parallel-collector", "./preemptlab, runner/cli/JvmOptions",
          List.of("-XX:+UseG1GC"), Optional.empty()),
      dontInline("pop-inlined", "engine/EventQueue.pop (refile split off)",
          "org.preemptlab.engine.EventQueue::pop"),
      dontInline("dispatch-all-inlined", "engine/Launcher.dispatchAll (dispatchChoice split off)",
          "org.preemptlab.engine.Launcher::dispatchAll"));

  private JvmTricks() {}

  private static Trick dontInline(String name, String where, String method) {
    List<String> options = new ArrayList<>(LAUNCHER_OPTIONS);
    options.addAll(List.of("-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline," + method));
    return new Trick(name, where, List.copyOf(options), Optional.of(method));
  }

  /**
   * What one JVM measured.
   *
   * @param cpuNsPerBlock the median of its runs' thread CPU time per block
   * @param outcome what its runs computed (equal in every run, or the JVM fails)
   */
  record Child(double cpuNsPerBlock, RunOutcome outcome) {}

  /**
   * One trick's figures.
   *
   * @param trick the trick
   * @param ratios per round, CPU per block without the trick over with it, sorted
   */
  public record Result(Trick trick, List<Double> ratios) {
    /** The median of the rounds' ratios. */
    public double median() {
      int n = ratios.size();
      return n % 2 == 1 ? ratios.get(n / 2) : (ratios.get(n / 2 - 1) + ratios.get(n / 2)) / 2;
    }

    /** {@code HELD} when the trick still saves CPU in the median round, else {@code BELOW}. */
    public String verdict() {
      return verdict(median(), ratios.get(0), ratios.get(ratios.size() - 1));
    }

    static String verdict(double median, double lowest, double highest) {
      String noise = lowest <= 1 && highest >= 1 ? " (the rounds' spread crosses 1: within the "
          + "machine's noise)" : "";
      return (median > 1 ? "HELD" : "BELOW") + noise;
    }
  }

  /**
   * Everything the check measured.
   *
   * @param settings N, each JVM's warm-ups, and the rounds (as repetitions)
   * @param expected the published row for N, if there is one
   * @param results one per trick, in {@link #TRICKS}' order
   * @param outcomesAgree whether every JVM computed the same blocks, events, makespan and sum of
   *     turnarounds, and those of the published row if there is one
   */
  public record Report(BenchSettings settings, Optional<ExpectedResults.Row> expected,
      List<Result> results, boolean outcomesAgree) {}

  /** Runs the check: {@code settings.repetitions()} rounds of 1 + {@link #TRICKS} JVMs. */
  public static Report run(BenchSettings settings) {
    List<List<Double>> ratios = new ArrayList<>();
    TRICKS.forEach(t -> ratios.add(new ArrayList<>()));
    Optional<ExpectedResults.Row> expected = ExpectedResults.forKernels(settings.kernels());
    RunOutcome first = null;
    boolean agree = true;
    for (int round = 0; round < settings.repetitions(); round++) {
      // index -1 is the launcher's options; the order rotates so that no variant is always first
      List<Integer> order = new ArrayList<>();
      for (int i = -1; i < TRICKS.size(); i++) {
        order.add(i);
      }
      Collections.rotate(order, round);
      Child[] children = new Child[TRICKS.size() + 1];
      for (int i : order) {
        children[i + 1] = child(i < 0 ? LAUNCHER_OPTIONS : TRICKS.get(i).withoutOptions(),
            settings);
      }
      for (Child child : children) {
        first = first == null ? child.outcome() : first;
        agree &= child.outcome().equals(first) && expected.map(row -> matches(row,
            child.outcome())).orElse(true);
      }
      for (int t = 0; t < TRICKS.size(); t++) {
        ratios.get(t).add(children[t + 1].cpuNsPerBlock() / children[0].cpuNsPerBlock());
      }
    }
    List<Result> results = new ArrayList<>();
    for (int t = 0; t < TRICKS.size(); t++) {
      List<Double> sorted = new ArrayList<>(ratios.get(t));
      sorted.sort(null);
      results.add(new Result(TRICKS.get(t), List.copyOf(sorted)));
    }
    return new Report(settings, expected, List.copyOf(results), agree);
  }

  private static boolean matches(ExpectedResults.Row row, RunOutcome outcome) {
    return row.blocks() == outcome.blocks() && row.makespanNs() == outcome.makespanNs()
        && row.turnaroundSumNs() == outcome.turnaroundSumNs();
  }

  /** Runs the engine alone in a fresh JVM with {@code options} and reads what it printed. */
  static Child child(List<String> options, BenchSettings settings) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        JvmTricks.class.getName(), Integer.toString(settings.kernels()),
        Integer.toString(settings.warmups())));
    String output;
    int exit;
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      exit = process.waitFor();
    } catch (IOException e) {
      throw new UncheckedIOException("bench --jvm-tricks: could not start " + command.get(0), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("bench --jvm-tricks: interrupted", e);
    }
    return parse(output, exit, options);
  }

  /** What a JVM of the check printed, or a one-line error naming its options. */
  static Child parse(String output, int exit, List<String> options) {
    Matcher line = CHILD_LINE.matcher(output);
    if (exit != 0 || !line.find()) {
      throw new IllegalStateException("bench --jvm-tricks: the engine's JVM with " + options
          + " exited with " + exit + " and printed no figure; its last line: "
          + output.strip().lines().reduce((a, b) -> b).orElse("(nothing)"));
    }
    RunOutcome outcome = new RunOutcome(Long.parseLong(line.group(2)),
        Long.parseLong(line.group(3)), Long.parseLong(line.group(4)),
        Long.parseLong(line.group(5)));
    return new Child(Double.parseDouble(line.group(1)), outcome);
  }

  /** The report as plain text: one line per trick, then whether the results agreed. */
  public static String render(Report report) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "JVM tricks: the engine alone on the standard workload (N = %,d), %d round(s) of fresh "
            + "JVMs, each %d warm-up(s) and %d measured runs (median of the thread's CPU per "
            + "block); options with a trick: %s%n", report.settings().kernels(),
        report.settings().repetitions(), report.settings().warmups(), RUNS_PER_JVM,
        String.join(" ", LAUNCHER_OPTIONS)));
    out.append(String.format(Locale.ROOT, "%-22s %-56s %8s %8s %8s  %s%n", "trick", "where",
        "median", "lowest", "highest", "without/with CPU per block"));
    for (Result r : report.results()) {
      out.append(String.format(Locale.ROOT, "%-22s %-56s %8.3f %8.3f %8.3f  %s%n",
          r.trick().name(), r.trick().where(), r.median(), r.ratios().get(0),
          r.ratios().get(r.ratios().size() - 1), r.verdict()));
    }
    for (Trick t : TRICKS) {
      out.append(String.format(Locale.ROOT, "  %s without: %s%n", t.name(),
          String.join(" ", t.withoutOptions())));
    }
    out.append(report.outcomesAgree()
        ? "results: EQUAL in every JVM" + (report.expected().isPresent()
            ? " and MATCH the published row" : "") + "\n"
        : "results: MISMATCH between the JVMs or against the published row\n");
    return out.toString();
  }

  /**
   * One JVM of the check: {@code KERNELS WARMUPS}; runs the engine alone {@code WARMUPS} times,
   * then {@link #RUNS_PER_JVM} times measured, and prints one line: the median CPU time per block
   * and what the runs computed. Exits 1 if two runs computed different results.
   */
  public static void main(String[] args) {
    Supplier<Supplier<RunOutcome>> runs = Benchmark.engineRuns(Integer.parseInt(args[0]));
    int warmups = Integer.parseInt(args[1]);
    RunOutcome first = null;
    List<Double> perBlock = new ArrayList<>();
    for (int i = 0; i < warmups + RUNS_PER_JVM; i++) {
      Supplier<RunOutcome> run = runs.get();
      long start = Allocation.currentThreadCpuNs();
      RunOutcome outcome = run.get();
      long cpu = Allocation.currentThreadCpuNs() - start;
      if (first != null && !outcome.equals(first)) {
        System.out.println("engine-alone: runs differ: " + first + " and " + outcome);
        System.exit(1);
      }
      first = outcome;
      if (i >= warmups) {
        perBlock.add(cpu / (double) outcome.blocks());
      }
    }
    perBlock.sort(null);
    System.out.printf(Locale.ROOT, "engine-alone cpu-ns-per-block %.3f blocks %d events %d "
        + "makespan %d turnaround-sum %d%n", perBlock.get(RUNS_PER_JVM / 2), first.blocks(),
        first.events(), first.makespanNs(), first.turnaroundSumNs());
  }
}
