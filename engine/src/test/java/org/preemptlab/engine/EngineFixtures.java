package org.preemptlab.engine;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategyProvider;
import org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategyProvider;
import org.preemptlab.plugins.preemption.useryield.UserYieldStrategyProvider;
import org.preemptlab.plugins.save.FullContextSaveProvider;
import org.preemptlab.plugins.save.LivenessContextSaveProvider;
import org.preemptlab.policies.baseline.FifoPolicyProvider;
import org.preemptlab.policies.baseline.PriorityPolicyProvider;

/** Builds plugin sets and runs simulations for engine tests. */
final class EngineFixtures {
  private EngineFixtures() {}

  static <T> T create(PluginProvider<T> provider, DeviceSpec device, Map<String, String> params) {
    List<ParameterSpec> specs = provider.parameters();
    return provider.create(new PluginContext(Parameters.of(specs, params), device,
        new SplittableRandom(1)));
  }

  static RunPlugins plugins(DeviceSpec device, String policy, String preemption, String save) {
    PluginProvider<org.preemptlab.api.policy.SchedulingPolicy> policyProvider = switch (policy) {
      case "fifo" -> new FifoPolicyProvider();
      case "priority" -> new PriorityPolicyProvider();
      default -> throw new IllegalArgumentException(policy);
    };
    PluginProvider<org.preemptlab.api.preemption.PreemptionPointStrategy> preemptionProvider =
        switch (preemption) {
          case "block-boundary" -> new BlockBoundaryStrategyProvider();
          case "instruction-level" -> new InstructionLevelStrategyProvider();
          case "user-yield" -> new UserYieldStrategyProvider();
          default -> throw new IllegalArgumentException(preemption);
        };
    PluginProvider<org.preemptlab.api.preemption.ContextSaveStrategy> saveProvider =
        save.equals("full") ? new FullContextSaveProvider() : new LivenessContextSaveProvider();
    return new RunPlugins(policy, kind -> create(policyProvider, device, Map.of()), preemption,
        create(preemptionProvider, device, Map.of()), save, create(saveProvider, device, Map.of()));
  }

  static SimulationResult run(Workload workload, HardwareModel hardware, String policy,
      String preemption, String save) {
    return new Simulator(workload, hardware,
        plugins(hardware.device(), policy, preemption, save), EngineOptions.defaults()).run();
  }
}
