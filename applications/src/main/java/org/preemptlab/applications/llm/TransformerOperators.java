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

  private TransformerOperators() {}

  /**
   * The operators of {@code arch} at tensor-parallel degree {@code tp} in vLLM's order: the
   * embedding lookup; per layer the RMS norm, the QKV projection, rotary embedding, prefill and
   * decode attention, the O projection, the second RMS norm, the MLP (gate-up projection,
   * SiLU-and-multiply, down projection; or, for a mixture of experts, the router and the experts'
   * grouped GEMMs) and the residual add (as Vidur profiles them: norms and add unfused); then the
   * final norm and the LM head.
   */
  public static List<Op> of(ModelArchitecture arch, int tp) {
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
    ops.add(new Op("input_layernorm", OperatorClass.ELEMENTWISE, "norm", Placement.PER_LAYER,
        x -> 0, x -> b * (2 * h * x.tokens() + h)));
    ops.add(gemm("qkv_proj", h, qkv, b));
    ops.add(new Op("rotary_emb", OperatorClass.ELEMENTWISE, "rotary", Placement.PER_LAYER,
        x -> 0, x -> b * 2 * (q + kv) * x.tokens()));
    ops.add(new Op("attention_prefill", OperatorClass.ATTENTION, "attention", Placement.PER_LAYER,
        x -> 4 * q * x.prefillPairs(), x -> prefillBytes(x, q, kv, b)));
    ops.add(new Op("attention_decode", OperatorClass.ATTENTION, "attention", Placement.PER_LAYER,
        x -> 4 * q * x.contextTokens(), x -> decodeBytes(x, q, kv, b)));
    ops.add(gemm("o_proj", q, h, b));
    ops.add(new Op("post_attention_layernorm", OperatorClass.ELEMENTWISE, "norm",
        Placement.PER_LAYER, x -> 0, x -> b * (2 * h * x.tokens() + h)));
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
    ops.add(new Op("residual_add", OperatorClass.ELEMENTWISE, "residual-add",
        Placement.PER_LAYER, x -> 0, x -> b * 3 * h * x.tokens()));
    ops.add(new Op("final_layernorm", OperatorClass.ELEMENTWISE, "norm", Placement.AFTER_LAYERS,
        x -> 0, x -> b * (2 * h * x.tokens() + h)));
    ops.add(new Op("lm_head", OperatorClass.GEMM, "gemm", Placement.AFTER_LAYERS,
        x -> 2 * h * vocab / tp * x.sequences(),
        x -> x.sequences() == 0 ? 0 : b * (h * vocab / tp + x.sequences() * (h + vocab / tp))));
    return List.copyOf(ops);
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
