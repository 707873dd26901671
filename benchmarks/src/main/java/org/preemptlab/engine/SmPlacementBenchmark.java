package org.preemptlab.engine;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.preemptlab.lab.bench.StandardWorkload;

/**
 * Block placement on the standard benchmark device (132 SMs): one operation releases the oldest
 * resident block once {@code resident} blocks are on SMs, then finds the SM for the next block
 * (most free thread slots, lowest index on ties) and allocates it. {@code engineIndex} is the
 * engine's {@link SmArray}; {@code linearScan} is the same rule as a scan over plain arrays, as
 * the benchmark's baseline loop does it. The shape changes every {@code blocksPerShape} blocks
 * (a new kernel), cycling through the standard workload's four shapes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SmPlacementBenchmark {
  private static final int SMS = 132;
  private static final int[][] SHAPES = {
      {128, 128 * 32, 0}, {256, 256 * 64, 16384}, {512, 512 * 32, 49152}, {1024, 1024 * 16, 0}};

  /** Blocks kept resident: below and near the device's capacity. */
  @Param({"256", "1024"})
  public int resident;

  /** Blocks placed before the shape changes. */
  @Param({"528"})
  public int blocksPerShape;

  private SmArray sms;
  private int[] freeThreads;
  private int[] freeBlocks;
  private int[] freeRegisters;
  private int[] freeShared;
  private int[] ringSm;
  private int[] ringShape;
  private int head;
  private int count;
  private int placed;

  /** An empty device. */
  @Setup
  public void setUp() {
    sms = new SmArray(StandardWorkload.device());
    freeThreads = filled(2048);
    freeBlocks = filled(32);
    freeRegisters = filled(65536);
    freeShared = filled(233472);
    ringSm = new int[resident];
    ringShape = new int[resident];
  }

  private static int[] filled(int value) {
    int[] a = new int[SMS];
    Arrays.fill(a, value);
    return a;
  }

  /** The engine's indexed search and its allocation and release. */
  @Benchmark
  public int engineIndex() {
    if (count == resident) {
      int[] old = SHAPES[ringShape[head]];
      sms.release(ringSm[head], old[0], old[1], old[2], 0);
      head = (head + 1) % resident;
      count--;
    }
    int shape = (placed++ / blocksPerShape) % SHAPES.length;
    int[] s = SHAPES[shape];
    int sm = sms.findBest(s[0], s[1], s[2]);
    if (sm >= 0) {
      sms.allocate(sm, s[0], s[1], s[2], 0);
      push(sm, shape);
    }
    return sm;
  }

  /** The same rule as a linear scan over plain arrays (the baseline loop's way). */
  @Benchmark
  public int linearScan() {
    if (count == resident) {
      int[] old = SHAPES[ringShape[head]];
      int sm = ringSm[head];
      freeThreads[sm] += old[0];
      freeBlocks[sm]++;
      freeRegisters[sm] += old[1];
      freeShared[sm] += old[2];
      head = (head + 1) % resident;
      count--;
    }
    int shape = (placed++ / blocksPerShape) % SHAPES.length;
    int[] s = SHAPES[shape];
    int best = -1;
    for (int i = 0; i < SMS; i++) {
      if (freeThreads[i] >= s[0] && freeBlocks[i] > 0 && freeRegisters[i] >= s[1]
          && freeShared[i] >= s[2] && (best < 0 || freeThreads[i] > freeThreads[best])) {
        best = i;
      }
    }
    if (best >= 0) {
      freeThreads[best] -= s[0];
      freeBlocks[best]--;
      freeRegisters[best] -= s[1];
      freeShared[best] -= s[2];
      push(best, shape);
    }
    return best;
  }

  private void push(int sm, int shape) {
    int tail = (head + count) % resident;
    ringSm[tail] = sm;
    ringShape[tail] = shape;
    count++;
  }
}
