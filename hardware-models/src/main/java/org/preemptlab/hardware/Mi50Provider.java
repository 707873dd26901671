package org.preemptlab.hardware;

/**
 * The {@code mi50} hardware model: AMD Radeon Instinct MI50 (Vega 20), the GPU of REEF's artifact; contexts share compute units. Every value and its source is in {@code mi50.yaml} next to this
 * class and in {@code docs/hardware-models.md}.
 *
 * @since 0.1
 */
public final class Mi50Provider extends BundledModelProvider {
  /** Loads {@code mi50.yaml}; called by {@link java.util.ServiceLoader}. */
  public Mi50Provider() {
    super("mi50", "AMD Radeon Instinct MI50 (Vega 20): 60 CUs, 1 TB/s, contexts share CUs (REEF's GPU)", "mi50.yaml");
  }
}
