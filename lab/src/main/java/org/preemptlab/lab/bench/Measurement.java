package org.preemptlab.lab.bench;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The measured repetitions of one implementation.
 *
 * @param name "baseline" or "engine"
 * @param kernels N
 * @param outcome what the first measured repetition computed
 * @param repeatable whether every warm-up and measured run computed the same outcome
 * @param wallNs wall time of each measured repetition, in order
 * @param cpuNs CPU time of the measuring thread in each measured repetition, in order; -1 where
 *     the JVM does not measure it
 * @param peakHeapBytes peak heap of each measured repetition, in order (see {@link HeapPeak})
 * @param inputBytes heap bytes the implementation's input holds (live after a collection): the
 *     kernel list for the baseline, the {@code Workload} for the engine; 0 when the difference is
 *     below the measurement's noise (small inputs)
 * @param liveAtStartBytes heap bytes live at the start of each measured repetition, in order: both
 *     implementations' inputs and the JVM's own objects
 * @param allocatedBytes heap bytes the measuring thread allocated in each measured repetition, in
 *     order (see {@link Allocation}); -1 where the JVM does not count them
 * @param blocksVerdict the block count against the expected table
 * @param makespanVerdict the makespan against the expected table
 * @param turnaroundVerdict the turnaround sum against the expected table
 */
public record Measurement(String name, int kernels, RunOutcome outcome, boolean repeatable,
    List<Long> wallNs, List<Long> cpuNs, List<Long> peakHeapBytes, long inputBytes,
    List<Long> liveAtStartBytes, List<Long> allocatedBytes, Verdict blocksVerdict, Verdict makespanVerdict, Verdict turnaroundVerdict) {

  /** Copies the lists; requires at least one repetition. */
  public Measurement {
    wallNs = List.copyOf(wallNs);
    cpuNs = List.copyOf(cpuNs);
    peakHeapBytes = List.copyOf(peakHeapBytes);
    allocatedBytes = List.copyOf(allocatedBytes);
    liveAtStartBytes = List.copyOf(liveAtStartBytes);
    checkArgument(!wallNs.isEmpty() && wallNs.size() == peakHeapBytes.size()
        && wallNs.size() == allocatedBytes.size() && wallNs.size() == liveAtStartBytes.size()
        && wallNs.size() == cpuNs.size(),
        "need one wall time, CPU time, heap peak, live size and allocation count per repetition,"
            + " got %s, %s, %s, %s and %s", wallNs.size(), cpuNs.size(), peakHeapBytes.size(),
        liveAtStartBytes.size(), allocatedBytes.size());
  }

  /** Builds a measurement, judging {@code outcome} against {@code expected}. */
  static Measurement of(String name, int kernels, RunOutcome outcome, boolean repeatable,
      List<Long> wallNs, List<Long> cpuNs, List<Long> peakHeapBytes, long inputBytes,
      List<Long> liveAtStartBytes, List<Long> allocatedBytes,
      Optional<ExpectedResults.Row> expected) {
    Verdict consistency = repeatable ? Verdict.MATCH : Verdict.MISMATCH;
    return new Measurement(name, kernels, outcome, repeatable, wallNs, cpuNs, peakHeapBytes,
        inputBytes, liveAtStartBytes, allocatedBytes,
        worst(Verdict.of(outcome.blocks(), expected, ExpectedResults.Row::blocks), consistency),
        worst(Verdict.of(outcome.makespanNs(), expected, ExpectedResults.Row::makespanNs),
            consistency),
        worst(Verdict.of(outcome.turnaroundSumNs(), expected,
            ExpectedResults.Row::turnaroundSumNs), consistency));
  }

  private static Verdict worst(Verdict verdict, Verdict consistency) {
    return consistency == Verdict.MISMATCH ? Verdict.MISMATCH : verdict;
  }

  /** The median wall time (the mean of the middle two for an even count). */
  public double medianWallNs() {
    return median(wallNs);
  }

  /** The median CPU time of the measuring thread; negative if the JVM does not measure it. */
  public double medianCpuNs() {
    return median(cpuNs);
  }

  /** Simulated blocks per second of median CPU time; negative if not measured. */
  public double blocksPerCpuSecond() {
    double cpu = medianCpuNs();
    return cpu < 0 ? -1 : outcome.blocks() / (Math.max(1.0, cpu) / 1e9);
  }

  /** The median of {@code values} (the mean of the middle two for an even count). */
  static double median(List<? extends Number> values) {
    double[] sorted = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** Simulated blocks per second of median wall time. */
  public double blocksPerSecond() {
    return perSecond(outcome.blocks());
  }

  /** Events per second of median wall time. */
  public double eventsPerSecond() {
    return perSecond(outcome.events());
  }

  /** Simulated kernels (jobs) per second of median wall time. */
  public double kernelsPerSecond() {
    return perSecond(kernels);
  }

  /** Median wall time per simulated block, in ns. */
  public double nanosPerBlock() {
    return medianWallNs() / Math.max(1, outcome.blocks());
  }

  /**
   * Heap bytes allocated per simulated block: the median repetition's allocation divided by the
   * blocks; negative if the JVM does not count allocations.
   */
  public double allocatedBytesPerBlock() {
    List<Long> sorted = new ArrayList<>(allocatedBytes);
    Collections.sort(sorted);
    long median = sorted.get(sorted.size() / 2);
    return median < 0 ? -1 : (double) median / Math.max(1, outcome.blocks());
  }

  /**
   * The largest growth of the heap during a repetition: its peak minus what was live when it
   * started (what the run itself held at its peak, garbage not yet collected included).
   */
  public long maxRunPeakBytes() {
    long max = 0;
    for (int i = 0; i < peakHeapBytes.size(); i++) {
      max = Math.max(max, peakHeapBytes.get(i) - liveAtStartBytes.get(i));
    }
    return max;
  }

  /** The largest heap peak over the repetitions. */
  public long maxPeakHeapBytes() {
    return Collections.max(peakHeapBytes);
  }

  /** Whether nothing is a {@link Verdict#MISMATCH}. */
  public boolean matches() {
    return blocksVerdict != Verdict.MISMATCH && makespanVerdict != Verdict.MISMATCH
        && turnaroundVerdict != Verdict.MISMATCH;
  }

  private double perSecond(long count) {
    return count / (Math.max(1.0, medianWallNs()) / 1e9);
  }
}
