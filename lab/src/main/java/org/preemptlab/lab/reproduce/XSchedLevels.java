package org.preemptlab.lab.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.SuspensionRecord;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.WorkloadConfig;
import org.preemptlab.runner.metrics.Percentiles;
import org.preemptlab.runner.report.Numbers;
import org.preemptlab.runner.report.TextTable;
import org.preemptlab.runner.workload.SyntheticSpecs;

/**
 * {@code preemptlab reproduce xsched-levels}: Shen et al., "XSched: Preemptive Scheduling for
 * Diverse XPUs" (OSDI 2025), §7.3, Fig. 11a/b: the P99 preemption latency of one XQueue of
 * identical kernels of T µs on a GV100, suspended at random times, is about 8T at level 1
 * (stop launching: the launched commands drain), about T at level 2 (deactivate: the running
 * command ends) and about 32 µs at level 3 (interrupt), independent of T.
 *
 * <p>The workload follows the paper's benchmark (XpuOS/xsched-artifacts: {@code
 * cuda/fig9/main/levels.cu}): kernels of 64 blocks × 64 threads, launched 64 at a time and then
 * synchronised, in-flight threshold 8 and batch size 4, suspensions 0-800 µs after each resume.
 * The level-3 cost is not the {@code v100} model's {@code instruction-preemption}, which that
 * model takes from this very figure: it is derived as GPreempt (Fan et al., ATC 2025, §3.1)
 * bounds a context switch, the whole device's register files and shared memory over the save
 * bandwidth.
 */
public final class XSchedLevels implements Reproduction {
  /** Command times T of the paper's sweep: 100 µs to 2,000 µs in steps of 100 µs. */
  static final List<Long> COMMAND_US = java.util.stream.LongStream.rangeClosed(1, 20)
      .map(i -> i * 100).boxed().toList();
  static final int SAMPLES = 100;
  static final double TOLERANCE = 0.15;
  static final int WINDOW = 8;
  static final int BATCH = 4;
  static final int LOOP = 64;
  static final double PUBLISHED_LV1_PER_T = 8;
  static final double PUBLISHED_LV2_PER_T = 1;
  static final double PUBLISHED_LV3_US = 32;

  private static final Source FIG11 = new Source("XSched, OSDI'25", "§7.3, Fig. 11a/b",
      "XpuOS/xsched-artifacts: cuda/fig9/main/levels.cu");
  private static final String APPROXIMATE = "the paper states the value as approximate (\"about\");"
      + " ±15% is checked at every command time T of the sweep.";
  /** The rows' targets and tolerances, with their history. */
  static final TargetFile TARGETS = TargetFile.bundled("xsched-levels");
  static final Target LV1 = TARGETS.target("lv1", "Lv1 (stop launching): P99 over T", FIG11,
      "P99 ~8T", APPROXIMATE, PUBLISHED_LV1_PER_T, TOLERANCE);
  static final Target LV2 = TARGETS.target("lv2", "Lv2 (deactivate): P99 over T", FIG11,
      "P99 ~1T", APPROXIMATE, PUBLISHED_LV2_PER_T, TOLERANCE);
  static final Target LV3 = TARGETS.target("lv3", "Lv3 (interrupt): P99", FIG11,
      "P99 ~32 us, independent of T", APPROXIMATE, PUBLISHED_LV3_US, TOLERANCE);

  private final Optional<PluginRegistry> given;
  private final List<Long> commandUs;
  private final int samples;
  private final long seed;

  /** The reproduction with the bundled plugins, the paper's 20 command times and 100 samples. */
  public XSchedLevels() {
    this(Optional.empty(), COMMAND_US, SAMPLES, 1);
  }

  XSchedLevels(Optional<PluginRegistry> registry, List<Long> commandUs, int samples, long seed) {
    this.given = registry;
    this.commandUs = List.copyOf(commandUs);
    this.samples = samples;
    this.seed = seed;
  }

  @Override
  public String id() {
    return "xsched-levels";
  }

  @Override
  public String description() {
    return "XSched OSDI'25 Fig. 11 on v100: P99 suspension latency Lv1 ~8T, Lv2 ~T, Lv3 ~32 us";
  }

  /**
   * The level-3 fixed cost: every SM's register file and shared memory written at the model's
   * save bandwidth (GPreempt's bound of a context save), in ns.
   */
  static long wholeDeviceSaveNs(DeviceSpec device) {
    long bytesPerSm = device.sm().registers() * 4L + device.sm().sharedMemoryBytes();
    return Math.round(device.smCount() * bytesPerSm
        / device.costs().saveBandwidthBytesPerNs());
  }

  /** The workload: one backlogged queue and its suspensions at {@code level}. */
  static String workload(long commandUs, int level, int samples, long seed) {
    long t = commandUs * 1000;
    SplittableRandom random = new SplittableRandom(seed * 1_000_003 + commandUs * 10 + level);
    StringBuilder actions = new StringBuilder();
    long at = 1_000_000; // the benchmark starts measuring after a warm-up
    for (int i = 0; i < samples; i++) {
      at += random.nextLong(800_000);                       // sleep U[0, 800) us, then suspend
      actions.append("    - {queue: app, at: ").append(at).append("ns, suspend: ")
          .append(level).append("}\n");
      at += 8 * t + 800_000 + random.nextLong(800_000);      // quiet, then sleep U[800, 1600) us
      actions.append("    - {queue: app, at: ").append(at).append("ns, resume: true}\n");
    }
    // Enough kernels that the queue never runs dry before the last suspension: at most one
    // window plus what runs in a gap of 800 us per sample.
    long perSample = (800_000 + t - 1) / t + WINDOW + 1;
    long jobs = ((samples * perSample + LOOP) / LOOP + 1) * LOOP;
    long duration = at + jobs * t + 1_000_000;
    return "duration: " + duration + "ns\n"
        + "contexts: [{id: app}]\n"
        + "queues:\n"
        + "  - id: app\n"
        + "    context: app\n"
        + "    jobs: " + jobs + "\n"
        + "    arrival: {process: closed-loop, clients: 1, burst: " + LOOP + "}\n"
        + "    kernels:\n"
        + "      - {name: sleep, grid-blocks: 64, threads-per-block: 64, registers-per-thread: 32,"
        + " block-time: " + commandUs + "us,\n"
        + "         program: {segments: [{kind: COMPUTE, share: 100%}]}}\n"
        + "actions:\n" + actions;
  }

  static RunConfig config(long commandUs, int level, int samples, long seed, long lv3CostNs) {
    RunConfig config = Overrides.choose(RunConfig.defaults(), "hardware", "v100");
    config = Overrides.set(config, "hardware.instruction-preemption=" + lv3CostNs + "ns");
    config = Overrides.choose(config, "policy", "fifo");
    config = Overrides.choose(config, "preemption", "instruction-level");
    config = Overrides.choose(config, "context-save", "full");
    config = Overrides.set(config, "engine.launch-window=" + WINDOW);
    config = Overrides.set(config, "engine.launch-batch=" + BATCH);
    config = Overrides.set(config, "engine.in-order=true");
    WorkloadConfig workload = new WorkloadConfig(null, null,
        SyntheticSpecs.fromYaml(workload(commandUs, level, samples, seed), "xsched-levels.yaml"));
    return config.withWorkload(workload).withName("xsched-levels").withSeed(seed);
  }

  /** P99 suspension latency in ns of one level and command time. */
  static long p99(RunExecutor executor, long commandUs, int level, int samples, long seed,
      long lv3CostNs) {
    List<SuspensionRecord> records = executor.execute(
        config(commandUs, level, samples, seed, lv3CostNs)).result().suspensions();
    long[] latencies = records.stream().mapToLong(SuspensionRecord::latencyNs).toArray();
    if (latencies.length != samples || java.util.Arrays.stream(latencies).anyMatch(l -> l < 0)) {
      throw new IllegalStateException("level " + level + ", T = " + commandUs + " us: "
          + latencies.length + " suspensions, expected " + samples + " that all went quiet");
    }
    return Percentiles.of(latencies).at(99);
  }

  private static boolean within(double simulated, double published) {
    return Math.abs(simulated - published) <= TOLERANCE * published;
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    RunExecutor executor = new RunExecutor(registry);
    DeviceSpec device = registry.create(PluginType.HARDWARE_MODEL, "v100", Map.of(),
        (DeviceSpec) null, new SplittableRandom(0)).device();
    long lv3Cost = wholeDeviceSaveNs(device);
    TextTable table = new TextTable("T (us)", "Lv1 P99 published", "Lv1 P99 simulated",
        "Lv2 P99 published", "Lv2 P99 simulated", "Lv3 P99 published", "Lv3 P99 simulated",
        "within +-15%");
    boolean all = true;
    List<Double> lv1 = new ArrayList<>();
    List<Double> lv2 = new ArrayList<>();
    List<Double> lv3 = new ArrayList<>();
    for (long t : commandUs) {
      double p1 = p99(executor, t, 1, samples, seed, lv3Cost) / 1000.0;
      double p2 = p99(executor, t, 2, samples, seed, lv3Cost) / 1000.0;
      double p3 = p99(executor, t, 3, samples, seed, lv3Cost) / 1000.0;
      boolean ok = within(p1, PUBLISHED_LV1_PER_T * t) && within(p2, PUBLISHED_LV2_PER_T * t)
          && within(p3, PUBLISHED_LV3_US);
      all &= ok;
      lv1.add(p1 / t);
      lv2.add(p2 / t);
      lv3.add(p3);
      table.row(t, "~" + Numbers.fixed(PUBLISHED_LV1_PER_T * t, 0) + " (8T)",
          Numbers.fixed(p1, 1) + " (" + Numbers.fixed(p1 / t, 2) + "T)",
          "~" + Numbers.fixed(PUBLISHED_LV2_PER_T * t, 0) + " (1T)",
          Numbers.fixed(p2, 1) + " (" + Numbers.fixed(p2 / t, 2) + "T)",
          "~" + Numbers.fixed(PUBLISHED_LV3_US, 0), Numbers.fixed(p3, 1), ok ? "yes" : "NO");
    }
    ClaimTable claims = new ClaimTable()
        .add(LV1.simulated(range(lv1, "T"), doubles(lv1)))
        .add(LV2.simulated(range(lv2, "T"), doubles(lv2)))
        .add(LV3.simulated(range(lv3, " us"), doubles(lv3)));
    out.printf("xsched-levels on v100: one queue, in-flight threshold %d, batch %d, %d suspensions"
        + " per level and T, seed %d; level-3 fixed cost %s us (derived, see the page)%n",
        WINDOW, BATCH, samples, seed, Numbers.fixed(lv3Cost / 1000.0, 2));
    out.print(table.render());
    out.println();
    claims.print(out);
    new ReproductionPage(id(), "Reproduction: xsched-levels (Shen et al., OSDI 2025, Fig. 11)")
        .paragraph("""
            Published (Shen et al., "XSched: Preemptive Scheduling for Diverse XPUs", OSDI 2025,
            §7.3, Fig. 11a/b): one XQueue of identical kernels, each lasting T, is suspended at
            random times on an NVIDIA GV100; the P99 preemption latency (from `XQueueSuspend`
            until the hardware queue is quiet) is about **8T at level 1** (block: stop launching,
            the launched commands run to their end), about **T at level 2** (deactivate: commands
            not started are held, the running one ends) and about **32 µs at level 3** (interrupt
            the running command), independent of T. The paper states the values as approximate,
            so every row is checked at ±15%.""")
        .paragraph("""
            Inputs, following the benchmark that produced the figure (XpuOS/xsched-artifacts:
            `cuda/fig9/main/levels.cu`): kernels of 64 blocks × 64 threads (32 registers per
            thread: an assumption for a spin kernel) lasting exactly T, each block one compute segment
            (the benchmark's kernel only spins on the clock), for T = 100 µs to
            2,000 µs in steps of 100 µs; the application launches them 64 at a time and then
            synchronises; `XQueueSetLaunchConfig(xq, 8, 4)`: in-flight threshold 8
            (`engine.launch-window=8`) and batch size 4 (`engine.launch-batch=4`: every fourth
            launched kernel is a synchronisation point, and the window frees slots only when one
            finishes, as XSched's launch worker does, XpuOS/xsched:
            `preempt/src/xqueue/launch_worker.cpp`); kernels of one queue run one after another,
            as in one CUDA stream (`engine.in-order=true`). Each suspension comes 0-800 µs
            (uniform) after the previous resume, as the benchmark sleeps; the queue is resumed
            after it has gone quiet. 100 suspensions per level and T, seed 1. Hardware: the
            `v100` model (80 SMs of the Tesla V100, GPGPU-Sim's QV100 configuration and the
            Volta whitepaper; the paper's Quadro GV100 has the same GV100 chip). Level 3
            interrupts with the `instruction-level` strategy and a `full` save.""")
        .paragraph("""
            The level-3 cost is **derived, not taken from the figure**: the `v100` model's own
            `instruction-preemption` comes from this figure's raw results (its P50, P95 and
            P99), so the reproduction replaces it
            with GPreempt's bound of a context save (Fan et al., USENIX ATC 2025, §3.1: the
            context size over the memory bandwidth), here every SM's register file (256 KiB)
            and shared memory (96 KiB) over the 900 GB/s save bandwidth of the model, computed
            from the model's parameters: %s µs. That the bound lands next to the measured 32 µs
            is partly a coincidence of the GV100's sizes; the structural claim the model makes
            on its own is that level 3 does not depend on T. Level 1 and level 2 follow from the
            mechanisms alone: no parameter was fitted to this figure."""
            .formatted(Numbers.fixed(lv3Cost / 1000.0, 2)))
        .heading("Published vs simulated, per command time (latencies in µs)")
        .table(table.render())
        .claims(claims)
        .write(outputDirectory);
    return claims.reproduced();
  }

  private static double[] doubles(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static String range(List<Double> values, String unit) {
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    return Numbers.fixed(min, 2) + unit + " to " + Numbers.fixed(max, 2) + unit;
  }
}
