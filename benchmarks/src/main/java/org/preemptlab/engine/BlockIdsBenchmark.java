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
 * The guard of a JVM-specific trick, blocks by id ({@link BlockTable}): a job's list of resident
 * blocks stores int ids rather than references because, under the G1 collector, a reference stored
 * into a long-lived object in another heap region pays a card-marking barrier with a memory fence,
 * while an int is a plain store. One operation takes a random resident block out of the list and
 * appends it again (a swap-removal and an append, as a completion and a placement do), with the
 * engine's {@link BlockList} ({@code ids}) and with the same list over references ({@code
 * references}). While {@code references} takes longer than {@code ids} under G1 the trick pays
 * there; under the Parallel collector, the launcher's default, its barrier is a plain card mark.
 *
 * <p>The lists' arrays are allocated at a capacity that makes them humongous objects of their own
 * regions, so every reference stored crosses regions, as the engine's stores into lists, pools and
 * queues that outlive many blocks do; with small arrays beside their blocks in one region, G1's
 * filter would skip the barrier and the comparison would say nothing about the engine.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseG1GC", "-Xmx512m", "-XX:G1HeapRegionSize=1m"})
public class BlockIdsBenchmark {
  /** Capacity of both lists: 4 MiB of ids or of compressed references, over a 1 MiB region. */
  private static final int CAPACITY = 1 << 20;

  /** Blocks in the list: about the resident blocks of a full device of the standard workload. */
  @Param({"4096"})
  public int resident;

  private BlockList ids;
  private ResidentBlock[] references;
  private int referencesSize;
  private ResidentBlock[] blocks;
  private int[] picks;
  private int next;

  /** {@code resident} blocks in both lists, and a fixed sequence of random picks. */
  @Setup
  public void setUp() {
    BlockTable table = new BlockTable();
    ids = new BlockList(table);
    ids.attach(new int[CAPACITY]);
    references = new ResidentBlock[CAPACITY];
    blocks = new ResidentBlock[resident];
    for (int i = 0; i < resident; i++) {
      blocks[i] = table.take(null, i % 132, i, 1_000, 0, 0);
    }
    SplittableRandom random = new SplittableRandom(42);
    picks = new int[1 << 16];
    for (int i = 0; i < picks.length; i++) {
      picks[i] = random.nextInt(resident);
    }
  }

  /** The engine's list of ids: swap-removes a block and appends it again. */
  @Benchmark
  public int ids() {
    if (ids.size() == 0) {
      for (ResidentBlock block : blocks) {
        ids.append(block);
      }
    }
    ResidentBlock block = blocks[picks[next++ & (picks.length - 1)]];
    ids.swapRemove(block);
    ids.append(block);
    return block.listIndex;
  }

  /** The same list over references, as the engine kept it before blocks by id. */
  @Benchmark
  public int references() {
    if (referencesSize == 0) {
      for (ResidentBlock block : blocks) {
        block.listIndex = referencesSize;
        references[referencesSize++] = block;
      }
    }
    ResidentBlock block = blocks[picks[next++ & (picks.length - 1)]];
    int i = block.listIndex;
    ResidentBlock last = references[--referencesSize];
    if (last != block) {
      references[i] = last;
      last.listIndex = i;
    }
    block.listIndex = referencesSize;
    references[referencesSize++] = block;
    return block.listIndex;
  }
}
