package org.preemptlab.hardware;

/**
 * The {@code a100} hardware model: NVIDIA A100-SXM4-40GB, the GPU of GPreempt's NVIDIA experiments, with GPreempt's context size and save bandwidth. Every value and its source is in {@code a100.yaml} next to this
 * class and in {@code docs/hardware-models.md}.
 *
 * @since 0.1
 */
public final class A100Provider extends BundledModelProvider {
  /** Loads {@code a100.yaml}; called by {@link java.util.ServiceLoader}. */
  public A100Provider() {
    super("a100", "NVIDIA A100-SXM4-40GB: 108 SMs, 1.1 TB/s context saves and 60 us switch (GPreempt)", "a100.yaml");
  }
}
