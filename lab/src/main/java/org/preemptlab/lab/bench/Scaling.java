package org.preemptlab.lab.bench;

import com.google.common.base.Preconditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.Simulator;

/**
 * {@code preemptlab bench --scaling}: the benchmark at N = 2,000, 10,000 and 100,000, with the
 * wall time per simulated block of both implementations (constant per block when the cost is
 * linear in N), and the speed-up of independent engine runs on a fixed pool of two threads against
 * one thread, the way {@code sweep --jobs} runs them.
 */
public final class Scaling {
  /** The kernel counts measured. */
  public static final List<Integer> KERNELS = List.of(2_000, 10_000, 100_000);
  /** Independent runs in the parallel measurement. */
  static final int PARALLEL_RUNS = 8;
  /** N of each run in the parallel measurement. */
  static final int PARALLEL_KERNELS = 2_000;

  private Scaling() {}

  /**
   * What was measured.
   *
   * @param reports one benchmark report per N
   * @param parallel the parallel-runs measurement
   */
  public record Report(List<Benchmark.Report> reports, Parallel parallel) {
    /** Whether every benchmark passed. */
    public boolean passed() {
      return reports.stream().allMatch(Benchmark.Report::passed);
    }
  }

  /**
   * Independent engine runs on thread pools of increasing size.
   *
   * @param runs runs per measurement
   * @param kernels N of each run
   * @param wallNsByThreads wall time of all runs, per pool size (index 0: one thread)
   */
  public record Parallel(int runs, int kernels, List<Long> wallNsByThreads) {
    /** Wall time with one thread divided by wall time with {@code threads} threads. */
    public double speedUp(int threads) {
      return (double) wallNsByThreads.get(0) / wallNsByThreads.get(threads - 1);
    }
  }

  /**
   * Runs the benchmark for every N of {@link #KERNELS} with these warm-ups and repetitions, then
   * the parallel measurement.
   */
  public static Report run(int warmups, int repetitions) {
    return run(KERNELS, warmups, repetitions, PARALLEL_RUNS, PARALLEL_KERNELS);
  }

  /** Runs the benchmark for each of {@code kernels}, then {@code runs} parallel runs of N = n. */
  static Report run(List<Integer> kernels, int warmups, int repetitions, int runs, int n) {
    Preconditions.checkArgument(runs >= 2, "parallel runs must be >= 2, got %s", runs);
    List<Benchmark.Report> reports = new ArrayList<>();
    for (int k : kernels) {
      reports.add(Benchmark.run(new BenchSettings(k, warmups, repetitions)));
    }
    return new Report(reports, parallel(runs, n));
  }

  private static Parallel parallel(int runs, int kernels) {
    Workload workload = StandardWorkload.workload(kernels);
    HardwareModel hardware = StandardWorkload.hardware();
    PluginRegistry registry = PluginRegistry.discover(Scaling.class.getClassLoader());
    List<Long> wall = new ArrayList<>();
    poolRun(1, runs, workload, hardware, registry); // warm-up
    for (int threads = 1; threads <= 2; threads++) {
      wall.add(poolRun(threads, runs, workload, hardware, registry));
    }
    return new Parallel(runs, kernels, wall);
  }

  private static long poolRun(int threads, int runs, Workload workload, HardwareModel hardware,
      PluginRegistry registry) {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      long start = System.nanoTime();
      List<Future<Long>> futures = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        futures.add(pool.submit(() -> {
          RunPlugins plugins = new RunPlugins(Benchmark.POLICY,
              kind -> registry.create(PluginType.SCHEDULING_POLICY, Benchmark.POLICY, Map.of(),
                  hardware.device(), new SplittableRandom(StandardWorkload.SEED)),
              Benchmark.PREEMPTION, registry.create(PluginType.PREEMPTION_STRATEGY,
                  Benchmark.PREEMPTION, Map.of(), hardware.device(),
                  new SplittableRandom(StandardWorkload.SEED)),
              Benchmark.CONTEXT_SAVE, registry.create(PluginType.CONTEXT_SAVE,
                  Benchmark.CONTEXT_SAVE, Map.of(), hardware.device(),
                  new SplittableRandom(StandardWorkload.SEED)));
          return new Simulator(workload, hardware, plugins,
              new EngineOptions(Integer.MAX_VALUE, true)).run().makespanNs();
        }));
      }
      long makespan = -1;
      for (Future<Long> future : futures) {
        long m = future.get();
        Preconditions.checkState(makespan < 0 || m == makespan,
            "parallel runs of one workload disagree: makespan %s and %s", makespan, m);
        makespan = m;
      }
      return System.nanoTime() - start;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private static String cpuPerBlock(Measurement m) {
    double cpu = m.medianCpuNs();
    return cpu < 0 ? "n/a"
        : String.format(Locale.ROOT, "%,.1f", cpu / Math.max(1, m.outcome().blocks()));
  }

  /** The report as plain text. */
  public static String render(Report report) {
    StringBuilder out = new StringBuilder();
    out.append("preemptlab bench --scaling: the standard workload of docs/standard-workload.md "
        + "at several N\n");
    Benchmark.Report any = report.reports().get(0);
    out.append(String.format(Locale.ROOT, "JVM %s | %d cores | %d warm-up(s), %d repetition(s)"
            + " per N (median reported); ns/block on wall time, CPU ns/block on the thread's CPU"
            + " time%n%n", any.jvm(), any.cores(), any.settings().warmups(),
        any.settings().repetitions()));
    List<List<String>> rows = new ArrayList<>();
    for (Benchmark.Report r : report.reports()) {
      Measurement b = r.baseline();
      Measurement e = r.engine();
      rows.add(List.of(BenchTable.count(r.settings().kernels()), BenchTable.count(e.outcome()
              .blocks()), String.format(Locale.ROOT, "%,.1f", b.nanosPerBlock()),
          String.format(Locale.ROOT, "%,.1f", e.nanosPerBlock()),
          cpuPerBlock(b), cpuPerBlock(e),
          String.format(Locale.ROOT, "%.3f", r.engineToBaselineBlocksPerSecond()),
          String.format(Locale.ROOT, "%.3f", r.engineToBaselineBlocksPerCpuSecond()),
          String.format(Locale.ROOT, "%,.2f", e.allocatedBytesPerBlock()),
          BenchTable.mib(e.maxRunPeakBytes()), BenchTable.mib(e.maxPeakHeapBytes()),
          r.passed() ? "PASS" : "FAIL"));
    }
    out.append(BenchTable.table(List.of("N", "blocks", "baseline ns/block", "engine ns/block",
        "baseline CPU ns/block", "engine CPU ns/block",
        "engine/baseline blocks/s", "same on CPU time", "engine B/block", "engine run peak MiB",
        "engine peak heap MiB", "result"), rows));
    Parallel p = report.parallel();
    out.append(String.format(Locale.ROOT, "%nparallel runs (%d engine runs of N = %,d on a fixed "
            + "thread pool, as sweep --jobs runs them): 1 thread %,.0f ms, 2 threads %,.0f ms, "
            + "speed-up %.2fx on %d cores%n", p.runs(), p.kernels(),
        p.wallNsByThreads().get(0) / 1e6, p.wallNsByThreads().get(1) / 1e6, p.speedUp(2),
        any.cores()));
    out.append("result: ").append(report.passed() ? "PASS" : "FAIL").append('\n');
    return out.toString();
  }
}
