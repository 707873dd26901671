package org.preemptlab.applications.llm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;

/**
 * Reads LLMServingSim 2.0's profile bundles (casys-kaist/LLMServingSim, {@code
 * profiler/perf/<hardware>/<model>/<variant>/}: {@code meta.yaml} and {@code tp<N>/} with {@code
 * dense.csv}, {@code per_sequence.csv}, {@code attention.csv} and, for a mixture of experts,
 * {@code moe.csv}; the format of {@code docs/docs/profiler/output-bundle.md}) into a {@link
 * ModelProfile}: one kernel per operator and layer. Times are in microseconds, of one layer.
 *
 * <ul>
 *   <li>{@code dense.csv} ({@code layer,tokens,time_us}): per operator against the batch's
 *       tokens. {@code embedding} runs before the layers; {@code final_layernorm} after; in a
 *       layer, in vLLM's order: {@code layernorm}, {@code qkv_proj}, {@code qk_norm}, {@code
 *       rotary_emb}, attention, {@code o_proj}, {@code layernorm} again, {@code gate_up_proj},
 *       {@code act_fn}, {@code down_proj} (or {@code moe}); any other operator at the end of the
 *       layer, in file order.
 *   <li>{@code per_sequence.csv} ({@code layer,sequences,time_us}): {@code lm_head}, {@code
 *       sampler}, after the layers, against the sequences sampling a token.
 *   <li>{@code attention.csv} ({@code prefill_chunk,kv_prefill,n_decode,kv_decode,time_us}): one
 *       attention kernel of the whole batch, keyed as LLMServingSim's {@code trace_generator.py}
 *       keys it: the prefill chunks' tokens summed, their cached tokens summed, the decodes'
 *       count and their mean cached tokens (integer division). Looked up per (chunk, decodes)
 *       slice by cached prefill tokens, then decode cached tokens; slices blended linearly; a
 *       missing corner slice is replaced by the nearest profiled one. Later bundles' schema
 *       ({@code layer,prefill_chunk,prefill_key,n_decode,kv_decode,decode_q_len,time_us}) is
 *       looked up at the query-weighted key length {@code Σ c (k + c/2) / Σ c} of the prefills
 *       instead of their cached tokens; rows of {@code decode_q_len} above 1 are left out and
 *       another {@code layer} than {@code attention} is refused.
 *   <li>{@code moe.csv} ({@code [ep,]tokens,activated_experts,time_us}): the expert block, at the
 *       expected number of distinct experts the batch's tokens are routed to; of a file with one
 *       grid per expert-parallel degree, the {@code ep} 1 grid.
 * </ul>
 *
 * <p>Refused with a one-line error: a folder with {@code linear_attention.csv} (linear-attention
 * layers), a mixture-of-experts model without {@code moe.csv} in the folder read, a dense model
 * with one. {@code mtp.csv}, {@code step.csv} and {@code moe_components} are not read.
 *
 * <p>Between profiled points, {@link Interpolation}. {@code meta.yaml}'s top-level {@code gpu}
 * (the driver's device name) names the device; only its unindented {@code key: value} lines are
 * read. When {@code meta.yaml} enables a {@code skew_fit} with a bucket table for the degree
 * read, decode attention is corrected for batches of unequal contexts as LLMServingSim does
 * ({@link SkewFit}); {@code skew = false} leaves it out.
 */
public final class LlmServingSimProfile {
  private static final List<String> LAYER_ORDER = List.of("layernorm", "qkv_proj", "qk_norm",
      "rotary_emb", "attention", "o_proj", "layernorm", "gate_up_proj", "act_fn", "down_proj",
      "moe");
  private static final long NS_PER_US = 1_000L;

  private LlmServingSimProfile() {}

  /**
   * Reads a bundle: {@code path} is the variant directory (holding {@code meta.yaml} and {@code
   * tp<N>/}) or a {@code tp<N>} directory.
   *
   * @param arch the model's architecture (layers, experts, and the bytes of every operator)
   * @param tp the tensor-parallel degree whose folder is read
   * @param sms the device's SMs: the grid of every kernel (one wave)
   * @throws ConfigurationException naming the file, line and column of the first mistake
   */
  public static ModelProfile read(Path path, ModelArchitecture arch, int tp, int sms) {
    return read(path, arch, tp, sms, true);
  }

  /**
   * Reads a bundle, with LLMServingSim's skew correction of decode attention when {@code skew} is
   * true and the bundle supplies a fit ({@link SkewFit}), without it otherwise.
   */
  public static ModelProfile read(Path path, ModelArchitecture arch, int tp, int sms,
      boolean skew) {
    if (!Files.isDirectory(path)) {
      throw new ConfigurationException(path + ": an LLMServingSim profile is a directory "
          + "(profiler/perf/<hardware>/<model>/<variant>/ or its tp<N>/ folder)");
    }
    Path tpDir = Files.isDirectory(path.resolve("tp" + tp)) ? path.resolve("tp" + tp) : path;
    Path metaFile = Files.isRegularFile(path.resolve("meta.yaml")) ? path.resolve("meta.yaml")
        : tpDir.toAbsolutePath().getParent().resolve("meta.yaml");
    String metaText = Files.isRegularFile(metaFile)
        ? InputFiles.readText(metaFile, "profile meta file", Limits.MAX_TEXT_FILE_BYTES) : null;
    String device = metaText != null ? topLevel(metaText, "gpu", metaFile.toString()) : null;
    if (device == null) {
      throw new ConfigurationException(metaFile + ": the bundle's meta.yaml with its 'gpu' "
          + "key is missing; it names the device the times were measured on");
    }
    for (String name : List.of("dense.csv", "per_sequence.csv", "attention.csv")) {
      if (!Files.isRegularFile(tpDir.resolve(name))) {
        throw new ConfigurationException(tpDir + ": no " + name + " (expected dense.csv, "
            + "per_sequence.csv, attention.csv and for a mixture of experts moe.csv)");
      }
    }
    if (Files.isRegularFile(tpDir.resolve("linear_attention.csv"))) {
      throw new ConfigurationException(tpDir.resolve("linear_attention.csv") + ": a linear-"
          + "attention (Mamba / gated-DeltaNet) layer is not modelled by this reader; only "
          + "softmax attention (attention.csv) is");
    }
    Path moe = tpDir.resolve("moe.csv");
    if (arch.moe() && !Files.isRegularFile(moe)) {
      throw new ConfigurationException(tpDir + ": no moe.csv, but model '" + arch.id() + "' is a "
          + "mixture of " + arch.experts() + " experts; this reader times the expert block only "
          + "from moe.csv of the tp folder read (LLMServingSim writes it per EP degree, not per "
          + "tensor-parallel folder)");
    }
    if (!arch.moe() && Files.isRegularFile(moe)) {
      throw new ConfigurationException(moe + ": the bundle profiles a mixture of experts, but "
          + "model '" + arch.id() + "' has a dense MLP (experts: 0); give the bundle's model "
          + "with model-file");
    }
    return build(ProfileTable.read(tpDir.resolve("dense.csv")),
        ProfileTable.read(tpDir.resolve("per_sequence.csv")),
        ProfileTable.read(tpDir.resolve("attention.csv")),
        Files.isRegularFile(moe) ? ProfileTable.read(moe) : null, arch, tp, device, sms,
        skew ? SkewFit.read(metaText, metaFile, tp) : null);
  }

  /** The value of an unindented {@code key: value} line of a YAML file, or null. */
  static String topLevel(String yaml, String key, String source) {
    for (String line : yaml.split("\r?\n", -1)) {
      if (line.startsWith(key + ":")) {
        String value = line.substring(key.length() + 1).strip();
        if (value.length() >= 2 && (value.startsWith("'") && value.endsWith("'")
            || value.startsWith("\"") && value.endsWith("\""))) {
          value = value.substring(1, value.length() - 1);
        }
        return value.isEmpty() ? null : value;
      }
    }
    return null;
  }

  /** Per operator name, its line of time (ns) against {@code key}. */
  static Map<String, Interpolation.Line> lines(ProfileTable t, String key) {
    t.require(List.of("layer", key, "time_us"), "LLMServingSim " + key);
    Map<String, Map<Double, double[]>> sums = new LinkedHashMap<>();
    for (int r = 0; r < t.size(); r++) {
      String layer = t.text(r, "layer");
      if (layer.isEmpty() || !layer.chars().allMatch(c -> c < 128)) {
        throw new ConfigurationException(t.where(r) + ": column 'layer' must be an operator name "
            + "in ASCII");
      }
      double[] sum = sums.computeIfAbsent(layer, k -> new TreeMap<>())
          .computeIfAbsent((double) t.count(r, key, 1, 1L << 32), k -> new double[2]);
      sum[0] += t.nanos(r, "time_us", NS_PER_US);
      sum[1]++;
    }
    Map<String, Interpolation.Line> lines = new LinkedHashMap<>();
    sums.forEach((name, m) -> {
      Map<Double, Double> means = new TreeMap<>();
      m.forEach((k, v) -> means.put(k, v[0] / v[1]));
      lines.put(name, Interpolation.Line.of(means));
    });
    return lines;
  }

  /** Builds the profile from parsed tables ({@code moe} may be null). */
  static ModelProfile build(ProfileTable dense, ProfileTable perSequence, ProfileTable attention,
      ProfileTable moe, ModelArchitecture arch, int tp, String device, int sms) {
    return build(dense, perSequence, attention, moe, arch, tp, device, sms, null);
  }

  /** Builds the profile, with the skew correction of {@code skew} when it is not null. */
  static ModelProfile build(ProfileTable dense, ProfileTable perSequence, ProfileTable attention,
      ProfileTable moe, ModelArchitecture arch, int tp, String device, int sms, SkewFit skew) {
    Map<String, Interpolation.Line> denseLines = lines(dense, "tokens");
    Map<String, Interpolation.Line> seqLines = lines(perSequence, "sequences");
    Attention4d attn = Attention4d.of(attention, skew);
    Map<String, TransformerOperators.Op> ops = new LinkedHashMap<>();
    // the bundle is vLLM's profile: its norms carry the residual add (fused), as vLLM's list says
    TransformerOperators.of(arch, tp, TransformerOperators.Engine.VLLM)
        .forEach(op -> ops.put(op.name(), op));
    double b = arch.bytesPerValue();
    double q = (double) arch.heads() / tp * arch.headDim();
    double kv = (double) arch.kvHeads() / tp * arch.headDim();
    List<ModelProfile.Operator> operators = new ArrayList<>();
    if (denseLines.containsKey("embedding")) {
      operators.add(operator("embedding", OperatorClass.ELEMENTWISE, Placement.BEFORE_LAYERS,
          tokens(denseLines.get("embedding")), ops.get("embedding").bytes(), sms, dense));
    }
    int layernorms = 0;
    for (String name : LAYER_ORDER) {
      if (name.equals("attention")) {
        operators.add(operator("attention", OperatorClass.ATTENTION, Placement.PER_LAYER,
            attn::nanos, x -> TransformerOperators.prefillBytes(x, q, kv, b)
                + TransformerOperators.decodeBytes(x, q, kv, b), sms, attention));
      } else if (name.equals("moe")) {
        if (moe != null) {
          Interpolation.Plane plane = moePlane(moe);
          double e = Math.max(1, arch.experts());
          double k = Math.max(1, arch.expertsPerToken());
          TransformerOperators.Op experts = ops.get("moe_experts");
          operators.add(operator("moe", OperatorClass.GEMM, Placement.PER_LAYER,
              x -> x.tokens() == 0 ? 0 : plane.at(Math.max(1, Math.round(
                  TransformerOperators.expectedExperts(e, k, x.tokens()))), x.tokens()),
              experts != null ? experts.bytes() : x -> 0, sms, moe));
        }
      } else if (denseLines.containsKey(name)) {
        String bytesName = name.equals("layernorm")
            ? (layernorms++ == 0 ? "input_layernorm" : "post_attention_layernorm") : name;
        operators.add(operator(name, kindOf(bytesName, ops), Placement.PER_LAYER,
            tokens(denseLines.get(name)), bytesOf(bytesName, ops, q, kv, b), sms, dense));
      }
    }
    for (String name : denseLines.keySet()) {
      if (!LAYER_ORDER.contains(name) && !name.equals("embedding")
          && !name.equals("final_layernorm")) {
        operators.add(operator(name, OperatorClass.OTHER, Placement.PER_LAYER,
            tokens(denseLines.get(name)), x -> 0, sms, dense));
      }
    }
    if (denseLines.containsKey("final_layernorm")) {
      operators.add(operator("final_layernorm", OperatorClass.ELEMENTWISE,
          Placement.AFTER_LAYERS, tokens(denseLines.get("final_layernorm")),
          ops.get("final_layernorm").bytes(), sms, dense));
    }
    for (Map.Entry<String, Interpolation.Line> e : seqLines.entrySet()) {
      Interpolation.Line line = e.getValue();
      boolean head = e.getKey().equals("lm_head");
      double vocab = (double) arch.vocabulary() / tp;
      operators.add(operator(e.getKey(), head ? OperatorClass.GEMM : OperatorClass.OTHER,
          Placement.AFTER_LAYERS, x -> x.sequences() == 0 ? 0 : line.at(x.sequences()),
          head ? ops.get("lm_head").bytes() : x -> b * vocab * x.sequences(), sms,
          perSequence));
    }
    return ModelProfile.of(dense.source(), arch.id(), device, arch.kvBytesPerToken() / tp,
        arch.layers(), operators, Map.of("source", "LLMServingSim 2.0 profile "
            + dense.source() + " (casys-kaist/LLMServingSim, MIT licence), tensor-parallel "
            + "degree " + tp + (skew != null ? ", with its skew correction of decode attention"
            : "")));
  }

  private static OperatorClass kindOf(String name, Map<String, TransformerOperators.Op> ops) {
    return ops.containsKey(name) ? ops.get(name).kind() : OperatorClass.ELEMENTWISE;
  }

  private static ToDoubleFunction<BatchShape> bytesOf(String name,
      Map<String, TransformerOperators.Op> ops, double q, double kv, double b) {
    if (ops.containsKey(name)) {
      return ops.get(name).bytes();
    }
    // qk_norm: RMS norm of the queries and keys, read and written
    return name.equals("qk_norm") ? x -> b * 2 * (q + kv) * x.tokens() : x -> 0;
  }

  private static ToDoubleFunction<BatchShape> tokens(Interpolation.Line line) {
    return x -> x.tokens() == 0 ? 0 : line.at(x.tokens());
  }

  private static ModelProfile.Operator operator(String name, OperatorClass kind,
      Placement placement, ToDoubleFunction<BatchShape> nanos,
      ToDoubleFunction<BatchShape> bytes, int sms, ProfileTable from) {
    return new ModelProfile.Operator(name, kind, placement, ModelProfile.THREADS,
        ModelProfile.REGISTERS, ModelProfile.SHARED, ModelProfile.timed(nanos, bytes, sms),
        from.source());
  }

  /**
   * The expert block's plane (activated experts, then tokens). A file with an {@code ep} column
   * (one grid per expert-parallel degree, LLMServingSim after @5daddb2) is read at {@code ep} 1,
   * the server running every expert on its device; a file without it is EP 1, as there.
   */
  static Interpolation.Plane moePlane(ProfileTable t) {
    t.require(List.of("tokens", "activated_experts", "time_us"), "LLMServingSim moe.csv");
    Map<Double, Map<Double, Double>> points = new TreeMap<>();
    TreeMap<Long, Boolean> degrees = new TreeMap<>();
    for (int r = 0; r < t.size(); r++) {
      if (t.has("ep")) {
        long ep = t.count(r, "ep", 1, 1 << 16);
        degrees.put(ep, true);
        if (ep != 1) {
          continue;
        }
      }
      points.computeIfAbsent((double) t.count(r, "activated_experts", 1, 1 << 16),
          k -> new TreeMap<>()).put((double) t.count(r, "tokens", 1, 1L << 32),
          t.nanos(r, "time_us", NS_PER_US));
    }
    if (points.isEmpty()) {
      throw new ConfigurationException(t.source() + ": no rows of expert-parallel degree 1 "
          + "(column 'ep' has " + degrees.keySet() + "); the server runs every expert on one "
          + "device, so it reads the ep 1 grid");
    }
    return Interpolation.Plane.of(points);
  }

  /** The 4-D attention table: slices by (prefill chunk, decodes), each a plane. */
  /**
   * The 4-D attention table: slices by (prefill chunk, decodes), each a plane. {@code
   * prefillKey} tells the inner prefill axis: false for {@code kv_prefill} (the prefills' cached
   * tokens summed, LLMServingSim @5daddb2), true for {@code prefill_key} (the query-weighted causal
   * key length {@code Σ c_i (k_i + c_i / 2) / Σ c_i} of chunks {@code c_i} after {@code k_i}
   * cached tokens, the later schema, {@code docs/docs/profiler/output-bundle.md}).
   */
  record Attention4d(double[] chunks, double[] decodes, Map<Long, Interpolation.Plane> slices,
      SkewFit skew, boolean prefillKey) {
    static Attention4d of(ProfileTable t) {
      return of(t, null);
    }

    static Attention4d of(ProfileTable t, SkewFit skew) {
      boolean prefillKey = t.has("prefill_key");
      String prefillAxis = prefillKey ? "prefill_key" : "kv_prefill";
      t.require(List.of("prefill_chunk", prefillAxis, "n_decode", "kv_decode", "time_us"),
          "LLMServingSim attention.csv");
      Map<Long, Map<Double, Map<Double, Double>>> points = new TreeMap<>();
      TreeMap<Double, Boolean> chunks = new TreeMap<>();
      TreeMap<Double, Boolean> decodes = new TreeMap<>();
      for (int r = 0; r < t.size(); r++) {
        if (t.has("layer") && !t.text(r, "layer").equals("attention")) {
          throw new ConfigurationException(t.where(r) + ": attention kernel '" + t.text(r, "layer")
              + "' is not modelled; this reader reads one softmax attention kernel per layer "
              + "(layer 'attention')");
        }
        if (t.has("decode_q_len") && t.count(r, "decode_q_len", 1, 1 << 16) != 1) {
          continue; // speculative verification (several query tokens per decode): not modelled
        }
        long pc = t.count(r, "prefill_chunk", 0, 1L << 30);
        long nd = t.count(r, "n_decode", 0, 1L << 30);
        chunks.put((double) pc, true);
        decodes.put((double) nd, true);
        double inner = prefillKey ? t.decimal(r, "prefill_key", 0, 1L << 40)
            : t.count(r, "kv_prefill", 0, 1L << 40);
        points.computeIfAbsent(key(pc, nd), k -> new TreeMap<>())
            .computeIfAbsent(inner, k -> new TreeMap<>())
            .put((double) t.count(r, "kv_decode", 0, 1L << 40), t.nanos(r, "time_us", NS_PER_US));
      }
      if (points.isEmpty()) {
        throw new ConfigurationException(t.source() + ": no rows with decode_q_len 1 (one query "
            + "token per decode, the only decode this reader models)");
      }
      Map<Long, Interpolation.Plane> slices = new TreeMap<>();
      points.forEach((k, v) -> slices.put(k, Interpolation.Plane.of(v)));
      return new Attention4d(chunks.keySet().stream().mapToDouble(Double::doubleValue).toArray(),
          decodes.keySet().stream().mapToDouble(Double::doubleValue).toArray(), slices, skew,
          prefillKey);
    }

    private static long key(long pc, long nd) {
      return pc << 31 | nd;
    }

    double nanos(BatchShape x) {
      long pc = 0;
      long kp = 0;
      double weightedKey = 0;
      long nd = 0;
      long kd = 0;
      long kdMax = 0;
      long kdMin = Long.MAX_VALUE;
      for (SequenceWork w : VidurProfile.work(x)) {
        if (w.decode()) {
          nd++;
          kd += w.cachedTokens();
          kdMax = Math.max(kdMax, w.cachedTokens());
          kdMin = Math.min(kdMin, w.cachedTokens());
        } else {
          pc += w.newTokens();
          kp += w.cachedTokens();
          weightedKey += w.newTokens() * (w.cachedTokens() + w.newTokens() / 2.0);
        }
      }
      if (pc == 0 && nd == 0) {
        return 0;
      }
      long kvMean = nd > 0 ? kd / nd : 0;
      double prefillAxis = !prefillKey ? kp : pc > 0 ? weightedKey / pc : 0;
      double mean = lookup(pc, prefillAxis, nd, kvMean);
      if (skew == null || nd <= 1 || kdMax == kvMean) {
        return mean;
      }
      // LLMServingSim's _lookup_attention_with_skew: rate from the integer mean, alpha by bucket
      double rate = kdMax > kdMin ? (double) (kvMean - kdMin) / (kdMax - kdMin) : 0.5;
      double alpha = skew.alpha(pc, nd, rate, kdMax, kp);
      if (alpha == 0) {
        return mean;
      }
      double longest = lookup(pc, prefillAxis, nd, kdMax);
      // as _lookup_attention_with_skew: max(1, t_mean + alpha (t_max - t_mean)), alpha any sign
      return longest <= mean ? mean : Math.max(1, mean + alpha * (longest - mean));
    }

    private double lookup(long pc, double kp, long nd, double kvDecode) {
      double[] bp = Interpolation.bracket(chunks, pc);
      double[] bn = Interpolation.bracket(decodes, nd);
      double c00 = corner(chunks[(int) bp[0]], decodes[(int) bn[0]], kp, kvDecode);
      double c01 = corner(chunks[(int) bp[0]], decodes[(int) bn[1]], kp, kvDecode);
      double c10 = corner(chunks[(int) bp[1]], decodes[(int) bn[0]], kp, kvDecode);
      double c11 = corner(chunks[(int) bp[1]], decodes[(int) bn[1]], kp, kvDecode);
      double v0 = c00 + bn[2] * (c01 - c00);
      double v1 = c10 + bn[2] * (c11 - c10);
      return Math.max(1, v0 + bp[2] * (v1 - v0));
    }

    private double corner(double pc, double nd, double kp, double kd) {
      Interpolation.Plane slice = slices.get(key((long) pc, (long) nd));
      if (slice == null) {
        long best = -1;
        double bestDistance = Double.MAX_VALUE;
        for (long k : slices.keySet()) {
          double dp = (k >>> 31) - pc;
          double dn = (k & Integer.MAX_VALUE) - nd;
          if (dp * dp + dn * dn < bestDistance) {
            bestDistance = dp * dp + dn * dn;
            best = k;
          }
        }
        slice = slices.get(best);
      }
      return slice.at(kp, kd);
    }
  }
}
