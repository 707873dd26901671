package org.preemptlab.lab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;

/**
 * Two builds of the engine in one JVM, run after run in turns, on the standard workload (N =
 * 10,000, aggregation off, the plugins of {@code bench}): each build's classes come from its own
 * class loader, so both are compiled by the same JIT in the same process, and each pair of runs
 * (one of each, back to back, alternating which goes first) sees the same machine. Prints each
 * pair's CPU time per block and their ratio, then the median, lowest and highest ratio: on a
 * machine whose speed drifts between processes, this tells builds apart by a few per cent, which
 * separate processes cannot. Usage, compiled against either build: {@code javac -cp LAB_JAR -d DIR
 * benchmarks/EngineAB.java}, then {@code java -cp DIR org.preemptlab.lab.bench.EngineAB
 * OLD_LAB_JAR NEW_LAB_JAR PAIRS} (each lab jar finds its runner jar through its manifest, as a
 * build leaves them; copy both targets aside so that a rebuild does not change a jar while it is
 * measured). Results must be the same: the blocks and makespan of the two builds are compared.
 */
public final class EngineAB {
  private EngineAB() {}

  /** Runs the pairs. */
  public static void main(String[] args) throws Exception {
    Path classes = Path.of(EngineAB.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI());
    Method oldRun = runner(Path.of(args[0]), classes);
    Method newRun = runner(Path.of(args[1]), classes);
    int pairs = Integer.parseInt(args[2]);
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < pairs; i++) {
      boolean oldFirst = i % 2 == 0;
      long[] first = (long[]) (oldFirst ? oldRun : newRun).invoke(null);
      long[] second = (long[]) (oldFirst ? newRun : oldRun).invoke(null);
      long[] old = oldFirst ? first : second;
      long[] now = oldFirst ? second : first;
      if (old[1] != now[1] || old[2] != now[2]) {
        throw new IllegalStateException("the builds differ: blocks " + old[1] + " / " + now[1]
            + ", makespan " + old[2] + " / " + now[2]);
      }
      double oldPerBlock = (double) old[0] / old[1];
      double newPerBlock = (double) now[0] / now[1];
      ratios.add(newPerBlock / oldPerBlock);
      System.out.printf(Locale.ROOT, "pair %d: old %.1f, new %.1f ns of CPU per block, new/old "
          + "%.3f%n", i, oldPerBlock, newPerBlock, newPerBlock / oldPerBlock);
    }
    List<Double> warm = new ArrayList<>(ratios.subList(Math.min(2, ratios.size() - 1),
        ratios.size()));
    warm.sort(null);
    System.out.printf(Locale.ROOT, "new/old CPU per block over pairs 2 to %d: median %.3f, "
        + "lowest %.3f, highest %.3f%n", pairs - 1, warm.get(warm.size() / 2), warm.get(0),
        warm.get(warm.size() - 1));
  }

  /** The {@link #runOnce} of this class as loaded with a build's jar. */
  private static Method runner(Path labJar, Path classes) throws Exception {
    URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL(),
        labJar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    return Class.forName(EngineAB.class.getName(), true, loader).getMethod("runOnce");
  }

  private static Workload workload;
  private static HardwareModel hardware;
  private static PluginRegistry registry;

  /**
   * One run of this class loader's engine: {@code {thread CPU ns, blocks, makespan ns}}. Called
   * reflectively in the class as each build's loader loads it.
   */
  public static long[] runOnce() {
    if (workload == null) {
      workload = StandardWorkload.workload(10_000);
      hardware = StandardWorkload.hardware();
      registry = PluginRegistry.discover(EngineAB.class.getClassLoader());
    }
    EngineOptions options = new EngineOptions(Integer.MAX_VALUE, true).withAggregateBlocks(false);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Simulator simulator = new Simulator(workload, hardware,
        Benchmark.plugins(registry, hardware.device()), options);
    long start = threads.getCurrentThreadCpuTime();
    SimulationResult result = simulator.run();
    long cpu = threads.getCurrentThreadCpuTime() - start;
    return new long[] {cpu, result.blocksExecuted(), result.makespanNs()};
  }
}
