package org.preemptlab.plugins.testing;

import java.util.List;
import java.util.SplittableRandom;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockSnapshot;

/** Small builders for the plugin tests. */
public final class Fixtures {
  private Fixtures() {}

  /** A Fermi-like device without instruction-level preemption (GPGPU-Sim's GTX 480 limits). */
  public static final DeviceSpec GTX_480 = new DeviceSpec("GTX 480", 15,
      new SmSpec(1536, 8, 32768, 49152, 0), 700, DeviceCosts.free(), false, false);

  /** A device with instruction-level preemption. */
  public static final DeviceSpec PASCAL = new DeviceSpec("GTX 1080", 20,
      new SmSpec(2048, 32, 65536, 98304, 0), 1607, DeviceCosts.free(), true, false);

  /** A segment of {@code kind} lasting {@code ns} with the given live state at its end. */
  public static Segment segment(SegmentKind kind, long ns, int liveRegisters, long liveShared) {
    return new Segment(kind, ns, ns, liveRegisters, liveShared);
  }

  /** A segment of {@code kind} lasting {@code ns} with nothing live. */
  public static Segment segment(SegmentKind kind, long ns) {
    return segment(kind, ns, 0, 0);
  }

  /** A program of the given segments. */
  public static BlockProgram program(Segment... segments) {
    return new BlockProgram(List.of(segments));
  }

  /** A non-idempotent kernel of 256 threads × 64 registers and 16 KiB shared memory. */
  public static Kernel kernel(BlockProgram program) {
    return kernel(256, 64, 16 * 1024, program);
  }

  /** A non-idempotent kernel with the given shape. */
  public static Kernel kernel(int threads, int registers, int sharedBytes, BlockProgram program) {
    return new Kernel("k", 4, threads, registers, sharedBytes, false, program,
        new BlockTiming.Exact());
  }

  /** A snapshot of a block of {@code program} at {@code progressNs}, on {@link #PASCAL}. */
  public static BlockSnapshot snapshot(BlockProgram program, long progressNs,
      boolean yieldHandled) {
    return new BlockSnapshot(kernel(program), program, progressNs, yieldHandled, PASCAL);
  }

  /** A plugin context without parameters on {@code device} (which may be null). */
  public static PluginContext context(DeviceSpec device) {
    return new PluginContext(Parameters.defaults(List.of()), device, new SplittableRandom(1));
  }
}
