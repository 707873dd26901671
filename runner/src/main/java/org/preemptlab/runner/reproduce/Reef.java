package org.preemptlab.runner.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * {@code preemptlab reproduce reef}: Han et al., "Microsecond-scale Preemption for Concurrent
 * GPU-accelerated DNN Inferences" (REEF, OSDI 2022): reset-based preemption (kill the running
 * best-effort kernels, which are idempotent, and re-run them later) keeps the real-time tasks'
 * added latency under 2% against running them alone, on an AMD MI50. Inputs are synthesised and
 * stated (REEF's per-kernel profiles are not in this repository); GPreempt's AMD figures for REEF
 * (+13.2% LC latency, 72.4% of non-preemptive throughput) are printed for reference only, since
 * they were measured on other workloads.
 */
public final class Reef implements Reproduction {
  static final double PUBLISHED_OVERHEAD = 0.02;
  private static final List<Long> SEEDS = List.of(1L, 2L, 3L);

  private static final String RT = """
        - id: rt
          context: rt
          priority: HIGH
          arrival: {process: poisson, mean-interval: 10ms, start: 1ms}
          kernels:
            - {name: rt-inference, grid-blocks: 9600, threads-per-block: 256, registers-per-thread: 32, idempotent: true, block-time: {uniform: [50us, 150us]}}
      """;

  private static final String BE = """
        - id: be
          context: be
          priority: LOW
          serial: true
          jobs: 600
          arrival: {process: closed-loop, clients: 1}
          kernels:
            - {name: be-layer, grid-blocks: 240, threads-per-block: 256, registers-per-thread: 32, idempotent: true, block-time: {uniform: [10us, 60us]}}
      """;

  private final Optional<PluginRegistry> given;
  private final List<Long> seeds;

  /** The reproduction with the bundled plugins and seeds 1-3. */
  public Reef() {
    this(Optional.empty(), SEEDS);
  }

  Reef(Optional<PluginRegistry> registry, List<Long> seeds) {
    this.given = registry;
    this.seeds = List.copyOf(seeds);
  }

  @Override
  public String id() {
    return "reef";
  }

  @Override
  public String description() {
    return "REEF OSDI'22 on mi50: reset-based preemption keeps real-time overhead under 2%"
        + " (synthesised inputs)";
  }

  private static RunConfig config(boolean withBe, boolean preempt, String strategy,
      Map<String, String> params, long seed) {
    RunConfig config = Overrides.choose(RunConfig.defaults(), "hardware", "mi50");
    config = Overrides.choose(config, "policy", "priority");
    config = Overrides.set(config, "policy.preempt=" + preempt);
    config = Overrides.choose(config, "preemption", strategy);
    for (Map.Entry<String, String> p : params.entrySet()) {
      config = Overrides.set(config, "preemption." + p.getKey() + "=" + p.getValue());
    }
    String yaml = "duration: 60ms\ncontexts: [{id: rt}, {id: be}]\nqueues:\n" + RT
        + (withBe ? BE : "");
    WorkloadConfig workload = new WorkloadConfig(null, null,
        SyntheticSpecs.fromYaml(yaml.lines().filter(l -> !l.isBlank())
            .collect(java.util.stream.Collectors.joining("\n")), "reef.yaml"));
    return config.withWorkload(workload).withName("reef").withSeed(seed);
  }

  /** Mean turnaround of the real-time requests and completed best-effort kernels per second. */
  private record Pooled(double rtMeanUs, int rtJobs, double beKernelsPerSec) {}

  private Pooled pool(RunExecutor executor, boolean withBe, boolean preempt, String strategy,
      Map<String, String> params) {
    double sum = 0;
    int count = 0;
    double beRate = 0;
    for (long seed : seeds) {
      RunOutcome outcome = executor.execute(config(withBe, preempt, strategy, params, seed));
      long window = 0;
      int be = 0;
      for (JobRecord job : outcome.result().jobs()) {
        if (job.queueId().equals("rt")) {
          sum += job.turnaroundNs() / 1000.0;
          count++;
        } else if (job.finishNs() > 0) {
          be++;
          window = Math.max(window, job.finishNs());
        }
      }
      beRate += window == 0 ? 0 : be / (window / 1e9) / seeds.size();
    }
    return new Pooled(sum / count, count, beRate);
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    RunExecutor executor = new RunExecutor(registry);
    Map<String, Pooled> rows = new LinkedHashMap<>();
    rows.put("real-time alone", pool(executor, false, false, "block-boundary", Map.of()));
    rows.put("with best effort, no preemption", pool(executor, true, false, "block-boundary",
        Map.of()));
    rows.put("with best effort, wait (block-boundary)", pool(executor, true, true,
        "block-boundary", Map.of()));
    rows.put("with best effort, reset (flush)", pool(executor, true, true, "flush", Map.of()));
    double alone = rows.get("real-time alone").rtMeanUs();
    TextTable table = new TextTable("configuration", "RT requests", "RT mean latency (us)",
        "RT overhead", "BE kernels/s");
    rows.forEach((name, r) -> table.row(name, r.rtJobs(), Numbers.fixed(r.rtMeanUs(), 1),
        Numbers.percent(r.rtMeanUs() / alone - 1), Numbers.fixed(r.beKernelsPerSec(), 0)));
    double overhead = rows.get("with best effort, reset (flush)").rtMeanUs() / alone - 1;
    boolean ok = overhead < PUBLISHED_OVERHEAD;
    boolean discriminates = rows.get("with best effort, no preemption").rtMeanUs() / alone - 1
        >= PUBLISHED_OVERHEAD;
    TextTable compare = new TextTable("metric", "published", "simulated", "tolerance", "within");
    compare.row("RT latency overhead with reset vs RT alone", "< 2%",
        Numbers.percent(overhead), "< 2%", ok ? "yes" : "NO");
    compare.row("GPreempt's AMD figure for REEF: LC latency", "+13.2%", "not compared", "",
        "other workload");
    compare.row("GPreempt's AMD figure for REEF: throughput vs NP", "72.4%", "not compared", "",
        "other workload");
    out.printf("reef on mi50 (contexts share CUs), priority policy, seeds %s%n", seeds);
    out.print(table.render());
    out.println();
    out.print(compare.render());
    new ReproductionPage(id(), "Reproduction: reef (Han et al., OSDI 2022)")
        .paragraph("""
            Published: REEF's reset-based preemption (kill the running best-effort kernels, which
            are idempotent DNN kernels, and re-run them later; no state is saved) keeps the
            real-time tasks' added latency **under 2%** against running them alone, on an AMD
            MI50 (REEF, OSDI 2022, as restated in its repository's README, SJTU-IPADS/reef).
            GPreempt (ATC 2025, Fig. 4) measured REEF on an MI100 with its DISB workloads at
            +13.2% LC latency and 72.4% of non-preemptive throughput; those workloads are not
            here, so the figures are shown, not compared.

            Synthesised inputs (REEF's per-kernel profiles, e.g. SJTU-IPADS/reef:
            resource/resnet152/resnet152.profile.json, are not in this repository): the `mi50`
            model, whose contexts share compute units; a real-time process submitting one
            inference every 10 ms on average (Poisson; 100 requests/s as in REEF's DISB workload A,
            evaluation/fig10/A.json in SJTU-IPADS/reef-artifacts), each modelled as one kernel of
            9,600 work-groups × 256 work-items of 50-150 µs, about 2 ms on the idle MI50 (an
            assumption: the real-time model's size was not read); a best-effort process running
            idempotent kernels of 240 work-groups of 10-60 µs back to back. Launch costs are the
            H200's (idle and busy), as the `mi50` model assumes. The `priority` policy preempts best-effort kernels for
            real-time ones; reset is the `flush` strategy. Dynamic kernel padding is not modelled.
            Seeds 1-3 pooled; RT latency is submit to finish of a request's kernels, averaged.""")
        .heading("Simulated")
        .table(table.render())
        .heading("Published vs simulated")
        .table(compare.render())
        .paragraph(ok && !discriminates ? "Verdict: within tolerance, but the check does not"
            + " discriminate: with these synthesised inputs even running without preemption keeps"
            + " the real-time overhead under 2%, because best-effort blocks last at most 60 µs and"
            + " the hardware serves the higher-priority queue first as slots free. REEF's"
            + " best-effort kernels (ResNet-152 layers) and its per-kernel profiles would be"
            + " needed for a test that reset passes and waiting fails."
            : ok ? "Verdict: reproduced within tolerance (the synthesised inputs are an"
            + " assumption; see above)."
            : "Verdict: NOT reproduced: with these inputs the reset does not keep the real-time"
                + " overhead under 2%. Most of what remains is the launch: a real-time kernel that"
                + " finds the device busy pays the busy-launch cost (the H200's, assumed for the"
                + " MI50), while REEF launches real-time kernels ahead into its own queues.")
        .write(outputDirectory);
    return ok;
  }
}
