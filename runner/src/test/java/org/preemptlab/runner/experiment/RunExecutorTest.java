package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.runner.experiment.sharing.SharingPlan;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginRegistry;

class RunExecutorTest {
  static final RunExecutor EXECUTOR = new RunExecutor(PluginRegistry.discover(Optional.empty()));

  /** A small inference-vs-training run (a few ms) with random arrivals, grids and block times. */
  static final RunConfig SMALL = ConfigLoader.parse("""
      name: small
      seed: 3
      policy: {id: priority, parameters: {preempt: true}}
      preemption: instruction-level
      context-save: full
      workload:
        spec:
          duration: 6ms
          contexts: [{id: app, handles-yield: true}]
          queues:
            - id: inference
              context: app
              priority: HIGH
              deadline: 1ms
              arrival: {process: poisson, mean-interval: 500us, start: 200us}
              kernels:
                - name: infer
                  grid-blocks: {uniform: [132, 264]}
                  threads-per-block: 128
                  shared-memory-per-block: 8KiB
                  idempotent: true
                  block-time: {uniform: [20us, 40us]}
                  jitter: 0.1
            - id: training
              context: app
              priority: LOW
              serial: true
              jobs: 8
              arrival: {process: closed-loop, clients: 1, think-time: 10us}
              kernels:
                - name: gemm
                  grid-blocks: 264
                  threads-per-block: 256
                  registers-per-thread: 128
                  shared-memory-per-block: 64KiB
                  block-time: {uniform: [300us, 600us]}
                  jitter: 0.05
                  program:
                    iteration: 100us
                    segments:
                      - {kind: GLOBAL_MEMORY, share: 30%, live-registers: 80}
                      - {kind: COMPUTE, share: 70%, live-registers: 128, live-shared: 64KiB}
                      - {kind: YIELD_POINT, duration: 500ns, live-registers: 16, live-shared: 0}
      """, "small.yaml");

  @Test
  void theSameConfigurationGivesEqualResults() {
    RunOutcome first = EXECUTOR.execute(SMALL);
    RunOutcome second = new RunExecutor(PluginRegistry.discover(Optional.empty())).execute(SMALL);

    assertThat(second.workload()).isEqualTo(first.workload());
    assertThat(second.result()).isEqualTo(first.result());
    assertThat(second.metrics()).isEqualTo(first.metrics());
    assertThat(first.result().preemptions()).isNotEmpty();
    assertThat(first.result().jobs()).hasSizeGreaterThan(8);
  }

  @Test
  void changingThePolicyLeavesTheWorkloadIdentical() {
    RunOutcome priority = EXECUTOR.execute(SMALL);
    RunOutcome fifo = EXECUTOR.execute(Overrides.choose(SMALL, "policy", "fifo"));

    assertThat(fifo.workload()).isEqualTo(priority.workload());
    assertThat(fifo.result().preemptions()).isEmpty(); // fifo does not preempt: the runs differ
    assertThat(priority.result().preemptions()).isNotEmpty();
  }

  @Test
  void changingThePreemptionOrContextSaveStrategyLeavesTheWorkloadIdentical() {
    RunOutcome instruction = EXECUTOR.execute(SMALL);
    RunOutcome block = EXECUTOR.execute(Overrides.choose(SMALL, "preemption", "block-boundary"));
    RunOutcome liveness = EXECUTOR.execute(Overrides.choose(SMALL, "context-save", "liveness"));

    assertThat(block.workload()).isEqualTo(instruction.workload());
    assertThat(liveness.workload()).isEqualTo(instruction.workload());
    assertThat(block.metrics().bytesSavedPerPreemption()).isZero();
    assertThat(instruction.metrics().bytesSavedPerPreemption()).isPositive();
  }

  @Test
  void differentSeedsGiveDifferentWorkloads() {
    RunOutcome three = EXECUTOR.execute(SMALL);
    RunOutcome four = EXECUTOR.execute(SMALL.withSeed(4));

    assertThat(four.workload()).isNotEqualTo(three.workload());
    assertThat(four.workload().jobs()).extracting(j -> j.submitTimeNs())
        .isNotEqualTo(three.workload().jobs().stream().map(j -> j.submitTimeNs()).toList());
  }

  @Test
  void theOutcomeNamesTheResolvedConfigurationAndEveryPluginInKindOrder() {
    RunOutcome outcome = EXECUTOR.execute(SMALL);

    assertThat(outcome.config()).isEqualTo(SMALL);
    assertThat(outcome.plugins()).extracting(PluginDescriptor::id)
        .containsExactly("priority", "instruction-level", "full", "h200", "synthetic");
    assertThat(outcome.device().name()).isEqualTo("NVIDIA H200 SXM");
    assertThat(outcome.metrics().jobs()).isEqualTo(outcome.workload().jobs().size());
  }

  @Test
  void anUnknownPluginIdFailsBeforeTheWorkloadIsRead() {
    // the trace does not exist: had the run started, reading it would have failed first
    RunConfig config = ConfigLoader.parse("""
        policy: fifi
        workload: {generator: csv-trace, parameters: {path: does/not/exist.csv}}
        """, "c.yaml");

    assertThatThrownBy(() -> EXECUTOR.execute(config)).isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("unknown scheduling policy 'fifi'; did you mean 'fifo'? valid: ")
        .hasMessageContaining("fifo, hpf, k-edf");
    assertThatThrownBy(() -> EXECUTOR.plan(config))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("'fifi'");
  }

  @Test
  void aQueueWindowBelowTheEnginesLaunchBatchIsRefusedNamingTheQueueAndBothKeys() {
    RunConfig config = ConfigLoader.parse("""
        engine: {launch-window: 16, launch-batch: 8}
        workload:
          spec:
            duration: 1ms
            contexts: [{id: c}]
            queues:
              - id: q
                context: c
                launch-window: 4
                arrival: {process: closed-loop, clients: 1}
                kernels: [{name: k, grid-blocks: 1, threads-per-block: 32, block-time: 1us}]
        """, "c.yaml");

    assertThatThrownBy(() -> EXECUTOR.execute(config)).isInstanceOf(ConfigurationException.class)
        .hasMessage("queue 'q': its launch batch 8 (engine.launch-batch) exceeds its launch window"
            + " 4 (launch-window); the batch must be at most the window");
  }

  @Test
  void anUnknownPluginIdOfEveryKindIsRefused() {
    assertThatThrownBy(() -> EXECUTOR.plan(Overrides.choose(SMALL, "hardware", "h300")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("'h300'").hasMessageContaining("did you mean 'h200'?");
    assertThatThrownBy(() -> EXECUTOR.plan(Overrides.choose(SMALL, "preemption", "blok")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("'blok'")
        .hasMessageContaining("block-boundary").hasMessageContaining("instruction-level")
        .hasMessageContaining("user-yield");
    assertThatThrownBy(() -> EXECUTOR.plan(Overrides.choose(SMALL, "context-save", "half")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("'half'")
        .hasMessageContaining("full").hasMessageContaining("liveness");
    assertThatThrownBy(() -> EXECUTOR.plan(Overrides.choose(SMALL, "workload", "json")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("'json'")
        .hasMessageContaining("csv-trace, none, nsys-trace, pytorch-trace, synthetic, trace-mix");
  }

  @Test
  void anUnknownParameterFailsBeforeTheWorkloadIsRead() {
    RunConfig config = ConfigLoader.parse("""
        hardware: {id: h200, parameters: {time-slcie: 1ms}}
        workload: {generator: csv-trace, parameters: {path: does/not/exist.csv}}
        """, "c.yaml");

    assertThatThrownBy(() -> EXECUTOR.execute(config)).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("'time-slcie'").hasMessageContaining("did you mean 'time-slice'?");
  }

  @Test
  void anInvalidParameterValueFailsWithTheParameterAndValue() {
    assertThatThrownBy(() -> EXECUTOR.execute(Overrides.set(SMALL, "hardware.time-slice=-1ms")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("parameter 'time-slice' of hardware model 'h200': '-1ms' is out of range in "
            + "[1us, 3600s]"); // issue 27: the range, not "negative" (0 is out of it too)
  }

  @Test
  void instructionLevelPreemptionOnAGtx480IsRefusedWithWhatToDoInstead() {
    RunConfig config = Overrides.choose(SMALL, "hardware", "gtx480");

    assertThatThrownBy(() -> EXECUTOR.execute(config)).isInstanceOf(ConfigurationException.class)
        .hasMessage("preemption 'instruction-level' needs instruction-level preemption, which "
            + "device 'NVIDIA GeForce GTX 480 (GPGPU-Sim)' lacks; use block-boundary or "
            + "user-yield, or set hardware.instruction-level-preemption=true");
  }

  private static HardwareModel withContention(ContentionModel rule) {
    DeviceSpec device = new DeviceSpec("d", 4, new SmSpec(2048, 32, 65536, 233472, 1024), 1000,
        DeviceCosts.free(), true, false).withMemory(new MemorySpec(4800, 4300, 600));
    return new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return device;
      }

      @Override
      public Optional<ContentionModel> contention() {
        return Optional.of(rule);
      }
    };
  }

  @Test
  void aRunStatesTheContentionRuleItUsedWithTheBandwidthThatRuleShares() {
    assertThat(RunExecutor.choices(SharingPlan.none(), withContention(ContentionModel.maxMinFair())))
        .filteredOn(c -> c.toString().contains("contention")).singleElement().asString()
        .contains("max-min-fair").contains("4800 GB/s").contains("datasheet peak");
    assertThat(RunExecutor.choices(SharingPlan.none(),
        withContention(ContentionModel.memorySystem())))
        .filteredOn(c -> c.toString().contains("contention")).singleElement().asString()
        .contains("memory-system").contains("4300 GB/s").contains("achievable")
        .doesNotContain("queueing");
    assertThat(RunExecutor.choices(SharingPlan.none(),
        withContention(ContentionModel.memorySystem(316, 121))))
        .filteredOn(c -> c.toString().contains("contention")).singleElement().asString()
        .contains("memory-system").contains("4300 GB/s")
        .contains("its DRAM latency rising with the traffic by a queueing delay of scale 121 ns");
  }
  @Test
  void theConsoleValueOfAContentionRuleStatesTheBandwidthAndLatencyItUses() {
    // the console prints each choice's topic and value only, so the figures must be in the value
    assertThat(contentionValue(ContentionModel.maxMinFair()))
        .isEqualTo("max-min-fair (4800 GB/s peak)");
    assertThat(contentionValue(ContentionModel.memorySystem()))
        .isEqualTo("memory-system (4300 GB/s achievable, 600 ns latency)");
    assertThat(contentionValue(ContentionModel.memorySystem(600, 121)))
        .isEqualTo("memory-system (4300 GB/s achievable, 600 ns latency, 121 ns queueing)");
  }

  private static String contentionValue(ContentionModel rule) {
    return RunExecutor.choices(SharingPlan.none(), withContention(rule)).stream()
        .filter(c -> c.topic().equals("contention")).map(ModellingChoice::value)
        .reduce((a, b) -> a + "; " + b).orElseThrow();
  }
  @Test
  void theDocsQuoteTheContentionValuesOfTheBundledModels() throws java.io.IOException {
    PluginRegistry registry = PluginRegistry.discover(Optional.empty());
    java.nio.file.Path docs = java.nio.file.Path.of("..", "docs");
    String model = java.nio.file.Files.readString(docs.resolve("model.md"));
    String sharing = java.nio.file.Files.readString(docs.resolve("sharing.md"));
    String format = java.nio.file.Files.readString(docs.resolve("output-format.md"));
    String h200 = bundledContentionValue(registry, "h200");
    String v100 = bundledContentionValue(registry, "v100");

    assertThat(h200).isEqualTo("memory-system (4300 GB/s achievable, 375 ns latency)");
    assertThat(v100)
        .isEqualTo("memory-system (829 GB/s achievable, 316 ns latency, 121 ns queueing)");
    assertThat(model.replaceAll("\\s+", " ")).contains("on `h200` `contention " + h200 + "`")
        .contains("on `v100` `contention " + v100 + "`");
    assertThat(sharing.replaceAll("\\s+", " ")).contains("on `h200`, `contention " + h200 + "`");
    assertThat(format.replaceAll("\\s+", " ")).contains("`" + h200 + "`");
  }

  private static String bundledContentionValue(PluginRegistry registry, String id) {
    HardwareModel hardware = registry.create(
        org.preemptlab.runner.discovery.PluginType.HARDWARE_MODEL, id,
        java.util.Map.of("contention", "memory-system"), (HardwareModel) null,
        new java.util.SplittableRandom(1));
    return RunExecutor.choices(SharingPlan.none(), hardware).stream()
        .filter(c -> c.topic().equals("contention")).map(ModellingChoice::value)
        .findFirst().orElseThrow();
  }
}
