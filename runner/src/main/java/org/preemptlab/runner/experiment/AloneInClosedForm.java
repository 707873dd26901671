package org.preemptlab.runner.experiment;

import java.util.OptionalLong;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * A kernel's turnaround alone on an idle device without simulating it, where the engine's answer
 * has a closed form. With nothing else on the device, the engine's isolated run of a kernel whose
 * blocks all last the same time is waves on empty SMs:
 *
 * <ol>
 *   <li>the job is submitted, ready and dispatched at time 0 (the isolated run's policy dispatches
 *       the only job at once), and its launch takes the hardware's launch cost on an idle device,
 *       the first draw of a fresh cost stream ({@link HardwareModel#kernelLaunchNs}, {@link
 *       HardwareModel#newCostStream()}): {@code L};
 *   <li>at {@code L} the block scheduler places blocks until none fits. The SMs are identical and
 *       empty, so it places {@code K = SMs x per-SM capacity} blocks (capacity: the fewest of the
 *       SM's block slots, threads, registers and shared memory with the per-block reservation, as
 *       the engine's fit test counts them), or the whole grid if smaller;
 *   <li>each block starts after the dispatch latency {@code d} and runs its duration {@code D},
 *       the same for every block; a wave's blocks all end at the same instant, which frees every
 *       SM, and the next wave is placed at that instant: a wave lasts {@code d + D};
 *   <li>the job finishes with its last wave: {@code L + ceil(G / K) x (d + D)}.
 * </ol>
 *
 * <p>{@link #turnaroundNs} answers only where all of this holds: no contention or issue-sharing
 * model (which would slow co-resident blocks), no partition of the device (the caller's), not a
 * serial-timeline model (the DRM mock ring), every block of the grid lasting the same time under
 * the kernel's timing rule (exact timing, jitter of spread 0, or one block), a block that fits on an empty SM (the engine's error otherwise) and no
 * overflow. Elsewhere it answers empty and the caller simulates. {@code
 * AloneInClosedFormTest} checks it against the simulation, to the nanosecond.
 */
final class AloneInClosedForm {
  private AloneInClosedForm() {}

  /**
   * The turnaround of {@code kernel} alone on an idle, unpartitioned device of {@code hardware},
   * instrumented by {@code preemption} as the engine would (one call, as the engine makes once per
   * kernel), or empty where there is no closed form; then {@code preemption} was not called,
   * unless the instrumented block lasts less than 1 ns (an error the simulation reports).
   */
  static OptionalLong turnaroundNs(Kernel kernel, HardwareModel hardware,
      PreemptionPointStrategy preemption) {
    if (hardware.contention().isPresent() || hardware.issueSharing().isPresent()
        || hardware.serialTimeline()) {
      return OptionalLong.empty();
    }
    DeviceSpec device = hardware.device();
    long perSm = blocksPerSm(kernel, device.sm());
    if (perSm < 1) {
      return OptionalLong.empty(); // the simulation reports that it does not fit
    }
    if (!allBlocksAlike(kernel)) {
      return OptionalLong.empty();
    }
    long nominalNs = preemption.instrument(kernel, kernel.program(), device).durationNs();
    long blockNs = kernel.timing().durationNs(0, nominalNs);
    if (blockNs < 1) {
      return OptionalLong.empty(); // the simulation reports the block's duration
    }
    long launchNs = hardware.kernelLaunchNs(false, hardware.newCostStream());
    long wave = Math.min(kernel.gridBlocks(), perSm * device.smCount());
    long waves = (kernel.gridBlocks() + wave - 1) / wave;
    try {
      return OptionalLong.of(Math.addExact(launchNs, Math.multiplyExact(waves,
          Math.addExact(device.costs().blockDispatchNs(), blockNs))));
    } catch (ArithmeticException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * How many blocks of {@code kernel} an empty SM holds: the engine's fit test (free threads,
   * block slots, registers, and shared memory including the per-block reservation) applied until
   * it fails.
   */
  static long blocksPerSm(Kernel kernel, SmSpec sm) {
    long fit = Math.min(sm.maxBlocks(), sm.maxThreads() / kernel.threadsPerBlock());
    long registers = kernel.registersPerBlock();
    if (registers > 0) {
      fit = Math.min(fit, sm.registers() / registers);
    }
    long shared = (long) kernel.sharedMemoryPerBlock() + sm.sharedMemoryReservedPerBlock();
    if (shared > 0) {
      fit = Math.min(fit, sm.sharedMemoryBytes() / shared);
    }
    return fit;
  }

  /**
   * Whether every block of {@code kernel} lasts the same time under its timing rule, whatever the
   * program's nominal duration: exact timing, jitter of spread 0, or a grid of one block. Decided
   * before the program is instrumented, so that a kernel left to the simulation is instrumented
   * once, by the simulation.
   */
  private static boolean allBlocksAlike(Kernel kernel) {
    BlockTiming timing = kernel.timing();
    return kernel.gridBlocks() == 1 || timing instanceof BlockTiming.Exact
        || timing instanceof BlockTiming.UniformJitter jitter && jitter.spread() == 0;
  }
}
