package org.preemptlab.lab.bench;

import static com.google.common.base.Preconditions.checkArgument;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.experiment.WorkloadConfig;

/**
 * {@code preemptlab bench --trace FILE}: how fast a real trace replays, as simulated seconds per
 * wall second (above 1: faster than the GPU ran it). Each repetition is a whole {@code run} of the
 * trace as a user starts it, without the JVM's start: reading the trace, the isolated runs that
 * give each job's slowdown, the replay and its metrics. Every repetition runs the trace twice, with
 * block aggregation ({@code engine.aggregate-blocks}, the default) and without it, in alternating
 * order, so that the two medians and their ratio come from one process under one load; the two
 * must give equal results (span, blocks, events, every job's row). Repetitions follow the
 * warm-ups; the median is reported with the CPU time of the thread that runs the replay, which a
 * busy machine does not inflate (a run uses one thread), so its simulated seconds per CPU second
 * are the figure to compare between builds on a shared machine, and blocks per second of the
 * process's CPU time (every thread, the collector's and the compiler's too) over all measured runs,
 * once they add up to a second: the process's clock may tick only every 10 ms.
 *
 * <p>Warm-up is counted in runs and, optionally, in seconds: a small trace's run lasts
 * milliseconds, while the JIT compilers keep compiling its code for seconds on two cores, so a
 * fixed number of warm-up runs may end long before the code is compiled. With a warm-up time,
 * warm-up runs go on until both the count and the time are reached, as JMH warms up by time; the
 * report says how many warm-up runs that took. Measured runs may likewise go on for a time, so
 * that a small trace's median is taken over enough runs.
 */
public final class TraceReplayRate {
  /** Process CPU time the measured runs must take in all for a rate per process CPU second. */
  static final long MIN_PROCESS_CPU_NS = 1_000_000_000L;

  private TraceReplayRate() {}

  /**
   * What was measured.
   *
   * @param trace the trace file
   * @param workload the trace reader's id ({@code pytorch-trace} or {@code nsys-trace})
   * @param hardware the hardware model's id
   * @param warmups unmeasured runs first (of each mode: with and without aggregation)
   * @param wallNs wall time of each measured run with aggregation, in order
   * @param cpuNs process CPU time of each measured run with aggregation, in order; -1 where not
   *     measured
   * @param makespanNs the replay's simulated span (when its last job finished)
   * @param blocks block executions the replay simulated
   * @param jobs jobs (kernels and copies) replayed
   * @param repeatable whether every run, with and without aggregation, gave the same result
   * @param events events the replay counted (a group's members count as theirs)
   * @param offWallNs wall time of each measured run without aggregation, in order
   * @param offCpuNs process CPU time of each measured run without aggregation; -1 where not
   *     measured
   * @param threadCpuNs CPU time of the replaying thread in each measured run with aggregation;
   *     -1 where not measured
   * @param offThreadCpuNs the same without aggregation
   * @param warmupNs wall time the warm-up runs took
   */
  public record Report(Path trace, String workload, String hardware, int warmups,
      List<Long> wallNs, List<Long> cpuNs, long makespanNs, long blocks, int jobs,
      boolean repeatable, long events, List<Long> offWallNs, List<Long> offCpuNs,
      List<Long> threadCpuNs, List<Long> offThreadCpuNs, long warmupNs) {

    /** Copies the lists; requires one measured run of each kind. */
    public Report {
      wallNs = List.copyOf(wallNs);
      cpuNs = List.copyOf(cpuNs);
      offWallNs = List.copyOf(offWallNs);
      offCpuNs = List.copyOf(offCpuNs);
      threadCpuNs = List.copyOf(threadCpuNs);
      offThreadCpuNs = List.copyOf(offThreadCpuNs);
      checkArgument(!wallNs.isEmpty() && wallNs.size() == cpuNs.size()
          && offWallNs.size() == wallNs.size() && offCpuNs.size() == wallNs.size()
          && threadCpuNs.size() == wallNs.size() && offThreadCpuNs.size() == wallNs.size(),
          "need a wall and a CPU time per measured run, with and without aggregation");
    }

    /** Simulated seconds per wall second without aggregation, over the median run. */
    public double simulatedPerWallSecondWithoutAggregation() {
      return (double) makespanNs / median(offWallNs);
    }

    /** Median wall time without aggregation over median wall time with it. */
    public double aggregationSpeedup() {
      return (double) median(offWallNs) / medianWallNs();
    }

    /**
     * The replaying thread's median CPU time without aggregation over its median with it; NaN if
     * not measured. (The thread's clock, not the process's: the latter may tick only every 10 ms,
     * coarser than a small trace's run.)
     */
    public double aggregationCpuSpeedup() {
      return threadCpuNs.get(0) < 0 || offThreadCpuNs.get(0) < 0 ? Double.NaN
          : (double) median(offThreadCpuNs) / median(threadCpuNs);
    }

    /**
     * The replay's results as one row of the table in docs/performance.md ("Trace replay"): the
     * trace's file name, reader, jobs, blocks, events, simulated span, and whether every run with
     * and without aggregation agreed. None of it depends on the machine.
     */
    public String resultsRow() {
      return String.format(Locale.ROOT, "| `%s` | %s | %,d | %,d | %,d | %.3f | %s |",
          trace.getFileName(), workload, jobs, blocks, events, makespanNs / 1e6,
          repeatable ? "MATCH" : "DIFFER");
    }

    /** The median wall time of a measured run. */
    public long medianWallNs() {
      return median(wallNs);
    }

    /** Simulated seconds per wall second, over the median run. */
    public double simulatedPerWallSecond() {
      return (double) makespanNs / medianWallNs();
    }

    /**
     * Simulated blocks per second of process CPU time, over all measured runs with aggregation;
     * NaN if not measured or if they took less than {@link #MIN_PROCESS_CPU_NS} in all (the
     * process's CPU clock may tick only every 10 ms, too coarse for less).
     */
    public double blocksPerCpuSecond() {
      long total = 0;
      for (long cpu : cpuNs) {
        if (cpu < 0) {
          return Double.NaN;
        }
        total += cpu;
      }
      return total < MIN_PROCESS_CPU_NS ? Double.NaN : blocks * 1e9 * cpuNs.size() / total;
    }

    /**
     * Simulated seconds per second of the replaying thread's CPU time (median run); NaN if not
     * measured.
     */
    public double simulatedPerThreadCpuSecond() {
      long cpu = threadCpuNs.get(0) < 0 ? -1 : median(threadCpuNs);
      return cpu <= 0 ? Double.NaN : (double) makespanNs / cpu;
    }

    private static long median(List<Long> values) {
      List<Long> sorted = new ArrayList<>(values);
      sorted.sort(null);
      return sorted.get(sorted.size() / 2);
    }
  }

  /** The trace reader for {@code trace}, by its name: Nsight Systems CSV, else PyTorch JSON. */
  static String reader(Path trace) {
    String name = trace.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".csv")) {
      return "nsys-trace";
    }
    if (name.endsWith(".json") || name.endsWith(".json.gz")) {
      return "pytorch-trace";
    }
    throw new ConfigurationException("bench --trace " + trace + ": a trace is a PyTorch profiler "
        + "trace (.json, .json.gz) or an Nsight Systems cuda_gpu_trace export (.csv)");
  }

  /**
   * Replays {@code trace} on {@code hardware} {@code warmups + repetitions} times.
   *
   * @throws ConfigurationException for a missing file, an unknown hardware model or a bad trace
   */
  public static Report run(PluginRegistry registry, Path trace, String hardware, int warmups,
      int repetitions) {
    return run(registry, trace, hardware, warmups, 0, repetitions, 0);
  }

  /**
   * Replays {@code trace} on {@code hardware}: warm-up runs until at least {@code warmups} of
   * them have run and {@code warmupNs} of wall time has passed, then measured ones until at least
   * {@code repetitions} have run and {@code measureNs} has passed.
   *
   * @throws ConfigurationException for a missing file, an unknown hardware model or a bad trace
   */
  public static Report run(PluginRegistry registry, Path trace, String hardware, int warmups,
      long warmupNs, int repetitions, long measureNs) {
    if (!Files.isRegularFile(trace)) {
      throw new ConfigurationException("bench --trace " + trace + ": no such file");
    }
    String workload = reader(trace);
    RunConfig config = RunConfig.defaults().withName("bench-trace")
        .withHardware(PluginChoice.of(hardware))
        .withWorkload(new WorkloadConfig(workload,
            Map.of("path", trace.toAbsolutePath().toString()), null));
    RunConfig blockByBlock = config.withEngine(config.engine().withAggregateBlocks(false));
    RunExecutor executor = new RunExecutor(registry);
    com.sun.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean bean ? bean : null;
    List<List<Long>> wall = List.of(new ArrayList<>(), new ArrayList<>()); // on, off
    List<List<Long>> cpu = List.of(new ArrayList<>(), new ArrayList<>());
    List<List<Long>> threadCpu = List.of(new ArrayList<>(), new ArrayList<>());
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    boolean threadTimed = threads.isCurrentThreadCpuTimeSupported();
    Optional<RunOutcome> first = Optional.empty();
    boolean repeatable = true;
    long warmupStart = System.nanoTime();
    long warmupTook = 0;
    int warmed = -1; // warm-up runs done, once warm-up ends
    for (int i = 0; warmed < 0 || i < warmed + repetitions
        || System.nanoTime() - warmupStart - warmupTook < measureNs; i++) {
      if (warmed < 0 && i >= warmups && System.nanoTime() - warmupStart >= warmupNs) {
        warmed = i;
        warmupTook = System.nanoTime() - warmupStart;
      }
      for (int k = 0; k < 2; k++) {
        int mode = (i + k) % 2; // on, off in even repetitions; off, on in odd ones
        long cpuStart = os == null ? -1 : os.getProcessCpuTime();
        long threadStart = threadTimed ? threads.getCurrentThreadCpuTime() : -1;
        long start = System.nanoTime();
        RunOutcome outcome = executor.execute(mode == 0 ? config : blockByBlock);
        long end = System.nanoTime();
        long threadEnd = threadTimed ? threads.getCurrentThreadCpuTime() : -1;
        long cpuEnd = os == null ? -1 : os.getProcessCpuTime();
        if (first.isEmpty()) {
          first = Optional.of(outcome);
        } else {
          repeatable &= outcome.result().equals(first.get().result());
        }
        if (warmed >= 0) {
          wall.get(mode).add(end - start);
          cpu.get(mode).add(cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart);
          threadCpu.get(mode).add(
              threadStart < 0 || threadEnd < 0 ? -1 : threadEnd - threadStart);
        }
      }
    }
    RunOutcome outcome = first.orElseThrow();
    return new Report(trace, workload, hardware, warmed, wall.get(0), cpu.get(0),
        outcome.result().makespanNs(), outcome.result().blocksExecuted(),
        outcome.metrics().jobs(), repeatable, outcome.result().events(), wall.get(1),
        cpu.get(1), threadCpu.get(0), threadCpu.get(1), warmupTook);
  }

  /** The report as printed. */
  public static String render(Report r) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "trace replay: %s (%s) on %s, %d jobs, %d blocks%n",
        r.trace(), r.workload(), r.hardware(), r.jobs(), r.blocks()));
    sb.append(String.format(Locale.ROOT, "%d warm-up (%.1f s) and %d measured runs, each a "
        + "whole run (read, isolated runs, replay, metrics) without the JVM's start, with and "
        + "without block aggregation, alternating; median with aggregation (the default):%n",
        r.warmups(), r.warmupNs() / 1e9, r.wallNs().size()));
    sb.append(String.format(Locale.ROOT, "  simulated span      %.3f ms%n", r.makespanNs() / 1e6));
    sb.append(String.format(Locale.ROOT, "  wall time           %.3f ms%n",
        r.medianWallNs() / 1e6));
    sb.append(String.format(Locale.ROOT, "  simulated/wall      %.3f  (%s)%n",
        r.simulatedPerWallSecond(), r.simulatedPerWallSecond() >= 1
            ? "faster than the GPU ran it" : "slower than the GPU ran it"));
    double rate = r.blocksPerCpuSecond();
    sb.append(String.format(Locale.ROOT, "  blocks per CPU s    %s%n",
        Double.isNaN(rate) ? "n/a (the process's CPU time over the measured runs is under 1 s: too"
            + " little for its clock; give more --repetitions or --measure-seconds)"
            : String.format(Locale.ROOT, "%.0f  (process CPU time, every thread, over the measured"
            + " runs)", rate)));
    double perThreadCpu = r.simulatedPerThreadCpuSecond();
    sb.append(String.format(Locale.ROOT, "  simulated/CPU       %s  (the replaying thread's CPU "
        + "time, which a busy machine does not inflate)%n", Double.isNaN(perThreadCpu) ? "n/a"
        : String.format(Locale.ROOT, "%.3f", perThreadCpu)));
    sb.append(String.format(Locale.ROOT, "without aggregation (engine.aggregate-blocks: false):%n"));
    sb.append(String.format(Locale.ROOT, "  wall time           %.3f ms%n",
        Report.median(r.offWallNs()) / 1e6));
    sb.append(String.format(Locale.ROOT, "  simulated/wall      %.3f%n",
        r.simulatedPerWallSecondWithoutAggregation()));
    double cpuSpeedup = r.aggregationCpuSpeedup();
    sb.append(String.format(Locale.ROOT, "aggregation speed-up: %.3fx wall time, %s the "
        + "replaying thread's CPU time (medians without / with)%n", r.aggregationSpeedup(),
        Double.isNaN(cpuSpeedup) ? "n/a" : String.format(Locale.ROOT, "%.3fx", cpuSpeedup)));
    sb.append(r.repeatable() ? "every run, with and without aggregation, gave the same result "
        + "(span, blocks, events, every job's row)\n"
        : "NOT REPEATABLE: runs gave different results\n");
    sb.append("results: ").append(r.resultsRow()).append('\n');
    return sb.toString();
  }
}
