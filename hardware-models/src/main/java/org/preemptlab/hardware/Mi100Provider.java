package org.preemptlab.hardware;

/**
 * The {@code mi100} hardware model: AMD Instinct MI100 (CDNA 1), the GPU of GPreempt's AMD experiments; contexts share compute units. Every value and its source is in {@code mi100.yaml} next to this
 * class and in {@code docs/hardware-models.md}.
 *
 * @since 0.1
 */
public final class Mi100Provider extends BundledModelProvider {
  /** Loads {@code mi100.yaml}; called by {@link java.util.ServiceLoader}. */
  public Mi100Provider() {
    super("mi100", "AMD Instinct MI100 (CDNA 1): 120 CUs, 1.23 TB/s, contexts share CUs (GPreempt's AMD GPU)", "mi100.yaml");
  }
}
