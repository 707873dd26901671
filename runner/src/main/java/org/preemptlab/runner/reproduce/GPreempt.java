package org.preemptlab.runner.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.engine.JobRecord;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.experiment.WorkloadConfig;
import org.preemptlab.runner.report.Numbers;
import org.preemptlab.runner.report.TextTable;
import org.preemptlab.runner.workload.SyntheticSpecs;

/**
 * {@code preemptlab reproduce gpreempt}: Fan et al., "GPreempt: GPU Preemptive Scheduling Made
 * General and Efficient" (USENIX ATC 2025). Simulated today: the time-slice yield without
 * pre-preemption, whose average preemption latency the paper gives as about 200 µs (§5.3, Fig. 6),
 * on the {@code a100} model whose save bandwidth and switch cost come from the paper's §3.1 (not
 * from the compared figure). The other headline rows need what the engine cannot do yet or inputs
 * not available here, and are listed as not simulated, so the command does not report success.
 */
public final class GPreempt implements Reproduction {
  static final double PUBLISHED_LATENCY_US = 200;
  static final double TOLERANCE = 0.25;
  private static final Source PAPER = Source.of("GPreempt, ATC'25", "§5.3, Fig. 6");
  static final Target YIELD_LATENCY = new Target("time-slice yield: mean preemption latency",
      PAPER, "about 200 us", Tolerance.relative(PUBLISHED_LATENCY_US, TOLERANCE, "the paper"
          + " gives the value as approximate (\"about 200 µs\")."));
  static final Target PRE_PREEMPTION = new Target(
      "with hint-based pre-preemption: mean preemption latency", PAPER, "< 40 us",
      Tolerance.below(40, Tolerance.Unit.US, "the paper states a bound (single-LC workloads),"
          + " so the bound is the tolerance."));
  static final Target BLOCK_LEVEL_EXTRA = new Target(
      "block-level wait: extra LC latency on DISB C vs LC alone", PAPER.at("§2.3"),
      "+66.4% (up to 5 ms)", Tolerance.relative(0.664, 0.25, "one workload's measured mean;"
          + " ±25% allows for kernel durations that are not the A100's own."));
  static final Target LC_INCREASE = new Target(
      "GPreempt: mean LC latency increase vs LC alone, DISB A-E", PAPER.at("§5.2, Fig. 4"),
      "+2.4% (block-level +15.3%)", Tolerance.band(0.024, 0.03, Tolerance.Unit.PERCENT,
          "bars averaged over five workloads; 3 points is a fifth of the distance to the"
          + " block-level baseline (+15.3%), so a row inside it still tells the two apart."));
  static final Target THROUGHPUT = new Target(
      "GPreempt: throughput vs no preemption, DISB A-E", PAPER.at("§5.2, Fig. 5"),
      "88.6% (block-level 79.7%)", Tolerance.band(0.886, 0.05, Tolerance.Unit.PERCENT,
          "bars averaged over five workloads; 5 points is about half the distance to the"
          + " block-level baseline (79.7%)."));
  private static final List<Long> SEEDS = List.of(1L, 2L, 3L);

  private static final String WORKLOAD = """
      duration: 40ms
      contexts: [{id: lc}, {id: be}]
      queues:
        - id: lc
          context: lc
          priority: HIGH
          arrival: {process: poisson, mean-interval: 2ms, start: 1ms}
          kernels:
            - {name: lc-infer, grid-blocks: 108, threads-per-block: 256, registers-per-thread: 32, block-time: 100us}
        - id: be
          context: be
          priority: LOW
          serial: true
          jobs: 4
          arrival: {process: closed-loop, clients: 1}
          kernels:
            - {name: be-train, grid-blocks: 2160, threads-per-block: 1024, registers-per-thread: 32, shared-memory-per-block: 82944, block-time: 2ms}
      """;

  private final Optional<PluginRegistry> given;
  private final List<Long> seeds;

  /** The reproduction with the bundled plugins and seeds 1-3. */
  public GPreempt() {
    this(Optional.empty(), SEEDS);
  }

  GPreempt(Optional<PluginRegistry> registry, List<Long> seeds) {
    this.given = registry;
    this.seeds = List.copyOf(seeds);
  }

  @Override
  public String id() {
    return "gpreempt";
  }

  @Override
  public String description() {
    return "GPreempt ATC'25 on a100: time-slice yield ~200 us average preemption latency"
        + " (other rows need a submission hint or DISB inputs)";
  }

  static RunConfig config(long seed) {
    RunConfig config = Overrides.choose(RunConfig.defaults(), "hardware", "a100");
    config = Overrides.set(config, "hardware.time-slice=200us");
    config = Overrides.choose(config, "policy", "round-robin");
    WorkloadConfig workload = new WorkloadConfig(null, null,
        SyntheticSpecs.fromYaml(WORKLOAD, "gpreempt.yaml"));
    return config.withWorkload(workload).withName("gpreempt").withSeed(seed);
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    RunExecutor executor = new RunExecutor(registry);
    long sum = 0;
    int count = 0;
    int switches = 0;
    for (long seed : seeds) {
      RunOutcome outcome = executor.execute(config(seed));
      switches += outcome.result().contextSwitches();
      for (JobRecord job : outcome.result().jobs()) {
        if (job.queueId().equals("lc") && job.firstStartNs() > 0) {
          sum += job.firstStartNs() - job.submitNs();
          count++;
        }
      }
    }
    double meanUs = count == 0 ? Double.NaN : sum / 1000.0 / count;
    ClaimTable claims = new ClaimTable()
        .add(YIELD_LATENCY.simulated(Numbers.fixed(meanUs, 1) + " us (" + count
            + " LC requests)", meanUs))
        .add(PRE_PREEMPTION.notSimulated("Needs a hint ahead of the submission, which a workload"
            + " cannot express yet."))
        .add(BLOCK_LEVEL_EXTRA.notSimulated("Needs the DISB workloads."))
        .add(LC_INCREASE.notSimulated("Needs the DISB workloads."))
        .add(THROUGHPUT.notSimulated("Needs the DISB workloads."));
    out.printf("gpreempt on a100 (time slice 200 us), round-robin policy, seeds %s; %d context"
        + " switches%n", seeds, switches);
    claims.print(out);
    new ReproductionPage(id(), "Reproduction: gpreempt (Fan et al., USENIX ATC 2025)")
        .paragraph("""
            GPreempt shortens the best-effort (BE) context's hardware time slice through a patched
            NVIDIA driver, so a latency-critical (LC) task waits at most for the rest of that
            slice and one context switch. The paper's headline numbers (§5.2-§5.3, Figs. 4-7) are
            in the table. Simulated today is the time-slice yield without pre-preemption.

            Inputs: the `a100` model, whose save bandwidth (1.1 TB/s) and switch cost (60 µs: the
            paper's ~100 µs measured yield plus switch, less its 40 µs save) come from §3.1, not
            from the compared figure; `hardware.time-slice=200us`, the BE slice the paper uses
            ("e.g. 200 µs"). The `time-slice` policy cannot set a slice below 1 ms (the nvgpu
            minimum), so the 200 µs slice is the hardware default for both contexts; LC kernels
            finish within one. BE: one context running 2,160 blocks × 1,024 threads × 32
            registers with 82,944 B of shared memory (two blocks fill an SM: 428,032 B of context
            per SM, the paper's "420 KB per SM"), 2 ms per block, back to back. LC: one kernel of
            108 × 256-thread, 100 µs blocks per request, Poisson arrivals every 2 ms on average.
            Preemption latency = LC request until its first block runs (busy launch included).
            Seeds 1-3 pooled; tolerance ±25% ("about 200 µs").""")
        .claims(claims)
        .paragraph("""
            Not simulated, and why: hint-based pre-preemption starts the BE yield while the LC
            task prepares its data, before its kernel is submitted; that needs a hint event ahead
            of the submission, which a workload cannot express yet (the `timeslice-yield`
            policy's pre-preemption acts at the submission itself). The
            block-level baseline, the LC latency increases and the throughput ratios are
            measured on DISB workloads A-E (thustorage/GPreempt: config/*.json) with real DNN
            kernel durations, which are not in this repository. Until they are, this command reports
            NOT reproduced even when the simulated row is within tolerance.""")
        .write(outputDirectory);
    return claims.reproduced();
  }
}
