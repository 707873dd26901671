package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SmSet;

/**
 * What sharing decides beyond where blocks go: which launch latency a kernel pays inside a MIG
 * instance, and how MPS clients' jobs are ordered (docs/sharing.md).
 */
class SharingSemanticsTest {
  private static final long IDLE_LAUNCH = 11_000;
  private static final long BUSY_LAUNCH = 50_000;

  /** Four one-block SMs; launching costs 11 us on idle hardware and 50 us on busy hardware. */
  private static HardwareModel launchCosts() {
    DeviceSpec device = Sim.device(4, Sim.bigSm(), Sim.costs().dispatch(100), false);
    HardwareModel base = Sim.hw(device);
    return new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return base.device();
      }

      @Override
      public long kernelLaunchNs(boolean deviceBusy, RandomGenerator random) {
        return deviceBusy ? BUSY_LAUNCH : IDLE_LAUNCH;
      }
    };
  }

  /** Context "train" fills SMs 0-2 from 0 for 1 ms; context "lc" launches one block at 200 us. */
  private static Workload trainingBesideARequest() {
    return workload().queue(Sim.queue("qt", "train", Priority.NORMAL))
        .queue(Sim.queue("ql", "lc", Priority.NORMAL))
        .job(1, "qt", 0, kernel("train", 3, 1024, 8, 0, 1_000_000))
        .job(2, "ql", 200_000, kernel("infer", 1, 1024, 8, 0, 5_000))
        .build();
  }

  private static JobRecord request(SpatialSharing sharing) {
    HardwareModel hardware = launchCosts();
    RunPlugins plugins = EngineFixtures.plugins(hardware.device(), "fifo", "instruction-level",
        "full");
    return Sim.record(new Simulator(trainingBesideARequest(), hardware, plugins,
        EngineOptions.defaults()).withSharing(sharing).run(), 2);
  }

  @Test
  void aKernelInOneMigInstancePaysTheIdleLaunchWhileAnotherInstanceIsBusy() {
    SpatialSharing mig = new SpatialSharing(true, Map.of("train", SmSet.range(0, 3),
        "lc", SmSet.of(3)), Map.of(), Set.of(), Map.of("train", "big", "lc", "small"), false);

    // launch 11 us, then the 100 ns dispatch: the busy training instance costs it nothing
    assertThat(request(mig).firstStartNs()).isEqualTo(200_000 + IDLE_LAUNCH + 100);
  }

  @Test
  void mpsClientsShareOneFrontEndSoABusyNeighbourMakesTheLaunchBusy() {
    SpatialSharing mps = new SpatialSharing(true, Map.of("train", SmSet.range(0, 3),
        "lc", SmSet.of(3)), Map.of(), Set.of());

    assertThat(request(mps).firstStartNs()).isEqualTo(200_000 + BUSY_LAUNCH + 100);
  }

  /**
   * Context "a" fills every SM until 10 us; at 1 us client "b" launches a kernel of 4 blocks, at
   * 2 us client "a" one on its HIGH-priority stream.
   */
  private static SimulationResult clients(boolean neutral) {
    Workload w = workload().queue(Sim.queue("qa", "a", Priority.NORMAL))
        .queue(Sim.queue("qh", "a", Priority.HIGH))
        .queue(Sim.queue("qb", "b", Priority.NORMAL))
        .job(1, "qa", 0, kernel("fill", 4, 1024, 8, 0, 10_000))
        .job(2, "qb", 1_000, kernel("b", 4, 1024, 8, 0, 10_000))
        .job(3, "qh", 2_000, kernel("a-high", 4, 1024, 8, 0, 10_000))
        .build();
    DeviceSpec device = Sim.device(4, Sim.bigSm(), Sim.costs().dispatch(100), true);
    RunPlugins plugins = EngineFixtures.plugins(device, "fifo", "instruction-level", "full");
    return new Simulator(w, Sim.hw(device), plugins, EngineOptions.defaults())
        .withSharing(new SpatialSharing(true, Map.of(), Map.of(), Set.of(), Map.of(), neutral))
        .run();
  }

  @Test
  void neutralOrderingServesTheClientThatLaunchedFirstWhateverTheOthersStreamPriority() {
    SimulationResult result = clients(true);

    assertThat(Sim.record(result, 2).firstStartNs())
        .isLessThan(Sim.record(result, 3).firstStartNs());
  }

  @Test
  void comparingStreamPrioritiesAcrossClientsLetsAHighStreamOvertakeAnotherClient() {
    SimulationResult result = clients(false);

    assertThat(Sim.record(result, 3).firstStartNs())
        .isLessThan(Sim.record(result, 2).firstStartNs());
  }
}
