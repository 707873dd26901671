package org.preemptlab.api.preemption;

import static org.preemptlab.api.Checks.checkArgument;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.OptionalInt;
import org.preemptlab.api.API;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.SegmentKind;

/**
 * The rules the engine enforces on a {@link PreemptionPointStrategy}'s decisions, as queries a
 * strategy can build on: where a block may stop ({@link #isSafeStop}, {@link #nextSafeStop}), where
 * the next segment of a kind ends, how far a block may have run before a delayed request reaches it
 * ({@link #noticeOffset}), and the save-or-drain decision at a stop. Offsets are ns into the
 * executed program, from the block's start.
 *
 * <p>An out-of-tree strategy that uses these needs no copy of the engine's rules: a decision built
 * from {@link #saveAtOrFinish} at an offset from {@link #nextSafeStop} at or after {@link
 * #noticeOffset} passes the engine's check (and the test kit's conformance suite).
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class StopRules {
  /** The level of a block that gives up its SM by reaching its natural end. */
  public static final String BLOCK_END = "block-end";

  private StopRules() {}

  /**
   * Whether {@code offsetNs} is a safe stop point of {@code program}: a segment boundary, the
   * program's end, or a point strictly inside a segment whose kind {@linkplain
   * SegmentKind#allowsStopInside allows stopping}; never inside a shared-memory, atomic or barrier
   * segment, never outside the program. The same rule as {@link PreemptionDecision#isSafeStop}.
   */
  public static boolean isSafeStop(BlockProgram program, long offsetNs) {
    return PreemptionDecision.isSafeStop(program, offsetNs);
  }

  /** The offset at which segment {@code index} of {@code program} ends. */
  public static long endOf(BlockProgram program, int index) {
    return program.startOf(index) + program.segments().get(index).durationNs();
  }

  /**
   * The earliest safe stop at or after {@code offsetNs}: the offset itself if it is safe,
   * otherwise the end of the segment containing it, since a segment boundary is always safe.
   *
   * @throws IllegalArgumentException if the offset lies outside the program
   */
  public static long nextSafeStop(BlockProgram program, long offsetNs) {
    checkInside(program, offsetNs);
    if (isSafeStop(program, offsetNs)) {
      return offsetNs;
    }
    return endOf(program, program.segmentAt(offsetNs));
  }

  /**
   * The index of the first segment of {@code kind} that ends at or after {@code offsetNs}, or
   * empty if none does.
   *
   * @throws IllegalArgumentException if the offset lies outside the program
   */
  public static OptionalInt nextSegmentOfKind(BlockProgram program, long offsetNs,
      SegmentKind kind) {
    checkInside(program, offsetNs);
    long end = 0;
    for (int i = 0; i < program.segments().size(); i++) {
      var segment = program.segments().get(i);
      end += segment.durationNs();
      if (end >= offsetNs && segment.kind() == kind) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  /**
   * The delivery bound: the smallest program offset that {@code block} is sure not to have passed
   * when a request delayed by {@code deliveryNs} (see {@link PreemptionDecision#deliveryNs})
   * reaches it. The delay is real time while offsets are nominal, and a block whose duration was
   * jittered below the nominal one runs faster than nominal, so the bound is {@code progress +
   * ceil(delivery × nominal / shortest real duration)}, plus 1 ns for the engine's rounding between
   * real and nominal time when blocks are not exact; at most the program's end. For {@link
   * BlockTiming.Exact} it is exactly {@code progress + delivery}. The engine refuses a save whose
   * stop the block passes before delivery, so a strategy with a delivery delay must stop no
   * earlier than this.
   *
   * @param deliveryNs the delay, at least 0
   */
  public static long noticeOffset(BlockSnapshot block, long deliveryNs) {
    checkArgument(deliveryNs >= 0, "delivery must be >= 0 ns, got %s", deliveryNs);
    long nominal = block.program().durationNs();
    BlockTiming timing = block.kernel().timing();
    long shortest = nominal;
    if (timing instanceof BlockTiming.UniformJitter jitter) {
      shortest = Math.max(1, Math.round(nominal * (1 - jitter.spread())));
    }
    long advance = mulDivCeil(deliveryNs, nominal, Math.max(1, Math.min(nominal, shortest)));
    long margin = timing instanceof BlockTiming.Exact || deliveryNs == 0 ? 0 : 1;
    return Math.min(nominal, addSaturated(block.progressNs(), addSaturated(advance, margin)));
  }

  /**
   * Stop {@code block} at {@code stopNs} and save, labelled {@code level}; but if the stop is the
   * program's end, drain instead (level {@value #BLOCK_END}): a finished block has nothing to save.
   * The stop must be safe; this method does not move it.
   *
   * @throws IllegalArgumentException if the stop lies before the block's progress or past the end
   */
  public static PreemptionDecision saveAtOrFinish(BlockSnapshot block, long stopNs, String level) {
    long end = block.program().durationNs();
    checkArgument(stopNs >= block.progressNs() && stopNs <= end, "stop %s outside [progress %s, "
        + "end %s]", stopNs, block.progressNs(), end);
    return stopNs == end
        ? PreemptionDecision.drain(block, BLOCK_END)
        : PreemptionDecision.saveAt(stopNs, level);
  }

  private static void checkInside(BlockProgram program, long offsetNs) {
    checkArgument(offsetNs >= 0 && offsetNs <= program.durationNs(), "offset %s outside the "
        + "program [0, %s]", offsetNs, program.durationNs());
  }

  /** {@code ceil(a × b / c)} for {@code a, b >= 0}, {@code c > 0}; saturates at Long.MAX_VALUE. */
  private static long mulDivCeil(long a, long b, long c) {
    if (Math.multiplyHigh(a, b) == 0 && a * b >= 0) {
      long product = a * b;
      return -Math.floorDiv(-product, c);
    }
    BigInteger result = new BigDecimal(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)))
        .divide(new BigDecimal(c), 0, RoundingMode.CEILING).toBigIntegerExact();
    return result.bitLength() < 64 ? result.longValueExact() : Long.MAX_VALUE;
  }

  private static long addSaturated(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }
}
