package org.preemptlab.applications.llm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Fits the roofline's achieved efficiencies ({@link RooflineEfficiency}) to one measured Vidur
 * profile and compares the roofline with measured profiles per operator class. {@code
 * docs/llm-serving.md} ("The roofline") shows the fit and the comparison, both produced by {@link
 * #main} and checked by {@code RooflineFitTest}.
 *
 * <p>The fit, per group of operators, minimises the sum over the profile's operators and
 * token counts of the squared relative error {@code ((T_roofline − T_measured) / T_measured)²}:
 * a grid search over the compute and memory efficiencies in steps of 0.01 from 0.01 to 1, with
 * the overhead at each grid point in closed form (the weighted mean of the residuals, at least 0).
 * The roofline's attention is not fitted (the fitted profile's {@code attention.csv} is not
 * available, see the docs): its factors are the GEMM group's compute and memory efficiencies,
 * without overhead; {@link AttentionFit} compares it, and a tile model of the kernel, with
 * measured attention tables. Groups: {@link TransformerOperators#GROUPS}; the element-wise groups
 * fit a memory efficiency and an overhead each, as fractions of the datasheet's or of the
 * measured sustained bandwidth ({@link #fit}).
 */
public final class RooflineFit {
  /** One measured operator time. */
  record Sample(TransformerOperators.Op op, BatchShape batch, double measuredNs) {}

  /** The Vidur operator columns and the roofline operator each is measured for. */
  private static final Map<String, String> VIDUR_TO_ROOFLINE = new LinkedHashMap<>();

  static {
    VIDUR_TO_ROOFLINE.put("emb", "embedding");
    VIDUR_TO_ROOFLINE.put("input_layernorm", "input_layernorm");
    VIDUR_TO_ROOFLINE.put("attn_pre_proj", "qkv_proj");
    VIDUR_TO_ROOFLINE.put("attn_rope", "rotary_emb");
    VIDUR_TO_ROOFLINE.put("attn_post_proj", "o_proj");
    VIDUR_TO_ROOFLINE.put("post_attention_layernorm", "post_attention_layernorm");
    VIDUR_TO_ROOFLINE.put("mlp_up_proj", "gate_up_proj");
    VIDUR_TO_ROOFLINE.put("mlp_act", "act_fn");
    VIDUR_TO_ROOFLINE.put("mlp_down_proj", "down_proj");
    VIDUR_TO_ROOFLINE.put("add", "residual_add");
  }

  /** The fitted profile: Vidur's H100 profile of Llama 2 7B, at tensor-parallel degree 1. */
  static final String FIT_PROFILE = "docs/data/vidur/h100/meta-llama/Llama-2-7b-hf/mlp.csv";

  /** The profiles checked: path, model, device (the first is the fitted one, in-sample). */
  static final List<String[]> PROFILES = List.of(
      new String[] {FIT_PROFILE, "llama-2-7b", "h100-sxm"},
      new String[] {"docs/data/vidur/h100/meta-llama/Llama-2-70b-hf/mlp.csv", "llama-2-70b",
          "h100-sxm"},
      new String[] {"docs/data/vidur/a100/meta-llama/Meta-Llama-3-8B/mlp.csv", "llama-3-8b",
          "a100-sxm4-80gb"});

  private RooflineFit() {}

  /**
   * Prints the two fits (element-wise efficiencies as fractions of the datasheet's bandwidth,
   * {@code roofline-fit.txt}, and of the measured sustained one, {@code
   * roofline-fit-achievable.txt}), the fit for vLLM's kernels ({@code roofline-fit-vllm.txt},
   * {@link #fitVllm}), the comparison tables, the attention tile fit ({@code
   * attention-fit.txt}) and its comparison, and the comparison of a generated profile with a
   * measured one ({@link GeneratorComparison}); {@code args[0]} is the repository root (default:
   * the working directory).
   */
  public static void main(String[] args) {
    Path root = Path.of(args.length > 0 ? args[0] : ".");
    RooflineEfficiency datasheet = fit(root, DeviceRoof.Bandwidth.DATASHEET);
    RooflineEfficiency achievable = fit(root, DeviceRoof.Bandwidth.ACHIEVABLE);
    System.out.print(datasheet.render());
    System.out.println();
    System.out.print(achievable.render());
    System.out.println();
    System.out.print(fitVllm(root).render());
    System.out.println();
    System.out.print(table(root, datasheet, achievable));
    System.out.println();
    System.out.print(elementwiseTable(root, datasheet, achievable));
    System.out.println();
    AttentionTiming tiles = AttentionFit.fit(root);
    System.out.print(tiles.render());
    System.out.println();
    System.out.print(AttentionFit.table(root, datasheet, tiles));
    System.out.println();
    System.out.print(GeneratorComparison.table(root));
  }

  /**
   * Per element-wise operator of each checked profile, the signed mean over its token counts of
   * {@code (R − M) / M} under each fit: negative where the roofline is faster than the
   * measurement.
   */
  static String elementwiseTable(Path root, RooflineEfficiency datasheet,
      RooflineEfficiency achievable) {
    StringBuilder out = new StringBuilder();
    out.append("| profile (Vidur, TP 1) | device | operator | mean signed error, datasheet "
        + "bandwidth | mean signed error, sustained bandwidth |\n");
    out.append("|---|---|---|---|---|\n");
    for (String[] p : PROFILES) {
      DeviceRoof device = DeviceRoof.bundled(p[2]);
      Map<String, double[]> byOp = new LinkedHashMap<>();
      for (Sample s : samples(root.resolve(p[0]), ModelArchitecture.bundled(p[1], "fit"))) {
        if (s.op().kind() == OperatorClass.ELEMENTWISE) {
          double[] sum = byOp.computeIfAbsent(s.op().name(), k -> new double[3]);
          sum[0] += (TransformerRoofline.nanos(s.op(), s.batch(), device, datasheet)
              - s.measuredNs()) / s.measuredNs();
          sum[1] += (TransformerRoofline.nanos(s.op(), s.batch(), device, achievable)
              - s.measuredNs()) / s.measuredNs();
          sum[2]++;
        }
      }
      byOp.forEach((op, sum) -> out.append(String.format(Locale.ROOT,
          "| %s%s | %s | %s | %+.1f %% | %+.1f %% |\n", p[1], p[0].equals(FIT_PROFILE)
              ? " (in-sample: fitted)" : "", device.name(), op, 100 * sum[0] / sum[2],
          100 * sum[1] / sum[2])));
    }
    return out.toString();
  }

  /** The samples of a Vidur {@code mlp.csv} at degree 1 against {@code arch}'s operators. */
  static List<Sample> samples(Path mlpFile, ModelArchitecture arch) {
    Map<String, Interpolation.Line> lines = VidurProfile.mlpLines(ProfileTable.read(mlpFile), 1);
    Map<String, TransformerOperators.Op> ops = new LinkedHashMap<>();
    TransformerOperators.of(arch, 1).forEach(op -> ops.put(op.name(), op));
    List<Sample> samples = new ArrayList<>();
    for (Map.Entry<String, String> e : VIDUR_TO_ROOFLINE.entrySet()) {
      Interpolation.Line line = lines.get(e.getKey());
      if (line == null) {
        continue;
      }
      TransformerOperators.Op op = ops.get(e.getValue());
      for (int i = 0; i < line.xs().length; i++) {
        long n = Math.round(line.xs()[i]);
        samples.add(new Sample(op, new BatchShape(n, 0, 0, 0), line.ys()[i]));
      }
    }
    return samples;
  }

  /**
   * The fit to {@link #FIT_PROFILE} (in-sample there), with the element-wise groups' memory
   * efficiencies as fractions of {@code basis}.
   */
  static RooflineEfficiency fit(Path root, DeviceRoof.Bandwidth basis) {
    List<Sample> samples = samples(root.resolve(FIT_PROFILE),
        ModelArchitecture.bundled("llama-2-7b", "fit"));
    DeviceRoof device = DeviceRoof.bundled("h100-sxm");
    Map<String, RooflineEfficiency.Factors> factors = new LinkedHashMap<>();
    for (String group : TransformerOperators.GROUPS) {
      if (!group.equals("attention")) {
        RooflineEfficiency rates = new RooflineEfficiency(PLACEHOLDER, basis, "");
        factors.put(group, fitClass(samples.stream().filter(s -> s.op().group().equals(group))
            .toList(), device.peakFlops(), bytes -> rates.bandwidth(group, bytes, device),
            group.equals("gemm")));
      }
    }
    // not fitted: no measured attention in the fitted profile (see the class comment)
    factors.put("attention", new RooflineEfficiency.Factors(factors.get("gemm").compute(),
        factors.get("gemm").memory(), 0));
    return new RooflineEfficiency(factors, basis, "least-squares fit (relative error) to Vidur's "
        + "H100 profile of Llama 2 7B, mlp.csv at TP 1 (RooflineFit, in-sample there); "
        + (basis == DeviceRoof.Bandwidth.ACHIEVABLE ? "element-wise memory efficiencies as "
            + "fractions of the measured sustained DRAM bandwidth (BabelStream triad); " : "")
        + "attention not fitted: the GEMM factors without overhead");
  }

  /**
   * The measured table vLLM's element-wise factors are fitted on: LLMServingSim 2.0's RTX 4090
   * bundle of Llama 3.1 8B ({@code dense.csv}: vLLM 0.19's own kernels, CUDA times per operator
   * and token count), in-sample there.
   */
  static final String VLLM_FIT_PROFILE = GeneratorComparison.RTX_4090.path() + "/tp1/dense.csv";

  /** The element-wise groups of vLLM's operator list, the ones {@link #fitVllm} fits. */
  static final List<String> VLLM_ELEMENTWISE_GROUPS = List.of("norm", "rotary", "activation",
      "embedding");

  /**
   * The element-wise rows of an LLMServingSim {@code dense.csv} as samples of vLLM's operators of
   * {@code arch}: {@code embedding}, {@code rotary_emb}, {@code act_fn} and {@code
   * final_layernorm} (fused) as themselves; {@code layernorm}, which the bundle's one-layer model
   * measures as the mean of a plain norm (the first layer's input norm) and a fused one ({@link
   * LlmServingSimProfile}), as a norm moving the mean of their bytes, {@code 3nh + h} values.
   */
  static List<Sample> vllmElementwiseSamples(Path denseCsv, ModelArchitecture arch) {
    Map<String, TransformerOperators.Op> ops = new LinkedHashMap<>();
    TransformerOperators.of(arch, 1, TransformerOperators.Engine.VLLM)
        .forEach(op -> ops.put(op.name(), op));
    TransformerOperators.Op fused = ops.get("post_attention_layernorm");
    double plainLess = arch.bytesPerValue() * arch.hidden(); // a plain norm moves 2nh fewer
    ops.put("layernorm", new TransformerOperators.Op("layernorm", OperatorClass.ELEMENTWISE,
        "norm", Placement.PER_LAYER, x -> 0,
        x -> fused.bytes().applyAsDouble(x) - plainLess * x.tokens()));
    ProfileTable table = ProfileTable.read(denseCsv);
    List<Sample> samples = new ArrayList<>();
    for (int r = 0; r < table.size(); r++) {
      TransformerOperators.Op op = ops.get(table.text(r, "layer"));
      if (op != null && op.kind() == OperatorClass.ELEMENTWISE && !op.name().equals(
          "input_layernorm") && !op.name().equals("post_attention_layernorm")) {
        samples.add(new Sample(op, new BatchShape(table.count(r, "tokens", 1, 1L << 32), 0, 0, 0),
            table.nanos(r, "time_us", 1000)));
      }
    }
    return samples;
  }

  /**
   * The fit for vLLM's kernels ({@code roofline-fit-vllm.txt}): the element-wise groups of vLLM's
   * operator list fitted, as {@link #fit} fits a group, to {@link #VLLM_FIT_PROFILE} on the RTX
   * 4090 (in-sample there), their memory efficiencies as fractions of the datasheet's bandwidth (no
   * sustained one of that card is published) or of the L2 rate where a kernel's bytes fit the L2;
   * the GEMM, attention and residual-add factors are the datasheet fit's ({@link #fit}), vLLM's
   * list having no residual add.
   */
  static RooflineEfficiency fitVllm(Path root) {
    RooflineEfficiency vidur = fit(root, DeviceRoof.Bandwidth.DATASHEET);
    List<Sample> samples = vllmElementwiseSamples(root.resolve(VLLM_FIT_PROFILE),
        ModelArchitecture.bundled(GeneratorComparison.MODEL, "fit"));
    DeviceRoof device = DeviceRoof.bundled(GeneratorComparison.RTX_4090.device());
    RooflineEfficiency rates = new RooflineEfficiency(PLACEHOLDER,
        DeviceRoof.Bandwidth.DATASHEET, "");
    Map<String, RooflineEfficiency.Factors> factors = new LinkedHashMap<>(vidur.factors());
    for (String group : VLLM_ELEMENTWISE_GROUPS) {
      factors.put(group, fitClass(samples.stream().filter(s -> s.op().group().equals(group))
          .toList(), device.peakFlops(), bytes -> rates.bandwidth(group, bytes, device), false));
    }
    return new RooflineEfficiency(factors, DeviceRoof.Bandwidth.DATASHEET, "vLLM's kernels: "
        + "element-wise groups (norm, rotary, activation, embedding) a least-squares fit "
        + "(relative error) to LLMServingSim 2.0's RTX 4090 profile of Llama 3.1 8B, dense.csv "
        + "(RooflineFit, in-sample there), as fractions of the datasheet's DRAM bandwidth or of "
        + "the L2 rate (derived for that card from the L40's); GEMM, attention and residual-add "
        + "factors: the datasheet fit to Vidur's H100 profile of Llama 2 7B");
  }

  /** Factors that only name every group, for the rates of a basis ({@link #fit}). */
  private static final Map<String, RooflineEfficiency.Factors> PLACEHOLDER = placeholder();

  private static Map<String, RooflineEfficiency.Factors> placeholder() {
    Map<String, RooflineEfficiency.Factors> factors = new LinkedHashMap<>();
    TransformerOperators.GROUPS.forEach(g -> factors.put(g, new RooflineEfficiency.Factors(1, 1,
        0)));
    return factors;
  }

  private static RooflineEfficiency.Factors fitClass(List<Sample> samples, double peakFlops,
      java.util.function.DoubleUnaryOperator rate,
      boolean compute) {
    double bestCost = Double.MAX_VALUE;
    double[] best = null;
    int n = samples.size();
    double[] flops = new double[n];
    double[] bytes = new double[n];
    double[] measured = new double[n];
    double[] bytesPerSecond = new double[n];
    for (int i = 0; i < n; i++) {
      flops[i] = samples.get(i).op().flops().applyAsDouble(samples.get(i).batch());
      bytes[i] = samples.get(i).op().bytes().applyAsDouble(samples.get(i).batch());
      measured[i] = samples.get(i).measuredNs();
      bytesPerSecond[i] = rate.applyAsDouble(bytes[i]);
    }
    for (int c = compute ? 1 : 100; c <= 100; c++) {
      for (int m = 1; m <= 100; m++) {
        double ec = c / 100.0;
        double em = m / 100.0;
        double num = 0;
        double den = 0;
        double[] roof = new double[n];
        for (int i = 0; i < n; i++) {
          roof[i] = 1e9 * Math.max(flops[i] / (ec * peakFlops),
              bytes[i] / (em * bytesPerSecond[i]));
          num += (measured[i] - roof[i]) / (measured[i] * measured[i]);
          den += 1 / (measured[i] * measured[i]);
        }
        double overhead = Math.max(0, num / den);
        double cost = 0;
        for (int i = 0; i < n; i++) {
          double r = (overhead + roof[i] - measured[i]) / measured[i];
          cost += r * r;
        }
        if (cost < bestCost) {
          bestCost = cost;
          best = new double[] {ec, em, Math.round(overhead)};
        }
      }
    }
    return new RooflineEfficiency.Factors(best[0], best[1], best[2]);
  }

  /**
   * Per operator class, the mean over the profile's token counts of {@code |R − M| / M}, where
   * {@code M} is the class's measured time (its operators summed) and {@code R} the roofline's.
   */
  static Map<OperatorClass, Double> classErrors(List<Sample> samples, DeviceRoof device,
      RooflineEfficiency fit) {
    Map<OperatorClass, Map<Long, double[]>> sums = new EnumMap<>(OperatorClass.class);
    for (Sample s : samples) {
      double[] sum = sums.computeIfAbsent(s.op().kind(), k -> new java.util.TreeMap<>())
          .computeIfAbsent(s.batch().tokens(), k -> new double[2]);
      sum[0] += s.measuredNs();
      sum[1] += TransformerRoofline.nanos(s.op(), s.batch(), device, fit);
    }
    Map<OperatorClass, Double> errors = new EnumMap<>(OperatorClass.class);
    sums.forEach((kind, byTokens) -> errors.put(kind, byTokens.values().stream()
        .mapToDouble(v -> Math.abs(v[1] - v[0]) / v[0]).average().orElse(Double.NaN)));
    return errors;
  }

  /**
   * The comparison table of the docs: per checked profile, the GEMM class (the same in both fits)
   * and the element-wise class under each fit.
   */
  static String table(Path root, RooflineEfficiency datasheet, RooflineEfficiency achievable) {
    StringBuilder out = new StringBuilder();
    out.append("| profile (Vidur, TP 1) | device | class | bandwidth of the memory efficiencies "
        + "| mean abs. error | within 15 % |\n");
    out.append("|---|---|---|---|---|---|\n");
    for (String[] p : PROFILES) {
      DeviceRoof device = DeviceRoof.bundled(p[2]);
      List<Sample> samples = samples(root.resolve(p[0]), ModelArchitecture.bundled(p[1], "fit"));
      Map<OperatorClass, Double> onDatasheet = classErrors(samples, device, datasheet);
      Map<OperatorClass, Double> onAchievable = classErrors(samples, device, achievable);
      String profile = p[1] + (p[0].equals(FIT_PROFILE) ? " (in-sample: fitted)" : "");
      row(out, profile, device, OperatorClass.GEMM, "datasheet",
          onDatasheet.get(OperatorClass.GEMM));
      row(out, profile, device, OperatorClass.ELEMENTWISE, "datasheet",
          onDatasheet.get(OperatorClass.ELEMENTWISE));
      row(out, profile, device, OperatorClass.ELEMENTWISE, "sustained (measured)",
          onAchievable.get(OperatorClass.ELEMENTWISE));
    }
    return out.toString();
  }

  private static void row(StringBuilder out, String profile, DeviceRoof device,
      OperatorClass kind, String bandwidth, double error) {
    out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.1f %% | %s |\n", profile,
        device.name(), kind.id(), bandwidth, 100 * error, error <= 0.15 ? "yes" : "no"));
  }
}
