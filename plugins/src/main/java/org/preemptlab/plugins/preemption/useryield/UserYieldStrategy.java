package org.preemptlab.plugins.preemption.useryield;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.StopRules;

/**
 * Cooperative preemption at user-level yield points (EffiSha, FLEP style). A block whose context
 * answers yield requests notices the request, then stops at the end of the first {@link
 * SegmentKind#YIELD_POINT} segment that ends at or after that moment and saves; with no yield
 * point left it drains to its end. A block whose context ignores yield requests is not preempted:
 * it drains (level {@value #NOT_YIELDING}).
 *
 * <p>How the request is noticed:
 *
 * <ul>
 *   <li>{@link Delivery#POLLING} with a poll interval of 0: the flag is read at each yield point,
 *       so the request is noticed at once and the block stops at its next yield point. Each yield
 *       point is lengthened by the poll cost (default 0: the segment's own length already models
 *       the check).
 *   <li>{@link Delivery#POLLING} with a poll interval {@code I > 0}: the kernel reads the flag every
 *       {@code I} of its executed time ({@link PollSchedule}), each read costing the poll cost; the
 *       request is noticed at the first poll at or after the block's progress.
 *   <li>{@link Delivery#INTERRUPT}: the request arrives after the interrupt latency, returned as
 *       {@link PreemptionDecision#deliveryNs}; execution pays nothing.
 * </ul>
 *
 * <p>Only kernels whose program has a yield point poll: a kernel without one cannot yield, so it
 * has no reason to read the flag. A kernel with yield points polls even when its context ignores
 * yield requests, since the code is compiled in.
 */
public final class UserYieldStrategy implements PreemptionPointStrategy {
  /** The level of a block that stopped at a yield point. */
  public static final String LEVEL = "user-yield";
  /** The level of a block whose context does not answer yield requests. */
  public static final String NOT_YIELDING = "not-yielding";

  /** How a yield request reaches a running block. */
  public enum Delivery {
    /** The kernel reads a flag in global memory. */
    POLLING("polling"),
    /** The request interrupts the SM. */
    INTERRUPT("interrupt");

    private final String id;

    Delivery(String id) {
      this.id = id;
    }

    /** The parameter value. */
    public String id() {
      return id;
    }

    /** Every parameter value. */
    public static List<String> ids() {
      return Arrays.stream(values()).map(Delivery::id).toList();
    }

    /**
     * The delivery named {@code id}.
     *
     * @throws ConfigurationException naming the valid values if there is none
     */
    public static Delivery of(String id) {
      for (Delivery delivery : values()) {
        if (delivery.id.equals(id)) {
          return delivery;
        }
      }
      throw ConfigurationException.unknown("delivery", id, ids());
    }
  }

  private final Delivery delivery;
  private final long pollCostNs;
  private final long interruptLatencyNs;
  private final PollSchedule polls;

  /** Creates the strategy polling at yield points at no extra cost. */
  public UserYieldStrategy() {
    this(Delivery.POLLING, 0, 0, 0);
  }

  /**
   * Creates the strategy.
   *
   * @param delivery how requests reach the block
   * @param pollIntervalNs executed time between polls; 0 = at every yield point
   * @param pollCostNs time of one poll, below a positive poll interval
   * @param interruptLatencyNs delivery delay of an interrupt
   * @throws IllegalArgumentException for a negative value or a cost not below the interval
   */
  public UserYieldStrategy(Delivery delivery, long pollIntervalNs, long pollCostNs,
      long interruptLatencyNs) {
    this.delivery = Objects.requireNonNull(delivery, "delivery");
    if (pollIntervalNs < 0 || pollCostNs < 0 || interruptLatencyNs < 0) {
      throw new IllegalArgumentException("poll interval, poll cost and interrupt latency must be"
          + " >= 0");
    }
    this.pollCostNs = pollCostNs;
    this.interruptLatencyNs = interruptLatencyNs;
    this.polls = pollIntervalNs == 0 ? null : new PollSchedule(pollIntervalNs, pollCostNs);
  }

  /** Adds the cost of polling to kernels with yield points; interrupts cost nothing. */
  @Override
  public BlockProgram instrument(Kernel kernel, BlockProgram program, DeviceSpec device) {
    if (delivery == Delivery.INTERRUPT || !hasYieldPoint(program)) {
      return program;
    }
    if (polls != null) {
      return polls.instrument(program);
    }
    if (pollCostNs == 0) {
      return program;
    }
    return new BlockProgram(program.segments().stream()
        .map(s -> s.kind() == SegmentKind.YIELD_POINT
            ? s.withDuration(Math.addExact(s.durationNs(), pollCostNs)) : s)
        .toList());
  }

  /** Stops at the end of the first yield point after the request is noticed, or drains. */
  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    if (!block.yieldHandled()) {
      return PreemptionDecision.drain(block, NOT_YIELDING);
    }
    BlockProgram program = block.program();
    long notice = noticeOffset(block);
    if (notice > program.durationNs()) {
      return PreemptionDecision.drain(block, StopRules.BLOCK_END);
    }
    OptionalInt yieldPoint =
        StopRules.nextSegmentOfKind(program, notice, SegmentKind.YIELD_POINT);
    if (yieldPoint.isEmpty()) {
      return PreemptionDecision.drain(block, StopRules.BLOCK_END);
    }
    PreemptionDecision decision = StopRules.saveAtOrFinish(block,
        StopRules.endOf(program, yieldPoint.getAsInt()), LEVEL);
    return delivery == Delivery.INTERRUPT && decision.action() == BlockAction.SAVE
        ? decision.withDelivery(interruptLatencyNs) : decision;
  }

  /** The program offset from which the block is sure to have noticed the request. */
  private long noticeOffset(BlockSnapshot block) {
    if (delivery == Delivery.INTERRUPT) {
      return StopRules.noticeOffset(block, interruptLatencyNs);
    }
    return polls == null ? block.progressNs() : polls.nextPoll(block.progressNs());
  }

  private static boolean hasYieldPoint(BlockProgram program) {
    for (Segment segment : program.segments()) {
      if (segment.kind() == SegmentKind.YIELD_POINT) {
        return true;
      }
    }
    return false;
  }
}
