package org.preemptlab.plugins.preemption;

import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.preemption.BlockSnapshot;

/**
 * How far into its program a block may have run by the time a request delayed by {@code
 * deliveryNs} (see {@link org.preemptlab.api.preemption.PreemptionDecision#deliveryNs}) reaches
 * it. The delay is real time, while offsets are in the program's nominal time, and a block whose
 * duration was jittered below the nominal one runs faster than nominal. The engine refuses a save
 * whose stop the block passes before delivery, so a strategy with a delivery delay must stop no
 * earlier than this bound.
 */
final class DeliveryBound {
  private DeliveryBound() {}

  /**
   * The smallest program offset the block is sure not to have passed when the request arrives:
   * {@code progress + ceil(delivery × nominal / shortest real duration)}, plus 1 ns for the
   * engine's rounding between real and nominal time when blocks are not exact; at most the
   * program's end. For {@link BlockTiming.Exact} it is exactly {@code progress + delivery}.
   */
  static long noticeOffset(BlockSnapshot block, long deliveryNs) {
    long nominal = block.program().durationNs();
    BlockTiming timing = block.kernel().timing();
    long shortest = nominal;
    if (timing instanceof BlockTiming.UniformJitter jitter) {
      shortest = Math.max(1, Math.round(nominal * (1 - jitter.spread())));
    }
    long advance = MulDiv.ceil(deliveryNs, nominal, Math.min(nominal, shortest));
    long margin = timing instanceof BlockTiming.Exact || deliveryNs == 0 ? 0 : 1;
    return Math.min(nominal, MulDiv.addSaturated(block.progressNs(),
        MulDiv.addSaturated(advance, margin)));
  }
}
