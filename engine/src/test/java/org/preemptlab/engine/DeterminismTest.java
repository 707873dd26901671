package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.FifoDouble;

/** Runs are pure functions of their inputs; plugins are created and consulted as promised. */
class DeterminismTest {

  private static Workload busyMix() {
    // LOW training kernels with jittered blocks, HIGH inference arriving in between.
    BlockProgram program = new BlockProgram(List.of(Segment.compute(0, 300, 8, 0),
        new Segment(org.preemptlab.api.model.SegmentKind.BARRIER, 0, 100, 8, 0),
        Segment.compute(0, 600, 2, 0)));
    Sim.W w = workload().queue("low", Priority.LOW).queue("high", Priority.HIGH);
    for (int i = 0; i < 6; i++) {
      w.job(i, "low", i * 400L, new Kernel("train" + i, 7, 256, 8, 0, false, program,
          new BlockTiming.UniformJitter(0.3, 17 + i)));
    }
    for (int i = 0; i < 5; i++) {
      w.job(100 + i, "high", 150 + i * 700L, kernel("infer", 2, 512, 4, 0, 250));
    }
    return w.build();
  }

  @Test
  void runningTheSameInputsTwiceGivesEqualResults() {
    DeviceSpec device = device(3, Sim.bigSm(), costs().launch(20).dispatch(5).signal(40)
        .save(48, 30).restore(96, 10));

    SimulationResult first = Sim.run(busyMix(), device, "priority", "instruction-level",
        "liveness");
    SimulationResult second = Sim.run(busyMix(), device, "priority", "instruction-level",
        "liveness");

    assertThat(first.preemptions()).isNotEmpty();
    assertThat(first.jobs()).hasSize(11);
    assertThat(second).isEqualTo(first);
  }

  @Test
  void aSimulatorRunsOnlyOnce() {
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Simulator simulator = new Simulator(busyMix(), Sim.hw(device),
        EngineFixtures.plugins(device, "fifo", "block-boundary", "full"), EngineOptions.defaults());
    simulator.run();

    assertThatThrownBy(simulator::run).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void onePolicyInstanceIsCreatedPerEngineKindPresent() {
    List<EngineKind> created = new ArrayList<>();
    List<SchedulingPolicy> instances = new ArrayList<>();
    RunPlugins plugins = new RunPlugins("fifo", kind -> {
      created.add(kind);
      SchedulingPolicy policy = new FifoDouble();
      instances.add(policy);
      return policy;
    }, "block-boundary", block -> PreemptionDecision.drain(block, "drain"), "full",
        new FullSaveDouble());
    Workload w = workload()
        .queue(new JobQueue("c1", "ctx", Priority.NORMAL, 1, EngineKind.COMPUTE, false))
        .queue(new JobQueue("copy", "ctx", Priority.NORMAL, 1, EngineKind.COPY, false))
        .queue(new JobQueue("c2", "ctx", Priority.HIGH, 1, EngineKind.COMPUTE, false))
        .job(1, "c1", 0, kernel("a", 1, 64, 0, 0, 100))
        .job(2, "copy", 0, kernel("b", 1, 64, 0, 0, 100))
        .job(3, "c2", 0, kernel("c", 1, 64, 0, 0, 100))
        .build();

    SimulationResult result = Sim.run(w, device(1, Sim.bigSm(), costs()), plugins,
        EngineOptions.defaults());

    assertThat(created).containsExactly(EngineKind.COMPUTE, EngineKind.COPY);
    assertThat(instances.get(0)).isNotSameAs(instances.get(1));
    assertThat(result.makespanNs()).isEqualTo(100);
  }

  @Test
  void everyKernelIsInstrumentedForItselfEvenWhenKernelsShareAProgram() {
    // A strategy whose instrumentation depends on the kernel: it prepends a check segment of
    // (registers per thread) ns. Kernels k10 and k20 share one BlockProgram instance (1000 ns):
    // k10 blocks last 1010 ns, k20 blocks 1020 ns.
    List<String> instrumented = new ArrayList<>();
    PreemptionPointStrategy checking = new PreemptionPointStrategy() {
      @Override
      public PreemptionDecision decide(org.preemptlab.api.preemption.BlockSnapshot block) {
        return PreemptionDecision.drain(block, "drain");
      }

      @Override
      public BlockProgram instrument(Kernel kernel, BlockProgram program, DeviceSpec device) {
        instrumented.add(kernel.name());
        List<Segment> segments = new ArrayList<>();
        segments.add(Segment.compute(0, kernel.registersPerThread(), 0, 0));
        segments.addAll(program.segments());
        return new BlockProgram(segments);
      }
    };
    BlockProgram shared = BlockProgram.uniform(1000, 0, 0);
    Kernel k10 = new Kernel("k10", 1, 64, 10, 0, false, shared, new BlockTiming.Exact());
    Kernel k20 = new Kernel("k20", 1, 64, 20, 0, false, shared, new BlockTiming.Exact());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, k10)
        .job(2, "q", 0, k20)
        .job(3, "q", 0, k10) // the same kernel again: instrumented once
        .build();
    RunPlugins plugins = new RunPlugins("fifo", kind -> new FifoDouble(), "checking", checking,
        "full", new FullSaveDouble());

    SimulationResult result = Sim.run(w, device(1, Sim.bigSm(), costs()), plugins,
        EngineOptions.defaults());

    assertThat(instrumented).containsExactly("k10", "k20");
    assertThat(record(result, 1).finishNs()).isEqualTo(1010);
    assertThat(record(result, 2).finishNs()).isEqualTo(1020);
    assertThat(record(result, 3).finishNs()).isEqualTo(1010);
  }
}
