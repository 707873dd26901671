package org.preemptlab.applications.llm;

/**
 * The classes of operators the roofline gives one set of achieved-efficiency factors each
 * ({@link RooflineEfficiency}), and the comparison against measured profiles reports one error
 * each.
 */
public enum OperatorClass {
  /** Matrix multiplications with weights: QKV, O, gate-up, down projections, LM head, experts. */
  GEMM("gemm"),
  /** Memory-bound element-wise kernels: norms, rotary embedding, activation, residual add,
   * embedding lookup. */
  ELEMENTWISE("elementwise"),
  /** Attention over the KV cache: prefill and decode. */
  ATTENTION("attention"),
  /** Sampling and other kernels a measured profile carries that the roofline does not model. */
  OTHER("other");

  private final String id;

  OperatorClass(String id) {
    this.id = id;
  }

  /** The class as written in files and tables. */
  public String id() {
    return id;
  }
}
