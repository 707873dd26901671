package org.preemptlab.lab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;

/**
 * {@code preemptlab bench --contention}: what the contention model (DESIGN.md §3.5) costs per
 * simulated block. The standard workload's kernels declare DRAM traffic ({@link #perThreadDemand});
 * the engine runs it on the benchmark's device without contention (which must reproduce the
 * published results: declared traffic alone changes nothing) and with max-min fair sharing of
 * {@link #DRAM_BYTES_PER_NS}, repetitions interleaved as in {@link Benchmark}. The cost per block
 * is the difference of the two medians (wall and thread CPU time) over the blocks.
 */
public final class ContentionCost {
  /**
   * The DRAM bandwidth of the benchmark's device, in B/ns: 3.35 TB/s, the H100 SXM5's (NVIDIA H100
   * Tensor Core GPU datasheet), whose 132 SMs the benchmark device has.
   */
  public static final double DRAM_BYTES_PER_NS = 3350;
  /**
   * The default N: the smallest with published results (contention on moves tens of completions
   * per block, so a larger N takes minutes per repetition).
   */
  public static final int DEFAULT_KERNELS = 200;

  private ContentionCost() {}

  /**
   * What was measured.
   *
   * @param settings what was run
   * @param expected the published row for N, if any (the run without contention must match it)
   * @param jvm the JVM's version and name
   * @param cores available processors
   * @param off the engine without contention, on the workload with declared traffic
   * @param on the engine with max-min fair contention
   * @param movedCompletions completions the contention model moved in one run (the last; every
   *     run moves the same when it is repeatable)
   */
  public record Report(BenchSettings settings, Optional<ExpectedResults.Row> expected, String jvm,
      int cores, Measurement off, Measurement on, long movedCompletions) {

    /** Median wall ns per block with contention minus without. */
    public double wallCostNsPerBlock() {
      return on.nanosPerBlock() - off.nanosPerBlock();
    }

    /** Median thread-CPU ns per block with contention minus without; NaN if not measured. */
    public double cpuCostNsPerBlock() {
      if (on.medianCpuNs() < 0 || off.medianCpuNs() < 0) {
        return Double.NaN;
      }
      return (on.medianCpuNs() - off.medianCpuNs()) / Math.max(1, on.outcome().blocks());
    }

    /**
     * Whether it passed: the run without contention reproduces the published row (or, without
     * one, is repeatable), the run with it is repeatable and executes the same blocks.
     */
    public boolean passed() {
      return off.matches() && on.repeatable()
          && on.outcome().blocks() == off.outcome().blocks();
    }
  }

  /**
   * DRAM traffic the benchmark declares, in B/ns per thread of a block at full speed: kernel
   * {@code k} is of one of four classes, 0, 0.008, 0.016 or 0.024 B/ns per thread, drawn from its
   * splitmix word (bits 56 and up, unused by the standard workload's definition). A device full of
   * the heaviest class demands 132 x 2048 x 0.024 = 6,488 B/ns, about twice the bandwidth; one of
   * the lightest, 2,163 B/ns: contention appears where kernels overlap or a heavy one fills the
   * device.
   */
  static double perThreadDemand(StandardWorkload.KernelSpec spec) {
    return 0.008 * (int) (spec.r() >>> 62);
  }

  /** The standard workload of {@code n} kernels with the declared traffic. */
  static Workload workload(int n) {
    return StandardWorkload.workload(n,
        spec -> Math.round(perThreadDemand(spec) * spec.threads() * spec.baseNs()));
  }

  /** The benchmark's device with {@link #DRAM_BYTES_PER_NS} and max-min fair contention. */
  static HardwareModel contendedHardware() {
    DeviceSpec device = StandardWorkload.device().withMemory(new MemorySpec(DRAM_BYTES_PER_NS));
    return new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return device;
      }

      @Override
      public Optional<ContentionModel> contention() {
        return Optional.of(ContentionModel.maxMinFair());
      }
    };
  }

  /** Runs the measurement. */
  public static Report run(BenchSettings settings) {
    Objects.requireNonNull(settings, "settings");
    Optional<ExpectedResults.Row> expected = ExpectedResults.forKernels(settings.kernels());
    Workload workload = workload(settings.kernels());
    PluginRegistry registry = PluginRegistry.discover(ContentionCost.class.getClassLoader());
    long[] moved = new long[1];
    Benchmark.Trials off = trials("off", workload, StandardWorkload.hardware(), registry,
        new long[1]);
    Benchmark.Trials on = trials("on", workload, contendedHardware(), registry, moved);
    for (int i = 0; i < settings.warmups(); i++) {
      off.warmUp();
      on.warmUp();
    }
    for (int i = 0; i < settings.repetitions(); i++) {
      if (i % 2 == 0) {
        off.measure();
        on.measure();
      } else {
        on.measure();
        off.measure();
      }
    }
    return new Report(settings, expected, Benchmark.jvm(),
        Runtime.getRuntime().availableProcessors(), off.result(settings, expected),
        on.result(settings, Optional.empty()), moved[0]);
  }

  private static Benchmark.Trials trials(String name, Workload workload, HardwareModel hardware,
      PluginRegistry registry, long[] moved) {
    EngineOptions options = new EngineOptions(Integer.MAX_VALUE, true);
    return new Benchmark.Trials(name, () -> {
      RunPlugins plugins = Benchmark.plugins(registry, hardware.device());
      return () -> {
        Simulator simulator = new Simulator(workload, hardware, plugins, options);
        SimulationResult result = simulator.run();
        moved[0] = simulator.movedCompletions();
        long turnaround = 0;
        for (JobRecord job : result.jobs()) {
          turnaround += job.turnaroundNs();
        }
        return new RunOutcome(result.blocksExecuted(), result.events(), result.makespanNs(),
            turnaround);
      };
    });
  }

  /** The report as plain text. */
  public static String render(Report report) {
    BenchSettings settings = report.settings();
    StringBuilder out = new StringBuilder();
    out.append("preemptlab bench --contention: the standard workload with declared DRAM traffic\n");
    out.append(String.format(Locale.ROOT, "N = %,d kernels | JVM %s | %d cores | %d warm-up(s), "
            + "%d repetition(s), interleaved (median reported)%n", settings.kernels(),
        report.jvm(), report.cores(), settings.warmups(), settings.repetitions()));
    out.append(String.format(Locale.ROOT, "traffic: 0, 0.008, 0.016 or 0.024 B/ns per thread by"
        + " kernel; device: %,.0f GB/s (H100 SXM5 datasheet), max-min fair%n",
        DRAM_BYTES_PER_NS));
    out.append("engine: policy " + Benchmark.POLICY + ", preemption " + Benchmark.PREEMPTION
        + ", context-save " + Benchmark.CONTEXT_SAVE + "; off = no contention model (must"
        + " reproduce the published results), on = max-min fair contention\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (Measurement m : List.of(report.off(), report.on())) {
      rows.add(List.of(m.name(), String.format(Locale.ROOT, "%,d", m.outcome().blocks()),
          String.format(Locale.ROOT, "%,d", m.outcome().events()),
          String.format(Locale.ROOT, "%,d", m.outcome().makespanNs()),
          String.format(Locale.ROOT, "%,.2f", m.medianWallNs() / 1e6),
          String.format(Locale.ROOT, "%,.1f", m.nanosPerBlock()),
          m.medianCpuNs() < 0 ? "n/a" : String.format(Locale.ROOT, "%,.2f",
              m.medianCpuNs() / 1e6)));
    }
    out.append(BenchTable.table(List.of("contention", "blocks", "events", "makespan ns",
        "median wall ms", "ns/block", "median CPU ms"), rows));
    out.append(String.format(Locale.ROOT, "moved completions per block (on): %.3f%n",
        (double) report.movedCompletions() / Math.max(1, report.on().outcome().blocks())));
    out.append(String.format(Locale.ROOT, "cost of contention: %.1f ns/block wall, %.1f ns/block"
        + " thread CPU%n", report.wallCostNsPerBlock(), report.cpuCostNsPerBlock()));
    out.append("without contention against the published results: ")
        .append(report.expected().isEmpty() ? "no row for this N (repeatability only)"
            : report.off().matches() ? "MATCH" : "MISMATCH").append('\n');
    out.append("result: ").append(report.passed() ? "PASS" : "FAIL").append('\n');
    return out.toString();
  }
}
