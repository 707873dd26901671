package org.preemptlab.lab.bench;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * What {@code preemptlab bench} runs.
 *
 * @param kernels N, the number of kernels of the standard workload, at least 1
 * @param warmups untimed runs of each implementation before the measured ones, at least 0
 * @param repetitions measured runs of each implementation, at least 1
 */
public record BenchSettings(int kernels, int warmups, int repetitions) {
  /** The default N. */
  public static final int DEFAULT_KERNELS = 10_000;
  /** The default number of warm-up runs. */
  public static final int DEFAULT_WARMUPS = 2;
  /** The default number of measured repetitions. */
  public static final int DEFAULT_REPETITIONS = 5;

  /** Validates the ranges. */
  public BenchSettings {
    checkArgument(kernels >= 1, "kernels must be >= 1, got %s", kernels);
    checkArgument(warmups >= 0, "warm-ups must be >= 0, got %s", warmups);
    checkArgument(repetitions >= 1, "repetitions must be >= 1, got %s", repetitions);
  }

  /** 10,000 kernels, 2 warm-ups, 5 repetitions. */
  public static BenchSettings defaults() {
    return new BenchSettings(DEFAULT_KERNELS, DEFAULT_WARMUPS, DEFAULT_REPETITIONS);
  }

  /** These settings with N = {@code kernels}. */
  public BenchSettings withKernels(int kernels) {
    return new BenchSettings(kernels, warmups, repetitions);
  }

  /** These settings with {@code warmups} warm-up runs. */
  public BenchSettings withWarmups(int warmups) {
    return new BenchSettings(kernels, warmups, repetitions);
  }

  /** These settings with {@code repetitions} measured runs. */
  public BenchSettings withRepetitions(int repetitions) {
    return new BenchSettings(kernels, warmups, repetitions);
  }
}
