package org.preemptlab.plugins.preemption.collaborative;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.StopRules;

/**
 * Collaborative preemption (Chimera, Park et al., ASPLOS'15): for each SM of the victim, estimate
 * how long each technique takes to free the SM and what it costs, and pick one technique for the
 * whole SM.
 *
 * <ul>
 *   <li>drain: signal latency + the longest remaining block time; cost 0.
 *   <li>save (only on devices with instruction-level preemption): signal latency + the longest
 *       time to a block's next safe stop + one SM save of the saving blocks' full allocations,
 *       {@code hardware.saveNs(Σ bytes, Σ threads)} (the engine batches one SM's saves of one
 *       preemption); cost = that save time + {@code hardware.restoreNs(Σ bytes, Σ threads)}.
 *   <li>flush (only if every block's kernel is idempotent): signal latency; cost = the progress
 *       discarded, summed over the blocks.
 * </ul>
 *
 * <p>Among the techniques that free the SM within the latency target, the cheapest wins; if none
 * does, the fastest. Ties go to drain, then save, then flush. Blocks are labelled with the chosen
 * technique ({@code drain}, {@code save}, {@code flush}); under save a block whose next safe stop
 * is its end drains with level {@value StopRules#BLOCK_END}.
 */
public final class CollaborativeStrategy implements PreemptionPointStrategy {
  private final long latencyTargetNs;
  private final HardwareModel hardware;

  /**
   * Creates the strategy.
   *
   * @param latencyTargetNs the time within which an SM should be free; at least 0
   * @param hardware the run's hardware model for save and restore times, or {@code null} to use
   *     the default costs of the blocks' device
   */
  public CollaborativeStrategy(long latencyTargetNs, HardwareModel hardware) {
    if (latencyTargetNs < 0) {
      throw new IllegalArgumentException("latency target must be >= 0 ns, got "
          + latencyTargetNs);
    }
    this.latencyTargetNs = latencyTargetNs;
    this.hardware = hardware;
  }

  /** Decides for a block as if it were alone on its SM. */
  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    return decideSm(List.of(block)).get(0);
  }

  /** Picks one technique for the SM and applies it to every block; see the class description. */
  @Override
  public List<PreemptionDecision> decideSm(List<BlockSnapshot> blocksOnOneSm) {
    if (blocksOnOneSm.isEmpty()) {
      return List.of();
    }
    SmEstimate.Technique technique = choose(estimates(blocksOnOneSm)).technique();
    List<PreemptionDecision> decisions = new ArrayList<>(blocksOnOneSm.size());
    for (BlockSnapshot block : blocksOnOneSm) {
      decisions.add(switch (technique) {
        case DRAIN -> PreemptionDecision.drain(block, technique.level());
        case SAVE -> StopRules.saveAtOrFinish(block,
            StopRules.nextSafeStop(block.program(), block.progressNs()), technique.level());
        case FLUSH -> PreemptionDecision.flush(block, technique.level());
      });
    }
    return decisions;
  }

  /**
   * The estimate of every technique available for these blocks (at least one): drain always,
   * save if the device has instruction-level preemption, flush if every kernel is idempotent.
   */
  public List<SmEstimate> estimates(List<BlockSnapshot> blocks) {
    DeviceSpec device = blocks.get(0).device();
    HardwareModel model = hardware != null ? hardware : () -> device;
    long signal = device.costs().preemptionSignalNs();
    long longestRemaining = 0;
    long longestToStop = 0;
    long saveBytes = 0;
    int saveThreads = 0;
    long progress = 0;
    boolean idempotent = true;
    for (BlockSnapshot block : blocks) {
      long end = block.program().durationNs();
      long stop = StopRules.nextSafeStop(block.program(), block.progressNs());
      longestRemaining = Math.max(longestRemaining, end - block.progressNs());
      longestToStop = Math.max(longestToStop, stop - block.progressNs());
      if (stop < end) {
        Kernel kernel = block.kernel();
        saveBytes += kernel.contextBytesPerBlock();
        saveThreads += kernel.threadsPerBlock();
      }
      progress += block.progressNs();
      idempotent &= block.kernel().idempotent();
    }
    List<SmEstimate> estimates = new ArrayList<>(3);
    estimates.add(new SmEstimate(SmEstimate.Technique.DRAIN, signal + longestRemaining, 0));
    if (device.instructionLevelPreemption()) {
      long save = saveThreads == 0 ? 0 : model.saveNs(saveBytes, saveThreads);
      long restore = saveThreads == 0 ? 0 : model.restoreNs(saveBytes, saveThreads);
      estimates.add(new SmEstimate(SmEstimate.Technique.SAVE, signal + longestToStop + save,
          save + restore));
    }
    if (idempotent) {
      estimates.add(new SmEstimate(SmEstimate.Technique.FLUSH, signal, progress));
    }
    return estimates;
  }

  /**
   * The cheapest estimate that meets the latency target, else the fastest; ties in declaration
   * order of the techniques.
   */
  public SmEstimate choose(List<SmEstimate> estimates) {
    Comparator<SmEstimate> byTechnique = Comparator.comparing(SmEstimate::technique);
    List<SmEstimate> meeting = estimates.stream()
        .filter(e -> e.freeNs() <= latencyTargetNs).toList();
    if (!meeting.isEmpty()) {
      return meeting.stream().min(Comparator.comparingLong(SmEstimate::costNs)
          .thenComparing(byTechnique)).orElseThrow();
    }
    return estimates.stream().min(Comparator.comparingLong(SmEstimate::freeNs)
        .thenComparingLong(SmEstimate::costNs).thenComparing(byTechnique)).orElseThrow();
  }
}
