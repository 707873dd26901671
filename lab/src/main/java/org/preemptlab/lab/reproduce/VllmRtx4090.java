package org.preemptlab.lab.reproduce;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * {@code preemptlab reproduce vllm-rtx4090}: the second real vLLM run of LLMServingSim 2.0's
 * validation bundles (casys-kaist/LLMServingSim @5daddb2, {@code
 * bench/examples/RTX4090/Llama-3.1-8B}, MIT licence), on another GPU, checked with the model
 * and readers unchanged since {@link VllmRtxPro6000} passed: vLLM 0.19.0 serving Llama 3.1 8B in
 * bfloat16 on one GeForce RTX 4090, the same 300 ShareGPT requests at 10 per second, {@code
 * max_num_seqs} 256, {@code max_num_batched_tokens} 2048 and the KV cache vLLM reported (2,588
 * blocks of 16 tokens). Targets and tolerances as in {@link VllmRtxPro6000}, computed from this
 * bundle's {@code vllm/requests.jsonl} ({@code VllmRtx4090Test} recomputes them).
 */
public final class VllmRtx4090 implements Reproduction {
  /** The bundle's folder, relative to the repository (run from its root). */
  static final Path BUNDLE = Path.of("docs/data/llmservingsim/bench/RTX4090/Llama-3.1-8B");
  /** The hardware model file of the card. */
  static final Path HARDWARE = Path.of("docs/data/llmservingsim/bench/RTX4090/rtx-4090.yaml");
  /** LLMServingSim's profile of the model on the card (tp1 read). */
  static final Path PROFILE =
      Path.of("docs/data/llmservingsim/RTX4090/meta-llama/Llama-3.1-8B/bf16");

  private static final Source SOURCE = new Source("LLMServingSim 2.0 vLLM bundle (vLLM 0.19.0)",
      "RTX4090/Llama-3.1-8B", "casys-kaist/LLMServingSim @5daddb2: "
          + "bench/examples/RTX4090/Llama-3.1-8B/vllm/requests.jsonl");

  // vLLM's measurement (ms, tokens/s), computed from vllm/requests.jsonl (through
  // vllm/requests.csv); VllmRtx4090Test recomputes each from the file.
  static final double TTFT_MEAN = 65456.574;
  static final double TTFT_P99 = 137352.044;
  static final double TPOT_MEAN = 32.447;
  static final double TPOT_P99 = 55.989;
  static final double E2E_MEAN = 86578.254;
  static final double E2E_P99 = 153625.428;
  static final double THROUGHPUT = 1066.38;

  /** vLLM's KV cache on the card: 2,588 blocks of 16 tokens (vllm/meta.json) of 131,072 B. */
  static final long KV_CACHE_BYTES = 2_588L * 16 * 131_072;


  /** The rows' targets and tolerances, with their history. */
  static final TargetFile FILE = TargetFile.bundled("vllm-rtx4090");

  /** The rows, fixed before the first simulation, as vllm-rtxpro6000's. */
  static final List<Target> TARGETS = VllmRtxPro6000.rows(FILE, SOURCE, TTFT_MEAN, TTFT_P99,
      TPOT_MEAN, TPOT_P99, E2E_MEAN, E2E_P99, THROUGHPUT);

  private final Optional<PluginRegistry> given;

  /** The reproduction with the bundled plugins. */
  public VllmRtx4090() {
    this(Optional.empty());
  }

  VllmRtx4090(Optional<PluginRegistry> registry) {
    this.given = registry;
  }

  @Override
  public String id() {
    return "vllm-rtx4090";
  }

  @Override
  public String description() {
    return "vLLM 0.19.0 serving Llama 3.1 8B on a GeForce RTX 4090: TTFT, TPOT, latency and"
        + " throughput of LLMServingSim 2.0's second validation bundle (another GPU)";
  }

  /** The run's configuration: as vllm-rtxpro6000's, with this card, profile and budgets. */
  static String config(Path root) {
    return """
        name: vllm-rtx4090
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
              trace: %s
              trace-format: llmservingsim
              prefix-caching: true
              duration: 1000s
              drain: true
              scheduler: vllm-v1
              max-batch-seqs: 256
              max-batch-tokens: 2048
              kv-block-tokens: 16
              kv-cache-bytes: %d
        """.formatted(root.resolve(HARDWARE), root.resolve(PROFILE),
        root.resolve(VllmRtxPro6000.WORKLOAD), KV_CACHE_BYTES);
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    Path root = VllmRtxPro6000.root();
    if (!Files.isDirectory(root.resolve(BUNDLE))) {
      throw new ConfigurationException(BUNDLE + ": the bundle is not here; run "
          + "'preemptlab reproduce " + id() + "' from the repository's root");
    }
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    Map<String, Double> values = new RunExecutor(registry)
        .execute(ConfigLoader.parse(config(root), id())).metrics().data().pluginValues();
    ClaimTable claims = new ClaimTable();
    List<String> simulated = new ArrayList<>();
    for (int i = 0; i < TARGETS.size(); i++) {
      double shown = VllmRtxPro6000.shown(values, i);
      simulated.add(Numbers.fixed(shown, 1));
      claims.add(TARGETS.get(i).simulated(Numbers.fixed(shown, 1), shown));
    }
    TextTable beside = new TextTable("row", "vLLM 0.19.0 (measured)", "llm-serving",
        "LLMServingSim 2.0 (its summary)");
    Map<String, String[]> summary = VllmRtxPro6000.summary(root.resolve(BUNDLE)
        .resolve("validation/summary.txt"));
    for (int i = 0; i < TARGETS.size(); i++) {
      String[] sim = summary.get(VllmRtxPro6000.SUMMARY_ROWS.get(i));
      beside.row(TARGETS.get(i).claim(), TARGETS.get(i).published(), simulated.get(i),
          sim == null ? "not given" : sim[1] + " (" + sim[2] + ")");
    }
    out.println("vllm-rtx4090: vLLM 0.19.0, Llama 3.1 8B, one GeForce RTX 4090, 300 ShareGPT "
        + "requests at 10/s");
    claims.print(out);
    out.println();
    out.print(beside.render());
    page(claims, beside, values).write(outputDirectory);
    return claims.reproduced();
  }

  private ReproductionPage page(ClaimTable claims, TextTable beside, Map<String, Double> values) {
    ReproductionPage page = new ReproductionPage(id(),
        "Reproduction: vllm-rtx4090 (vLLM 0.19.0 on a GeForce RTX 4090, LLMServingSim 2.0's "
            + "bundle)")
        .paragraph("""
            `preemptlab reproduce vllm-rtx4090` replays a second real vLLM run, on another GPU:
            LLMServingSim 2.0's validation bundle (casys-kaist/LLMServingSim @5daddb2,
            `bench/examples/RTX4090/Llama-3.1-8B`, MIT licence): vLLM 0.19.0 serving Llama 3.1
            8B in bfloat16 on one GeForce RTX 4090, the same 300 ShareGPT requests at 10 per
            second as [vllm-rtxpro6000](vllm-rtxpro6000.md) (the same dataset file and hash in
            both bundles' `vllm/meta.json`), `max_num_seqs` 256, `max_num_batched_tokens` 2048.
            The card is far slower than the load: TTFT is mostly queueing.""")
        .paragraph("""
            Inputs, all the bundle's or the card's, none fitted to this run, and the model and
            readers as in vllm-rtxpro6000: the requests with their prompts' token ids (the same
            workload file, `trace-format: llmservingsim`); `llm-serving` with `scheduler:
            vllm-v1`, the engine arguments above, 16-token KV blocks, vLLM's automatic prefix
            caching (`prefix-caching: true`: vLLM ran with it on, `enable_prefix_caching: true`
            in `vllm/meta.json`) and `drain: true`; the per-operator profile LLMServingSim measured on this card with vLLM 0.19.0
            (`docs/data/llmservingsim/RTX4090/meta-llama/Llama-3.1-8B/bf16`; its `meta.yaml`
            disables the skew fit, so no skew correction is applied, as LLMServingSim applies
            none); the KV cache vLLM reported, 2,588 blocks of 16 tokens (`vllm/meta.json`), of
            which vLLM V1 keeps one, its null block, out of use (`vllm/v1/core/block_pool.py`);
            and the hardware model `docs/data/llmservingsim/bench/RTX4090/rtx-4090.yaml` (SM
            count and memory bandwidth from the Ada whitepaper).""")
        .paragraph("""
            Targets: vLLM's measurement, from the bundle's `vllm/requests.jsonl`, with the
            definitions and tolerances of vllm-rtxpro6000 (issue 47: means 5%, p99 10%,
            throughput 5%). They were committed before the first simulation.""")
        .heading("Rows")
        .table(claims.table().render())
        .paragraph(claims.notes())
        .paragraph(claims.verdict())
        .history(claims)
        .heading("Beside LLMServingSim 2.0's own figures on the bundle")
        .paragraph("""
            The last column is LLMServingSim 2.0's simulation of the same run, from the bundle's
            `validation/summary.txt` (its value and its difference from vLLM).""")
        .table(beside.render())
        .paragraph(VllmRtxPro6000.cacheUse(values));
    if (!claims.reproduced()) {
      page = page.paragraph(("Where a row FAILs: the simulated server's service differs from "
          + "vLLM's by %s%% in output tokens per second and %s%% in mean TPOT; the run made %s "
          + "KV preemptions. Mechanisms the model leaves out, none tuned to this run: the CPU "
          + "time of each vLLM step (`scheduling-overhead` is 0), vLLM's asynchronous "
          + "scheduling and its null KV block.").formatted(
          signed(values.getOrDefault("application.llm-serving.tokens-per-second", Double.NaN)
              / THROUGHPUT * 100 - 100),
          signed(values.getOrDefault("application.llm-serving.tpot-mean", Double.NaN) / 1e6
              / TPOT_MEAN * 100 - 100),
          Numbers.fixed(values.getOrDefault("application.llm-serving.kv-preemptions",
              Double.NaN), 0)));
    }
    return page;
  }

  private static String signed(double percent) {
    return (percent >= 0 ? "+" : "") + Numbers.fixed(percent, 1);
  }
}
