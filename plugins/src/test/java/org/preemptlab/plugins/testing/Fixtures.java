package org.preemptlab.plugins.testing;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProvider;
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

  /**
   * A device with every cost that preemption strategies read: 10 SMs at 1,000 MHz (1 cycle = 1 ns),
   * 4 cycles per compiled-in check, 1 µs preemption signal; saves at 20 B/ns device-wide (2 B/ns
   * per SM) plus 500 ns, restores at 40 B/ns (4 B/ns per SM) plus 300 ns; instruction-level
   * preemption supported.
   */
  public static final DeviceSpec COSTED = new DeviceSpec("costed", 10,
      new SmSpec(2048, 32, 65536, 98304, 0), 1000,
      new DeviceCosts(0, 0, 1000, 20, 500, 40, 300, 0, 1_000_000, 4), true, false);

  /** {@link #COSTED} without instruction-level preemption. */
  public static final DeviceSpec COSTED_NO_IL = new DeviceSpec("costed-no-il", 10,
      COSTED.sm(), 1000, COSTED.costs(), false, false);

  /** A segment of {@code kind} with {@code instructions} instructions lasting {@code ns}. */
  public static Segment segment(SegmentKind kind, long instructions, long ns) {
    return new Segment(kind, instructions, ns, 0, 0);
  }

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

  /** An idempotent kernel of 256 threads × 64 registers and 16 KiB shared memory. */
  public static Kernel idempotentKernel(BlockProgram program) {
    return new Kernel("k", 4, 256, 64, 16 * 1024, true, program, new BlockTiming.Exact());
  }

  /** A snapshot of a block of {@code kernel} (running its own program) at {@code progressNs}. */
  public static BlockSnapshot snapshot(Kernel kernel, long progressNs, boolean yieldHandled,
      DeviceSpec device) {
    return new BlockSnapshot(kernel, kernel.program(), progressNs, yieldHandled, device);
  }

  /** A plugin context without parameters on {@code device} (which may be null). */
  public static PluginContext context(DeviceSpec device) {
    return new PluginContext(Parameters.defaults(List.of()), device, new SplittableRandom(1));
  }

  /** A context for {@code provider} with the given parameter values, validated, on {@code device}. */
  public static PluginContext context(PluginProvider<?> provider, DeviceSpec device,
      Map<String, String> parameters) {
    return new PluginContext(Parameters.of(provider.id(), provider.parameters(), parameters),
        device, new SplittableRandom(1));
  }

  /** Creates a plugin of {@code provider} with the given parameter values on {@code device}. */
  public static <T> T create(PluginProvider<T> provider, DeviceSpec device,
      Map<String, String> parameters) {
    return provider.create(context(provider, device, parameters));
  }
}
