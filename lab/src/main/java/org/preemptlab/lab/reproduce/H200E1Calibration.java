package org.preemptlab.lab.reproduce;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.Simulator;
import org.preemptlab.runner.metrics.Percentiles;
import org.preemptlab.runner.report.Numbers;
import org.preemptlab.runner.report.TextTable;

/**
 * {@code preemptlab reproduce h200-e1}: the {@code h200} model's launch and dispatch fits run
 * through the engine on experiment E1 (measured on an H200 for this project; samples in
 * docs/data/h200-e1-samples.csv), printing simulated against measured latencies. This is a
 * calibration: the model was fitted to these samples (D = 20 and 200 µs for the busy launch, the
 * same-priority rows for block dispatch), so agreement shows the fit and the engine agree, not that
 * the model predicts. D = 2000 µs was not fitted and is shown, not judged.
 *
 * <p>Set-up as measured: a LOW queue runs one kernel of 132 × W blocks of 256 threads and 232,448 B
 * of shared memory (one block per SM) that each last D µs; a probe (1 block of 32 threads, 0.1 µs)
 * is submitted at a uniform random time in [0.2, 0.6] × W × D on a HIGH queue
 * (high_priority_stream) or at 0.3 × W × D on a second LOW queue (same_priority). For
 * high_priority_stream W is 20 instead of max(4, 100,000 / D): the probe's latency depends only on
 * where in a wave it lands, and the shorter kernel keeps the check to seconds.
 */
public final class H200E1Calibration implements Reproduction {
  /** Simulated probes per block duration (high_priority_stream). */
  static final int SAMPLES = 200;
  /** Allowed |simulated - measured| at p10, p50 and p90 of a fitted row: 15% or 10 µs. */
  static final double RELATIVE_TOLERANCE = 0.15;
  static final double ABSOLUTE_TOLERANCE_US = 10;
  /** Allowed relative difference of the same-priority medians. */
  static final double SAME_PRIORITY_TOLERANCE = 0.001;

  private final Optional<PluginRegistry> given;

  /** The calibration with the bundled plugins. */
  public H200E1Calibration() {
    this(Optional.empty());
  }

  H200E1Calibration(Optional<PluginRegistry> registry) {
    this.given = registry;
  }

  @Override
  public String id() {
    return "h200-e1";
  }

  @Override
  public Kind kind() {
    return Kind.CALIBRATION;
  }

  @Override
  public String description() {
    return "h200 busy-launch and block-dispatch fits vs the E1 samples they were fitted to"
        + " (in-sample)";
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    Map<String, Map<Double, List<Double>>> measured = samples();
    boolean ok = true;
    out.printf("h200-e1: calibration (in-sample) of the h200 model on E1; tolerance at p10/p50/p90"
        + " of the fitted rows: %s%% or %s us; same-priority medians: %s%%%n%n",
        Numbers.fixed(RELATIVE_TOLERANCE * 100, 0), Numbers.fixed(ABSOLUTE_TOLERANCE_US, 0),
        Numbers.fixed(SAME_PRIORITY_TOLERANCE * 100, 1));
    TextTable high = new TextTable("D (us)", "fitted", "quantile", "measured (us)",
        "simulated (us)", "difference", "within");
    for (Map.Entry<Double, List<Double>> row : measured.get("high_priority_stream").entrySet()) {
      double d = row.getKey();
      boolean fitted = d < 1000;
      double[] simulated = highPriority(registry, d);
      double[] meas = row.getValue().stream().mapToDouble(Double::doubleValue).toArray();
      for (int q : new int[] {10, 50, 90}) {
        double m = quantile(meas, q);
        double s = quantile(simulated, q);
        boolean within = Math.abs(s - m) <= Math.max(ABSOLUTE_TOLERANCE_US, RELATIVE_TOLERANCE * m);
        ok &= within || !fitted;
        high.row(Numbers.fixed(d, 0), fitted ? "yes" : "no", "p" + q, Numbers.fixed(m, 1),
            Numbers.fixed(s, 1), signed(s - m), fitted ? (within ? "yes" : "NO") : "not judged");
      }
    }
    TextTable same = new TextTable("D (us)", "measured p50 (us)", "simulated (us)", "difference",
        "within");
    for (Map.Entry<Double, List<Double>> row : measured.get("same_priority").entrySet()) {
      double d = row.getKey();
      double m = quantile(row.getValue().stream().mapToDouble(Double::doubleValue).toArray(), 50);
      double s = samePriority(registry, d);
      boolean within = Math.abs(s - m) <= SAME_PRIORITY_TOLERANCE * m;
      ok &= within;
      same.row(Numbers.fixed(d, 0), Numbers.fixed(m, 1), Numbers.fixed(s, 1), signed(s - m),
          within ? "yes" : "NO");
    }
    out.println("high_priority_stream: probe latency, submit to finish");
    out.print(high.render());
    out.println();
    out.println("same_priority: the probe waits for the whole LOW kernel");
    out.print(same.render());
    new ReproductionPage(id(), "Calibration: h200-e1 (in-sample)")
        .paragraph("""
            `preemptlab reproduce h200-e1` runs experiment E1, measured on an NVIDIA H200 for this
            project, through the engine on the `h200` model and compares simulated with measured
            probe latencies. It is a **calibration**: the busy-launch distribution was fitted to
            the D = 20 and 200 µs rows and the block dispatch to the same-priority rows (fits 1 and
            3 in [../hardware-models.md](../hardware-models.md)), so agreement shows that the fit
            and the engine agree, not that the model predicts. D = 2000 µs was not fitted and is
            shown, not judged. Tolerance: p10, p50 and p90 of a fitted row within 15% or 10 µs;
            same-priority medians within 0.1%.

            Set-up: a LOW queue runs one kernel of 132 × W blocks (256 threads, 232,448 B of shared
            memory, so one block per SM) lasting D µs each; a probe (one 32-thread block of 0.1 µs)
            arrives at a uniform time in [0.2, 0.6] × W × D on a HIGH queue (200 probes per D, W =
            20 instead of the measured max(4, 100,000 / D), since only the phase within a wave
            matters), or at 0.3 × W × D on a second LOW queue with W = max(4, 150,000 / D).""")
        .heading("high_priority_stream: probe latency, submit to finish")
        .table(high.render())
        .heading("same_priority: the probe waits for the whole LOW kernel")
        .table(same.render())
        .paragraph(ok ? "Verdict: every judged quantile is within tolerance."
            : "Verdict: NOT within tolerance where a row says NO. The busy-launch mixture puts its"
                + " fast mode at the idle launch; at D = 200 µs even the fastest measured probes"
                + " were slower, so the fit misses that p10. At D = 2000 µs (not fitted) the"
                + " simulation is slower than measured at every quantile, as the fit's own formula"
                + " is: the measured waves appear shorter than D.")
        .write(outputDirectory);
    return ok;
  }

  private static String signed(double us) {
    return (us >= 0 ? "+" : "") + Numbers.fixed(us, 1);
  }

  static double quantile(double[] values, int q) {
    long[] ns = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      ns[i] = Math.round(values[i] * 1000);
    }
    return Percentiles.of(ns).at(q) / 1000.0;
  }

  double[] highPriority(PluginRegistry registry, double d) {
    int waves = 20;
    double[] latencies = new double[SAMPLES];
    SplittableRandom random = new SplittableRandom(Double.doubleToLongBits(d));
    for (int i = 0; i < SAMPLES; i++) {
      long submit = Math.round((0.2 + 0.4 * random.nextDouble()) * waves * d * 1000);
      latencies[i] = probeLatencyUs(registry, d, waves, submit, Priority.HIGH, random.nextLong());
    }
    return latencies;
  }

  double samePriority(PluginRegistry registry, double d) {
    int waves = (int) Math.max(4, 150_000 / d);
    return probeLatencyUs(registry, d, waves, Math.round(0.3 * waves * d * 1000),
        Priority.LOW, 1);
  }

  private double probeLatencyUs(PluginRegistry registry, double d, int waves, long submitNs,
      Priority probePriority, long seed) {
    HardwareModel h200 = registry.create(PluginType.HARDWARE_MODEL, "h200", Map.of(),
        (HardwareModel) null, new SplittableRandom(seed));
    Kernel low = new Kernel("low", 132 * waves, 256, 24, 232_448, false,
        BlockProgram.uniform(Math.round(d * 1000), 24, 232_448), new BlockTiming.Exact());
    Kernel probe = new Kernel("probe", 1, 32, 16, 0, false, BlockProgram.uniform(100, 16, 0),
        new BlockTiming.Exact());
    Workload workload = new Workload(List.of(new GpuContext("p", false)),
        List.of(new JobQueue("low", "p", Priority.LOW, 1, EngineKind.COMPUTE, false),
            new JobQueue("probe", "p", probePriority, 1, EngineKind.COMPUTE, false)),
        List.of(Job.of(0, "low", 0, low), Job.of(1, "probe", submitNs, probe)));
    SplittableRandom plugins = new SplittableRandom(seed);
    RunPlugins run = new RunPlugins("round-robin",
        engine -> registry.create(PluginType.SCHEDULING_POLICY, "round-robin", Map.of(), h200,
            plugins.split()),
        "block-boundary", registry.create(PluginType.PREEMPTION_STRATEGY, "block-boundary",
            Map.of(), h200, plugins.split()),
        "full", registry.create(PluginType.CONTEXT_SAVE, "full", Map.of(), h200,
            plugins.split()));
    for (JobRecord job : new Simulator(workload, h200, run, EngineOptions.defaults()).run()
        .jobs()) {
      if (job.jobId() == 1) {
        return job.turnaroundNs() / 1000.0;
      }
    }
    throw new IllegalStateException("the probe did not finish");
  }

  /** The E1 samples by variant and block duration, in µs. */
  static Map<String, Map<Double, List<Double>>> samples() {
    try (InputStream in = H200E1Calibration.class.getResourceAsStream("h200-e1-samples.csv")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      Map<String, Map<Double, List<Double>>> byVariant = new TreeMap<>();
      for (String line : text.split("\n")) {
        String[] f = line.trim().split(",");
        if (f.length != 4 || f[0].equals("experiment")) {
          continue;
        }
        byVariant.computeIfAbsent(f[1], v -> new TreeMap<>())
            .computeIfAbsent(Double.parseDouble(f[2]), k -> new ArrayList<>())
            .add(Double.parseDouble(f[3]));
      }
      return byVariant;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
