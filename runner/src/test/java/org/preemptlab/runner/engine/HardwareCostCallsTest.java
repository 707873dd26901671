package org.preemptlab.runner.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.runner.engine.Sim.costs;
import static org.preemptlab.runner.engine.Sim.device;
import static org.preemptlab.runner.engine.Sim.kernel;
import static org.preemptlab.runner.engine.Sim.record;
import static org.preemptlab.runner.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.policies.baseline.FifoPolicy;
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategy;
import org.preemptlab.plugins.save.FullContextSave;

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
    RunPlugins plugins = new RunPlugins("fifo", kind -> new FifoPolicy(), "block-boundary",
        new BlockBoundaryStrategy(), "full", new FullContextSave());

    SimulationResult result = new Simulator(w, model, plugins, EngineOptions.defaults()).run();

    assertThat(model.asked()).containsExactly(false, true, false);
    assertThat(record(result, 1).firstStartNs()).isEqualTo(100);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(1200);
    assertThat(record(result, 3).firstStartNs()).isEqualTo(3100);
  }

  @Test
  void aModelWithOnlyFixedCostsBehavesAsBefore() {
    DeviceSpec device = device(1, Sim.bigSm(), costs().launch(500).dispatch(30));
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 100, kernel("k", 3, 512, 0, 0, 1000)).build();

    assertThat(record(Sim.fifo(w, device), 1).finishNs()).isEqualTo(2660);
  }
}
