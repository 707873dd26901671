package org.preemptlab.hardware;

/**
 * The {@code gtx480} hardware model: GPGPU-Sim's GTX480 (Fermi) configuration, the device of
 * Chimera-era preemption studies. It has no instruction-level preemption by default (set {@code
 * instruction-level-preemption=true} for Chimera-style studies) and each SM saves at an equal
 * share of the 177 GB/s DRAM bandwidth ({@link CostModel} without per-thread terms). Every value and its source
 * is in {@code gtx480.yaml} next to this class.
 *
 * @since 0.1
 */
public final class Gtx480Provider extends BundledModelProvider {
  /** Loads {@code gtx480.yaml}; called by {@link java.util.ServiceLoader}. */
  public Gtx480Provider() {
    super("gtx480", "GPGPU-Sim GTX480 (Fermi): 15 SMs, 700 MHz, 177 GB/s context saves,"
        + " no instruction-level preemption by default", "gtx480.yaml");
  }
}
