package org.preemptlab.hardware;

/**
 * The {@code h200} hardware model: an NVIDIA H200 SXM with instruction-level preemption and
 * time-sliced contexts. Device limits come from {@code cudaGetDeviceProperties}; launch, time
 * slice, context-switch and save/restore costs are fitted to the H200 measurements. Its save and
 * restore times grow with resident threads as well as bytes ({@link CostModel}). Every
 * value and its source is in {@code h200.yaml} next to this class.
 *
 * @since 0.1
 */
public final class H200Provider extends BundledModelProvider {
  /** Loads {@code h200.yaml}; called by {@link java.util.ServiceLoader}. */
  public H200Provider() {
    super("h200", "NVIDIA H200 SXM: 132 SMs, instruction-level preemption, time-sliced contexts;"
        + " costs fitted to H200 measurements", "h200.yaml");
  }
}
