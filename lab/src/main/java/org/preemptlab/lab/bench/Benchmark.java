package org.preemptlab.lab.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;

/**
 * The measurement behind {@code preemptlab bench}: runs the standard workload of {@code
 * docs/standard-workload.md} on the minimal {@link BaselineEventLoop} and on the full
 * engine ({@code fifo}, {@code block-boundary}, {@code full}, unlimited credits, block aggregation
 * off: the standard workload's blocks all differ in duration, so they form no groups, and the core
 * is measured without the grouping checks) in this process,
 * times each repetition with {@link System#nanoTime()} (wall time: nothing that simulates reads it;
 * besides this measurement only the sweep commands' progress and elapsed-time lines do),
 * records its peak heap, and checks the simulated results against the published table.
 *
 * <p>Repetitions of the two implementations are interleaved (baseline, engine, engine, baseline,
 * ...), so that a change of machine load affects both alike; the median of each is reported.
 * Timed per repetition: {@code BaselineEventLoop.run(kernels)} for the baseline, {@code new
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

  /**
   * The regression guard (issue 52): at N = {@link #GUARD_KERNELS}, the engine keeps at least this
   * many times the baseline loop's blocks per CPU second. A guard against a change that slows the
   * engine's core, not a target to tune: past issue 29 no JIT-level tuning is done for it.
   */
  public static final double GUARD_RATIO = 1.8;
  /** The N the guard is defined at: the default run's. */
  public static final int GUARD_KERNELS = 10_000;

  private Benchmark() {}

  /**
   * The guard's line for a run of {@code kernels} whose engine/baseline ratio of blocks per CPU
   * second is {@code cpuRatio} (negative: not measured).
   */
  static String guardVerdict(int kernels, double cpuRatio) {
    String rule = String.format(Locale.ROOT, "regression guard: engine/baseline blocks per CPU "
        + "second >= %.1f at N = %,d: ", GUARD_RATIO, GUARD_KERNELS);
    if (kernels != GUARD_KERNELS || cpuRatio < 0) {
      return rule + (cpuRatio < 0 ? "not applied (no thread CPU time)"
          : String.format(Locale.ROOT, "not applied (N = %,d)", kernels));
    }
    return rule + (cpuRatio >= GUARD_RATIO
        ? String.format(Locale.ROOT, "HELD (%.3f)", cpuRatio)
        : String.format(Locale.ROOT, "BELOW (%.3f): rerun on a quiet machine, and compare "
            + "with the build before in the same run (benchmarks/EngineAB.java)", cpuRatio));
  }

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

    /**
     * Engine blocks per CPU second divided by the baseline's: the same comparison with each
     * implementation's thread CPU time, which a busy machine disturbs far less than wall time;
     * negative if the JVM does not measure thread CPU time.
     */
    public double engineToBaselineBlocksPerCpuSecond() {
      double e = engine.blocksPerCpuSecond();
      double b = baseline.blocksPerCpuSecond();
      return e < 0 || b < 0 ? -1 : e / b;
    }

    /**
     * Engine blocks per CPU second over the baseline's within each repetition (the two runs of
     * a repetition ran one right after the other), sorted: a slow drift of the machine's speed
     * moves both runs of a pair alike, so their spread shows how far one figure can be trusted.
     * Empty if the JVM does not measure thread CPU time.
     */
    public List<Double> pairedCpuRatios() {
      List<Double> ratios = new ArrayList<>();
      for (int i = 0; i < engine.cpuNs().size(); i++) {
        long e = engine.cpuNs().get(i);
        long b = baseline.cpuNs().get(i);
        if (e <= 0 || b <= 0) {
          return List.of();
        }
        ratios.add(((double) engine.outcome().blocks() / e) / ((double) baseline.outcome().blocks()
            / b));
      }
      ratios.sort(null);
      return List.copyOf(ratios);
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
    long empty = HeapPeak.liveBytes();
    Trials baseline = baselineTrials(settings);
    long withKernels = HeapPeak.liveBytes();
    // differences of live heap after a collection: a small input is within the noise (other
    // threads allocate, a collection may leave some garbage), so never below 0
    baseline.inputBytes = Math.max(0, withKernels - empty);
    Trials engine = engineTrials(settings);
    engine.inputBytes = Math.max(0, HeapPeak.liveBytes() - withKernels);
    for (int i = 0; i < settings.warmups(); i++) {
      baseline.warmUp();
      engine.warmUp();
    }
    // Interleaved, and alternating which goes first, so that a change of the machine's load or a
    // JIT decision half-way affects both implementations alike.
    for (int i = 0; i < settings.repetitions(); i++) {
      if (i % 2 == 0) {
        baseline.measure();
        engine.measure();
      } else {
        engine.measure();
        baseline.measure();
      }
    }
    return new Report(settings, expected, jvm(), Runtime.getRuntime().availableProcessors(),
        baseline.result(settings, expected), engine.result(settings, expected));
  }

  /**
   * The JVM a measurement ran on, for reports: its version, its name and its garbage collector
   * (the collector's write barrier is part of the cost of every reference the engine stores).
   */
  public static String jvm() {
    return Runtime.version() + " (" + System.getProperty("java.vm.name") + ", " + collector()
        + " collector)";
  }

  private static String collector() {
    List<String> names = ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).toList();
    String first = names.isEmpty() ? "" : names.get(0);
    return first.startsWith("G1 ") ? "G1" : first.startsWith("PS ") ? "Parallel"
        : first.equals("Copy") ? "Serial" : first.startsWith("ZGC") ? "Z"
        : first.startsWith("Shenandoah") ? "Shenandoah" : String.join(" + ", names);
  }

  /** The report as a plain-text table. */
  public static String render(Report report) {
    return BenchTable.render(report);
  }

  private static Trials baselineTrials(BenchSettings settings) {
    List<StandardWorkload.KernelSpec> kernels = StandardWorkload.kernels(settings.kernels());
    return new Trials("baseline", () -> () -> {
      BaselineEventLoop.Outcome o = BaselineEventLoop.run(kernels);
      return new RunOutcome(o.blocks(), o.events(), o.makespanNs(), o.turnaroundSumNs());
    });
  }

  private static Trials engineTrials(BenchSettings settings) {
    return new Trials("engine", engineRuns(settings.kernels()));
  }

  /**
   * The engine's runs of the standard workload of {@code kernels} kernels: each call of the outer
   * supplier makes a run's plugins (untimed), the inner one runs it.
   */
  static Supplier<Supplier<RunOutcome>> engineRuns(int kernels) {
    Workload workload = StandardWorkload.workload(kernels);
    HardwareModel hardware = StandardWorkload.hardware();
    PluginRegistry registry = PluginRegistry.discover(Benchmark.class.getClassLoader());
    EngineOptions options = new EngineOptions(Integer.MAX_VALUE, true).withAggregateBlocks(false);
    return () -> {
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
    };
  }

  static RunPlugins plugins(PluginRegistry registry, DeviceSpec device) {
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
   * The runs of one implementation: {@code prepare} runs untimed before each run, the trial it
   * returns is the timed section (wall time, peak heap and the thread's allocated bytes).
   */
  static final class Trials {
    private final String name;
    private final Supplier<Supplier<RunOutcome>> prepare;
    private final List<Long> wallNs = new ArrayList<>();
    private final List<Long> cpuNs = new ArrayList<>();
    private final List<Long> peakHeap = new ArrayList<>();
    private final List<Long> allocated = new ArrayList<>();
    private final List<Long> liveAtStart = new ArrayList<>();
    long inputBytes;
    private RunOutcome first;
    private RunOutcome measured;
    private boolean repeatable = true;

    Trials(String name, Supplier<Supplier<RunOutcome>> prepare) {
      this.name = name;
      this.prepare = prepare;
    }

    void warmUp() {
      record(prepare.get().get());
    }

    void measure() {
      Supplier<RunOutcome> trial = prepare.get();
      liveAtStart.add(HeapPeak.reset());
      long allocatedBefore = Allocation.currentThreadBytes();
      long cpuBefore = Allocation.currentThreadCpuNs();
      long start = System.nanoTime();
      RunOutcome outcome = trial.get();
      long elapsed = System.nanoTime() - start;
      long cpuAfter = Allocation.currentThreadCpuNs();
      long allocatedAfter = Allocation.currentThreadBytes();
      cpuNs.add(cpuBefore < 0 ? -1 : cpuAfter - cpuBefore);
      peakHeap.add(HeapPeak.peakBytes());
      wallNs.add(elapsed);
      allocated.add(allocatedBefore < 0 ? -1 : allocatedAfter - allocatedBefore);
      measured = measured == null ? outcome : measured;
      record(outcome);
    }

    private void record(RunOutcome outcome) {
      first = first == null ? outcome : first;
      repeatable &= outcome.equals(first);
    }

    Measurement result(BenchSettings settings, Optional<ExpectedResults.Row> expected) {
      return Measurement.of(name, settings.kernels(), measured, repeatable, wallNs, cpuNs, peakHeap,
          inputBytes, liveAtStart, allocated, expected);
    }
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
