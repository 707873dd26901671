package org.preemptlab.runner.bench;

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
 * @param peakHeapBytes peak heap of each measured repetition, in order (see {@link HeapPeak})
 * @param blocksVerdict the block count against the expected table
 * @param makespanVerdict the makespan against the expected table
 * @param turnaroundVerdict the turnaround sum against the expected table
 */
public record Measurement(String name, int kernels, RunOutcome outcome, boolean repeatable,
    List<Long> wallNs, List<Long> peakHeapBytes, Verdict blocksVerdict, Verdict makespanVerdict,
    Verdict turnaroundVerdict) {

  /** Copies the lists; requires at least one repetition. */
  public Measurement {
    wallNs = List.copyOf(wallNs);
    peakHeapBytes = List.copyOf(peakHeapBytes);
    checkArgument(!wallNs.isEmpty() && wallNs.size() == peakHeapBytes.size(), "need one wall "
        + "time and one heap peak per repetition");
  }

  /** Builds a measurement, judging {@code outcome} against {@code expected}. */
  static Measurement of(String name, int kernels, RunOutcome outcome, boolean repeatable,
      List<Long> wallNs, List<Long> peakHeapBytes, Optional<ExpectedResults.Row> expected) {
    Verdict consistency = repeatable ? Verdict.MATCH : Verdict.MISMATCH;
    return new Measurement(name, kernels, outcome, repeatable, wallNs, peakHeapBytes,
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
    List<Long> sorted = new ArrayList<>(wallNs);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
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
