import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.WorkloadConfig;

/**
 * The loop of {@code bench --trace} (each repetition a whole run with block aggregation and one
 * without, alternating, on h200), with each run in a thread of its own named by its mode and
 * phase ({@code on-warm}, {@code on-meas}, {@code off-warm}, {@code off-meas}), so that a JFR
 * profile can tell the measured runs with aggregation, the ones {@code bench --trace} reports,
 * from the rest (benchmarks/jfr-shares.py). Prints the median wall and thread CPU time of the
 * measured runs with aggregation. Usage, compiled first (in source-file mode javac runs in the
 * same JVM first and warms the JDK code the runs share, so the runs are faster than in {@code
 * bench --trace}): {@code javac -cp LAB_JAR -d DIR benchmarks/TraceReplayPhases.java}, then
 * {@code java [-XX:StartFlightRecording=...] -cp LAB_JAR:DIR TraceReplayPhases TRACE WARMUPS
 * REPETITIONS}.
 */
public final class TraceReplayPhases {
  private TraceReplayPhases() {}

  /** Replays the trace and prints the medians. */
  public static void main(String[] args) throws Exception {
    Path trace = Path.of(args[0]).toAbsolutePath();
    int warmups = Integer.parseInt(args[1]);
    int repetitions = Integer.parseInt(args[2]);
    String reader = args[0].endsWith(".csv") ? "nsys-trace" : "pytorch-trace";
    RunConfig on = RunConfig.defaults().withName("bench-trace")
        .withHardware(PluginChoice.of("h200"))
        .withWorkload(new WorkloadConfig(reader, Map.of("path", trace.toString()), null));
    RunConfig off = on.withEngine(on.engine().withAggregateBlocks(false));
    RunExecutor executor = new RunExecutor(
        PluginRegistry.discover(TraceReplayPhases.class.getClassLoader()));
    List<Long> wall = new ArrayList<>();
    List<Long> cpu = new ArrayList<>();
    for (int i = 0; i < warmups + repetitions; i++) {
      for (int k = 0; k < 2; k++) {
        int mode = (i + k) % 2; // as bench --trace: on, off in even repetitions; off, on in odd
        long[] times = new long[2];
        Thread run = new Thread(() -> {
          ThreadMXBean threads = ManagementFactory.getThreadMXBean();
          long cpuStart = threads.getCurrentThreadCpuTime();
          long start = System.nanoTime();
          executor.execute(mode == 0 ? on : off);
          times[0] = System.nanoTime() - start;
          times[1] = threads.getCurrentThreadCpuTime() - cpuStart;
        }, (mode == 0 ? "on-" : "off-") + (i < warmups ? "warm" : "meas"));
        run.start();
        run.join();
        if (mode == 0 && i >= warmups) {
          wall.add(times[0]);
          cpu.add(times[1]);
        }
      }
    }
    Collections.sort(wall);
    Collections.sort(cpu);
    System.out.printf("measured runs with aggregation: median wall %.3f ms, thread CPU %.3f ms%n",
        wall.get(wall.size() / 2) / 1e6, cpu.get(cpu.size() / 2) / 1e6);
  }
}
