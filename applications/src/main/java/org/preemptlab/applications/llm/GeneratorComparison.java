package org.preemptlab.applications.llm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Issue 47's check of the roofline generator: a profile BUILT BY {@link TransformerRoofline}
 * (vLLM's operator list, the bundled efficiency fit and the bundled attention tile model, {@link
 * AttentionTiming#bundled()}) against measured profiles, LLMServingSim 2.0's bundles of Llama 3.1
 * 8B on the GeForce RTX 4090 and the RTX PRO 6000 read by {@link LlmServingSimProfile}, per
 * operator class. The GEMM efficiencies come from Vidur's H100 profile of Llama 2 7B ({@link
 * RooflineFit}), fitted on neither bundle; the element-wise ones from the RTX 4090 bundle's
 * element-wise rows ({@link RooflineFit#fitVllm}), so that class is in-sample there; the tile
 * factors from the RTX PRO 6000's attention table ({@link AttentionFit}), so attention is
 * in-sample there. What was fitted or tried on each measured table is part of each {@link Bundle}
 * and printed with its rows.
 *
 * <p>Both profiles are evaluated at
 * the measured tables' own points: each class's time of one iteration (its operators' kernels summed,
 * per-layer ones times the layers) at every token count of {@code dense.csv} (GEMMs and
 * element-wise operators, a batch of that many tokens and nothing else), at every sequence count
 * of {@code per_sequence.csv} (the LM head, a GEMM; the sampler, which the generator does not
 * model, is left out) and at every row of {@code attention.csv} (attention, the row's batch as
 * {@link AttentionFit#rows} reads it). Per class the mean of {@code |G − M| / M} and of {@code (G
 * − M) / M} over the points, {@code G} the generated and {@code M} the measured profile's time.
 * {@code docs/llm-serving.md} ("The roofline") shows the table {@link RooflineFit#main} prints,
 * checked by {@code RooflineFitTest}.
 */
final class GeneratorComparison {
  /** The measured model (its bundles: LLMServingSim 2.0, casys-kaist/LLMServingSim @5daddb2). */
  static final String MODEL = "llama-3.1-8b";

  /**
   * A measured bundle and what was fitted or tried on it.
   *
   * @param path the bundle's variant folder, from the repository root
   * @param device the bundled device it was measured on
   * @param elementwise what was fitted or tried on its element-wise rows ("" for nothing)
   * @param attention what was fitted or tried on its attention table ("" for nothing)
   */
  record Bundle(String path, String device, String elementwise, String attention) {}

  /** LLMServingSim 2.0's RTX 4090 bundle of Llama 3.1 8B. */
  static final Bundle RTX_4090 = new Bundle(
      "docs/data/llmservingsim/RTX4090/meta-llama/Llama-3.1-8B/bf16", "rtx-4090",
      "in-sample: vLLM's element-wise factors were fitted on it (L2-rule variants tried on it "
          + "before)",
      "tile model revised after its first miss here");

  /**
   * LLMServingSim 2.0's RTX PRO 6000 bundle of Llama 3.1 8B: the attention tile model was fitted
   * on its attention table ({@link AttentionFit}, in-sample there); nothing else the generator
   * uses was fitted or tried on it.
   */
  static final Bundle RTX_PRO_6000 = new Bundle(
      "docs/data/llmservingsim/RTXPRO6000/meta-llama/Llama-3.1-8B/bf16", "rtx-pro-6000-server",
      "", "in-sample: the tile model was fitted on it");

  /** The bundles the docs' table shows, in its order. */
  static final List<Bundle> BUNDLES = List.of(RTX_4090, RTX_PRO_6000);

  /**
   * One row of the comparison.
   *
   * @param kind the operator class (and, for attention, the kind of batch)
   * @param table the measured table whose points are compared
   * @param points how many
   * @param meanAbs mean of {@code |G − M| / M}
   * @param meanSigned mean of {@code (G − M) / M}
   * @param target whether issue 47's 15 % target applies to the row (each class once)
   * @param tried what was fitted or tried on the row's measured table ("" for nothing)
   */
  record Row(String kind, String table, long points, double meanAbs, double meanSigned,
      boolean target, String tried) {}

  private GeneratorComparison() {}

  /**
   * The profile the generator builds for Llama 3.1 8B on {@code device} (vLLM's operator list
   * and the fit for vLLM's kernels, {@link RooflineFit#fitVllm}).
   */
  static ModelProfile generated(String device) {
    return TransformerRoofline.profile(ModelArchitecture.bundled(MODEL, "comparison"),
        DeviceRoof.bundled(device), RooflineEfficiency.bundled(TransformerOperators.Engine.VLLM),
        AttentionTiming.bundled(), TransformerOperators.Engine.VLLM, 1);
  }

  /** The measured profile: the bundle read as a run reads it (skew correction included). */
  static ModelProfile measured(Path root, Bundle bundle) {
    return LlmServingSimProfile.read(root.resolve(bundle.path()),
        ModelArchitecture.bundled(MODEL, "comparison"), 1,
        DeviceRoof.bundled(bundle.device()).sms(), true);
  }

  /**
   * The time in ns of one iteration's kernels of class {@code kind} in {@code profile} for {@code
   * batch}: every kernel is one wave, so its time is its block's.
   */
  static double classNanos(ModelProfile profile, OperatorClass kind, BatchShape batch) {
    double total = 0;
    for (ModelProfile.Operator op : profile.operators()) {
      if (op.kind() == kind) {
        ModelProfile.KernelCost cost = op.cost().at(batch);
        if (cost != null) {
          total += (op.placement() == Placement.PER_LAYER ? profile.layers() : 1)
              * (double) cost.blockNs();
        }
      }
    }
    return total;
  }

  /** The rows of the comparison with {@code bundle}, in the order the docs show them. */
  static List<Row> rows(Path root, Bundle bundle) {
    ModelProfile generated = generated(bundle.device());
    ModelProfile measured = measured(root, bundle);
    Path tp1 = root.resolve(bundle.path()).resolve("tp1");
    List<BatchShape> tokens = new ArrayList<>();
    points(tp1.resolve("dense.csv"), "tokens").forEach(n -> tokens.add(new BatchShape(n, 0, 0,
        0)));
    List<BatchShape> sequences = new ArrayList<>();
    points(tp1.resolve("per_sequence.csv"), "sequences").forEach(s -> sequences.add(
        new BatchShape(0, 0, s, 0)));
    List<Row> rows = new ArrayList<>();
    rows.add(row("gemm", "dense.csv", generated, measured, OperatorClass.GEMM, tokens, true,
        ""));
    rows.add(row("elementwise", "dense.csv", generated, measured, OperatorClass.ELEMENTWISE,
        tokens, true, bundle.elementwise()));
    rows.add(row("gemm (lm_head)", "per_sequence.csv", generated, measured, OperatorClass.GEMM,
        sequences, true, ""));
    List<AttentionFit.Row> attention = AttentionFit.rows(tp1.resolve("attention.csv"),
        DeviceRoof.bundled(bundle.device()));
    for (int k = 0; k < AttentionFit.KINDS.size(); k++) {
      int kind = k;
      rows.add(row("attention, " + AttentionFit.KINDS.get(k), "attention.csv", generated,
          measured, OperatorClass.ATTENTION, attention.stream()
              .filter(r -> kind == 3 || r.kind() == kind).map(AttentionFit.Row::batch).toList(),
          kind == 3, bundle.attention()));
    }
    return rows;
  }

  private static Row row(String kind, String table, ModelProfile generated,
      ModelProfile measured, OperatorClass cls, List<BatchShape> batches, boolean target,
      String tried) {
    double abs = 0;
    double signed = 0;
    for (BatchShape b : batches) {
      double m = classNanos(measured, cls, b);
      double e = (classNanos(generated, cls, b) - m) / m;
      abs += Math.abs(e);
      signed += e;
    }
    return new Row(kind, table, batches.size(), abs / batches.size(), signed / batches.size(),
        target, tried);
  }

  /** The distinct values of column {@code key} of an LLMServingSim table, ascending. */
  private static TreeSet<Long> points(Path csv, String key) {
    ProfileTable t = ProfileTable.read(csv);
    TreeSet<Long> values = new TreeSet<>();
    for (int r = 0; r < t.size(); r++) {
      values.add(t.count(r, key, 1, 1L << 32));
    }
    return values;
  }

  /** The comparison table of the docs: every bundle of {@link #BUNDLES}. */
  static String table(Path root) {
    StringBuilder out = new StringBuilder();
    out.append("| generated profile (roofline + tile model, vLLM's operators) against measured "
        + "(LLMServingSim, TP 1) | class | measured table | fitted or tried on that table | "
        + "points | mean abs. error | mean signed error | within 15 % |\n");
    out.append("|---|---|---|---|---|---|---|---|\n");
    for (Bundle bundle : BUNDLES) {
      String name = DeviceRoof.bundled(bundle.device()).name();
      for (Row r : rows(root, bundle)) {
        out.append(String.format(Locale.ROOT, "| %s on %s | %s | %s | %s | %d | %.1f %% | "
            + "%+.1f %% | %s |\n", MODEL, name, r.kind(), r.table(),
            r.tried().isEmpty() ? "nothing" : r.tried(), r.points(), 100 * r.meanAbs(),
            100 * r.meanSigned(), !r.target() ? "(a kind of batch)"
                : r.meanAbs() <= 0.15 ? "yes" : "no"));
      }
    }
    return out.toString();
  }
}
