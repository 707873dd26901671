package org.preemptlab.runner.bench;

import static com.google.common.base.Preconditions.checkArgument;

import java.lang.management.ManagementFactory;
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
 * give each job's slowdown, the replay and its metrics. Repetitions follow the warm-ups; the median
 * is reported with the process's CPU time (every thread, the collector's too).
 */
public final class TraceReplayRate {
  private TraceReplayRate() {}

  /**
   * What was measured.
   *
   * @param trace the trace file
   * @param workload the trace reader's id ({@code pytorch-trace} or {@code nsys-trace})
   * @param hardware the hardware model's id
   * @param warmups unmeasured runs first
   * @param wallNs wall time of each measured run, in order
   * @param cpuNs process CPU time of each measured run, in order; -1 where not measured
   * @param makespanNs the replay's simulated span (when its last job finished)
   * @param blocks block executions the replay simulated
   * @param jobs jobs (kernels and copies) replayed
   * @param repeatable whether every run simulated the same span and blocks
   */
  public record Report(Path trace, String workload, String hardware, int warmups,
      List<Long> wallNs, List<Long> cpuNs, long makespanNs, long blocks, int jobs,
      boolean repeatable) {

    /** Copies the lists; requires one measured run. */
    public Report {
      wallNs = List.copyOf(wallNs);
      cpuNs = List.copyOf(cpuNs);
      checkArgument(!wallNs.isEmpty() && wallNs.size() == cpuNs.size(),
          "need a wall and a CPU time per measured run");
    }

    /** The median wall time of a measured run. */
    public long medianWallNs() {
      return median(wallNs);
    }

    /** Simulated seconds per wall second, over the median run. */
    public double simulatedPerWallSecond() {
      return (double) makespanNs / medianWallNs();
    }

    /** Simulated blocks per second of process CPU time (median run); NaN if not measured. */
    public double blocksPerCpuSecond() {
      long cpu = cpuNs.get(0) < 0 ? -1 : median(cpuNs);
      return cpu <= 0 ? Double.NaN : blocks * 1e9 / cpu;
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
    if (!Files.isRegularFile(trace)) {
      throw new ConfigurationException("bench --trace " + trace + ": no such file");
    }
    String workload = reader(trace);
    RunConfig config = RunConfig.defaults().withName("bench-trace")
        .withHardware(PluginChoice.of(hardware))
        .withWorkload(new WorkloadConfig(workload,
            Map.of("path", trace.toAbsolutePath().toString()), null));
    RunExecutor executor = new RunExecutor(registry);
    com.sun.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean bean ? bean : null;
    List<Long> wall = new ArrayList<>();
    List<Long> cpu = new ArrayList<>();
    Optional<RunOutcome> first = Optional.empty();
    boolean repeatable = true;
    for (int i = 0; i < warmups + repetitions; i++) {
      long cpuStart = os == null ? -1 : os.getProcessCpuTime();
      long start = System.nanoTime();
      RunOutcome outcome = executor.execute(config);
      long end = System.nanoTime();
      long cpuEnd = os == null ? -1 : os.getProcessCpuTime();
      if (first.isEmpty()) {
        first = Optional.of(outcome);
      } else {
        repeatable &= outcome.result().makespanNs() == first.get().result().makespanNs()
            && outcome.result().blocksExecuted() == first.get().result().blocksExecuted();
      }
      if (i >= warmups) {
        wall.add(end - start);
        cpu.add(cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart);
      }
    }
    RunOutcome outcome = first.orElseThrow();
    return new Report(trace, workload, hardware, warmups, wall, cpu,
        outcome.result().makespanNs(), outcome.result().blocksExecuted(),
        outcome.metrics().jobs(), repeatable);
  }

  /** The report as printed. */
  public static String render(Report r) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "trace replay: %s (%s) on %s, %d jobs, %d blocks%n",
        r.trace(), r.workload(), r.hardware(), r.jobs(), r.blocks()));
    sb.append(String.format(Locale.ROOT, "%d warm-up and %d measured runs, each a whole run "
        + "(read, isolated runs, replay, metrics) without the JVM's start; median:%n", r.warmups(),
        r.wallNs().size()));
    sb.append(String.format(Locale.ROOT, "  simulated span      %.3f ms%n", r.makespanNs() / 1e6));
    sb.append(String.format(Locale.ROOT, "  wall time           %.3f ms%n",
        r.medianWallNs() / 1e6));
    sb.append(String.format(Locale.ROOT, "  simulated/wall      %.3f  (%s)%n",
        r.simulatedPerWallSecond(), r.simulatedPerWallSecond() >= 1
            ? "faster than the GPU ran it" : "slower than the GPU ran it"));
    double rate = r.blocksPerCpuSecond();
    sb.append(String.format(Locale.ROOT, "  blocks per CPU s    %s%n",
        Double.isNaN(rate) ? "n/a" : String.format(Locale.ROOT, "%.0f", rate)));
    sb.append(r.repeatable() ? "every run simulated the same span and blocks\n"
        : "NOT REPEATABLE: runs simulated different spans or blocks\n");
    return sb.toString();
  }
}
