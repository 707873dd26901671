package org.preemptlab.api.preemption;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;
import org.preemptlab.api.model.BlockProgram;

/**
 * A preemption-point strategy's answer for one block.
 *
 * @param action drain, save or flush
 * @param stopOffsetNs where the block stops, as an offset into the executed program: the program's
 *     end for {@link BlockAction#DRAIN}; an allowed stop point at or after the block's progress for
 *     {@link BlockAction#SAVE}; the progress itself for {@link BlockAction#FLUSH}
 * @param deliveryNs extra time, beyond the hardware's signal latency, before the block notices the
 *     request (e.g. waiting for the next poll of a flag); at least 0. A save's stop offset must not
 *     be passed before the request is delivered: the block stops at the later of the two
 * @param level a short label of the mechanism that served it, for reports (e.g. {@code
 *     "user-yield"}, {@code "instruction"})
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record PreemptionDecision(
    BlockAction action, long stopOffsetNs, long deliveryNs, String level) {

  /** Validates the fields. */
  public PreemptionDecision {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(level, "level");
    checkArgument(stopOffsetNs >= 0 && deliveryNs >= 0, "stop offset and delivery time must be "
        + ">= 0");
  }

  /** Let the block run to its end. */
  public static PreemptionDecision drain(BlockSnapshot block, String level) {
    return new PreemptionDecision(BlockAction.DRAIN, block.program().durationNs(), 0, level);
  }

  /** Stop at {@code offsetNs} and save. */
  public static PreemptionDecision saveAt(long offsetNs, String level) {
    return new PreemptionDecision(BlockAction.SAVE, offsetNs, 0, level);
  }

  /** Discard the block's progress now. */
  public static PreemptionDecision flush(BlockSnapshot block, String level) {
    return new PreemptionDecision(BlockAction.FLUSH, block.progressNs(), 0, level);
  }

  /** The same decision with {@code ns} of delivery delay. */
  public PreemptionDecision withDelivery(long ns) {
    return new PreemptionDecision(action, stopOffsetNs, ns, level);
  }

  /**
   * Whether {@code offsetNs} is a safe stop point of {@code program}: a segment boundary, the
   * program's end, or a point strictly inside a segment whose kind {@linkplain
   * org.preemptlab.api.model.SegmentKind#allowsStopInside allows stopping}. No strategy may stop a
   * block anywhere else.
   */
  public static boolean isSafeStop(BlockProgram program, long offsetNs) {
    long start = 0;
    for (var segment : program.segments()) {
      long end = start + segment.durationNs();
      if (offsetNs == start || offsetNs == end) {
        return true;
      }
      if (offsetNs > start && offsetNs < end) {
        return segment.kind().allowsStopInside();
      }
      start = end;
    }
    return false;
  }
}
