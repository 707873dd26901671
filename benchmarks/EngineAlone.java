package org.preemptlab.lab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;

/**
 * The engine alone on the standard workload (N = 10,000, aggregation off, the plugins of {@code
 * bench}), run after run in one thread, without the baseline loop between runs: prints each run's
 * CPU time per block and, last, the lowest. For questions about the engine's own code, such as a
 * JVM flag's effect on it; {@code bench} stays the measure against the baseline. Usage, compiled
 * first: {@code javac -cp LAB_JAR -d DIR benchmarks/EngineAlone.java}, then {@code java [JVM
 * flags] -cp LAB_JAR:DIR org.preemptlab.lab.bench.EngineAlone RUNS}.
 */
public final class EngineAlone {
  private EngineAlone() {}

  /** Runs the engine {@code args[0]} times. */
  public static void main(String[] args) {
    int runs = Integer.parseInt(args[0]);
    Workload workload = StandardWorkload.workload(10_000);
    HardwareModel hardware = StandardWorkload.hardware();
    PluginRegistry registry = PluginRegistry.discover(EngineAlone.class.getClassLoader());
    EngineOptions options = new EngineOptions(Integer.MAX_VALUE, true).withAggregateBlocks(false);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double lowest = Double.MAX_VALUE;
    for (int run = 0; run < runs; run++) {
      long start = threads.getCurrentThreadCpuTime();
      SimulationResult result = new Simulator(workload, hardware,
          Benchmark.plugins(registry, hardware.device()), options).run();
      double perBlock = (threads.getCurrentThreadCpuTime() - start)
          / (double) result.blocksExecuted();
      lowest = Math.min(lowest, perBlock);
      System.out.printf("run %d: %.1f ns of CPU per block%n", run, perBlock);
    }
    System.out.printf("lowest: %.1f ns of CPU per block%n", lowest);
  }
}
