package org.preemptlab.plugins.preemption.instructionlevel;

import java.util.Objects;
import java.util.OptionalLong;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.StopRules;

/**
 * Fine-grained preemption. With {@link CheckPlacement#HARDWARE} (Pascal and later) the block stops
 * where it is if that is a safe stop, otherwise at the end of the segment it is in (never inside a
 * shared-memory, atomic or barrier segment), and saves its context; execution pays nothing. With a
 * compiler-inserted placement ({@link SoftwareChecks}) every check costs the device's {@code
 * preemption-check-cycles}, added to the executed program, and the block stops at the first check
 * at or after its progress that is a safe stop; these work on any device, since the kernel saves
 * its own state.
 */
public final class InstructionLevelStrategy implements PreemptionPointStrategy {
  /** The level of native instruction-level preemption. */
  public static final String LEVEL = CheckPlacement.HARDWARE.level();

  private final CheckPlacement placement;
  private final SoftwareChecks checks;

  /** Creates the strategy with native hardware preemption, without checking any device. */
  public InstructionLevelStrategy() {
    this(CheckPlacement.HARDWARE, 1);
  }

  /**
   * Creates the strategy with the given check placement.
   *
   * @param placement where the checks come from
   * @param interval instructions between checks for {@link CheckPlacement#EVERY_N}; at least 1
   */
  public InstructionLevelStrategy(CheckPlacement placement, long interval) {
    this.placement = Objects.requireNonNull(placement, "placement");
    this.checks = placement == CheckPlacement.HARDWARE ? null
        : new SoftwareChecks(placement, interval);
    if (interval < 1) {
      throw new IllegalArgumentException("interval must be >= 1 instruction, got " + interval);
    }
  }

  /**
   * Creates the strategy with native hardware preemption for a run on {@code device}.
   *
   * @param device the run's device, or {@code null} when none is known yet
   * @throws ConfigurationException if the device has no instruction-level preemption
   */
  public static InstructionLevelStrategy forDevice(DeviceSpec device) {
    return forDevice(device, CheckPlacement.HARDWARE, 1);
  }

  /**
   * Creates the strategy for a run on {@code device}; only {@link CheckPlacement#HARDWARE} needs the
   * device to support instruction-level preemption.
   *
   * @param device the run's device, or {@code null} when none is known yet
   * @throws ConfigurationException if hardware preemption is asked of a device without it
   */
  public static InstructionLevelStrategy forDevice(DeviceSpec device, CheckPlacement placement,
      long interval) {
    if (placement == CheckPlacement.HARDWARE && device != null
        && !device.instructionLevelPreemption()) {
      throw new ConfigurationException("preemption '" + InstructionLevelStrategyProvider.ID
          + "' needs instruction-level preemption, which device '" + device.name()
          + "' lacks; use block-boundary or user-yield, or set"
          + " hardware.instruction-level-preemption=true");
    }
    return new InstructionLevelStrategy(placement, interval);
  }

  /** Where the checks come from. */
  public CheckPlacement placement() {
    return placement;
  }

  /** Adds the cost of the compiled-in checks, if any, to each segment. */
  @Override
  public BlockProgram instrument(Kernel kernel, BlockProgram program, DeviceSpec device) {
    return checks == null ? program : checks.instrument(program, device);
  }

  /**
   * Saves at the first allowed point at or after the block's progress: for hardware preemption the
   * progress itself if safe, else the end of its segment; for compiled-in checks the first check
   * that is a safe stop. A stop at the program's end, or no check left, drains the block.
   */
  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    if (checks == null) {
      long stop = StopRules.nextSafeStop(block.program(), block.progressNs());
      return StopRules.saveAtOrFinish(block, stop, LEVEL);
    }
    OptionalLong stop = checks.firstSafeCheck(block.program(), block.progressNs());
    if (stop.isEmpty()) {
      return PreemptionDecision.drain(block, StopRules.BLOCK_END);
    }
    return StopRules.saveAtOrFinish(block, stop.getAsLong(), placement.level());
  }
}
