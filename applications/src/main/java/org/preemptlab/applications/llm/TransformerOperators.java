package org.preemptlab.applications.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The operators of one iteration of a decoder-only transformer in the order vLLM runs them, each
 * with its FLOPs and DRAM bytes as functions of the batch, derived from the architecture alone:
 * the roofline's inputs ({@link TransformerRoofline}) and the DRAM bytes every profile source
 * gives its kernels (measured profiles carry times, not bytes). {@code docs/llm-serving.md}
 * ("Operators and their bytes") lists the formulas; {@code b} is bytes per value, {@code n}
 * tokens, {@code s} sampling sequences, {@code t} the tensor-parallel degree (heads, KV heads and
 * intermediate size are split over {@code t}).
 */
public final class TransformerOperators {
  /** One operator: its name, class, place and cost functions. */
  public record Op(String name, OperatorClass kind, String group, Placement placement,
      ToDoubleFunction<BatchShape> flops, ToDoubleFunction<BatchShape> bytes) {}

  /**
   * The groups that share one set of efficiency factors ({@link RooflineEfficiency}): GEMMs and
   * attention are one group each; the element-wise operators are grouped by what they compute,
   * since their kernels reach very different bandwidths (Vidur's H100 profile of Llama 2 7B: a
   * residual add near the datasheet's bandwidth, an RMS norm at about a third of it).
   */
  public static final java.util.List<String> GROUPS = java.util.List.of("gemm", "attention",
      "norm", "rotary", "activation", "residual-add", "embedding");

  /**
   * Which serving engine's operator list: Vidur's (norms and residual add unfused, as Vidur
   * profiles them) or vLLM's Llama (the residual add fused into the norms). {@code
   * docs/llm-serving.md} ("Operators and their bytes") gives both lists and the sources.
   */
  public enum Engine {
    /** Vidur's list: two plain RMS norms and a residual add per layer, a plain final norm. */
    VIDUR("vidur"),
    /**
     * vLLM's Llama: no separate residual add; every RMS norm but the first layer's first adds the
     * residual in place ({@code fused_add_rms_norm}), the final norm included
     * (vllm-project/vllm @0035bdf {@code vllm/model_executor/models/llama.py}; @00cba79 {@code
     * vllm/model_executor/layers/layernorm.py}).
     */
    VLLM("vllm");

    /** The engines as written in parameters. */
    public static final List<String> IDS = List.of("vllm", "vidur");

    private final String id;

    Engine(String id) {
      this.id = id;
    }

    /** The engine as written in parameters. */
    public String id() {
      return id;
    }

    /** The engine written {@code id}; {@code null} for none. */
    static Engine of(String id) {
      for (Engine e : values()) {
        if (e.id.equals(id)) {
          return e;
        }
      }
      return null;
    }
  }

  private TransformerOperators() {}

  /** Vidur's operator list ({@link #of(ModelArchitecture, int, Engine)}). */
  public static List<Op> of(ModelArchitecture arch, int tp) {
    return of(arch, tp, Engine.VIDUR);
  }

  /**
   * The operators of {@code arch} at tensor-parallel degree {@code tp} in vLLM's order: the
   * embedding lookup; per layer the RMS norm, the QKV projection, rotary embedding, prefill and
   * decode attention, the O projection, the second RMS norm, the MLP (gate-up projection,
   * SiLU-and-multiply, down projection; or, for a mixture of experts, the router and the experts'
   * grouped GEMMs) and, in {@link Engine#VIDUR}'s list only, the residual add; then the final
   * norm and the LM head. In {@link Engine#VLLM}'s list a fused norm reads and writes the hidden
   * states and the residual, {@code 4nh} values and the weights; the first layer's input norm is
   * plain ({@code 2nh}), and since every layer's kernels are alike here, the per-layer input norm
   * carries the layers' mean, {@code nh (4 − 2/L) + h} values for {@code L} layers.
   */
  public static List<Op> of(ModelArchitecture arch, int tp, Engine engine) {
    boolean fused = engine == Engine.VLLM;
    double b = arch.bytesPerValue();
    double h = arch.hidden();
    double d = arch.headDim();
    double q = (double) arch.heads() / tp * d;
    double kv = (double) arch.kvHeads() / tp * d;
    double qkv = q + 2 * kv;
    double inter = (double) arch.intermediate() / tp;
    double up = (arch.gatedMlp() ? 2 : 1) * inter;
    double vocab = arch.vocabulary();
    List<Op> ops = new ArrayList<>();
    ops.add(new Op("embedding", OperatorClass.ELEMENTWISE, "embedding", Placement.BEFORE_LAYERS,
        x -> 0, x -> b * 2 * h * x.tokens()));
    double layers = arch.layers();
    ops.add(new Op("input_layernorm", OperatorClass.ELEMENTWISE, "norm", Placement.PER_LAYER,
        x -> 0, fused ? x -> b * ((4 - 2 / layers) * h * x.tokens() + h) : plainNorm(h, b)));
    ops.add(gemm("qkv_proj", h, qkv, b));
    ops.add(new Op("rotary_emb", OperatorClass.ELEMENTWISE, "rotary", Placement.PER_LAYER,
        x -> 0, x -> b * 2 * (q + kv) * x.tokens()));
    ops.add(new Op("attention_prefill", OperatorClass.ATTENTION, "attention", Placement.PER_LAYER,
        x -> 4 * q * x.prefillPairs(), x -> prefillBytes(x, q, kv, b)));
    ops.add(new Op("attention_decode", OperatorClass.ATTENTION, "attention", Placement.PER_LAYER,
        x -> 4 * q * x.contextTokens(), x -> decodeBytes(x, q, kv, b)));
    ops.add(gemm("o_proj", q, h, b));
    ops.add(new Op("post_attention_layernorm", OperatorClass.ELEMENTWISE, "norm",
        Placement.PER_LAYER, x -> 0, fused ? fusedNorm(h, b) : plainNorm(h, b)));
    if (arch.moe()) {
      double e = arch.experts();
      double k = arch.expertsPerToken();
      ops.add(gemm("moe_router", h, e, b));
      ops.add(new Op("moe_experts", OperatorClass.GEMM, "gemm", Placement.PER_LAYER,
          x -> 2 * x.tokens() * k * (h * up + inter * h),
          x -> b * (expectedExperts(e, k, x.tokens()) * (h * up + inter * h)
              + x.tokens() * k * (2 * h + up + 2 * inter))));
    } else {
      ops.add(gemm("gate_up_proj", h, up, b));
      ops.add(new Op("act_fn", OperatorClass.ELEMENTWISE, "activation", Placement.PER_LAYER,
          x -> 0, x -> b * (up + inter) * x.tokens()));
      ops.add(gemm("down_proj", inter, h, b));
    }
    if (!fused) {
      ops.add(new Op("residual_add", OperatorClass.ELEMENTWISE, "residual-add",
          Placement.PER_LAYER, x -> 0, x -> b * 3 * h * x.tokens()));
    }
    ops.add(new Op("final_layernorm", OperatorClass.ELEMENTWISE, "norm", Placement.AFTER_LAYERS,
        x -> 0, fused ? fusedNorm(h, b) : plainNorm(h, b)));
    ops.add(new Op("lm_head", OperatorClass.GEMM, "gemm", Placement.AFTER_LAYERS,
        x -> 2 * h * vocab / tp * x.sequences(),
        x -> x.sequences() == 0 ? 0 : b * (h * vocab / tp + x.sequences() * (h + vocab / tp))));
    return List.copyOf(ops);
  }

  /** An RMS norm's bytes: reads and writes the hidden states, reads the weights. */
  private static ToDoubleFunction<BatchShape> plainNorm(double h, double b) {
    return x -> b * (2 * h * x.tokens() + h);
  }

  /**
   * A fused add and RMS norm's bytes ({@code fused_add_rms_norm}): reads and writes the hidden
   * states and the residual, reads the weights.
   */
  private static ToDoubleFunction<BatchShape> fusedNorm(double h, double b) {
    return x -> b * (4 * h * x.tokens() + h);
  }

  /** A GEMM over the batch's tokens: {@code n × in} by {@code in × out} weights. */
  private static Op gemm(String name, double in, double out, double b) {
    return new Op(name, OperatorClass.GEMM, "gemm", Placement.PER_LAYER,
        x -> 2 * in * out * x.tokens(),
        x -> x.tokens() == 0 ? 0 : b * (in * out + x.tokens() * (in + out)));
  }

  /**
   * Prefill attention's bytes: every chunk reads its queries, the keys and values of its cached
   * and new tokens, writes its output and its new keys and values into the cache. Without
   * per-sequence work (a shape by aggregates), a single chunk of all the batch's prefill tokens
   * with no cached tokens is assumed.
   */
  static double prefillBytes(BatchShape x, double q, double kv, double b) {
    if (x.prefillPairs() == 0) {
      return 0;
    }
    if (!x.hasWork()) {
      long chunk = x.tokens();
      return b * chunk * (2 * q + 4 * kv);
    }
    double total = 0;
    for (SequenceWork w : x.work()) {
      if (!w.decode()) {
        double c = w.newTokens();
        total += 2 * q * c + 2 * kv * (w.cachedTokens() + c) + 2 * kv * c;
      }
    }
    return b * total;
  }

  /**
   * Decode attention's bytes: every decode reads the keys and values of its cached tokens and its
   * own, its query, writes its output and its new key and value.
   */
  static double decodeBytes(BatchShape x, double q, double kv, double b) {
    if (x.contextTokens() == 0) {
      return 0;
    }
    long decodes = x.hasWork() ? x.work().stream().filter(SequenceWork::decode).count() : 0;
    return b * (2 * kv * x.contextTokens() + decodes * (2 * q + 2 * kv));
  }

  /**
   * Expected distinct experts {@code n} tokens touch when each picks {@code k} of {@code e}
   * uniformly: {@code e (1 − (1 − k/e)^n)}.
   */
  static double expectedExperts(double e, double k, long n) {
    return n == 0 ? 0 : e * (1 - Math.pow(1 - k / e, n));
  }
}
