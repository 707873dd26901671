package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.report.Numbers;
import org.preemptlab.runner.report.TextTable;

/**
 * {@code preemptlab reproduce vllm-rtxpro6000}: a real vLLM run against {@code llm-serving}, on
 * LLMServingSim 2.0's validation bundle (casys-kaist/LLMServingSim @5daddb2, {@code
 * bench/examples/RTXPRO6000/Llama-3.1-8B}, MIT licence): vLLM 0.19.0 serving Llama 3.1 8B in
 * bfloat16 on one RTX PRO 6000 Blackwell Server Edition, 300 ShareGPT requests arriving at 10 per
 * second, every request's output length pinned. The inputs are the bundle's own: its trace, its
 * vLLM engine arguments, the per-operator profile LLMServingSim measured on that card with the
 * same vLLM, and a hardware model of the card from its datasheet ({@code docs/data/README.md}).
 *
 * <p>The targets are vLLM's measurement, computed from the bundle's {@code vllm/requests.jsonl}
 * with the definitions of LLMServingSim's {@code bench/core/validate.py} (TTFT from {@code
 * queued_ts}, TPOT {@code (last - first) / (output - 1)}, latency {@code last - queued_ts}) and
 * nearest-rank percentiles; token throughput is output tokens over the span from the first
 * arrival to the last token. Tolerances are issue 47's: means within 5%, p99 within 10%,
 * throughput within 5%. Nothing of the server was fitted to this run: the scheduler is vLLM V1's,
 * its budgets the bundle's, and the block times the profile's.
 */
public final class VllmRtxPro6000 implements Reproduction {
  /** The bundle's folder, relative to the repository (run from its root). */
  static final Path BUNDLE = Path.of("docs/data/llmservingsim/bench/RTXPRO6000/Llama-3.1-8B");
  /**
   * The requests both vLLM bundles ran, with their prompts' token ids: LLMServingSim's workload
   * file, whose SHA-256 is the {@code dataset_hash} of the bundles' {@code vllm/meta.json}.
   */
  static final Path WORKLOAD =
      Path.of("docs/data/llmservingsim/workloads/sharegpt-llama-3.1-8b-300-sps10.jsonl");

  /** The workload's prompt tokens, all 300 requests' ({@code VllmRtxPro6000Test} sums them). */
  static final long WORKLOAD_PROMPT_TOKENS = 257_239;
  /** The hardware model file of the card. */
  static final Path HARDWARE =
      Path.of("docs/data/llmservingsim/bench/RTXPRO6000/rtx-pro-6000-server.yaml");
  /** LLMServingSim's profile of the model on the card (tp1 read). */
  static final Path PROFILE =
      Path.of("docs/data/llmservingsim/RTXPRO6000/meta-llama/Llama-3.1-8B/bf16");

  private static final Source SOURCE = new Source("LLMServingSim 2.0 vLLM bundle (vLLM 0.19.0)",
      "RTXPRO6000/Llama-3.1-8B", "casys-kaist/LLMServingSim @5daddb2: "
          + "bench/examples/RTXPRO6000/Llama-3.1-8B/vllm/requests.jsonl");

  // vLLM's measurement (ms, tokens/s), computed from vllm/requests.jsonl; VllmRtxPro6000Test
  // recomputes each from the bundle's file.
  static final double TTFT_MEAN = 7097.157;
  static final double TTFT_P99 = 19754.146;
  static final double TPOT_MEAN = 32.458;
  static final double TPOT_P99 = 37.343;
  static final double E2E_MEAN = 28200.747;
  static final double E2E_P99 = 37638.603;
  static final double THROUGHPUT = 2969.26;

  private static final String MEAN = "a mean over 300 requests: issue 47's 5%";
  private static final String P99 = "the 3rd-longest of 300 requests: issue 47's 10%";

  /** A row of a vLLM reproduction: its key in the targets file, its claim and its tolerance. */
  private record Row(String key, String claim, double fraction, String reason) {}

  private static final List<Row> ROWS = List.of(
      new Row("ttft-mean", "TTFT mean (ms)", 0.05, MEAN),
      new Row("ttft-p99", "TTFT p99 (ms)", 0.10, P99),
      new Row("tpot-mean", "TPOT mean (ms)", 0.05, MEAN),
      new Row("tpot-p99", "TPOT p99 (ms)", 0.10, P99),
      new Row("e2e-mean", "end-to-end latency mean (ms)", 0.05, MEAN),
      new Row("e2e-p99", "end-to-end latency p99 (ms)", 0.10, P99),
      new Row("tokens-per-second", "output tokens per second", 0.05,
          "all output tokens over the run's span: issue 47's 5%"));

  /** The rows' targets and tolerances, with their history. */
  static final TargetFile FILE = TargetFile.bundled("vllm-rtxpro6000");

  /** The rows, fixed before the first simulation. */
  static final List<Target> TARGETS = rows(FILE, SOURCE, TTFT_MEAN, TTFT_P99, TPOT_MEAN,
      TPOT_P99, E2E_MEAN, E2E_P99, THROUGHPUT);

  /** The metric of llm-serving each target row reads, in ms (or tokens/s), and its scale. */
  static final List<String> METRICS = List.of("ttft-mean", "ttft-p99", "tpot-mean",
      "tpot-p99", "e2e-latency-mean", "e2e-latency-p99", "tokens-per-second");

  /** LLMServingSim 2.0's own figures on the bundle, as its validation/summary.txt gives them. */
  static final List<String> SUMMARY_ROWS = List.of("TTFT Mean", "TTFT P99", "TPOT Mean",
      "TPOT P99", "Latency Mean", "Latency P99", "");

  private final Optional<PluginRegistry> given;

  /** The reproduction with the bundled plugins. */
  public VllmRtxPro6000() {
    this(Optional.empty());
  }

  VllmRtxPro6000(Optional<PluginRegistry> registry) {
    this.given = registry;
  }

  /**
   * The seven rows of a reproduced vLLM run of an LLMServingSim 2.0 bundle, with their targets
   * and tolerances from {@code file}: vLLM's measured TTFT, TPOT and end-to-end latency (mean and
   * p99, ms) and output tokens per second, in that order, with issue 47's tolerances.
   */
  static List<Target> rows(TargetFile file, Source source, double... measured) {
    checkArgument(measured.length == ROWS.size(), "%s measured values for %s rows",
        measured.length, ROWS.size());
    List<Target> rows = new ArrayList<>();
    for (int i = 0; i < ROWS.size(); i++) {
      Row row = ROWS.get(i);
      rows.add(file.target(row.key(), row.claim(), source, Numbers.fixed(measured[i], 1),
          row.reason(), measured[i], row.fraction()));
    }
    return List.copyOf(rows);
  }

  @Override
  public String id() {
    return "vllm-rtxpro6000";
  }

  @Override
  public String description() {
    return "vLLM 0.19.0 serving Llama 3.1 8B on an RTX PRO 6000: TTFT, TPOT, latency and"
        + " throughput of LLMServingSim 2.0's validation bundle";
  }

  /**
   * The run's configuration: the bundle's requests with their prompts' token ids, drained to the
   * last, with vLLM V1's scheduler, its prefix caching and the bundle's engine arguments ({@code
   * max_num_seqs} 128, {@code max_num_batched_tokens} 2048; the block size vLLM picks, 16) on the
   * card's model.
   */
  public static String config(Path root) {
    return config(root, true, true);
  }

  /**
   * The configuration {@code bench --llm} times as {@code vllm-300}: the reproduction's as it was
   * before prefix caching (the bundle's {@code trace.csv}, lengths only, no prefix caching), kept
   * so that the benchmark's figures stay comparable across versions.
   */
  public static String benchConfig(Path root) {
    return config(root, true, false);
  }

  /**
   * The run's configuration, with ({@code skew} true, the reproduction) or without the bundle's
   * skew correction of decode attention (the ablation shown beside it), and with vLLM's prefix
   * caching over the workload's token ids ({@code prefixCaching}) or over the lengths alone.
   */
  static String config(Path root, boolean skew, boolean prefixCaching) {
    String requests = prefixCaching
        ? "trace: " + root.resolve(WORKLOAD) + "\n      trace-format: llmservingsim\n"
            + "      prefix-caching: true"
        : "trace: " + root.resolve(BUNDLE).resolve("trace.csv");
    return """
        name: vllm-rtxpro6000
        hardware:
          id: file
          parameters:
            path: %s
        workload:
          generator: none
        applications:
          - id: llm-serving
            parameters:
              model: llama-3.1-8b
              profile-format: llmservingsim
              profile-file: %s
              %s
              duration: 1000s
              drain: true
              scheduler: vllm-v1
              max-batch-seqs: 128
              max-batch-tokens: 2048
              kv-block-tokens: 16
              kv-cache-bytes: %d
              attention-skew: %s
        """.formatted(root.resolve(HARDWARE), root.resolve(PROFILE), requests, kvCacheBytes(), skew ? "profile" : "off");
  }

  /**
   * The KV cache vLLM could have had: {@code gpu_memory_utilization} 0.9 (vLLM's default; the
   * bundle's profiler ran with it) of the card's 96 GB, less the 16,060,522,496 B of Llama 3.1 8B's
   * weights in bfloat16 (8,030,261,248 parameters); an upper bound, since vLLM also keeps its
   * activations' peak out of it. The bundle's meta.json does not record vLLM's block count.
   */
  static long kvCacheBytes() {
    return Math.round(0.9 * 96e9) - 16_060_522_496L;
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    Path root = root();
    if (!Files.isDirectory(root.resolve(BUNDLE))) {
      throw new ConfigurationException(BUNDLE + ": the bundle is not here; run "
          + "'preemptlab reproduce " + id() + "' from the repository's root");
    }
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    ClaimTable claims = new ClaimTable();
    Map<String, Double> values = null;
    Map<String, Double> uniform = null;
    String missing = "";
    if (!Files.isDirectory(root.resolve(PROFILE))) {
      missing = "the bundle's profile (" + PROFILE + ") and its reader are not in this build";
    } else {
      values = new RunExecutor(registry).execute(ConfigLoader.parse(config(root), id()))
          .metrics().data().pluginValues();
      uniform = new RunExecutor(registry).execute(ConfigLoader.parse(config(root, false, true),
          id()))
          .metrics().data().pluginValues();
    }
    List<String> simulated = new ArrayList<>();
    List<String> withoutSkew = new ArrayList<>();
    for (int i = 0; i < TARGETS.size(); i++) {
      Target t = TARGETS.get(i);
      if (values == null) {
        claims.add(t.notSimulated(missing));
        simulated.add("");
        withoutSkew.add("");
        continue;
      }
      double shown = shown(values, i);
      simulated.add(Numbers.fixed(shown, 1));
      withoutSkew.add(Numbers.fixed(shown(uniform, i), 1));
      claims.add(t.simulated(Numbers.fixed(shown, 1), shown));
    }
    TextTable beside = new TextTable("row", "vLLM 0.19.0 (measured)", "llm-serving",
        "llm-serving, no skew correction", "LLMServingSim 2.0 (its summary)");
    Map<String, String[]> summary = summary(root.resolve(BUNDLE)
        .resolve("validation/summary.txt"));
    for (int i = 0; i < TARGETS.size(); i++) {
      String[] sim = summary.get(SUMMARY_ROWS.get(i));
      beside.row(TARGETS.get(i).claim(), TARGETS.get(i).published(), simulated.get(i),
          withoutSkew.get(i), sim == null ? "not given" : sim[1] + " (" + sim[2] + ")");
    }
    out.println("vllm-rtxpro6000: vLLM 0.19.0, Llama 3.1 8B, one RTX PRO 6000 Blackwell Server "
        + "Edition, 300 ShareGPT requests at 10/s");
    claims.print(out);
    out.println();
    out.print(beside.render());
    String why = values == null || claims.reproduced() ? "" : difference(values);
    if (!why.isEmpty()) {
      out.println();
      out.println(why);
    }
    page(claims, beside, why, values == null ? "" : cacheUse(values)).write(outputDirectory);
    return claims.reproduced();
  }

  /**
   * What prefix caching did in a run, from its metrics: the prompt tokens taken from the cache
   * and the preemptions by recompute.
   */
  static String cacheUse(Map<String, Double> values) {
    return ("Prefix caching in the simulated run: %s prompt tokens (of %s in the workload) "
        + "were taken from the cache instead of computed, across prompts that begin alike and by "
        + "requests preempted by recompute that found their own blocks again; the run made %s "
        + "preemptions.").formatted(
        Numbers.fixed(values.getOrDefault("application.llm-serving.prefix-cache-hit-tokens",
            Double.NaN), 0),
        Numbers.fixed(WORKLOAD_PROMPT_TOKENS, 0),
        Numbers.fixed(values.getOrDefault("application.llm-serving.kv-preemptions",
            Double.NaN), 0));
  }

  /** Row {@code i}'s metric as the page shows it: ms, or tokens per second. */
  static double shown(Map<String, Double> values, int i) {
    double v = values.getOrDefault("application.llm-serving." + METRICS.get(i), Double.NaN);
    return METRICS.get(i).equals("tokens-per-second") ? v : v / 1e6;
  }

  /**
   * What differs where a row fails, from the run's own figures: how much faster or slower the
   * simulated service is, and the mechanisms the model leaves out (none tuned to this run).
   */
  static String difference(Map<String, Double> values) {
    double tput = values.getOrDefault("application.llm-serving.tokens-per-second", Double.NaN)
        / THROUGHPUT - 1;
    double tpot = values.getOrDefault("application.llm-serving.tpot-mean", Double.NaN) / 1e6
        / TPOT_MEAN - 1;
    return ("Where a row FAILs: the simulated server's service differs from vLLM's by %s%% in "
        + "output tokens per second and %s%% in mean TPOT. At this load TTFT is mostly the wait "
        + "in the queue (vLLM queued up to 104 requests), the service of every request ahead, so "
        + "it moves more than the service does. Mechanisms the model leaves out, each a candidate"
        + " and none tuned to this run: the CPU time of each vLLM step (`scheduling-overhead` is "
        + "0: nothing measured for vLLM 0.19.0 on this host); vLLM's asynchronous scheduling and "
        + "its KV-block bookkeeping.").formatted(
        signed(tput * 100), signed(tpot * 100));
  }

  private static String signed(double percent) {
    return (percent >= 0 ? "+" : "") + Numbers.fixed(percent, 1);
  }

  private ReproductionPage page(ClaimTable claims, TextTable beside, String why,
      String cacheUse) {
    ReproductionPage page = new ReproductionPage(id(),
        "Reproduction: vllm-rtxpro6000 (vLLM 0.19.0 on an RTX PRO 6000, LLMServingSim 2.0's "
            + "bundle)")
        .paragraph("""
            `preemptlab reproduce vllm-rtxpro6000` replays a real vLLM run: LLMServingSim 2.0's
            validation bundle (casys-kaist/LLMServingSim @5daddb2,
            `bench/examples/RTXPRO6000/Llama-3.1-8B`, MIT licence): vLLM 0.19.0 serving Llama
            3.1 8B in bfloat16 on one RTX PRO 6000 Blackwell Server Edition, 300 ShareGPT
            requests arriving at 10 per second (`workloads/sharegpt-llama-3.1-8b-300-sps10.jsonl`,
            every output length pinned with `ignore_eos`), `max_num_seqs` 128,
            `max_num_batched_tokens` 2048. The load is above what the card sustains: vLLM ran 128
            requests at once for most of the run and queued up to 104 (its `timeseries.csv`), so
            TTFT is mostly queueing.""")
        .paragraph("""
            Inputs, all the bundle's or the card's, none fitted to this run: the requests with
            their prompts' token ids (LLMServingSim's workload file, whose SHA-256 is the
            bundle's `dataset_hash`: `docs/data/llmservingsim/workloads/`, `trace-format:
            llmservingsim`; vLLM was given these ids, `bench/core/runner.py`); `llm-serving`
            with `scheduler: vllm-v1` (vLLM 0.19.0 has only the V1 engine), the engine arguments
            above, 16-token KV blocks (vLLM's default), vLLM's automatic prefix caching
            (`prefix-caching: true`: on by default in vLLM 0.19.0's V1 engine; this bundle's
            `vllm/meta.json` predates the field, the RTX 4090 bundle's, written by the same
            runner, records it on) and `drain: true` (every request served to its end, as the
            benchmark did); the per-operator profile LLMServingSim measured on
            this card with the same vLLM (`profile-format: llmservingsim`,
            `docs/data/llmservingsim/RTXPRO6000/meta-llama/Llama-3.1-8B/bf16`), with the
            bundle's own correction of decode attention for batches of unequal contexts
            (`attention-skew: profile`: its `skew_fit.csv`, fitted by LLMServingSim's profiler on
            skewed batches it measured on this card, applied as its
            `serving/core/trace_generator.py` applies it); the KV cache
            vLLM could hold (0.9 of 96 GB less the weights, an upper bound: the run never filled
            it); and the hardware model
            `docs/data/llmservingsim/bench/RTXPRO6000/rtx-pro-6000-server.yaml` (SM count and
            memory bandwidth from the datasheet). No per-iteration CPU time is added
            (`scheduling-overhead` 0): no measurement of vLLM's step time on a card and host
            like these was found (LLMServingSim 2.0 models none; the bundle has no step profile;
            Vidur's `cpu_overhead` profiles are not in its public repository).""")
        .paragraph("""
            Targets: vLLM's measurement, from the bundle's `vllm/requests.jsonl` with the
            definitions of LLMServingSim's `bench/core/validate.py` (TTFT from `queued_ts`, TPOT
            `(last - first) / (output - 1)`, latency `last - queued_ts`), nearest-rank p99;
            output tokens per second over the span from the first arrival to the last token.
            Tolerances (issue 47): means 5%, p99 10%, throughput 5%. They were committed before
            the first simulation.""")
        .heading("Rows")
        .table(claims.table().render())
        .paragraph(claims.notes())
        .paragraph(claims.verdict())
        .history(claims)
        .heading("Beside LLMServingSim 2.0's own figures on the bundle")
        .paragraph("""
            The last column is LLMServingSim 2.0's simulation of the same run, from the bundle's
            `validation/summary.txt` (its value and its difference from vLLM); it gives no
            throughput row. The column before it is the same run with `attention-skew: off`
            (the attention table looked up at the decodes' mean context alone, as this
            reproduction did before 2026-12-07, when TTFT mean missed by -7.1%): the correction
            lengthens decode attention and, at this load, every wait behind it.""")
        .table(beside.render())
        .paragraph(cacheUse);
    return why.isEmpty() ? page : page.paragraph(why);
  }

  /** The repository's root: the working directory, or its parent when run from a module. */
  public static Path root() {
    Path here = Path.of("").toAbsolutePath();
    return Files.isDirectory(here.resolve(BUNDLE)) || here.getParent() == null
        || !Files.isDirectory(here.getParent().resolve(BUNDLE)) ? here : here.getParent();
  }

  /**
   * The rows of LLMServingSim's {@code summary.txt} ({@code Metric vLLM Sim Diff%}), by metric
   * name: {@code [vLLM, Sim, Diff%]}.
   */
  static Map<String, String[]> summary(Path file) throws IOException {
    Map<String, String[]> rows = new java.util.LinkedHashMap<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String[] cells = line.trim().split("\\s+");
      if (cells.length == 5 && cells[4].endsWith("%")) {
        rows.put(cells[0] + " " + cells[1], Arrays.copyOfRange(cells, 2, 5));
      }
    }
    return rows;
  }
}
