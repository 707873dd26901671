package org.preemptlab.hardware;

/**
 * The {@code gtx1080} hardware model: NVIDIA GeForce GTX 1080 (GP104, Pascal), with the 2.09 ms time slice seen by GPU-clock logging. Every value and its source is in {@code gtx1080.yaml} next to this
 * class and in {@code docs/hardware-models.md}.
 *
 * @since 0.1
 */
public final class Gtx1080Provider extends BundledModelProvider {
  /** Loads {@code gtx1080.yaml}; called by {@link java.util.ServiceLoader}. */
  public Gtx1080Provider() {
    super("gtx1080", "NVIDIA GeForce GTX 1080 (Pascal): 20 SMs, 320 GB/s, 2.09 ms time slices (UNC logging)", "gtx1080.yaml");
  }
}
