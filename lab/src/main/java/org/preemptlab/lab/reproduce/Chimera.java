package org.preemptlab.lab.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.experiment.WorkloadConfig;
import org.preemptlab.runner.metrics.Percentiles;
import org.preemptlab.runner.report.Numbers;
import org.preemptlab.runner.report.TextTable;
import org.preemptlab.runner.workload.SyntheticSpecs;

/**
 * {@code preemptlab reproduce chimera}: Park, Park and Mahlke, "Chimera: Collaborative Preemption
 * for Multitasking on a Shared GPU" (ASPLOS 2015), abstract: choosing per SM between context
 * switch, draining and flushing keeps deadline violations at about 0.2% of preemption requests
 * under a 15 µs latency limit, and improves ANTT by 5.5× and STP by 12.2%. Only the abstract was
 * readable; the inputs are synthesised and stated on the page, and the ANTT and STP baseline
 * (non-preemptive priority scheduling) is an assumption. Beside the rows, a what-if run (no row)
 * allows a stop inside the LOW kernels' shared-memory staging segment, to show how much of the
 * violation rate that segment causes.
 */
public final class Chimera implements Reproduction {
  static final double PUBLISHED_VIOLATIONS = 0.002;
  static final double PUBLISHED_ANTT_GAIN = 5.5;
  static final double PUBLISHED_STP_GAIN = 0.122;
  static final long LIMIT_NS = 15_000;
  private static final Source ABSTRACT = Source.of("Chimera, ASPLOS'15", "abstract");
  /** What every row lacks: only the abstract is public, and no artifact was found. */
  private static final String UNPUBLISHED = "the benchmark kernels, their thread-block times and"
      + " idempotent regions, and the baseline of the ANTT and STP gains (only the abstract is"
      + " public, and no artifact was found)";
  /** The rows' targets and tolerances, with their history. */
  static final TargetFile TARGETS = TargetFile.bundled("chimera");
  static final Target VIOLATIONS = TARGETS.target("violations", "requests over the 15 us limit",
      ABSTRACT, "0.2%", "at most 1 percentage point above the published 0.2%: the benchmarks are"
          + " not known.", PUBLISHED_VIOLATIONS + 0.01);
  static final Target ANTT = TARGETS.target("antt-gain", "ANTT gain vs non-preemptive", ABSTRACT,
      "5.5x", "the mix and the baseline are not known from the abstract.", PUBLISHED_ANTT_GAIN);
  static final Target STP = TARGETS.target("stp-gain", "STP gain vs non-preemptive", ABSTRACT,
      "+12.2%", "the mix and the baseline are not known from the abstract.",
      PUBLISHED_STP_GAIN);
  private static final List<Long> SEEDS = List.of(1L, 2L, 3L);

  private static final String WORKLOAD = """
      duration: 30ms
      contexts: [{id: hp}, {id: lp}]
      queues:
        - id: hp
          context: hp
          priority: HIGH
          arrival: {process: poisson, mean-interval: 500us, start: 200us}
          kernels:
            - {name: hp-kernel, grid-blocks: 30, threads-per-block: 256, registers-per-thread: 32, block-time: 20us}
        - id: lp
          context: lp
          priority: LOW
          serial: true
          jobs: 40
          arrival: {process: closed-loop, clients: 1}
          kernels:
            - {name: lp-idempotent, grid-blocks: 240, threads-per-block: 256, registers-per-thread: 32, idempotent: true, block-time: {uniform: [10us, 200us]}}
            - {name: lp-stateful, grid-blocks: 240, threads-per-block: 256, registers-per-thread: 32, block-time: {uniform: [10us, 200us]}}
      """;

  /**
   * The LOW kernels' program made explicit: the standard program of a tiled kernel ({@code
   * ProgramSpec.standard}, 32 registers, no shared memory) with its 10% shared-memory staging
   * segment turned into a compute segment, so a block may stop inside it. Only the what-if run
   * (no row) uses it.
   */
  private static final String STOPPABLE_STAGING = ", program: {segments: ["
      + "{kind: GLOBAL_MEMORY, share: 20%, live-registers: 16, live-shared: 0}, "
      + "{kind: COMPUTE, share: 10%, live-registers: 16, live-shared: 0}, "
      + "{kind: COMPUTE, share: 60%, live-registers: 32, live-shared: 0}, "
      + "{kind: GLOBAL_MEMORY, share: 10%, live-registers: 8, live-shared: 0}]}";
  private static final String LP_BLOCK_TIME = "block-time: {uniform: [10us, 200us]}";
  static final String WHAT_IF = "what-if: collaborative, stop allowed while staging";

  private final Optional<PluginRegistry> given;
  private final List<Long> seeds;

  /** The reproduction with the bundled plugins and seeds 1-3. */
  public Chimera() {
    this(Optional.empty(), SEEDS);
  }

  Chimera(Optional<PluginRegistry> registry, List<Long> seeds) {
    this.given = registry;
    this.seeds = List.copyOf(seeds);
  }

  @Override
  public String id() {
    return "chimera";
  }

  @Override
  public String description() {
    return "Chimera ASPLOS'15 on gtx480: per-SM switch/drain/flush under 15 us; violations,"
        + " ANTT, STP (synthesised inputs)";
  }

  private static RunConfig config(String workloadYaml, boolean preempt, String strategy,
      Map<String, String> params, String save, long seed) {
    RunConfig config = Overrides.choose(RunConfig.defaults(), "hardware", "gtx480");
    config = Overrides.set(config, "hardware.instruction-level-preemption=true");
    config = Overrides.set(config, "hardware.concurrent-contexts=true");
    config = Overrides.choose(config, "policy", "priority");
    config = Overrides.set(config, "policy.preempt=" + preempt);
    config = Overrides.choose(config, "preemption", strategy);
    config = Overrides.choose(config, "context-save", save);
    for (Map.Entry<String, String> p : params.entrySet()) {
      config = Overrides.set(config, "preemption." + p.getKey() + "=" + p.getValue());
    }
    WorkloadConfig workload = new WorkloadConfig(null, null,
        SyntheticSpecs.fromYaml(workloadYaml, "chimera.yaml"));
    return config.withWorkload(workload).withName("chimera").withSeed(seed);
  }

  /**
   * Pooled results of one configuration over the seeds.
   *
   * @param toPointOverNs per request over the limit, the time from the request until its last
   *     block reached its stop point (or finished draining), in request order
   * @param toPointWithinMedianNs the median of that time over the requests within the limit
   */
  private record Pooled(int preemptions, int violations, double antt, double stp, long p99Ns,
      List<Long> toPointOverNs, long toPointWithinMedianNs) {}

  private Pooled pool(RunExecutor executor, String workloadYaml, boolean preempt,
      String strategy, Map<String, String> params, String save) {
    List<PreemptionRecord> all = new ArrayList<>();
    double antt = 0;
    double stp = 0;
    for (long seed : seeds) {
      RunOutcome outcome = executor.execute(config(workloadYaml, preempt, strategy, params, save,
          seed));
      all.addAll(outcome.result().preemptions());
      antt += outcome.metrics().antt() / seeds.size();
      stp += outcome.metrics().stp() / seeds.size();
    }
    List<PreemptionRecord> over = all.stream().filter(p -> p.latencyNs() > LIMIT_NS).toList();
    long p99 = all.isEmpty() ? 0 : Percentiles.of(
        all.stream().mapToLong(PreemptionRecord::latencyNs).toArray()).at(99);
    long[] within = all.stream().filter(p -> p.latencyNs() <= LIMIT_NS)
        .mapToLong(Chimera::toPointNs).toArray();
    return new Pooled(all.size(), over.size(), antt, stp, p99,
        over.stream().map(Chimera::toPointNs).toList(),
        within.length == 0 ? 0 : Percentiles.of(within).at(50));
  }

  private static long toPointNs(PreemptionRecord record) {
    return record.pointReachedNs() - record.requestNs();
  }

  private Pooled pool(RunExecutor executor, boolean preempt, String strategy,
      Map<String, String> params, String save) {
    return pool(executor, WORKLOAD, preempt, strategy, params, save);
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    RunExecutor executor = new RunExecutor(registry);
    Map<String, Pooled> rows = new LinkedHashMap<>();
    rows.put("non-preemptive", pool(executor, false, "block-boundary", Map.of(), "full"));
    rows.put("drain (block-boundary)", pool(executor, true, "block-boundary", Map.of(), "full"));
    rows.put("context switch (instruction-level)", pool(executor, true, "instruction-level",
        Map.of("checks", "hardware"), "full"));
    rows.put("flush (else drain)", pool(executor, true, "flush",
        Map.of("fallback", "block-boundary"), "full"));
    Pooled chimera = pool(executor, true, "collaborative", Map.of("latency-target", "15us"),
        "full");
    rows.put("collaborative (Chimera, 15 us)", chimera);
    Pooled whatIf = pool(executor, WORKLOAD.replace(LP_BLOCK_TIME, LP_BLOCK_TIME
        + STOPPABLE_STAGING), true, "collaborative", Map.of("latency-target", "15us"), "full");
    rows.put(WHAT_IF, whatIf);
    TextTable table = new TextTable("mechanism", "preemptions", "over 15 us", "p99 latency (us)",
        "ANTT", "STP");
    rows.forEach((name, r) -> table.row(name, r.preemptions(),
        r.preemptions() == 0 ? "-" : Numbers.percent((double) r.violations() / r.preemptions()),
        Numbers.us(r.p99Ns()), Numbers.fixed(r.antt(), 3), Numbers.fixed(r.stp(), 3)));

    Pooled np = rows.get("non-preemptive");
    double violations = chimera.preemptions() == 0 ? Double.NaN
        : (double) chimera.violations() / chimera.preemptions();
    double anttGain = np.antt() / chimera.antt();
    double stpGain = chimera.stp() / np.stp() - 1;
    Pooled cs = rows.get("context switch (instruction-level)");
    double csViolations = cs.preemptions() == 0 ? Double.NaN
        : (double) cs.violations() / cs.preemptions();
    ClaimTable claims = new ClaimTable()
        .add(VIOLATIONS.simulated(Numbers.percent(violations), new double[] {violations},
            new Target.Baseline("context switch alone", Numbers.percent(csViolations),
                csViolations)).inputsUnpublished(UNPUBLISHED))
        .add(ANTT.simulated(Numbers.fixed(anttGain, 2) + "x", anttGain)
            .inputsUnpublished(UNPUBLISHED))
        .add(STP.simulated(Numbers.percent(stpGain), stpGain).inputsUnpublished(UNPUBLISHED));
    out.printf("chimera on gtx480 (instruction-level preemption, SMs shared between contexts),"
        + " priority policy, seeds %s%n", seeds);
    out.print(table.render());
    out.println();
    claims.print(out);
    boolean ok = claims.reproduced();
    new ReproductionPage(id(), "Reproduction: chimera (Park, Park, Mahlke, ASPLOS 2015)")
        .paragraph("""
            Published (abstract of "Chimera: Collaborative Preemption for Multitasking on a
            Shared GPU", ASPLOS 2015): choosing, per SM, the cheapest of a context switch,
            draining and flushing that meets a 15 µs preemption-latency limit violates it for
            about **0.2%** of preemption requests, and improves ANTT by **5.5×** and STP by
            **12.2%**. Only the abstract was readable: the benchmarks, their thread-block times
            and idempotent regions, and the baseline of the ANTT and STP gains are not known.
            Searched for again (December 2026) in public copies of the paper, its artifact and
            the benchmarks it names: the stored copies reachable here hold the abstract only, and
            no artifact was found, so the paper's own per-kernel inputs are still missing and the
            rows below stay on synthesised ones.

            Synthesised inputs (chosen before running, not tuned to the published numbers): the
            `gtx480` model (GPGPU-Sim's GTX480 configuration, 177 GB/s context saves) with
            `instruction-level-preemption=true` and `concurrent-contexts=true` (kernels of two
            processes share the SMs, as in Chimera's spatial multitasking); a LOW process running
            40 kernels back to back, alternately idempotent (flush allowed) and not, each 240
            blocks × 256 threads × 32 registers (4 blocks per SM) lasting a uniform 10-200 µs
            and running the standard program of a tiled kernel (no `program` given); a
            HIGH process launching 30 blocks of 20 µs every 500 µs on average (Poisson). The
            `priority` policy preempts the LOW kernel for the HIGH one. The ANTT and STP baseline
            is the same policy without preemption (an assumption). Seeds 1-3 pooled (ANTT and
            STP averaged). Tolerances: violations at most 1 percentage point above 0.2%; ANTT gain
            ±25%; STP gain ±5 points.""")
        .heading("Simulated")
        .table(table.render())
        .claims(claims)
        .paragraph(ok ? "" : whereItFails(chimera, whatIf, np,
            rows.get("drain (block-boundary)")))
        .write(outputDirectory);
    return ok;
  }

  /**
   * Why rows fail, from this run's numbers: the gains rest on the synthesised mix; the requests
   * over the limit waited for their blocks to reach a stop point, which the what-if run (a stop
   * allowed inside the staging segment) isolates.
   */
  private static String whereItFails(Pooled chimera, Pooled whatIf, Pooled np, Pooled drain) {
    StringBuilder text = new StringBuilder("What sets the illustrations: the gains depend on the"
        + " synthesised mix (how long LOW blocks run, how often HIGH kernels come, how much of the"
        + " LOW work is idempotent) and on the baseline, none of which the abstract gives.");
    if (np.antt() == drain.antt() && np.stp() == drain.stp()) {
      text.append(" Here the non-preemptive baseline and draining give the same ANTT and STP")
          .append(" (the table): the hardware block scheduler hands every slot a LOW block frees")
          .append(" to the waiting HIGH kernel first, so without preemption the HIGH kernel")
          .append(" already waits only for running blocks, and the gains measure preemption")
          .append(" against block-level draining; against which baseline the paper's 5.5x and")
          .append(" 12.2% are measured the abstract does not say.");
    }
    if (chimera.violations() > 0 && whatIf.preemptions() > 0) {
      long lo = chimera.toPointOverNs().stream().mapToLong(Long::longValue).min().orElseThrow();
      long hi = chimera.toPointOverNs().stream().mapToLong(Long::longValue).max().orElseThrow();
      text.append(" In each of the ").append(chimera.violations()).append(" collaborative")
          .append(" requests over 15 µs the victim's blocks took ").append(Numbers.us(lo))
          .append("-").append(Numbers.us(hi)).append(" µs to reach a point where they may")
          .append(" stop, against a median of ").append(Numbers.us(chimera.toPointWithinMedianNs()))
          .append(" µs in the requests within the limit; the save then came on top. The LOW")
          .append(" kernels run the standard program of a tiled kernel (docs/workloads.md),")
          .append(" whose shared-memory staging segment (10% of a 10-200 µs block) admits no")
          .append(" stop inside (the engine's rule for every strategy, docs/model.md), so a")
          .append(" block caught staging runs to the segment's end first. With a stop allowed")
          .append(" inside that segment (the what-if row: the same program with the staging")
          .append(" segment as compute; no row, as it changes the synthesised input after the")
          .append(" first run) the collaborative choice leaves ")
          .append(Numbers.percent((double) whatIf.violations() / whatIf.preemptions()))
          .append(" of ").append(whatIf.preemptions()).append(" requests over 15 µs, with an")
          .append(" ANTT gain of ").append(Numbers.fixed(np.antt() / whatIf.antt(), 2))
          .append("x, so the rule does not explain row 2. Whether")
          .append(" Chimera's context switch may stop a block while it stages data in shared")
          .append(" memory, the abstract does not say: here the synthesised program, not the")
          .append(" per-SM choice, sets the violation rate.");
    }
    return text.toString();
  }
}
