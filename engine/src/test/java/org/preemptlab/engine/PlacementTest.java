package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;

/** The hardware block scheduler: where blocks go, how many fit, and in which order. */
class PlacementTest {

  @Test
  void smArrayPicksTheSmWithMostFreeThreadSlotsAndTheLowestIndexOnTies() {
    SmArray sms = new SmArray(device(3, new SmSpec(1024, 4, 65536, 65536, 0), costs()));
    // all free: 1024/1024/1024 -> tie -> SM 0
    assertThat(sms.findBest(256, 0, 0)).isEqualTo(0);
    sms.allocate(0, 256, 0, 0, 0);
    // 768/1024/1024 -> SM 1 (tie between 1 and 2, lowest index)
    assertThat(sms.findBest(256, 0, 0)).isEqualTo(1);
    sms.allocate(1, 512, 0, 0, 0);
    // 768/512/1024 -> SM 2
    assertThat(sms.findBest(256, 0, 0)).isEqualTo(2);
    sms.allocate(2, 256, 0, 0, 0);
    // 768/512/768 -> tie between 0 and 2 -> SM 0
    assertThat(sms.findBest(256, 0, 0)).isEqualTo(0);
    // a block of 800 threads fits nowhere
    assertThat(sms.findBest(800, 0, 0)).isEqualTo(-1);
  }

  @Test
  void smArraySkipsTheEmptiestSmWhenAnotherLimitBinds() {
    SmArray sms = new SmArray(device(2, new SmSpec(1024, 1, 65536, 65536, 0), costs()));
    sms.allocate(0, 32, 0, 0, 0); // SM 0: 992 free threads, but its single block slot is taken
    sms.release(0, 32, 0, 0, 10);
    sms.allocate(1, 512, 0, 0, 10); // SM 1: 512 threads free, no block slot left
    // SM 0 has the most free threads (1024) and a slot
    assertThat(sms.findBest(100, 0, 0)).isEqualTo(0);
    sms.allocate(0, 100, 0, 0, 10);
    // both SMs hold their one block now
    assertThat(sms.findBest(1, 0, 0)).isEqualTo(-1);
  }

  @Test
  void aBlockGoesToTheSmWithMostFreeThreadsNotTheFirstThatFits() {
    // 2 SMs of 1024 threads. All three jobs are dispatched at t=0 in this order.
    // job 1: 256 threads, 1000 ns -> SM0 (tie, lowest index); SM0 has 768 free.
    // job 2: 256 threads, 1000 ns -> SM1 (1024 free > 768); SM1 has 768 free.
    // job 3: 1024 threads fits nowhere until both SMs free at 1000 -> [1000, 1100].
    // (First fit would put job 2 on SM0 and job 3 on SM1 at t=0.)
    DeviceSpec device = device(2, Sim.bigSm(), costs());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("a", 1, 256, 0, 0, 1000))
        .job(2, "q", 0, kernel("b", 1, 256, 0, 0, 1000))
        .job(3, "q", 0, kernel("c", 1, 1024, 0, 0, 100))
        .build();

    SimulationResult result = Sim.fifo(w, device);

    assertThat(record(result, 2).firstStartNs()).isEqualTo(0);
    assertThat(record(result, 3).firstStartNs()).isEqualTo(1000);
    assertThat(record(result, 3).finishNs()).isEqualTo(1100);
    assertThat(result.makespanNs()).isEqualTo(1100);
  }

  static Stream<Arguments> occupancyLimits() {
    // One SM, a grid of 4 blocks of 100 ns each. Each case makes exactly one limit binding.
    return Stream.of(
        // nothing binds: 4 blocks in one wave -> 100 ns
        Arguments.of("none", new SmSpec(1024, 16, 65536, 65536, 0), kernel("k", 4, 256, 0, 0, 100),
            100L),
        // threads: 512 / 256 = 2 per wave -> 2 waves -> 200 ns
        Arguments.of("threads", new SmSpec(512, 16, 65536, 65536, 0),
            kernel("k", 4, 256, 0, 0, 100), 200L),
        // resident blocks: 2 per wave -> 200 ns
        Arguments.of("blocks", new SmSpec(1024, 2, 65536, 65536, 0),
            kernel("k", 4, 32, 0, 0, 100), 200L),
        // registers: 64 threads x 16 = 1024 per block; 2048 / 1024 = 2 -> 200 ns
        Arguments.of("registers", new SmSpec(1024, 16, 2048, 65536, 0),
            kernel("k", 4, 64, 16, 0, 100), 200L),
        // shared memory: 9000 / 4000 = 2 -> 200 ns
        Arguments.of("shared", new SmSpec(1024, 16, 65536, 9000, 0),
            kernel("k", 4, 64, 0, 4000, 100), 200L),
        // per-block reservation: 4000 + 500 = 4500 each; 8800 holds only 1 -> 4 waves -> 400 ns
        // (without the reservation 2 would fit, giving 200 ns)
        Arguments.of("reservation", new SmSpec(1024, 16, 65536, 8800, 500),
            kernel("k", 4, 64, 0, 4000, 100), 400L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("occupancyLimits")
  void eachOccupancyLimitBoundsTheBlocksResidentOnAnSm(String limit, SmSpec sm, Kernel kernel,
      long makespan) {
    Workload w = workload().queue("q", Priority.NORMAL).job(1, "q", 0, kernel).build();

    SimulationResult result = Sim.fifo(w, device(1, sm, costs()));

    assertThat(result.makespanNs()).isEqualTo(makespan);
    assertThat(record(result, 1).finishNs()).isEqualTo(makespan);
    assertThat(result.blocksExecuted()).isEqualTo(4);
  }

  @Test
  void aLaterKernelWithSmallBlocksDoesNotOvertakeABlockedEarlierOne() {
    // 1 SM of 1024 threads.
    // job 1 (t=0): 768 threads, [0, 1000]; 256 threads stay free.
    // job 2 (t=10): 512 threads -> blocked until 1000 -> [1000, 1100].
    // job 3 (t=20): 128 threads would fit in the 256 free slots, but the block scheduler stops at
    //   the first block that fits nowhere -> it waits behind job 2 -> [1000, 1100].
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("big", 1, 768, 0, 0, 1000))
        .job(2, "q", 10, kernel("mid", 1, 512, 0, 0, 100))
        .job(3, "q", 20, kernel("small", 1, 128, 0, 0, 100))
        .build();

    SimulationResult result = Sim.fifo(w, device(1, Sim.bigSm(), costs()));

    assertThat(record(result, 2).dispatchNs()).isEqualTo(10);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(1000);
    assertThat(record(result, 3).dispatchNs()).isEqualTo(20);
    assertThat(record(result, 3).firstStartNs()).isEqualTo(1000);
    assertThat(record(result, 3).finishNs()).isEqualTo(1100);
  }

  @Test
  void whenASlotFreesHigherPriorityQueuesArePlacedFirstThenEarlierKernels() {
    // 1 SM; every block takes all 1024 threads. fifo dispatches all at submit (non-preemptive),
    // so the order of placement is the hardware scheduler's: priority, then dispatch order.
    // job 1 LOW  t=0   [0, 1000]
    // job 2 LOW  t=10  waits; job 3 LOW (other queue) t=30 waits; job 4 HIGH t=20 waits.
    // at 1000: job 4 (HIGH) [1000, 1100]; then job 2 [1100, 1200]; then job 3 [1200, 1300].
    Workload w = workload()
        .queue("low", Priority.LOW).queue("low2", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, kernel("l1", 1, 1024, 0, 0, 1000))
        .job(2, "low", 10, kernel("l2", 1, 1024, 0, 0, 100))
        .job(4, "high", 20, kernel("h", 1, 1024, 0, 0, 100))
        .job(3, "low2", 30, kernel("l3", 1, 1024, 0, 0, 100))
        .build();

    SimulationResult result = Sim.fifo(w, device(1, Sim.bigSm(), costs()));

    assertThat(record(result, 4).firstStartNs()).isEqualTo(1000);
    assertThat(record(result, 4).finishNs()).isEqualTo(1100);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(1100);
    assertThat(record(result, 3).firstStartNs()).isEqualTo(1200);
    assertThat(result.makespanNs()).isEqualTo(1300);
    assertThat(result.preemptions()).isEmpty();
  }
}
