package org.preemptlab.runner.workload;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.preemptlab.api.model.BlockTiming;

/**
 * Named random streams derived from one root seed: the stream of a name depends only on the root
 * and the name, never on which other streams exist or how much they were used. This is what keeps
 * one queue's jobs unchanged when another queue is added (common random numbers).
 */
public final class RandomStreams {
  private RandomStreams() {}

  /**
   * The stream called {@code name} under {@code rootSeed}: a {@link SplittableRandom} (whose
   * algorithm is fixed by its specification) seeded with a splitmix64 mix of the root and a 64-bit
   * FNV-1a hash of the name's UTF-8 bytes.
   */
  public static RandomGenerator named(long rootSeed, String name) {
    return new SplittableRandom(BlockTiming.SplitMix.mix(rootSeed ^ fnv1a(name)));
  }

  private static long fnv1a(String name) {
    long hash = 0xcbf29ce484222325L;
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= 0x100000001b3L;
    }
    return hash;
  }
}
