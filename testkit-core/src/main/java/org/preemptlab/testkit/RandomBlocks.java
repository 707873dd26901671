package org.preemptlab.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * Seeded random kernels, programs and block snapshots for invariant tests. Programs mix every
 * segment kind, include zero-length segments and segments without instructions, and progress
 * values favour segment boundaries. Kernels are exact, jittered or standard-benchmark timed.
 */
public final class RandomBlocks {
  private static final SegmentKind[] KINDS = SegmentKind.values();

  private RandomBlocks() {}

  /**
   * A block as the engine sees it: the snapshot handed to the strategy, and the block's real
   * duration and real progress, from which the engine derives the snapshot's progress.
   *
   * @param snapshot what the strategy is shown
   * @param realDurationNs the block's real (jittered) duration
   * @param realProgressNs the block's real progress when the SM sees the request
   */
  public record Sample(BlockSnapshot snapshot, long realDurationNs, long realProgressNs) {

    /**
     * The program offset the block has reached when a request delayed by {@code deliveryNs}
     * arrives, computed as the engine does (real progress scaled to the program, rounded down).
     */
    public long offsetAfter(long deliveryNs) {
      long nominal = snapshot.program().durationNs();
      long real = Math.min(realDurationNs, realProgressNs + deliveryNs);
      if (real >= realDurationNs) {
        return nominal;
      }
      return (long) Math.floor((double) real * nominal / realDurationNs);
    }
  }

  /** {@code count} random snapshots drawn from a generator seeded with {@code seed}. */
  public static List<BlockSnapshot> snapshots(long seed, int count) {
    var random = new SplittableRandom(seed);
    List<BlockSnapshot> snapshots = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Kernel kernel = kernel(random);
      snapshots.add(new BlockSnapshot(kernel, kernel.program(), progress(random, kernel.program()),
          random.nextBoolean(), TestDevices.PASCAL));
    }
    return snapshots;
  }

  /**
   * {@code count} random blocks as the engine would show them to {@code strategy} on {@code
   * device}: each kernel's program is first instrumented by the strategy, the block gets a real
   * duration from the kernel's timing, and the snapshot's progress is the engine's rounding of a
   * random real progress before the block's end.
   */
  public static List<Sample> samples(long seed, int count, PreemptionPointStrategy strategy,
      DeviceSpec device) {
    var random = new SplittableRandom(seed);
    List<Sample> samples = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Kernel kernel = kernel(random);
      BlockProgram executed = strategy.instrument(kernel, kernel.program(), device);
      long nominal = executed.durationNs();
      long real = kernel.timing().durationNs(random.nextInt(1000), nominal);
      long wanted = progress(random, executed);
      long realProgress = Math.min(real - 1,
          (long) Math.ceil((double) wanted * real / nominal));
      long progress = (long) Math.floor((double) realProgress * nominal / real);
      samples.add(new Sample(new BlockSnapshot(kernel, executed, progress, random.nextBoolean(),
          device), real, realProgress));
    }
    return samples;
  }

  /** A random kernel whose program's live state may exceed its allocation (to test caps). */
  public static Kernel kernel(SplittableRandom random) {
    int registers = random.nextInt(0, 256);
    int shared = random.nextInt(4) == 0 ? 0 : random.nextInt(0, 49153);
    BlockProgram program = program(random, registers, shared);
    BlockTiming timing = switch (random.nextInt(4)) {
      case 0 -> new BlockTiming.UniformJitter(random.nextDouble(0, 0.9), random.nextLong());
      case 1 -> new BlockTiming.SplitMix(random.nextLong());
      default -> new BlockTiming.Exact();
    };
    return new Kernel("random", random.nextInt(1, 100), random.nextInt(1, 1025), registers, shared,
        random.nextBoolean(), program, timing);
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
      long instructions = switch (random.nextInt(4)) {
        case 0 -> 0;
        case 1 -> random.nextLong(0, 3 * ns + 2);
        default -> ns;
      };
      int liveRegisters = random.nextInt(0, registers + 9);
      long liveShared = random.nextLong(0, 2L * shared + 2);
      segments.add(new Segment(kind, instructions, ns, liveRegisters, liveShared));
    }
    return new BlockProgram(segments);
  }
}
