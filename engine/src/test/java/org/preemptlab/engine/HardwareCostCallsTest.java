package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.testkit.doubles.FifoDouble;
import org.preemptlab.testkit.doubles.BlockBoundaryDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;

/** The engine asks the hardware model for each cost, telling it whether the device is busy. */
class HardwareCostCallsTest {

  /** A model whose launch costs 100 ns on an idle device and 700 ns on a busy one. */
  private record BusyAware(DeviceSpec device, List<Boolean> asked) implements HardwareModel {
    @Override
    public long kernelLaunchNs(boolean deviceBusy, RandomGenerator random) {
      asked.add(deviceBusy);
      return deviceBusy ? 700 : 100;
    }
  }

  @Test
  void aKernelDispatchedWhileAnotherRunsPaysTheBusyLaunchCost() {
    // 2 SMs. Job 1 at 0: idle launch 100 ns, runs [100, 2100] on one SM.
    // Job 2 at 500: a block of job 1 is resident, so busy launch 700 ns: starts 1200.
    // Job 3 at 3000: nothing resident or launched: idle launch, starts 3100.
    DeviceSpec device = device(2, Sim.bigSm(), costs());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("a", 1, 1024, 0, 0, 2000))
        .job(2, "q", 500, kernel("b", 1, 1024, 0, 0, 100))
        .job(3, "q", 3000, kernel("c", 1, 1024, 0, 0, 100)).build();
    BusyAware model = new BusyAware(device, new ArrayList<>());
    RunPlugins plugins = new RunPlugins("fifo", kind -> new FifoDouble(), "block-boundary",
        new BlockBoundaryDouble(), "full", new FullSaveDouble());

    SimulationResult result = new Simulator(w, model, plugins, EngineOptions.defaults()).run();

    assertThat(model.asked()).containsExactly(false, true, false);
    assertThat(record(result, 1).firstStartNs()).isEqualTo(100);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(1200);
    assertThat(record(result, 3).firstStartNs()).isEqualTo(3100);
  }

  @Test
  void underTimeSlicingALaunchFindsTheDeviceBusyOnlyIfItsOwnContextHasWork() {
    // 1 SM, contexts A and B time-sliced (slice 1 ms, every other cost 0).
    // Job 1 (A) at 0: idle launch 100 ns, its block runs [100, 5100].
    // Job 2 (B) at 500: B has nothing resident, waiting or saved: idle launch (A's grid is not
    //   B's), launched at 600, waits for the slice.
    // Job 3 (A, second queue) at 700: A's block is resident: busy launch.
    // Job 4 (B) at 800: job 2 is launched and waiting for placement: busy launch.
    DeviceSpec device = device(1, Sim.bigSm(), costs().timeSlice(1_000_000), false);
    Workload w = workload()
        .queue(Sim.queue("a1", "A", Priority.NORMAL))
        .queue(Sim.queue("a2", "A", Priority.NORMAL))
        .queue(Sim.queue("b", "B", Priority.NORMAL))
        .job(1, "a1", 0, kernel("a", 1, 1024, 0, 0, 5000))
        .job(2, "b", 500, kernel("b", 1, 1024, 0, 0, 100))
        .job(3, "a2", 700, kernel("c", 1, 1024, 0, 0, 100))
        .job(4, "b", 800, kernel("d", 1, 1024, 0, 0, 100)).build();
    BusyAware model = new BusyAware(device, new ArrayList<>());
    RunPlugins plugins = new RunPlugins("fifo", kind -> new FifoDouble(), "block-boundary",
        new BlockBoundaryDouble(), "full", new FullSaveDouble());

    new Simulator(w, model, plugins, EngineOptions.defaults()).run();

    assertThat(model.asked()).containsExactly(false, false, true, true);
  }

  @Test
  void contextsThatShareSmsStillFindTheDeviceBusyWhenAnyWorkRuns() {
    // as above, but the contexts run concurrently (MPS-like): job 2's launch finds A's block
    DeviceSpec device = device(2, Sim.bigSm(), costs(), true);
    Workload w = workload()
        .queue(Sim.queue("a1", "A", Priority.NORMAL))
        .queue(Sim.queue("b", "B", Priority.NORMAL))
        .job(1, "a1", 0, kernel("a", 1, 1024, 0, 0, 5000))
        .job(2, "b", 500, kernel("b", 1, 1024, 0, 0, 100)).build();
    BusyAware model = new BusyAware(device, new ArrayList<>());
    RunPlugins plugins = new RunPlugins("fifo", kind -> new FifoDouble(), "block-boundary",
        new BlockBoundaryDouble(), "full", new FullSaveDouble());

    new Simulator(w, model, plugins, EngineOptions.defaults()).run();

    assertThat(model.asked()).containsExactly(false, true);
  }

  @Test
  void aModelWithOnlyFixedCostsBehavesAsBefore() {
    DeviceSpec device = device(1, Sim.bigSm(), costs().launch(500).dispatch(30));
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 100, kernel("k", 3, 512, 0, 0, 1000)).build();

    assertThat(record(Sim.fifo(w, device), 1).finishNs()).isEqualTo(2660);
  }
}
