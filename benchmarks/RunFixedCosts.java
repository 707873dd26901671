package org.preemptlab.lab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.lab.reproduce.VllmRtxPro6000;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;

/**
 * The fixed costs of a run (issue 52, item 3): runs that simulate almost nothing, one after
 * another in one JVM as a sweep's runs are, each timed in the thread's CPU time. Prints the CPU
 * time of plugin discovery (once per process, cold), then per configuration the first run's CPU
 * time and the median over the runs: a conversation case of {@code bench --llm} for 1 ms (the
 * bundled roofline profile), the {@code vllm-300} configuration for 1 ms without draining (which
 * reads LLMServingSim's measured profile) and {@code examples/traces/small.csv}. Usage, from the
 * repository's root: {@code javac -cp distribution/target/preemptlab.jar -d DIR
 * benchmarks/RunFixedCosts.java}, then {@code java -cp distribution/target/preemptlab.jar:DIR
 * org.preemptlab.lab.bench.RunFixedCosts RUNS}.
 */
public final class RunFixedCosts {
  private RunFixedCosts() {}

  public static void main(String[] args) {
    int runs = Integer.parseInt(args[0]);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long start = threads.getCurrentThreadCpuTime();
    PluginRegistry registry = PluginRegistry.discover(Optional.empty());
    System.out.printf(Locale.ROOT, "plugin discovery: %.1f ms CPU (the first, cold)%n",
        (threads.getCurrentThreadCpuTime() - start) / 1e6);
    RunExecutor executor = new RunExecutor(registry);
    Path root = Path.of("").toAbsolutePath();
    Map<String, String> configs = new LinkedHashMap<>();
    configs.put("conversation, 1 ms", LlmServingRate.conversation("c", 1_000_000L, "", false));
    configs.put("vllm-300 profile, 1 ms", VllmRtxPro6000.config(root)
        .replace("duration: 1000s", "duration: 1ms").replace("drain: true", "drain: false"));
    configs.put("examples/traces/small.csv", "workload: {generator: csv-trace, parameters: "
        + "{path: " + root.resolve("examples/traces/small.csv") + "}}\n");
    for (Map.Entry<String, String> c : configs.entrySet()) {
      RunConfig config = ConfigLoader.parse(c.getValue(), "fixed-costs.yaml");
      List<Long> cpu = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        long s = threads.getCurrentThreadCpuTime();
        executor.execute(config);
        cpu.add(threads.getCurrentThreadCpuTime() - s);
      }
      long first = cpu.get(0);
      Collections.sort(cpu);
      System.out.printf(Locale.ROOT, "%-26s first run %7.1f ms CPU, median %6.2f ms CPU over %d "
          + "runs%n", c.getKey(), first / 1e6, cpu.get(cpu.size() / 2) / 1e6, runs);
    }
  }
}
