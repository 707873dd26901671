package org.preemptlab.plugins.preemption.collaborative;

import java.util.Objects;

/**
 * The {@code collaborative} strategy's estimate of freeing one SM with one technique.
 *
 * @param technique drain, save or flush
 * @param freeNs time from the preemption request until the SM's blocks have left it, signal
 *     latency included
 * @param costNs throughput cost: 0 for drain, save plus restore time for save, the discarded
 *     progress (summed over the blocks) for flush
 */
public record SmEstimate(Technique technique, long freeNs, long costNs) {

  /** How an SM is freed; the name in lower case is the level label. */
  public enum Technique {
    /** Let every block run to its end. */
    DRAIN,
    /** Stop every block at its next safe stop and save the SM's context. */
    SAVE,
    /** Discard every block's progress (idempotent kernels only). */
    FLUSH;

    /** The level label, e.g. {@code "save"}. */
    public String level() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Validates the fields. */
  public SmEstimate {
    Objects.requireNonNull(technique, "technique");
    if (freeNs < 0 || costNs < 0) {
      throw new IllegalArgumentException("estimates must be >= 0");
    }
  }
}
