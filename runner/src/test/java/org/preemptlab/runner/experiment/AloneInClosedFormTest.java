package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.runner.experiment.sharing.SharingPlan;
import org.preemptlab.runner.workload.RandomStreams;

/**
 * A kernel's time alone in closed form ({@link AloneInClosedForm}) is exactly the engine's isolated
 * simulation of it, to the nanosecond, over random kernels on every bundled hardware model (each
 * also with its contention model on, where it has one) under every preemption-point strategy; where
 * the closed form declines (blocks of different durations, contention, a block that does not fit)
 * the simulation is what answers.
 */
class AloneInClosedFormTest {
  private static final PluginRegistry REGISTRY = PluginRegistry.discover(Optional.empty());
  private static final GpuContext CONTEXT = new GpuContext("app", false);
  private static final JobQueue QUEUE = new JobQueue("q", "app", Priority.NORMAL, 1,
      EngineKind.COMPUTE, false);

  @Test
  void closedFormEqualsTheIsolatedSimulationOnEveryBundledModelAndStrategy() {
    List<String> models = REGISTRY.ids(PluginKind.HARDWARE_MODEL);
    List<String> strategies = REGISTRY.ids(PluginKind.PREEMPTION_STRATEGY);
    assertThat(strategies).hasSizeGreaterThanOrEqualTo(6);
    int modelsTried = 0;
    int closed = 0;
    int declined = 0;
    for (String model : models) {
      for (Map<String, String> parameters : variants(model)) {
        HardwareModel hardware;
        try {
          hardware = REGISTRY.create(PluginType.HARDWARE_MODEL, model, parameters,
              (HardwareModel) null, RandomStreams.named(1, "hardware"));
        } catch (RuntimeException e) {
          continue; // a model that needs a parameter (a file) has no default instance
        }
        modelsTried++;
        SplittableRandom random = new SplittableRandom(model.hashCode() ^ parameters.hashCode());
        for (int k = 0; k < 100; k++) {
          Kernel kernel = randomKernel(random, hardware.device().sm());
          String strategy = strategies.get(k % strategies.size());
          String what = model + parameters + ", " + strategy + ", " + kernel;
          PreemptionPointStrategy instance;
          try {
            instance = strategy(strategy, hardware);
          } catch (RuntimeException e) {
            continue; // the strategy refuses this device, so a run would not start
          }
          OptionalLong closedForm = AloneInClosedForm.turnaroundNs(kernel, hardware, instance);
          Long simulated = simulate(kernel, hardware, strategy);
          if (closedForm.isPresent()) {
            closed++;
            assertThat(simulated).as(what).isNotNull();
            assertThat(closedForm.getAsLong()).as(what).isEqualTo(simulated);
          } else {
            declined++;
          }
        }
      }
    }
    assertThat(modelsTried).as("bundled models").isGreaterThanOrEqualTo(7);
    assertThat(closed).as("kernels answered in closed form").isGreaterThan(200);
    assertThat(declined).as("kernels left to the simulation").isGreaterThan(20);
  }

  @Test
  void kernelsWhoseBlocksDifferInDurationAreLeftToTheSimulation() {
    HardwareModel hardware = REGISTRY.create(PluginType.HARDWARE_MODEL, "h200", Map.of(),
        (HardwareModel) null, RandomStreams.named(1, "hardware"));
    Kernel jittered = kernel(1000, 256, new BlockTiming.UniformJitter(0.2, 5));
    Kernel exact = kernel(1000, 256, new BlockTiming.Exact());

    assertThat(AloneInClosedForm.turnaroundNs(jittered, hardware,
        strategy("block-boundary", hardware))).isEmpty();
    assertThat(AloneInClosedForm.turnaroundNs(exact, hardware,
        strategy("block-boundary", hardware))).isPresent();
  }

  @Test
  void aKernelOfThreeWavesTakesTheLaunchAndThreeTimesDispatchPlusBlock() {
    HardwareModel hardware = REGISTRY.create(PluginType.HARDWARE_MODEL, "a100", Map.of(),
        (HardwareModel) null, RandomStreams.named(1, "hardware"));
    SmSpec sm = hardware.device().sm();
    // 1,024-thread blocks: as many per SM as the threads allow; grid of two full waves and one more.
    int perSm = sm.maxThreads() / 1024;
    int grid = 2 * perSm * hardware.device().smCount() + 1;
    Kernel kernel = new Kernel("waves", grid, 1024, 0, 0, false,
        BlockProgram.uniform(10_000, 0, 0), new BlockTiming.Exact());
    long launch = hardware.kernelLaunchNs(false, hardware.newCostStream());
    long dispatch = hardware.device().costs().blockDispatchNs();

    assertThat(AloneInClosedForm.turnaroundNs(kernel, hardware,
        strategy("block-boundary", hardware))).hasValue(launch + 3 * (dispatch + 10_000));
    assertThat(simulate(kernel, hardware, "block-boundary")).isEqualTo(launch + 3 * (dispatch
        + 10_000));
  }

  /** The model as bundled and, if it has a contention key, with max-min fair contention on. */
  private static List<Map<String, String>> variants(String model) {
    List<Map<String, String>> variants = new ArrayList<>(List.of(Map.of()));
    for (ParameterSpec p : REGISTRY.descriptor(PluginKind.HARDWARE_MODEL, model).parameters()) {
      if (p.name().equals("contention")) {
        variants.add(Map.of("contention", "max-min-fair"));
      }
    }
    return variants;
  }

  private static Long simulate(Kernel kernel, HardwareModel hardware, String strategy) {
    try {
      return IsolatedRuntimes.simulated(QUEUE, Map.of("app", CONTEXT), kernel, hardware,
          strategy(strategy, hardware), save(hardware), SharingPlan.none());
    } catch (RuntimeException e) { // a kernel that does not fit, or a strategy refusing it
      return null;
    }
  }

  private static PreemptionPointStrategy strategy(String id, HardwareModel hardware) {
    return REGISTRY.create(PluginType.PREEMPTION_STRATEGY, id, Map.of(), hardware,
        RandomStreams.named(1, "preemption"));
  }

  private static ContextSaveStrategy save(HardwareModel hardware) {
    return REGISTRY.create(PluginType.CONTEXT_SAVE, "full", Map.of(), hardware,
        RandomStreams.named(1, "context-save"));
  }

  private static Kernel kernel(int grid, int threads, BlockTiming timing) {
    return new Kernel("k", grid, threads, 32, 0, false, BlockProgram.uniform(5_000, 32, 0),
        timing);
  }

  /**
   * A kernel of 1 to 20,000 blocks of random shape (sometimes more shared memory or registers than
   * an SM has), a program of 1 to 4 segments of random kinds, and exact timing, jitter of spread 0
   * (every block equal), jitter of spread 0.2 or the standard workload's rule.
   */
  private static Kernel randomKernel(SplittableRandom random, SmSpec sm) {
    List<Segment> segments = new ArrayList<>();
    SegmentKind[] kinds = SegmentKind.values();
    for (int s = 0; s < 1 + random.nextInt(4); s++) {
      long ns = 1 + random.nextInt(random.nextBoolean() ? 200 : 50_000);
      segments.add(new Segment(kinds[random.nextInt(kinds.length)], ns, ns,
          random.nextInt(32), 0));
    }
    int threads = 32 * (1 + random.nextInt(32));
    int registers = random.nextInt(10) == 0 ? 0 : 8 + random.nextInt(120);
    int shared = switch (random.nextInt(4)) {
      case 0 -> 0;
      case 1 -> random.nextInt(16_384);
      case 2 -> random.nextInt(Math.max(1, sm.sharedMemoryBytes()));
      default -> sm.sharedMemoryBytes() + 1 - random.nextInt(2_048); // near or over the limit
    };
    int grid = random.nextInt(4) == 0 ? 1 + random.nextInt(20_000) : 1 + random.nextInt(600);
    BlockTiming timing = switch (random.nextInt(6)) {
      case 0 -> new BlockTiming.UniformJitter(0.2, random.nextLong());
      case 1 -> new BlockTiming.UniformJitter(0, random.nextLong());
      case 2 -> new BlockTiming.SplitMix(random.nextLong());
      default -> new BlockTiming.Exact();
    };
    return new Kernel("k", grid, threads, registers, Math.max(0, shared), random.nextBoolean(),
        new BlockProgram(segments), timing);
  }
}
