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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.lab.reproduce.VllmRtxPro6000;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * {@code preemptlab bench --llm}: how fast LLM serving simulates, as simulated seconds per wall
 * second and per CPU second of the thread that runs it. Four cases, each a whole run without the
 * JVM's start (building the workload, the isolated runs, the simulation, the metrics):
 *
 * <ul>
 *   <li>{@code vllm-300}: the input of {@code reproduce vllm-rtxpro6000}, 300 ShareGPT requests
 *       served by Llama 3.1 8B with LLMServingSim 2.0's measured per-operator profile on an RTX
 *       PRO 6000, drained to the last request;
 *   <li>{@code conv-alone}, {@code conv-mps}, {@code conv-time-slicing}: requests of the shape of
 *       the Azure LLM inference conversation trace of 2023 ({@link #CONVERSATION_RATE}), served by
 *       Llama 3.1 8B with the bundled per-operator roofline profile on an H200 for a horizon, alone
 *       and beside a training loop (the phase shapes of the example training trace, {@code
 *       TRAINING}) under MPS and under time slicing (the H200 model's default for two contexts).
 * </ul>
 *
 * <p>Every case runs once on the calling thread with the engine's defaults (timed) and once more,
 * with block aggregation off ({@code engine.aggregate-blocks: false}), all of them together on a
 * pool of two threads as {@code sweep --jobs 2} runs them (not timed; left out with {@code
 * --llm-no-check}); the two must give equal results (every job's row, span, blocks, events) and
 * equal metric values, else the report says which case differs.
 *
 * <p>Each run streams its job records as {@code run} does (memory grows with the jobs in flight,
 * plus what {@link org.preemptlab.api.Limits#APPLICATION_JOB_BYTES} counts per job, not with a
 * row per job): the rows are compared through a {@link JobRowDigest} of every job's row and
 * slowdown, so an hour of serving (tens of millions of jobs) fits a few GiB of heap. The heap a
 * timed case used is read from the garbage collections during it ({@link GcPeaks}).
 */
public final class LlmServingRate {
  /** The conversation cases' default horizon: 10 s of simulated time. */
  public static final long DEFAULT_HORIZON_NS = 10_000_000_000L;

  /**
   * Requests per second of the conversation trace: its 19,365 requests over the 3,501.7 s from
   * the first to the last (Azure/AzurePublicDataset @b469a11, {@code
   * data/AzureLLMInferenceTrace_conv.csv}, CC-BY 4.0; Patel et al., "Splitwise", ISCA 2024).
   */
  public static final double CONVERSATION_RATE = 5.53;
  /** Mean prompt length of the conversation trace (ContextTokens; its median is 1,020). */
  public static final int CONVERSATION_PROMPT_MEAN = 1155;
  /** Mean output length of the conversation trace (GeneratedTokens; its median is 129). */
  public static final int CONVERSATION_OUTPUT_MEAN = 211;

  private LlmServingRate() {}

  /** One case: a name and the run's configuration. */
  record Case(String name, RunConfig config) {}

  /**
   * What a run leaves for the comparison, without its per-job samples: the result (its job list
   * empty: the records were streamed), the digest of its rows, its jobs and metric values.
   */
  private record Ran(SimulationResult result, JobRowDigest rows, int jobs,
      Map<String, Double> pluginValues) {
    static Ran of(RunExecutor executor, RunConfig config) {
      JobRowDigest rows = new JobRowDigest();
      RunOutcome o = executor.execute(config, null, rows);
      return new Ran(o.result(), rows, o.metrics().jobs(), o.metrics().data().pluginValues());
    }

    boolean sameAs(Ran other) {
      return result.equals(other.result) && rows.sameAs(other.rows) && jobs == other.jobs
          && pluginValues.equals(other.pluginValues);
    }
  }

  /**
   * One case, measured.
   *
   * @param name the case's name
   * @param simulatedNs the run's simulated span (when its last job finished)
   * @param jobs jobs the run simulated
   * @param blocks block executions
   * @param events events the engine counted
   * @param wallNs wall time of the timed run
   * @param threadCpuNs CPU time of the thread that ran it; -1 where not measured
   * @param processCpuNs CPU time of the whole process while it ran (the collector's and the
   *     compiler's threads too); -1 where not measured
   * @param peakInUseBytes the most heap in use before a garbage collection during the run (0: no
   *     collection)
   * @param peakLiveBytes the most heap in use after a garbage collection during the run
   * @param checked whether the check run (aggregation off, two threads) ran
   * @param equal whether the check run gave the same result (true if it did not run)
   */
  public record CaseResult(String name, long simulatedNs, int jobs, long blocks, long events,
      long wallNs, long threadCpuNs, long processCpuNs, long peakInUseBytes, long peakLiveBytes,
      boolean checked, boolean equal) {

    /** Simulated seconds per wall second. */
    public double simulatedPerWallSecond() {
      return (double) simulatedNs / wallNs;
    }

    /** Simulated seconds per CPU second of the running thread; NaN if not measured. */
    public double simulatedPerCpuSecond() {
      return threadCpuNs <= 0 ? Double.NaN : (double) simulatedNs / threadCpuNs;
    }
  }

  /**
   * What was measured.
   *
   * @param horizonNs the conversation cases' horizon
   * @param cases every case in order
   */
  public record Report(long horizonNs, List<CaseResult> cases) {
    /** Copies the list. */
    public Report {
      cases = List.copyOf(cases);
      checkArgument(!cases.isEmpty(), "no case measured");
    }

    /** Whether every case gave equal results with the engine's options changed. */
    public boolean repeatable() {
      return cases.stream().allMatch(CaseResult::equal);
    }
  }

  /**
   * The training loop beside the server: the phase shapes of the example training trace (forward,
   * backward and optimizer kernels; examples/configs/training-loop.yaml gives their source), as
   * examples/configs/llm-colocation.yaml ran them on 2026-12-07, without DRAM traffic.
   */
  static final String TRAINING = """
        - id: training-loop
          parameters:
            duration: %s
            iterations: 100000
            batch-size: 32
            forward-kernels: 4
            forward-grid: 264
            forward-threads: 384
            forward-registers: 168
            forward-shared-memory: 204800
            forward-block-time: 85us
            backward-kernels: 8
            backward-grid: 272
            backward-threads: 384
            backward-registers: 168
            backward-shared-memory: 163840
            backward-block-time: 83us
            optimizer-grid: 320
            optimizer-threads: 512
            optimizer-registers: 64
            optimizer-block-time: 89us
      """;

  /**
   * A conversation case's configuration (YAML) for {@code horizonNs}, with a sharing section (or
   * none) and with or without the training loop beside the server.
   */
  public static String conversation(String name, long horizonNs, String sharing, boolean training) {
    String horizon = horizonNs + "ns";
    return """
        name: %s
        hardware: h200
        policy: priority
        preemption: instruction-level
        context-save: full
        workload:
          generator: none
        %s
        applications:
          - id: llm-serving
            parameters:
              model: llama-3.1-8b
              duration: %s
              arrival-rate: %s
              prompt-tokens: %d
              output-tokens: %d
              length-distribution: exponential
        %s""".formatted(name, sharing, horizon, CONVERSATION_RATE, CONVERSATION_PROMPT_MEAN,
        CONVERSATION_OUTPUT_MEAN, training ? TRAINING.formatted(horizon) : "");
  }

  /** The four cases; {@code root} is the repository's, which holds the vLLM bundle. */
  static List<Case> cases(Path root, long horizonNs) {
    List<Case> cases = new ArrayList<>();
    cases.add(new Case("vllm-300",
        ConfigLoader.parse(VllmRtxPro6000.benchConfig(root), "bench-llm-vllm-300")));
    cases.add(new Case("conv-alone", ConfigLoader.parse(
        conversation("conv-alone", horizonNs, "", false), "bench-llm-conv-alone")));
    cases.add(new Case("conv-mps", ConfigLoader.parse(
        conversation("conv-mps", horizonNs, "sharing: {mode: mps}", true),
        "bench-llm-conv-mps")));
    cases.add(new Case("conv-time-slicing", ConfigLoader.parse(
        conversation("conv-time-slicing", horizonNs, "", true), "bench-llm-conv-time-slicing")));
    return cases;
  }

  /**
   * Runs every case (timed, then the check on two threads without aggregation).
   *
   * @param only a case's name, or empty for all
   * @param check whether to run every case again with aggregation off and compare
   * @throws ConfigurationException if the vLLM bundle is missing (run from the repository) or
   *     {@code only} names no case
   */
  public static Report run(PluginRegistry registry, long horizonNs, String only, boolean check) {
    Path root = VllmRtxPro6000.root();
    if (!Files.isDirectory(root.resolve("docs/data/llmservingsim"))) {
      throw new ConfigurationException("bench --llm: the vLLM bundle (docs/data/llmservingsim) is"
          + " not here; run it from the repository's root");
    }
    List<Case> cases = new ArrayList<>(cases(root, horizonNs));
    if (!only.isEmpty()) {
      cases.removeIf(c -> !c.name().equals(only));
      if (cases.isEmpty()) {
        throw new ConfigurationException("bench --llm-case: unknown case '" + only
            + "'; valid: " + String.join(", ",
            cases(root, horizonNs).stream().map(Case::name).toList()));
      }
    }
    RunExecutor executor = new RunExecutor(registry);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    boolean threadTimed = threads.isCurrentThreadCpuTimeSupported();
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    com.sun.management.OperatingSystemMXBean process =
        os instanceof com.sun.management.OperatingSystemMXBean p ? p : null;
    List<Ran> timed = new ArrayList<>();
    List<long[]> times = new ArrayList<>();
    for (Case c : cases) {
      System.gc(); // the case's collections then start from what the earlier ones left
      long cpuStart = threadTimed ? threads.getCurrentThreadCpuTime() : -1;
      long processStart = process == null ? -1 : process.getProcessCpuTime();
      long start = System.nanoTime();
      Ran ran;
      long peakInUse;
      long peakLive;
      try (GcPeaks heap = new GcPeaks()) {
        ran = Ran.of(executor, c.config());
        peakInUse = heap.peakInUseBytes();
        peakLive = heap.peakLiveBytes();
      }
      long wall = System.nanoTime() - start;
      long cpu = threadTimed ? threads.getCurrentThreadCpuTime() - cpuStart : -1;
      long processCpu = process == null || processStart < 0 ? -1
          : process.getProcessCpuTime() - processStart;
      timed.add(ran);
      times.add(new long[] {wall, cpu, processCpu, peakInUse, peakLive});
    }
    List<Ran> checked = check ? checkRuns(executor, cases) : null;
    List<CaseResult> results = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      Ran o = timed.get(i);
      boolean equal = !check || o.sameAs(checked.get(i));
      long[] t = times.get(i);
      results.add(new CaseResult(cases.get(i).name(), o.result().makespanNs(), o.jobs(),
          o.result().blocksExecuted(), o.result().events(), t[0], t[1], t[2], t[3], t[4], check,
          equal));
    }
    return new Report(horizonNs, results);
  }

  // Every case again with aggregation off, on two threads at once, as sweep --jobs 2 runs them.
  private static List<Ran> checkRuns(RunExecutor executor, List<Case> cases) {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Ran>> futures = new ArrayList<>();
      for (Case c : cases) {
        RunConfig off = c.config().withEngine(c.config().engine().withAggregateBlocks(false));
        futures.add(pool.submit(() -> Ran.of(executor, off)));
      }
      List<Ran> outcomes = new ArrayList<>();
      for (Future<Ran> f : futures) {
        outcomes.add(f.get());
      }
      return outcomes;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while checking the cases", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r
          : new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /** The report as printed. */
  public static String render(Report r) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "LLM serving: each case one whole run without the JVM's "
        + "start, on this thread with the engine's defaults; conversation cases %.3f s of "
        + "simulated time (requests of the Azure conversation trace's shape: %.2f/s, prompt mean "
        + "%d, output mean %d tokens)%n", r.horizonNs() / 1e9, CONVERSATION_RATE,
        CONVERSATION_PROMPT_MEAN, CONVERSATION_OUTPUT_MEAN));
    sb.append(String.format(Locale.ROOT, "%-18s %12s %10s %14s %9s %9s %9s %10s %14s %9s %9s "
        + "%9s %7s%n", "case", "simulated s", "jobs", "blocks", "wall s", "CPU s", "sim/wall",
        "sim/CPU", "CPU s per hour", "proc CPU", "heap MiB", "live MiB", "check"));
    for (CaseResult c : r.cases()) {
      double perCpu = c.simulatedPerCpuSecond();
      sb.append(String.format(Locale.ROOT, "%-18s %12.3f %,10d %,14d %9.2f %9s %9.4f %10s %14s "
          + "%9s %,9d %,9d %7s%n", c.name(), c.simulatedNs() / 1e9, c.jobs(), c.blocks(),
          c.wallNs() / 1e9, seconds(c.threadCpuNs()), c.simulatedPerWallSecond(),
          Double.isNaN(perCpu) ? "n/a" : String.format(Locale.ROOT, "%.4f", perCpu),
          Double.isNaN(perCpu) ? "n/a" : String.format(Locale.ROOT, "%,.0f", 3600 / perCpu),
          seconds(c.processCpuNs()), c.peakInUseBytes() >> 20, c.peakLiveBytes() >> 20,
          !c.checked() ? "-" : c.equal() ? "EQUAL" : "DIFFER"));
    }
    sb.append("CPU s: the running thread's; CPU s per hour: 3,600 simulated seconds at the case's "
        + "sim/CPU rate (a linear extrapolation, not a run); proc CPU: the whole process's CPU s "
        + "(garbage collection and compilation too); heap MiB, live MiB: the most heap in use "
        + "before and after a garbage collection during the case\n");
    boolean checked = r.cases().stream().allMatch(CaseResult::checked);
    sb.append("check: ");
    sb.append(!checked ? "not run (--llm-no-check)\n"
        : "every case again with block aggregation off, two at a time on two threads "
            + "(as sweep --jobs 2): " + (r.repeatable()
                ? "EQUAL results (every job's row, span, blocks, events, metrics)\n"
                : "DIFFERENT results in the cases marked DIFFER\n"));
    return sb.toString();
  }

  /** Nanoseconds as seconds with two decimals, or n/a for -1. */
  private static String seconds(long ns) {
    return ns < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", ns / 1e9);
  }
}
