package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;

/**
 * The memory system from measurable parameters (docs/model.md, "The memory system"), against the
 * real engine: blocks share the device's achievable bandwidth, not its peak, and a block never runs
 * faster than its program (its duration at its own memory-level-parallelism cap). So one kernel
 * alone and two side by side follow from the same parameters. Devices: 1 GHz, zero costs, B/ns.
 */
class MemorySystemTest {
  /** A device of {@code sms} big SMs, peak 200 B/ns, achievable 100 B/ns, latency 500 ns. */
  private static HardwareModel memorySystem(int sms) {
    DeviceSpec device = device(sms, Sim.bigSm(), costs()).withMemory(new MemorySpec(200, 100, 500));
    return new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return device;
      }

      @Override
      public Optional<ContentionModel> contention() {
        return Optional.of(ContentionModel.memorySystem());
      }
    };
  }

  /**
   * A streaming kernel of {@code grid} blocks of 1,024 threads that each keep 5 bytes in flight:
   * 1,024 x 5 / 500 ns = 10.24 B/ns per block alone; each moves 10,240 B, so its program lasts 1,000
   * ns at that cap.
   */
  private static Kernel stream(String name, int grid) {
    double cap = new MemorySpec(200, 100, 500).blockBytesPerNs(1024, 5);
    long ns = Math.round(10_240 / cap);
    return new Kernel(name, grid, 1024, 1, 0, false,
        new BlockProgram(List.of(new Segment(SegmentKind.COMPUTE, ns, ns, 1, 0, 10_240))),
        new BlockTiming.Exact());
  }

  private static SimulationResult fifo(Workload workload, HardwareModel hardware) {
    return EngineFixtures.run(workload, hardware, "fifo", "block-boundary", "full");
  }

  private static long alone(int sms, int grid) {
    return fifo(workload().queue("q", Priority.NORMAL).job(1, "q", 0, stream("a", grid)).build(),
        memorySystem(sms)).makespanNs();
  }

  @Test
  void aBlocksCapIsWhatItsThreadsKeepInFlightOverTheLatency() {
    assertThat(new MemorySpec(200, 100, 500).blockBytesPerNs(1024, 5)).isEqualTo(10.24);
    assertThatThrownBy(() -> new MemorySpec(200).blockBytesPerNs(1024, 5))
        .hasMessageContaining("no DRAM latency");
    assertThatThrownBy(() -> new MemorySpec(100, 200, 0))
        .hasMessageContaining("must not exceed the peak");
  }

  @Test
  void aKernelOnFewSmsMovesWhatItsBlocksKeepInFlight() {
    // 4 SMs, one block each: 4 x 10.24 = 41 B/ns, under the achievable 100: each block lasts its
    // program, 1,000 ns, and the kernel moves 41 B/ns.
    assertThat(alone(4, 4)).isEqualTo(1000);
  }

  @Test
  void aKernelOnManySmsIsBoundByTheAchievableBandwidthNotThePeak() {
    // 20 SMs: 20 x 10.24 = 204.8 B/ns demanded, above the achievable 100 (and the peak 200):
    // the kernel moves 100 B/ns, 204,800 B in 2,048 ns, not the 1,024 ns the peak would give.
    assertThat(alone(20, 20)).isEqualTo(2048);
  }

  @Test
  void twoSaturatingKernelsSideBySideShareTheSameAchievableBandwidth() {
    // 40 SMs. Each kernel alone (20 blocks, one per SM): 204.8 B/ns demanded, 100 achievable,
    // 2,048 ns. Side by side (40 blocks, all resident): 409.6 demanded, still 100 moved, so both
    // finish when 2 x 204,800 B have moved, at 4,096 ns: each 2x slower than alone.
    Workload side = workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, stream("a", 20)).job(2, "qb", 0, stream("b", 20)).build();

    SimulationResult result = fifo(side, memorySystem(40));

    assertThat(alone(40, 20)).isEqualTo(2048);
    assertThat(record(result, 1).finishNs()).isEqualTo(4096);
    assertThat(record(result, 2).finishNs()).isEqualTo(4096);
  }

  @Test
  void twoKernelsThatFitTheBandwidthTogetherDoNotSlowEachOther() {
    // Each 4 blocks on 8 SMs: 8 x 10.24 = 82 B/ns together, under the achievable 100.
    Workload side = workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, stream("a", 4)).job(2, "qb", 0, stream("b", 4)).build();

    SimulationResult result = fifo(side, memorySystem(8));

    assertThat(record(result, 1).finishNs()).isEqualTo(1000);
    assertThat(record(result, 2).finishNs()).isEqualTo(1000);
  }

  @Test
  void theMemorySystemOnADeviceWithoutAnAchievableBandwidthIsRefusedInOneLine() {
    DeviceSpec device = device(2, Sim.bigSm(), costs()).withMemory(new MemorySpec(200));
    HardwareModel hw = new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return device;
      }

      @Override
      public Optional<ContentionModel> contention() {
        return Optional.of(ContentionModel.memorySystem());
      }
    };
    assertThatThrownBy(() -> fifo(workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, stream("a", 1)).build(), hw))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("achievable DRAM bandwidth")
        .hasMessageContaining("dram-achievable-gbps");
  }
}
