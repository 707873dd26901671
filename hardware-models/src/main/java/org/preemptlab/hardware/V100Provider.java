package org.preemptlab.hardware;

/**
 * The {@code v100} hardware model: NVIDIA Tesla V100 SXM2 (GV100), the GPU of XSched's NVIDIA measurements; its instruction-level preemption costs XSched's measured Lv3 interrupt. Every value and its source is in {@code v100.yaml} next to this
 * class and in {@code docs/hardware-models.md}.
 *
 * @since 0.1
 */
public final class V100Provider extends BundledModelProvider {
  /** Loads {@code v100.yaml}; called by {@link java.util.ServiceLoader}. */
  public V100Provider() {
    super("v100", "NVIDIA V100 SXM2 (GV100): 80 SMs, 900 GB/s saves, 32 us instruction-level preemption (XSched)", "v100.yaml");
  }
}
