package org.preemptlab.runner.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.runner.engine.EngineOptions;
import org.preemptlab.runner.engine.JobRecord;
import org.preemptlab.runner.engine.RunPlugins;
import org.preemptlab.runner.engine.SimulationResult;
import org.preemptlab.runner.engine.Simulator;

/**
 * The measurement behind {@code preemptlab bench}: runs the standard workload of {@code
 * docs/standard-workload.md} on the minimal {@link BaselineEventLoop} and on the full
 * engine ({@code fifo}, {@code block-boundary}, {@code full}, unlimited credits) in this process,
 * times each repetition with {@link System#nanoTime()} (wall time: nothing that simulates reads it;
 * besides this measurement only the sweep commands' progress and elapsed-time lines do),
 * records its peak heap, and checks the simulated results against the published table.
 *
 * <p>Timed per repetition: {@code BaselineEventLoop.run(kernels)} for the baseline, {@code new
 * Simulator(...)} plus {@code run()} (engine set-up included) for the engine. Building the kernel
 * list or the {@link Workload} and creating the plugins happen before the clock starts.
 */
public final class Benchmark {
  /** The engine's scheduling policy. */
  public static final String POLICY = "fifo";
  /** The engine's preemption-point strategy. */
  public static final String PREEMPTION = "block-boundary";
  /** The engine's context-save strategy. */
  public static final String CONTEXT_SAVE = "full";

  private Benchmark() {}

  /**
   * Everything one benchmark measured.
   *
   * @param settings what was run
   * @param expected the published row for N, if there is one
   * @param jvm the JVM's version and name
   * @param cores available processors
   * @param baseline the baseline loop's measurement
   * @param engine the engine's measurement
   */
  public record Report(BenchSettings settings, Optional<ExpectedResults.Row> expected, String jvm,
      int cores, Measurement baseline, Measurement engine) {

    /** Engine blocks/s divided by baseline blocks/s, both measured in this process. */
    public double engineToBaselineBlocksPerSecond() {
      return engine.blocksPerSecond() / baseline.blocksPerSecond();
    }

    /** Whether engine and baseline computed the same blocks, makespan and turnaround sum. */
    public boolean implementationsAgree() {
      RunOutcome a = baseline.outcome();
      RunOutcome b = engine.outcome();
      return a.blocks() == b.blocks() && a.makespanNs() == b.makespanNs()
          && a.turnaroundSumNs() == b.turnaroundSumNs();
    }

    /**
     * Whether the benchmark passed: no {@link Verdict#MISMATCH} against the table or between
     * repetitions, and the two implementations agree (the only check for an N without a row).
     */
    public boolean passed() {
      return baseline.matches() && engine.matches() && implementationsAgree();
    }
  }

  /** Runs the benchmark, judging the results against the published row for N, if any. */
  public static Report run(BenchSettings settings) {
    Objects.requireNonNull(settings, "settings");
    return run(settings, ExpectedResults.forKernels(settings.kernels()));
  }

  /** Runs the benchmark, judging the results against {@code expected} (a test hook). */
  static Report run(BenchSettings settings, Optional<ExpectedResults.Row> expected) {
    Measurement baseline = measureBaseline(settings, expected);
    Measurement engine = measureEngine(settings, expected);
    String jvm = Runtime.version() + " (" + System.getProperty("java.vm.name") + ")";
    return new Report(settings, expected, jvm, Runtime.getRuntime().availableProcessors(),
        baseline, engine);
  }

  /** The report as a plain-text table. */
  public static String render(Report report) {
    return BenchTable.render(report);
  }

  private static Measurement measureBaseline(BenchSettings settings,
      Optional<ExpectedResults.Row> expected) {
    List<StandardWorkload.KernelSpec> kernels = StandardWorkload.kernels(settings.kernels());
    return measure("baseline", settings, expected, () -> () -> {
      BaselineEventLoop.Outcome o = BaselineEventLoop.run(kernels);
      return new RunOutcome(o.blocks(), o.events(), o.makespanNs(), o.turnaroundSumNs());
    });
  }

  private static Measurement measureEngine(BenchSettings settings,
      Optional<ExpectedResults.Row> expected) {
    Workload workload = StandardWorkload.workload(settings.kernels());
    HardwareModel hardware = StandardWorkload.hardware();
    PluginRegistry registry = PluginRegistry.discover(Benchmark.class.getClassLoader());
    EngineOptions options = new EngineOptions(Integer.MAX_VALUE, true);
    return measure("engine", settings, expected, () -> {
      RunPlugins plugins = plugins(registry, hardware.device());
      return () -> {
        SimulationResult result = new Simulator(workload, hardware, plugins, options).run();
        long turnaround = 0;
        for (JobRecord job : result.jobs()) {
          turnaround += job.turnaroundNs();
        }
        return new RunOutcome(result.blocksExecuted(), result.events(), result.makespanNs(),
            turnaround);
      };
    });
  }

  private static RunPlugins plugins(PluginRegistry registry, DeviceSpec device) {
    return new RunPlugins(
        POLICY,
        kind -> registry.create(PluginType.SCHEDULING_POLICY, POLICY, Map.of(), device,
            new SplittableRandom(StandardWorkload.SEED)),
        PREEMPTION,
        registry.create(PluginType.PREEMPTION_STRATEGY, PREEMPTION, Map.of(), device,
            new SplittableRandom(StandardWorkload.SEED)),
        CONTEXT_SAVE,
        registry.create(PluginType.CONTEXT_SAVE, CONTEXT_SAVE, Map.of(), device,
            new SplittableRandom(StandardWorkload.SEED)));
  }

  /**
   * Runs {@code prepare}'s trial for the warm-ups and repetitions; {@code prepare} runs untimed
   * before each, the trial it returns is the timed section.
   */
  private static Measurement measure(String name, BenchSettings settings,
      Optional<ExpectedResults.Row> expected, Supplier<Supplier<RunOutcome>> prepare) {
    RunOutcome first = null;
    boolean repeatable = true;
    for (int i = 0; i < settings.warmups(); i++) {
      RunOutcome outcome = prepare.get().get();
      first = first == null ? outcome : first;
      repeatable &= outcome.equals(first);
    }
    List<Long> wallNs = new ArrayList<>();
    List<Long> peakHeap = new ArrayList<>();
    RunOutcome measured = null;
    for (int i = 0; i < settings.repetitions(); i++) {
      Supplier<RunOutcome> trial = prepare.get();
      HeapPeak.reset();
      long start = System.nanoTime();
      RunOutcome outcome = trial.get();
      long elapsed = System.nanoTime() - start;
      peakHeap.add(HeapPeak.peakBytes());
      wallNs.add(elapsed);
      measured = measured == null ? outcome : measured;
      first = first == null ? outcome : first;
      repeatable &= outcome.equals(first);
    }
    return Measurement.of(name, settings.kernels(), measured, repeatable, wallNs, peakHeap,
        expected);
  }

  /**
   * Development entry point: {@code [kernels [warmups [repetitions]]]}; prints the table and exits
   * with 1 if the benchmark failed.
   */
  public static void main(String[] args) {
    BenchSettings settings = BenchSettings.defaults();
    if (args.length > 0) {
      settings = settings.withKernels(Integer.parseInt(args[0].replace("_", "")));
    }
    if (args.length > 1) {
      settings = settings.withWarmups(Integer.parseInt(args[1]));
    }
    if (args.length > 2) {
      settings = settings.withRepetitions(Integer.parseInt(args[2]));
    }
    Report report = run(settings);
    System.out.print(render(report));
    if (!report.passed()) {
      System.exit(1);
    }
  }
}
