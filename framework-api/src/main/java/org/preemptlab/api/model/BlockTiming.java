package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import org.preemptlab.api.API;

/**
 * How long each block of a kernel really runs, given the program's nominal duration. Every rule is
 * a pure function of the block index and a seed, so the same workload gives the same durations
 * whatever the scheduling policy (common random numbers) and whatever the order blocks are placed
 * in. The engine scales every segment of the block's program by the same factor.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public sealed interface BlockTiming {

  /** The duration of block {@code blockIndex} (0-based, in dispatch order) in ns; at least 1. */
  long durationNs(int blockIndex, long nominalNs);

  /** Every block runs exactly the program's nominal duration. */
  record Exact() implements BlockTiming {
    @Override
    public long durationNs(int blockIndex, long nominalNs) {
      return nominalNs;
    }
  }

  /**
   * Each block's duration is the nominal one times a factor uniform in {@code [1 - spread, 1 +
   * spread]}, drawn from a counter-based hash of {@code seed} and the block index.
   *
   * @param spread relative half-width of the jitter, in {@code [0, 1)}
   * @param seed the kernel's jitter seed, drawn from the workload's random stream
   */
  record UniformJitter(double spread, long seed) implements BlockTiming {
    /** Checks the spread. */
    public UniformJitter {
      checkArgument(spread >= 0 && spread < 1, "jitter spread must be in [0, 1), got %s", spread);
    }

    @Override
    public long durationNs(int blockIndex, long nominalNs) {
      double unit = (SplitMix.mix(seed ^ blockIndex) >>> 11) * 0x1.0p-53;
      double factor = 1 + spread * (2 * unit - 1);
      return Math.max(1, Math.round(nominalNs * factor));
    }
  }

  /**
   * The standard benchmark's rule ({@code docs/standard-workload.md}): block {@code b}
   * lasts {@code base + splitmix64(seed ^ b) % base}, with {@code base} the nominal duration and
   * {@code %} the unsigned remainder.
   *
   * @param seed the kernel's value {@code r}
   */
  record SplitMix(long seed) implements BlockTiming {
    @Override
    public long durationNs(int blockIndex, long nominalNs) {
      return nominalNs + Long.remainderUnsigned(mix(seed ^ blockIndex), nominalNs);
    }

    /** The splitmix64 finaliser: {@code z = x + golden; ...}, with 64-bit wrap-around. */
    public static long mix(long x) {
      long z = x + 0x9E3779B97F4A7C15L;
      z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
      z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
      return z ^ (z >>> 31);
    }
  }
}
