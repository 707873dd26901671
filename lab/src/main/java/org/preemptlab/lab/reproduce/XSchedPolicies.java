package org.preemptlab.lab.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.SimulationResult;
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
 * {@code preemptlab reproduce xsched-policies}: Shen et al., "XSched: Preemptive Scheduling for
 * Diverse XPUs" (OSDI 2025), §7.2, Fig. 9: two processes of ResNet-152 inference share an XPU.
 * With the foreground at 20% of its peak rate and the background running continuously, the
 * foreground's P99 latency is 1.60-2.19× its standalone P99 under the native scheduler and
 * 1.02-1.30× under XSched's fixed-priority policy (the ranges span the paper's ten XPUs); with
 * both continuous, XSched's bandwidth partition gives them 75% and 25% of the device at about
 * 1.5% overhead on average over the XPUs, 5.7% on the GV100 (the artifact's raw results).
 * Simulated on the {@code v100} model (the paper's GV100), as the benchmark runs it
 * (XpuOS/xsched-artifacts: {@code cuda/fig7}): fixed priority with {@code hpf} and each XQueue's
 * own launch configuration, the partition with XSched's PUP ({@code utilization-partition},
 * {@code mode=process}) at level 1. The overhead row is checked against the GV100's own figure.
 */
public final class XSchedPolicies implements Reproduction {
  /** Kernels per inference: 113 kernels of 2-113 µs (mean 57.5 µs) take 6.5 ms. */
  static final int KERNELS = 113;
  static final int REQUESTS = 200;
  static final double NATIVE_LOW = 1.60;
  static final double NATIVE_HIGH = 2.19;
  static final double XSCHED_LOW = 1.02;
  static final double XSCHED_HIGH = 1.30;
  /** The configured split, which the GV100 bar shows as 74.7% (see {@link #GV100_XSCHED_FG}). */
  static final double SHARE = 0.75;
  static final double SHARE_TOLERANCE = 0.05;
  /**
   * The paper's "about 1.5%" is its mean over the XPUs; the GV100's own bar, the device the {@code
   * v100} model stands for, is 1 - (109.783 + 37.0939) / 155.709 = 5.67% (derived from the
   * artifact's raw results). The simulated GV100 is checked against the GV100's figure.
   */
  static final double OVERHEAD_MEAN_OVER_XPUS = 0.015;
  static final double OVERHEAD_TOLERANCE = 0.015;
  /** GV100 foreground P99 over standalone P99 in the raw CDFs (fp_*_gv100.cdf, line 0.99). */
  static final double GV100_NATIVE_RATIO = 14_111_015.0 / 6_521_597.0;
  static final double GV100_XSCHED_RATIO = 7_396_009.0 / 6_521_597.0;
  /** Throughput is measured over this much simulated time, after a warm-up of 100 ms. */
  static final long THROUGHPUT_WINDOW_NS = 1_000_000_000L;
  /**
   * XSched's XQueue launch configurations in the benchmark (XpuOS/xsched-artifacts {@code
   * cuda/fig7/scripts}): the fixed-priority foreground's in-flight threshold 64 and batch 32
   * (level 1); every other XQueue 16 and 8.
   */
  static final int FG_WINDOW = 64;
  static final int FG_BATCH = 32;
  static final int BG_WINDOW = 16;
  static final int BG_BATCH = 8;
  /**
   * The GV100 bars of Fig. 9 (bottom), from the artifact's raw results (XpuOS/xsched-artifacts
   * {@code results/fig7/raw/up_{sa,base,xsched}_gv100.thpt}, requests per second): standalone
   * 155.709; native 70.4878 and 70.5242; XSched 75/25 109.783 and 37.0939.
   */
  static final double GV100_STANDALONE = 155.709;
  static final double GV100_NATIVE_FG = 70.4878;
  static final double GV100_NATIVE_BG = 70.5242;
  static final double GV100_XSCHED_FG = 109.783;
  static final double GV100_XSCHED_BG = 37.0939;
  static final long WARMUP_NS = 100_000_000L;
  /**
   * The time-slice switch cost every run uses, in place of the {@code v100} model's 180 µs (which
   * was fitted to this figure's native bar): the {@code h200} model's median switch, fitted to the
   * H200 time-slicing measurements (docs/hardware-models.md, {@code h200}, fit 2), a cross-device
   * assumption as for {@code gtx1080}, {@code mi50} and {@code mi100}. No GV100 figure of the
   * switch is published; this one is independent of Fig. 9.
   */
  static final String SWITCH = "142.7us";

  private static final Source FIG9 = new Source("XSched, OSDI'25", "§7.2, Fig. 9",
      "XpuOS/xsched-artifacts: results/fig7/raw");
  private static final String RANGE = "the paper gives the range over its ten XPUs; the row must"
      + " fall inside it.";
  /** The rows' targets and tolerances, with their history. */
  static final TargetFile TARGETS = TargetFile.bundled("xsched-policies");
  static final Target NATIVE_P99 = TARGETS.target("native-p99", "native: FG P99 / standalone",
      FIG9, "1.60-2.19x (GV100 " + Numbers.fixed(GV100_NATIVE_RATIO, 2) + "x)", RANGE,
      NATIVE_LOW, NATIVE_HIGH);
  static final Target XSCHED_P99 = TARGETS.target("xsched-p99", "XSched fixed priority: FG P99 /"
      + " standalone", FIG9, "1.02-1.30x (GV100 " + Numbers.fixed(GV100_XSCHED_RATIO, 2) + "x)",
      RANGE, XSCHED_LOW, XSCHED_HIGH);
  static final Target PARTITION_SHARE = TARGETS.target("partition-share", "bandwidth partition:"
      + " FG share", FIG9, "75% (GV100 " + Numbers.percent(GV100_XSCHED_FG / (GV100_XSCHED_FG
      + GV100_XSCHED_BG)) + ")", "the configured split is 75/25; the band of 5 points was set"
      + " with the first version of this reproduction and is kept unchanged.", SHARE,
      SHARE_TOLERANCE);
  static final Target PARTITION_OVERHEAD = TARGETS.target("partition-overhead", "bandwidth"
      + " partition: overhead", FIG9, "GV100 " + Numbers.percent(1 - (GV100_XSCHED_FG
      + GV100_XSCHED_BG) / GV100_STANDALONE) + " (mean over XPUs about 1.5%)", "the GV100's own"
      + " figure, since the v100 model stands for it; 1.5 points is the paper's mean overhead"
      + " over the XPUs.", 1 - (GV100_XSCHED_FG + GV100_XSCHED_BG) / GV100_STANDALONE,
      OVERHEAD_TOLERANCE);

  private final Optional<PluginRegistry> given;
  private final int requests;
  private final long throughputWindowNs;
  private final long seed;

  /** The reproduction with the bundled plugins, 200 foreground requests and 1 s of throughput. */
  public XSchedPolicies() {
    this(Optional.empty(), REQUESTS, THROUGHPUT_WINDOW_NS, 1);
  }

  XSchedPolicies(Optional<PluginRegistry> registry, int requests, long throughputWindowNs,
      long seed) {
    this.given = registry;
    this.requests = requests;
    this.throughputWindowNs = throughputWindowNs;
    this.seed = seed;
  }

  @Override
  public String id() {
    return "xsched-policies";
  }

  @Override
  public String description() {
    return "XSched OSDI'25 Fig. 9 on v100: fixed priority keeps the foreground P99 near standalone,"
        + " utilization partition splits 75/25";
  }

  /**
   * One inference process: a queue whose client submits 113 kernels at once, then waits; with its
   * own XQueue launch window and batch when {@code window} is above 0.
   */
  private static String process(String id, String priority, int weight, int requests,
      String thinkTime, int window, int batch) {
    return XSchedRuns.process(id, priority, weight, window, batch, (long) requests * KERNELS,
        "{process: closed-loop, clients: 1, burst: " + KERNELS + ", think-time: " + thinkTime
            + "}", "{name: " + id + "-layer, grid-blocks: 80, threads-per-block: 256,"
            + " registers-per-thread: 32, block-time: {uniform: [2us, 113us]}}");
  }

  /**
   * Foreground requests with a think time of 10-42 ms (mean 26 ms: with 6.5 ms of inference, one
   * request every 32.5 ms, 20% of the standalone peak), optionally with a continuous background.
   * Under XSched ({@code xsched}) each process has the benchmark's XQueue launch configuration:
   * the foreground 64 / 32, the background 16 / 8 ({@code cuda/fig7/scripts/fp_xsched.sh}).
   */
  static String latencyWorkload(int requests, boolean background, boolean xsched) {
    StringBuilder yaml = new StringBuilder("duration: 3600s\ncontexts: [{id: fg}"
        + (background ? ", {id: bg}" : "") + "]\nqueues:\n");
    yaml.append(process("fg", "HIGH", 1, requests, "{uniform: [10ms, 42ms]}",
        xsched ? FG_WINDOW : 0, FG_BATCH));
    if (background) {
      // Enough background requests to outlast the foreground's, whatever the policy.
      yaml.append(process("bg", "LOW", 1, requests * 6, "0", xsched ? BG_WINDOW : 0, BG_BATCH));
    }
    return yaml.toString();
  }

  /**
   * Both processes continuous, weights 3 and 1, or the foreground alone; under XSched both have
   * the launch configuration 16 / 8 ({@code cuda/fig7/scripts/up_xsched.sh}).
   */
  static String throughputWorkload(long horizonNs, boolean both, boolean xsched) {
    int requests = (int) (horizonNs / 6_000_000L) + 2;
    StringBuilder yaml = new StringBuilder("duration: 3600s\ncontexts: [{id: fg}"
        + (both ? ", {id: bg}" : "") + "]\nqueues:\n");
    yaml.append(process("fg", "NORMAL", 3, requests, "0", xsched ? BG_WINDOW : 0, BG_BATCH));
    if (both) {
      yaml.append(process("bg", "NORMAL", 1, requests, "0", xsched ? BG_WINDOW : 0, BG_BATCH));
    }
    return yaml.toString();
  }

  /**
   * The run: the {@code v100} model, one CUDA stream per process ({@code engine.in-order}), and no
   * engine-wide launch window (the native CUDA stream takes everything; XSched's XQueues set their
   * own windows in the workload).
   */
  static RunConfig config(String yaml, String policy, long seed) {
    return Overrides.set(XSchedRuns.v100(yaml, "xsched-policies", policy, seed),
        "hardware.context-switch=" + SWITCH);
  }

  /** Latencies in ns of the queue's requests: first submission to last finish of each burst. */
  static long[] requestLatencies(SimulationResult result, String queue) {
    List<JobRecord> jobs = result.jobs().stream().filter(j -> j.queueId().equals(queue))
        .sorted(java.util.Comparator.comparingLong(JobRecord::jobId)).toList();
    List<Long> latencies = new ArrayList<>();
    for (int start = 0; start + KERNELS <= jobs.size(); start += KERNELS) {
      long submit = Long.MAX_VALUE;
      long finish = 0;
      for (JobRecord job : jobs.subList(start, start + KERNELS)) {
        submit = Math.min(submit, job.submitNs());
        finish = Math.max(finish, job.finishNs());
      }
      latencies.add(finish - submit);
    }
    return latencies.stream().mapToLong(Long::longValue).toArray();
  }

  /** Fails if the background ran dry before the foreground's last request ended. */
  private static void checkBackgroundOutlasts(SimulationResult result) {
    long fg = XSchedRuns.lastFinish(result, "fg");
    long bg = XSchedRuns.lastFinish(result, "bg");
    if (bg <= fg) {
      throw new IllegalStateException("the background ran dry at " + bg + " ns, before the"
          + " foreground's last request ended at " + fg + " ns: give it more requests");
    }
  }

  /**
   * Requests of the queue per second over [from, to): its kernels that finished inside, divided by
   * the kernels of one request (so a request half done counts half).
   */
  static double throughput(SimulationResult result, String queue, long fromNs, long toNs) {
    return XSchedRuns.throughput(result, queue, fromNs, toNs, KERNELS);
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    RunExecutor executor = new RunExecutor(registry);
    // Fixed priority: foreground latency, standalone / native / XSched HPF.
    SimulationResult alone = executor.execute(config(latencyWorkload(requests, false, false),
        "fifo", seed)).result();
    SimulationResult nativeRun = executor.execute(config(latencyWorkload(requests, true, false),
        "fifo", seed)).result();
    RunConfig hpf = Overrides.set(config(latencyWorkload(requests, true, true), "hpf", seed),
        "policy.level=2");
    SimulationResult xsched = executor.execute(hpf).result();
    checkBackgroundOutlasts(nativeRun);
    checkBackgroundOutlasts(xsched);
    Percentiles aloneP = Percentiles.of(requestLatencies(alone, "fg"));
    Percentiles nativeP = Percentiles.of(requestLatencies(nativeRun, "fg"));
    Percentiles xschedP = Percentiles.of(requestLatencies(xsched, "fg"));
    double base = aloneP.at(99);
    double nativeRatio = nativeP.at(99) / base;
    double xschedRatio = xschedP.at(99) / base;

    // Bandwidth partition: throughput of the foreground alone, of both natively and of both under
    // XSched's PUP 75/25 at level 1, as the benchmark runs it.
    long from = WARMUP_NS;
    long to = WARMUP_NS + throughputWindowNs;
    SimulationResult aloneThpt = executor.execute(config(throughputWorkload(to, false, false),
        "fifo", seed)).result();
    SimulationResult nativeThpt = executor.execute(config(throughputWorkload(to, true, false),
        "fifo", seed)).result();
    RunConfig up = Overrides.set(Overrides.set(config(throughputWorkload(to, true, true),
        "utilization-partition", seed), "policy.level=1"), "policy.mode=process");
    SimulationResult upRun = executor.execute(up).result();
    Handovers fgOut = Handovers.of(upRun, "fg", from, to);
    Handovers bgOut = Handovers.of(upRun, "bg", from, to);
    // The same without the switch cost: what the hand-overs' context switches account for.
    SimulationResult upFreeRun = executor.execute(Overrides.set(up,
        "hardware.context-switch=0ns")).result();
    double fgFree = throughput(upFreeRun, "fg", from, to);
    double bgFree = throughput(upFreeRun, "bg", from, to);
    double standalone = throughput(aloneThpt, "fg", from, to);
    double nativeFg = throughput(nativeThpt, "fg", from, to);
    double nativeBg = throughput(nativeThpt, "bg", from, to);
    double fg = throughput(upRun, "fg", from, to);
    double bg = throughput(upRun, "bg", from, to);
    double share = fg / (fg + bg);
    double overhead = 1 - (fg + bg) / standalone;
    double nativeOverhead = 1 - (nativeFg + nativeBg) / standalone;
    double gv100Overhead = 1 - (GV100_XSCHED_FG + GV100_XSCHED_BG) / GV100_STANDALONE;
    double gv100Share = GV100_XSCHED_FG / (GV100_XSCHED_FG + GV100_XSCHED_BG);
    double gv100NativeOverhead = 1 - (GV100_NATIVE_FG + GV100_NATIVE_BG) / GV100_STANDALONE;

    TextTable latency = new TextTable("foreground (20% of peak)", "requests", "P50 (ms)",
        "P99 (ms)", "P99 / standalone P99", "GV100 measured");
    latency.row("standalone", aloneP.count(), ms(aloneP.at(50)), ms(aloneP.at(99)), "1.00x",
        "1.00x");
    latency.row("with background, native (time slices)", nativeP.count(), ms(nativeP.at(50)),
        ms(nativeP.at(99)), Numbers.fixed(nativeRatio, 2) + "x",
        Numbers.fixed(GV100_NATIVE_RATIO, 2) + "x");
    latency.row("with background, XSched hpf (FG level 1 64/32, BG level 2 16/8)",
        xschedP.count(), ms(xschedP.at(50)), ms(xschedP.at(99)),
        Numbers.fixed(xschedRatio, 2) + "x", Numbers.fixed(GV100_XSCHED_RATIO, 2) + "x");
    TextTable throughputTable = new TextTable("both continuous", "foreground req/s",
        "background req/s", "foreground share", "total vs standalone", "GV100 measured total");
    throughputTable.row("standalone (foreground alone, native)", Numbers.fixed(standalone, 1),
        "-", "-", "100.0%", "100.0% (" + Numbers.fixed(GV100_STANDALONE, 1) + " req/s)");
    throughputTable.row("native (time slices)", Numbers.fixed(nativeFg, 1),
        Numbers.fixed(nativeBg, 1), Numbers.percent(nativeFg / (nativeFg + nativeBg)),
        Numbers.percent(1 - nativeOverhead), Numbers.percent(1 - gv100NativeOverhead));
    throughputTable.row("XSched PUP 75/25 (level 1, threshold 16, batch 8)", Numbers.fixed(fg, 1),
        Numbers.fixed(bg, 1), Numbers.percent(share), Numbers.percent(1 - overhead),
        Numbers.percent(1 - gv100Overhead) + " (share " + Numbers.percent(gv100Share) + ")");
    throughputTable.row("same, context switches free (for comparison)", Numbers.fixed(fgFree, 1),
        Numbers.fixed(bgFree, 1), Numbers.percent(fgFree / (fgFree + bgFree)),
        Numbers.percent((fgFree + bgFree) / standalone), "-");

    double nativeShare = nativeFg / (nativeFg + nativeBg);
    ClaimTable claims = new ClaimTable()
        .add(NATIVE_P99.simulated(Numbers.fixed(nativeRatio, 2) + "x", nativeRatio))
        .add(XSCHED_P99.simulated(Numbers.fixed(xschedRatio, 2) + "x", new double[] {xschedRatio},
            new Target.Baseline("native", Numbers.fixed(nativeRatio, 2) + "x", nativeRatio)))
        .add(PARTITION_SHARE.simulated(Numbers.percent(share), new double[] {share},
            new Target.Baseline("native", Numbers.percent(nativeShare), nativeShare)))
        .add(PARTITION_OVERHEAD.simulated(Numbers.percent(overhead), overhead));
    boolean shareOk = claims.rows().get(2).within();
    boolean overheadOk = claims.rows().get(3).within();
    out.printf("xsched-policies on v100 (contexts time-sliced), seed %d: %d foreground requests;"
        + " throughput over %s ms after %s ms%n", seed, requests,
        Numbers.fixed(throughputWindowNs / 1e6, 0), Numbers.fixed(WARMUP_NS / 1e6, 0));
    out.print(latency.render());
    out.println();
    out.print(throughputTable.render());
    out.println();
    claims.print(out);
    new ReproductionPage(id(), "Reproduction: xsched-policies (Shen et al., OSDI 2025, Fig. 9)")
        .paragraph("""
            Published (Shen et al., "XSched: Preemptive Scheduling for Diverse XPUs", OSDI 2025,
            §7.2, Fig. 9): two processes run ResNet-152 inference on one XPU (command durations
            2-113 µs on the GV100). **Fixed priority** (top of the figure): the foreground sends
            requests at 20% of its peak rate while the background runs continuously; the
            foreground's P99 latency is **1.60-2.19×** its standalone P99 under the native
            scheduler and **1.02-1.30×** under XSched's fixed-priority policy, over the paper's
            ten XPUs. **Bandwidth partition** (bottom): both run continuously and XSched gives
            them **75% and 25%** of the device; the paper puts the overhead at about **1.5%**,
            its mean over the XPUs. The GV100's own bars, from the artifact's raw results
            (XpuOS/xsched-artifacts: `results/fig7/raw/*_gv100.*`), are printed beside the
            simulated values: P99 ratios 2.16× (native) and 1.13× (XSched); throughput, in
            requests per second, 155.7 standalone, 70.5 + 70.5 native (90.6%), 109.8 + 37.1
            under XSched (74.7% / 25.3%, total 94.3%: **5.7% overhead on the GV100**). The P99
            rows must fall inside the published ranges; the share is checked at ±5 points of
            75%; the overhead at ±1.5 points of the GV100's 5.7%, since the `v100` model stands
            for that device and not for the mean over ten XPUs.""")
        .paragraph("""
            Inputs, following the benchmark (XpuOS/xsched-artifacts: `cuda/fig7`), with the
            assumptions named: the `v100` model (80 SMs; two processes are two contexts,
            time-sliced, as on a GPU without MPS, with the model's 2.05 ms slice, an assumption
            from the H200 measurements, and a context switch of 142.7 µs, the H200's, in place of
            the model's 180 µs: see below); one inference is 113 kernels submitted at
            once to one stream (`engine.in-order=true`), each one wave of 80 blocks lasting a
            uniform 2-113 µs (the paper's range; the uniform shape is an assumption), so an
            inference takes 6.5 ms on average, the GV100's standalone rate of 153.5 requests/s
            that the benchmark's script implies (30.7 requests/s is "20% load",
            `cuda/fig7/scripts/gv100.sh`); 113 kernels is chosen to match that rate, not the
            compared figure. The foreground waits a uniform 10-42 ms after each request (mean
            26 ms: one request every 32.5 ms, 20% of the peak; the benchmark draws each start
            ±50% around its period). Native: no launch window (the CUDA stream takes
            everything). XSched, as `cuda/fig7/scripts/fp_xsched.sh` and `up_xsched.sh` set it
            per XQueue (the queue keys `launch-window` and `launch-batch`): fixed priority is
            `hpf`, the foreground an XQueue at level 1 with in-flight threshold 64 and batch 32
            (never suspended), the background at level 2 with 16 and 8; the partition is the
            XSched server's `PUP` policy, `utilization-partition` with `mode=process` (turns of
            5 ms × 2 processes × 75% = 7.5 ms and 2.5 ms; an owner that runs out of work keeps
            the rest of its turn for the next, XpuOS/xsched `sched/src/policy/pup.cpp`), both
            XQueues at level 1 with 16 and 8, weights 3 and 1 for the utilization hints 75 and
            25. Latency of a request: its first kernel's submission to its last kernel's end.
            Throughput: kernels finished per second over 1 s after a 100 ms warm-up, divided by
            113 (requests per second); overhead = 1 - (foreground + background) / the
            foreground alone. Seed 1.""")
        .paragraph("""
            The switch cost, chosen so that no parameter is fitted to this figure. No published
            GV100 time-slice switch cost was found: the XSched paper's GV100 level-3 figure (about
            32 µs, §7.3, Fig. 11b) is its trap-based interrupt inside one context, the default
            level-3 implementation (XpuOS/xsched: `platforms/cuda/hal/src/common/options.cpp`),
            not the driver's switch between contexts. The bundled `v100` model's `context-switch`, 180 µs,
            was fitted to this figure's native throughput bar
            ([hardware-models.md](../hardware-models.md), `v100`), so a run with it would check
            the native rows in-sample and carry the fit into the XSched rows. Every run here
            therefore overrides it with `hardware.context-switch=142.7us`, the `h200` model's
            median switch, fitted to the time-slicing switch-outs measured on an H200 for this
            project (the `h200` section of the same page, fit 2): a cross-device assumption, as
            the `gtx1080`, `mi50` and `mi100` models make it, and independent of Fig. 9. The
            native throughput row is then a prediction too, shown beside the GV100's 90.6%.""")
        .heading("Fixed priority: foreground latency")
        .table(latency.render())
        .heading("Bandwidth partition: throughput")
        .table(throughputTable.render())
        .claims(claims)
        .paragraph(whyNot(shareOk, overheadOk))
        .paragraph("""
            What the partition shows. The policy splits the device's time as configured: in
            the measured second the foreground owned it %s of the time the two owned it between
            them (mean turns %s ms and %s ms). But XSched's level 1 only stops launching: at a
            hand-over the outgoing process's kernels already in flight (8 to 16 with threshold
            16 and batch 8) still run, in the next owner's turn. The foreground's turns (7.5 ms
            plus what it kept) are longer than an inference (6.5 ms), so it runs dry at the end
            of every inference and hands over with nothing in flight: %d of its %d hand-overs
            left kernels running. The background's 2.5 ms turns mostly end on their budget: %d
            of its %d hand-overs left kernels running, and they went quiet %s ms after the
            hand-over on average (the time-sliced device runs them when it switches back to
            the background's context). That GPU time is the background's, which is why the
            simulated share is below 75%%; the GV100 bar is 74.7%%. The overhead is the context
            switches of the hand-overs (at least two per cycle of about 10 ms, 142.7 µs each):
            with free switches (`hardware.context-switch=0ns`, the last row of the throughput
            table) the same run keeps %s of the standalone throughput (two processes fill each
            other's gaps between inferences), and its share is %s, so the switches explain the
            overhead and not the split."""
            .formatted(Numbers.percent((double) bgOut.otherOwnedNs()
                    / (bgOut.otherOwnedNs() + fgOut.otherOwnedNs())),
                Numbers.fixed(bgOut.otherOwnedNs() / 1e6 / Math.max(1, fgOut.count()), 2),
                Numbers.fixed(fgOut.otherOwnedNs() / 1e6 / Math.max(1, bgOut.count()), 2),
                fgOut.drained(), fgOut.count(), bgOut.drained(), bgOut.count(),
                Numbers.fixed(bgOut.drainNs() / 1e6 / Math.max(1, bgOut.drained()), 2),
                Numbers.percent((fgFree + bgFree) / standalone),
                Numbers.percent(fgFree / (fgFree + bgFree))))
        .write(outputDirectory);
    return claims.reproduced();
  }

  /**
   * What a queue's suspensions under the partition show within [from, to): how long the other
   * queue owned the device (this one suspended), how many hand-overs this one made, in how many
   * it still had kernels in flight (level 1 lets them run) and how long those drained.
   */
  record Handovers(long otherOwnedNs, int count, int drained, long drainNs) {
    static Handovers of(SimulationResult result, String queue, long fromNs, long toNs) {
      long owned = 0;
      int count = 0;
      int drained = 0;
      long drain = 0;
      for (SuspensionRecord s : result.suspensions()) {
        if (!s.queueId().equals(queue) || s.requestNs() >= toNs) {
          continue;
        }
        long end = s.resumeNs() < 0 ? toNs : Math.min(s.resumeNs(), toNs);
        owned += Math.max(0, end - Math.max(s.requestNs(), fromNs));
        if (s.requestNs() >= fromNs) {
          count++;
          if (s.quietNs() > s.requestNs()) {
            drained++;
            drain += s.quietNs() - s.requestNs();
          }
        }
      }
      return new Handovers(owned, count, drained, drain);
    }
  }

  /** Empty when the partition rows pass; otherwise which of them misses. */
  static String whyNot(boolean shareOk, boolean overheadOk) {
    if (shareOk && overheadOk) {
      return "";
    }
    return "The partition misses its " + (shareOk ? "overhead" : overheadOk ? "share"
        : "share and overhead") + " row; the paragraph below gives the mechanisms behind both.";
  }

  private static String ms(double ns) {
    return Numbers.fixed(ns / 1e6, 2);
  }
}
