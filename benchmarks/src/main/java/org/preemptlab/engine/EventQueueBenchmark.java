package org.preemptlab.engine;

import java.util.SplittableRandom;
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

/**
 * The engine's event heap ({@link EventQueue}) in the hold model: with {@code size} events queued,
 * one operation pops the earliest event and pushes one at that time plus a random delay, as a block
 * completion followed by the next placement does. Delays are drawn before the measurement.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventQueueBenchmark {
  /** Events queued: a few thousand resident blocks is the standard workload's range. */
  @Param({"1024", "4096"})
  public int size;

  private EventQueue queue;
  private long[] delays;
  private int next;

  /** Fills the queue. */
  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(42);
    delays = new long[1 << 16];
    for (int i = 0; i < delays.length; i++) {
      delays[i] = 5_000 + random.nextLong(95_000);
    }
    queue = new EventQueue();
    for (int i = 0; i < size; i++) {
      queue.push(delays[i], Events.ARRIVAL, 0);
    }
  }

  /** Pops the head and pushes a later event; returns the head's time. */
  @Benchmark
  public long popAndPush() {
    long now = queue.peekTime();
    queue.pop();
    queue.push(now + delays[next++ & (delays.length - 1)], Events.ARRIVAL, 0);
    return now;
  }
}
