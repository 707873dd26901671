package org.preemptlab.engine;

import java.util.function.Supplier;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.testkit.doubles.BlockBoundaryDouble;
import org.preemptlab.testkit.doubles.FifoDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.InstructionLevelDouble;
import org.preemptlab.testkit.doubles.LivenessSaveDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;

/**
 * Builds plugin sets and runs simulations for engine tests. A plugin is named by the id of the
 * bundled plugin it stands for and is the test kit's double of it (which decides as the bundled
 * one with its default parameters), so the engine's tests need no plugin module.
 */
final class EngineFixtures {
  private EngineFixtures() {}

  static RunPlugins plugins(DeviceSpec device, String policy, String preemption, String save) {
    Supplier<SchedulingPolicy> policies = switch (policy) {
      case "fifo" -> FifoDouble::new;
      case "priority" -> () -> new PriorityDouble(true);
      default -> throw new IllegalArgumentException(policy);
    };
    PreemptionPointStrategy strategy = switch (preemption) {
      case "block-boundary" -> new BlockBoundaryDouble();
      case "instruction-level" -> new InstructionLevelDouble();
      default -> throw new IllegalArgumentException(preemption);
    };
    ContextSaveStrategy contextSave = switch (save) {
      case "full" -> new FullSaveDouble();
      case "liveness" -> new LivenessSaveDouble();
      default -> throw new IllegalArgumentException(save);
    };
    return new RunPlugins(policy, kind -> policies.get(), preemption, strategy, save, contextSave);
  }

  static SimulationResult run(Workload workload, HardwareModel hardware, String policy,
      String preemption, String save) {
    return new Simulator(workload, hardware,
        plugins(hardware.device(), policy, preemption, save), EngineOptions.defaults()).run();
  }
}
