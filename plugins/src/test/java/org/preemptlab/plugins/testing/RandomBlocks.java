package org.preemptlab.plugins.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockSnapshot;

/**
 * Seeded random kernels, programs and block snapshots for invariant tests. Programs mix every
 * segment kind, include zero-length segments, and progress values favour segment boundaries.
 */
public final class RandomBlocks {
  private static final SegmentKind[] KINDS = SegmentKind.values();

  private RandomBlocks() {}

  /** {@code count} random snapshots drawn from a generator seeded with {@code seed}. */
  public static List<BlockSnapshot> snapshots(long seed, int count) {
    var random = new SplittableRandom(seed);
    List<BlockSnapshot> snapshots = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Kernel kernel = kernel(random);
      snapshots.add(new BlockSnapshot(kernel, kernel.program(), progress(random, kernel.program()),
          random.nextBoolean(), Fixtures.PASCAL));
    }
    return snapshots;
  }

  /** A random kernel whose program's live state may exceed its allocation (to test caps). */
  public static Kernel kernel(SplittableRandom random) {
    int registers = random.nextInt(0, 256);
    int shared = random.nextInt(4) == 0 ? 0 : random.nextInt(0, 49153);
    BlockProgram program = program(random, registers, shared);
    return new Kernel("random", random.nextInt(1, 100), random.nextInt(1, 1025), registers, shared,
        random.nextBoolean(), program, new BlockTiming.Exact());
  }

  /** A random offset into {@code program}: a segment boundary a third of the time. */
  public static long progress(SplittableRandom random, BlockProgram program) {
    if (random.nextInt(3) == 0) {
      return program.startOf(random.nextInt(program.segments().size() + 1));
    }
    return random.nextLong(program.durationNs() + 1);
  }

  private static BlockProgram program(SplittableRandom random, int registers, int shared) {
    int size = random.nextInt(1, 9);
    List<Segment> segments = new ArrayList<>(size);
    long total = 0;
    for (int i = 0; i < size; i++) {
      long ns = random.nextInt(10) == 0 ? 0 : random.nextLong(1, 1001);
      if (i == size - 1 && total + ns == 0) {
        ns = 1;
      }
      total += ns;
      SegmentKind kind = KINDS[random.nextInt(KINDS.length)];
      int liveRegisters = random.nextInt(0, registers + 9);
      long liveShared = random.nextLong(0, 2L * shared + 2);
      segments.add(new Segment(kind, ns, ns, liveRegisters, liveShared));
    }
    return new BlockProgram(segments);
  }
}
