package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.IssueSharing;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;

/**
 * Co-resident blocks on one SM share its issue slots (DESIGN.md §3.5), against the real engine:
 * each block demands its warps (at most the SM's slots), the slots of each SM are shared max-min
 * fairly, and with DRAM contention also on a block runs at the lower of its two rates. Devices
 * here have 32-thread warps and 4 slots per SM, zero costs and a clock of 1 GHz.
 */
class IssueSharingTest {
  private static final IssueSharing FOUR_SLOTS = new IssueSharing(32, 4);

  /** {@code device} sharing issue slots, and DRAM bandwidth too when {@code bytesPerNs} > 0. */
  private static HardwareModel sharing(DeviceSpec device, double bytesPerNs) {
    return sharing(device, bytesPerNs, FOUR_SLOTS);
  }

  /** {@code device} sharing its issue slots as {@code issue} says. */
  private static HardwareModel sharing(DeviceSpec device, double bytesPerNs, IssueSharing issue) {
    DeviceSpec withMemory = bytesPerNs > 0 ? device.withMemory(new MemorySpec(bytesPerNs))
        : device;
    return new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return withMemory;
      }

      @Override
      public Optional<ContentionModel> contention() {
        return bytesPerNs > 0 ? Optional.of(ContentionModel.maxMinFair()) : Optional.empty();
      }

      @Override
      public Optional<IssueSharing> issueSharing() {
        return Optional.of(issue);
      }
    };
  }

  /** One block of {@code threads} threads running {@code ns}, moving {@code bytes}. */
  private static Kernel block(String name, int threads, long ns, long bytes) {
    return new Kernel(name, 1, threads, 1, 0, false,
        new BlockProgram(List.of(new Segment(SegmentKind.COMPUTE, ns, ns, 1, 0, bytes))),
        new BlockTiming.Exact());
  }

  private static Workload side(Kernel a, Kernel b) {
    return workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, a).job(2, "qb", 0, b).build();
  }

  private static SimulationResult fifo(Workload workload, HardwareModel hardware) {
    return EngineFixtures.run(workload, hardware, "fifo", "block-boundary", "full");
  }

  @Test
  void twoBlocksThatEachFillTheIssueSlotsOfOneSmRunAtHalfSpeed() {
    // 1 SM of 4 slots; each block has 8 warps, so demands all 4: side by side each gets 2 of 4
    // (rate 0.5) and its 1000 ns last 2000. Without the rule each lasts 1000.
    Workload w = side(block("a", 256, 1000, 0), block("b", 256, 1000, 0));

    SimulationResult result = fifo(w, sharing(device(1, Sim.bigSm(), costs()), 0));

    assertThat(record(result, 1).finishNs()).isEqualTo(2000);
    assertThat(record(result, 2).finishNs()).isEqualTo(2000);
    assertThat(fifo(w, Sim.hw(device(1, Sim.bigSm(), costs()))).makespanNs()).isEqualTo(1000);
  }

  @Test
  void blocksWhoseWarpsFitTheSlotsTogetherDoNotSlowEachOther() {
    // 2 + 2 warps on 4 slots: the demand fits, both run at rate 1.
    SimulationResult result = fifo(side(block("a", 64, 1000, 0), block("b", 64, 1000, 0)),
        sharing(device(1, Sim.bigSm(), costs()), 0));

    assertThat(result.makespanNs()).isEqualTo(1000);
  }

  @Test
  void blocksOnDifferentSmsDoNotShareSlots() {
    // 2 SMs: the second block goes to the SM with the most free thread slots, the empty one.
    SimulationResult result = fifo(side(block("a", 256, 1000, 0), block("b", 256, 1000, 0)),
        sharing(device(2, Sim.bigSm(), costs()), 0));

    assertThat(result.makespanNs()).isEqualTo(1000);
  }

  @Test
  void aOneWarpBlockKeepsItsSlotAndTheOtherGetsTheRest() {
    // 1 + 4 = 5 slots asked of 4: max-min fair gives the 1-warp block its 1 (rate 1) and the big
    // one the other 3 (rate 0.75). At 1000 the small one ends; the big one has done 750 and runs
    // its last 250 alone: it ends at 1250.
    SimulationResult result = fifo(side(block("big", 256, 1000, 0), block("small", 32, 1000, 0)),
        sharing(device(1, Sim.bigSm(), costs()), 0));

    assertThat(record(result, 2).finishNs()).isEqualTo(1000);
    assertThat(record(result, 1).finishNs()).isEqualTo(1250);
  }

  @Test
  void withDramContentionTooABlockRunsAtTheLowerOfItsTwoRatesNotTheirProduct() {
    // 100 B/ns; both blocks fill the issue slots (0.5 each) and each moves 100 B/ns (0.5 each).
    // The lower of 0.5 and 0.5 is 0.5: 2000 ns, not the 4000 a product of rates would give.
    Workload both = side(block("a", 256, 1000, 100_000), block("b", 256, 1000, 100_000));
    assertThat(fifo(both, sharing(device(1, Sim.bigSm(), costs()), 100)).makespanNs())
        .isEqualTo(2000);

    // The small block now moves 100 B/ns and the big one nothing: DRAM does not bind (demand 100
    // of 100), so the issue slots do, as alone: the big block ends at 1250.
    SimulationResult issueBound = fifo(side(block("big", 256, 1000, 0),
        block("small", 32, 1000, 100_000)), sharing(device(1, Sim.bigSm(), costs()), 100));
    assertThat(record(issueBound, 1).finishNs()).isEqualTo(1250);
    assertThat(record(issueBound, 2).finishNs()).isEqualTo(1000);
  }

  @Test
  void aBlockThatJoinsLaterSlowsTheResidentOneFromThatInstantOn() {
    // a starts at 0 alone (rate 1); b is submitted at 400: from then both run at 0.5. a has 600
    // left: it ends at 400 + 1200 = 1600; b has then done 600 and runs its last 400 alone: 2000.
    Workload w = workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, block("a", 256, 1000, 0)).job(2, "qb", 400, block("b", 256, 1000, 0))
        .build();

    SimulationResult result = fifo(w, sharing(device(1, Sim.bigSm(), costs()), 0));

    assertThat(record(result, 1).finishNs()).isEqualTo(1600);
    assertThat(record(result, 2).finishNs()).isEqualTo(2000);
  }
  @Test
  void oldestFirstTheKernelLaunchedFirstKeepsEverySlotAndTheLaterOneWaits() {
    // Both blocks fill the 4 slots. a is launched at 0, b at 400: oldest first, a keeps all 4
    // (rate 1, ends at 1000) and b gets none until then (rate 0), then runs its 1000 alone: 2000.
    // Shared equally (the test above) a ends at 1600 and b at 2000.
    Workload w = workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, block("a", 256, 1000, 0)).job(2, "qb", 400, block("b", 256, 1000, 0))
        .build();

    SimulationResult result = fifo(w, sharing(device(1, Sim.bigSm(), costs()), 0,
        new IssueSharing(32, 4, IssueSharing.Order.OLDEST_FIRST)));

    assertThat(record(result, 1).finishNs()).isEqualTo(1000);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(400);
    assertThat(record(result, 2).finishNs()).isEqualTo(2000);
  }

  @Test
  void youngestFirstTheKernelLaunchedLastTakesTheSlotsFromTheResidentOne() {
    // As above, youngest first: from 400 b takes all 4 slots (ends at 1400) and a, 400 done, waits
    // and runs its last 600 from 1400: 2000.
    Workload w = workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, block("a", 256, 1000, 0)).job(2, "qb", 400, block("b", 256, 1000, 0))
        .build();

    SimulationResult result = fifo(w, sharing(device(1, Sim.bigSm(), costs()), 0,
        new IssueSharing(32, 4, IssueSharing.Order.YOUNGEST_FIRST)));

    assertThat(record(result, 2).finishNs()).isEqualTo(1400);
    assertThat(record(result, 1).finishNs()).isEqualTo(2000);
  }

  @Test
  void oldestFirstALaterKernelGetsTheSlotsTheOlderOneLeavesFree() {
    // a (2 warps) is older and asks for 2 of the 4 slots; b (8 warps) asks for 4 and gets the 2
    // left: rate 0.5, so b, from 400, has done 300 at 1000 when a ends, and its last 700 alone
    // end at 1700.
    Workload w = workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, block("a", 64, 1000, 0)).job(2, "qb", 400, block("b", 256, 1000, 0))
        .build();

    SimulationResult result = fifo(w, sharing(device(1, Sim.bigSm(), costs()), 0,
        new IssueSharing(32, 4, IssueSharing.Order.OLDEST_FIRST)));

    assertThat(record(result, 1).finishNs()).isEqualTo(1000);
    assertThat(record(result, 2).finishNs()).isEqualTo(1700);
  }
  @Test
  void oldestFirstAKernelIsAsOldAsItsFirstPlacedBlockNotItsLaunch() {
    // a then a2 in one in-order stream, both launched at 0 (a2 starts when a ends, at 1000), b in
    // another from 400. b started before a2, so it is older: it waits for a (until 1000), then
    // keeps all 4 slots and ends at 2000 while a2 waits; a2 then runs its 1000 alone: 3000.
    Workload w = workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, block("a", 256, 1000, 0)).job(2, "qa", 0, block("a2", 256, 1000, 0))
        .job(3, "qb", 400, block("b", 256, 1000, 0)).build();
    HardwareModel hardware = sharing(device(1, Sim.bigSm(), costs()), 0,
        new IssueSharing(32, 4, IssueSharing.Order.OLDEST_FIRST));

    SimulationResult result = new Simulator(w, hardware, EngineFixtures.plugins(
        hardware.device(), "fifo", "block-boundary", "full"),
        new EngineOptions(Integer.MAX_VALUE, true, Integer.MAX_VALUE, 1, true)).run();

    assertThat(record(result, 1).finishNs()).isEqualTo(1000);
    assertThat(record(result, 3).finishNs()).isEqualTo(2000);
    assertThat(record(result, 2).finishNs()).isEqualTo(3000);
  }
}
