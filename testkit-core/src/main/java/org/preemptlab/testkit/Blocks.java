package org.preemptlab.testkit;

import java.util.List;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.StopPoint;

/**
 * Segments, programs, kernels and block snapshots for preemption-strategy and context-save tests.
 *
 * <pre>{@code
 * BlockProgram p = Blocks.program(Blocks.segment(COMPUTE, 100), Blocks.segment(ATOMIC, 50));
 * PreemptionDecision d = strategy.decide(Blocks.snapshot(p, 120, false));
 * }</pre>
 */
public final class Blocks {
  private Blocks() {}

  /** A segment of {@code kind} with {@code instructions} instructions lasting {@code ns}. */
  public static Segment segment(SegmentKind kind, long instructions, long ns) {
    return new Segment(kind, instructions, ns, 0, 0);
  }

  /** A segment of {@code kind} lasting {@code ns} with the given live state at its end. */
  public static Segment segment(SegmentKind kind, long ns, int liveRegisters, long liveShared) {
    return new Segment(kind, ns, ns, liveRegisters, liveShared);
  }

  /** A segment of {@code kind} lasting {@code ns} (one instruction per ns) with nothing live. */
  public static Segment segment(SegmentKind kind, long ns) {
    return segment(kind, ns, 0, 0);
  }

  /** A program of the given segments. */
  public static BlockProgram program(Segment... segments) {
    return new BlockProgram(List.of(segments));
  }

  /** A non-idempotent kernel of 256 threads × 64 registers and 16 KiB shared memory, 4 blocks. */
  public static Kernel kernel(BlockProgram program) {
    return kernel(256, 64, 16 * 1024, program);
  }

  /** A non-idempotent 4-block kernel with the given shape. */
  public static Kernel kernel(int threads, int registers, int sharedBytes, BlockProgram program) {
    return new Kernel("k", 4, threads, registers, sharedBytes, false, program,
        new BlockTiming.Exact());
  }

  /** An idempotent kernel of 256 threads × 64 registers and 16 KiB shared memory, 4 blocks. */
  public static Kernel idempotentKernel(BlockProgram program) {
    return new Kernel("k", 4, 256, 64, 16 * 1024, true, program, new BlockTiming.Exact());
  }

  /** A snapshot of a block of {@code program} at {@code progressNs}, on {@link TestDevices#PASCAL}. */
  public static BlockSnapshot snapshot(BlockProgram program, long progressNs,
      boolean yieldHandled) {
    return new BlockSnapshot(kernel(program), program, progressNs, yieldHandled,
        TestDevices.PASCAL);
  }

  /** A snapshot of a block of {@code kernel} (running its own program) at {@code progressNs}. */
  public static BlockSnapshot snapshot(Kernel kernel, long progressNs, boolean yieldHandled,
      DeviceSpec device) {
    return new BlockSnapshot(kernel, kernel.program(), progressNs, yieldHandled, device);
  }

  /** A stop of a block of {@code kernel} (running its own program) at {@code offsetNs}. */
  public static StopPoint stop(Kernel kernel, long offsetNs) {
    return new StopPoint(kernel, kernel.program(), offsetNs);
  }
}
