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

/**
 * Reads Vidur's per-operator profiles (microsoft/vidur, {@code
 * data/profiling/compute/<sku>/<model>/mlp.csv} and {@code attention.csv}; Agrawal et al.,
 * "Vidur", MLSys 2024, Sec. 4) into a {@link ModelProfile}: one kernel per operator and layer.
 *
 * <p>{@code mlp.csv}: one row per profiled token count ({@code num_tokens}) and tensor-parallel
 * degree ({@code num_tensor_parallel_workers}), with per operator the columns {@code
 * time_stats.<op>.median} (and min, max, mean, std), in milliseconds, of one layer. Operators
 * read, in the order a layer runs them: {@code input_layernorm}, {@code attn_pre_proj}, {@code
 * attn_rope}, (attention), {@code attn_post_proj}, {@code post_attention_layernorm}, {@code
 * mlp_up_proj}, {@code mlp_act}, {@code mlp_down_proj}, {@code add}; {@code emb} once before the
 * layers. A missing operator column is skipped (Vidur counts it as 0).
 *
 * <p>{@code attention.csv} (optional, beside {@code mlp.csv}): rows keyed by {@code batch_size},
 * {@code prefill_chunk_size}, {@code kv_cache_size} and {@code is_prefill}, with {@code
 * time_stats.attn_prefill.median} (prefill rows: one sequence's chunk after {@code kv_cache_size}
 * cached tokens) and {@code time_stats.attn_decode.median} (decode rows: {@code batch_size}
 * sequences of {@code kv_cache_size} cached tokens each). As Vidur's predictor looks them up
 * ({@code sklearn_execution_time_predictor.py}), a batch's prefills are one query at the sum of
 * their cached tokens and the root of the sum of their squared chunks, and its decodes one query
 * at their count and their mean cached tokens.
 *
 * <p>Times are the medians; rows repeating a key are averaged; between keys, {@link
 * Interpolation}. DRAM bytes come from the architecture ({@link TransformerOperators}).
 */
public final class VidurProfile {
  /** Vidur's operator columns in a layer's order, with the operator whose bytes they get. */
  private static final Map<String, String> LAYER_OPERATORS = new LinkedHashMap<>();

  static {
    LAYER_OPERATORS.put("input_layernorm", "input_layernorm");
    LAYER_OPERATORS.put("attn_pre_proj", "qkv_proj");
    LAYER_OPERATORS.put("attn_rope", "rotary_emb");
    LAYER_OPERATORS.put("attn_prefill", "attention_prefill");
    LAYER_OPERATORS.put("attn_decode", "attention_decode");
    LAYER_OPERATORS.put("attn_post_proj", "o_proj");
    LAYER_OPERATORS.put("post_attention_layernorm", "post_attention_layernorm");
    LAYER_OPERATORS.put("mlp_up_proj", "gate_up_proj");
    LAYER_OPERATORS.put("mlp_act", "act_fn");
    LAYER_OPERATORS.put("mlp_down_proj", "down_proj");
    LAYER_OPERATORS.put("add", "residual_add");
  }

  private static final long NS_PER_MS = 1_000_000L;

  private VidurProfile() {}

  /**
   * The operators of the {@code mlp.csv} table at tensor-parallel degree {@code tp}: per Vidur
   * operator name, its time in ns as a function of the batch's tokens.
   *
   * @throws ConfigurationException if the table lacks the needed columns or rows of {@code tp}
   */
  static Map<String, Interpolation.Line> mlpLines(ProfileTable mlp, int tp) {
    mlp.require(List.of("num_tokens", "num_tensor_parallel_workers"), "Vidur mlp.csv");
    Map<String, TreeMap<Double, double[]>> sums = new LinkedHashMap<>();
    List<String> ops = new ArrayList<>();
    ops.add("emb");
    ops.addAll(LAYER_OPERATORS.keySet());
    TreeMap<Long, Boolean> tps = new TreeMap<>();
    for (int r = 0; r < mlp.size(); r++) {
      long rowTp = mlp.count(r, "num_tensor_parallel_workers", 1, 1 << 12);
      tps.put(rowTp, true);
      if (rowTp != tp) {
        continue;
      }
      double tokens = mlp.count(r, "num_tokens", 1, 1L << 32);
      for (String op : ops) {
        String column = "time_stats." + op + ".median";
        if (!mlp.has(column) || mlp.empty(r, column)) {
          continue;
        }
        double[] sum = sums.computeIfAbsent(op, k -> new TreeMap<>())
            .computeIfAbsent(tokens, k -> new double[2]);
        sum[0] += mlp.nanos(r, column, NS_PER_MS);
        sum[1]++;
      }
    }
    if (sums.isEmpty()) {
      throw new ConfigurationException(mlp.source() + ": no row of tensor-parallel degree " + tp
          + " with a time_stats.<operator>.median column; degrees in the file: "
          + tps.keySet());
    }
    Map<String, Interpolation.Line> lines = new LinkedHashMap<>();
    for (Map.Entry<String, TreeMap<Double, double[]>> e : sums.entrySet()) {
      Map<Double, Double> means = new TreeMap<>();
      e.getValue().forEach((k, v) -> means.put(k, v[0] / v[1]));
      lines.put(e.getKey(), Interpolation.Line.of(means));
    }
    return lines;
  }

  /**
   * Reads a Vidur profile: {@code path} is the directory holding {@code mlp.csv} (and optionally
   * {@code attention.csv}) or the {@code mlp.csv} file itself.
   *
   * @param arch the model's architecture (layers, and the bytes of every operator)
   * @param tp the tensor-parallel degree whose rows are read
   * @param device the device's name, as the hardware model names it (Vidur names only a SKU)
   * @param sms the device's SMs: the grid of every kernel (one wave)
   * @throws ConfigurationException naming the file, line and column of the first mistake
   */
  public static ModelProfile read(Path path, ModelArchitecture arch, int tp, String device,
      int sms) {
    Path dir = Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
    Path mlpFile = Files.isDirectory(path) ? path.resolve("mlp.csv") : path;
    ProfileTable mlp = ProfileTable.read(mlpFile);
    Path attentionFile = dir.resolve("attention.csv");
    ProfileTable attention = Files.isRegularFile(attentionFile)
        ? ProfileTable.read(attentionFile) : null;
    return build(mlp, attention, arch, tp, device, sms);
  }

  /** Builds the profile from parsed tables ({@code attention} may be null). */
  static ModelProfile build(ProfileTable mlp, ProfileTable attention, ModelArchitecture arch,
      int tp, String device, int sms) {
    Map<String, Interpolation.Line> lines = mlpLines(mlp, tp);
    Map<String, TransformerOperators.Op> bytes = new LinkedHashMap<>();
    TransformerOperators.of(arch, tp).forEach(op -> bytes.put(op.name(), op));
    List<ModelProfile.Operator> operators = new ArrayList<>();
    if (lines.containsKey("emb")) {
      operators.add(operator("emb", OperatorClass.ELEMENTWISE, Placement.BEFORE_LAYERS,
          tokens(lines.get("emb")), bytes.get("embedding").bytes(), sms, mlp.source()));
    }
    Interpolation.Plane prefill = null;
    Interpolation.Plane decode = null;
    if (attention != null) {
      prefill = attentionPlane(attention, tp, true);
      decode = attentionPlane(attention, tp, false);
    }
    for (Map.Entry<String, String> e : LAYER_OPERATORS.entrySet()) {
      String op = e.getKey();
      if (op.equals("attn_prefill") || op.equals("attn_decode")) {
        Interpolation.Plane plane = op.equals("attn_prefill") ? prefill : decode;
        if (plane != null) {
          Interpolation.Plane p = plane;
          ToDoubleFunction<BatchShape> time = op.equals("attn_prefill")
              ? x -> prefillNanos(p, x) : x -> decodeNanos(p, x);
          operators.add(operator(op, OperatorClass.ATTENTION, Placement.PER_LAYER, time,
              bytes.get(e.getValue()).bytes(), sms, attention.source()));
        }
        continue;
      }
      if (!lines.containsKey(op)) {
        continue;
      }
      TransformerOperators.Op roof = bytes.get(e.getValue());
      operators.add(operator(op, roof.kind(), Placement.PER_LAYER, tokens(lines.get(op)),
          roof.bytes(), sms, mlp.source()));
    }
    return ModelProfile.of(mlp.source(), arch.id(), device, arch.kvBytesPerToken() / tp,
        arch.layers(), operators, Map.of("source", "Vidur profile " + mlp.source()
            + " (microsoft/vidur, MIT licence), tensor-parallel degree " + tp));
  }

  private static ToDoubleFunction<BatchShape> tokens(Interpolation.Line line) {
    return x -> x.tokens() == 0 ? 0 : line.at(x.tokens());
  }

  private static ModelProfile.Operator operator(String name, OperatorClass kind,
      Placement placement, ToDoubleFunction<BatchShape> nanos,
      ToDoubleFunction<BatchShape> bytes, int sms, String source) {
    return new ModelProfile.Operator(name, kind, placement, ModelProfile.THREADS,
        ModelProfile.REGISTERS, ModelProfile.SHARED, ModelProfile.timed(nanos, bytes, sms),
        source);
  }

  /**
   * The prefill (outer key: chunk size squared; inner: cached tokens) or decode (outer: batch
   * size; inner: cached tokens per sequence) table of {@code attention.csv} at degree {@code tp}.
   */
  static Interpolation.Plane attentionPlane(ProfileTable t, int tp, boolean prefill) {
    String time = prefill ? "time_stats.attn_prefill.median" : "time_stats.attn_decode.median";
    t.require(List.of("num_tensor_parallel_workers", "batch_size", "prefill_chunk_size",
        "kv_cache_size", "is_prefill", time), "Vidur attention.csv");
    Map<Double, Map<Double, double[]>> sums = new TreeMap<>();
    for (int r = 0; r < t.size(); r++) {
      if (t.count(r, "num_tensor_parallel_workers", 1, 1 << 12) != tp
          || t.bool(r, "is_prefill") != prefill) {
        continue;
      }
      double outer = prefill ? Math.pow(t.count(r, "prefill_chunk_size", 1, 1L << 32), 2)
          : t.count(r, "batch_size", 1, 1L << 32);
      double inner = t.count(r, "kv_cache_size", 0, 1L << 40);
      double[] sum = sums.computeIfAbsent(outer, k -> new TreeMap<>())
          .computeIfAbsent(inner, k -> new double[2]);
      sum[0] += t.nanos(r, time, NS_PER_MS);
      sum[1]++;
    }
    if (sums.isEmpty()) {
      return null;
    }
    Map<Double, Map<Double, Double>> means = new TreeMap<>();
    sums.forEach((o, m) -> {
      Map<Double, Double> line = new TreeMap<>();
      m.forEach((i, v) -> line.put(i, v[0] / v[1]));
      means.put(o, line);
    });
    return Interpolation.Plane.of(means);
  }

  /**
   * Prefill attention as Vidur looks it up: the sum of the prefills' cached tokens, and the
   * squared root of the sum of their squared chunks, rounded, squared.
   */
  static double prefillNanos(Interpolation.Plane plane, BatchShape x) {
    double kv = 0;
    double squares = 0;
    for (SequenceWork w : work(x)) {
      if (!w.decode()) {
        kv += w.cachedTokens();
        squares += (double) w.newTokens() * w.newTokens();
      }
    }
    if (squares == 0) {
      return 0;
    }
    double chunk = Math.round(Math.sqrt(squares));
    return plane.at(chunk * chunk, kv);
  }

  /** Decode attention as Vidur looks it up: the decodes' count and mean cached tokens. */
  static double decodeNanos(Interpolation.Plane plane, BatchShape x) {
    long decodes = 0;
    double cached = 0;
    for (SequenceWork w : work(x)) {
      if (w.decode()) {
        decodes++;
        cached += w.cachedTokens();
      }
    }
    return decodes == 0 ? 0 : plane.at(decodes, cached / decodes);
  }

  /**
   * The batch's per-sequence work; a shape given by aggregates alone is taken as one prefill of
   * all its non-decode tokens and {@code sequences} decodes sharing {@code contextTokens}.
   */
  static List<SequenceWork> work(BatchShape x) {
    if (x.hasWork()) {
      return x.work();
    }
    List<SequenceWork> work = new ArrayList<>();
    if (x.contextTokens() > 0) {
      long n = Math.max(1, x.sequences());
      for (int i = 0; i < n; i++) {
        work.add(SequenceWork.decode(Math.max(0, x.contextTokens() / n - 1)));
      }
    }
    long prefillTokens = x.tokens() - (x.contextTokens() > 0 ? Math.max(1, x.sequences()) : 0);
    if (x.prefillPairs() > 0 && prefillTokens > 0) {
      work.add(SequenceWork.prefill(prefillTokens, 0, true));
    }
    return work;
  }
}
