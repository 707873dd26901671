package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Priority;

class SyntheticSpecsTest {

  private static AbstractThrowableAssert<?, ? extends Throwable> bindingOf(String from, String to) {
    return assertThatThrownBy(() -> SyntheticSpecs.fromYaml(Specs.twoQueuesWith(from, to),
        "test.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void bindsEveryKeyAndFillsDefaults() {
    SyntheticSpec spec = SyntheticSpecs.fromYaml(Specs.TWO_QUEUES, "test.yaml");

    assertThat(spec.duration()).isEqualTo(20_000_000L);
    assertThat(spec.contexts()).containsExactly(new ContextSpec("app", true));
    QueueSpec infer = spec.queues().get(0);
    assertThat(infer.priority()).isEqualTo(Priority.HIGH);
    assertThat(infer.engine()).isEqualTo(EngineKind.COMPUTE);
    assertThat(infer.weight()).isEqualTo(1);
    assertThat(infer.serial()).isFalse();
    assertThat(infer.arrival()).isEqualTo(new ArrivalSpec.Poisson(500_000L, 0L));
    KernelSpec small = infer.kernels().get(0);
    assertThat(small.gridBlocks()).isEqualTo(new Distribution.Uniform(100, 300));
    assertThat(small.blockTime()).isEqualTo(
        new Distribution.Choice(java.util.List.of(20_000L, 40_000L)));
    assertThat(small.registersPerThread()).isEqualTo(32);
    assertThat(small.program()).isEqualTo(ProgramSpec.standard(32, 0));
    KernelSpec gemm = spec.queues().get(1).kernels().get(0);
    assertThat(gemm.sharedMemoryPerBlock()).isEqualTo(65_536L);
    assertThat(gemm.gridBlocks()).isEqualTo(Distribution.fixed(264));
    assertThat(spec.queues().get(1).arrival())
        .isEqualTo(new ArrivalSpec.ClosedLoop(1, Distribution.fixed(10_000), 1, 0L));
  }

  @Test
  void unknownEnumValueNamesFileLineKeyClosestMatchAndValidValues() {
    bindingOf("priority: LOW", "priority: HGIH").hasMessage("test.yaml:21:5: queues[1].priority: "
        + "unknown value 'HGIH'; did you mean 'HIGH'? valid: HIGH, KERNEL, LOW, NORMAL");
  }

  @Test
  void enumValuesAreCaseInsensitive() {
    SyntheticSpec spec = SyntheticSpecs.fromYaml(
        Specs.twoQueuesWith("priority: LOW", "priority: low"), "test.yaml");

    assertThat(spec.queues().get(1).priority()).isEqualTo(Priority.LOW);
  }

  @Test
  void unknownKeyNamesItsLineTheClosestKeyAndTheValidKeys() {
    bindingOf("priority: LOW", "prioirty: LOW").hasMessageStartingWith(
        "test.yaml:21:5: queues[1]: unknown key 'prioirty'; did you mean 'priority'? valid: "
            + "arrival, context, credits, deadline, engine, id, jobs, kernels, launch-batch, "
            + "launch-window, priority, serial");
  }

  @Test
  void zeroCreditsAreRejectedAtTheCreditsKey() {
    bindingOf("credits: 1", "credits: 0")
        .hasMessage("test.yaml:9:5: queues[0].credits: must be >= 1, got 0");
  }

  @Test
  void aQueuesLaunchWindowAndBatchReachItsModelQueue() {
    SyntheticSpec spec = SyntheticSpecs.fromYaml(Specs.twoQueuesWith("credits: 1",
        "credits: 1\n    launch-window: 64\n    launch-batch: 32"), "test.yaml");

    assertThat(spec.queues().get(0).toQueue().launchWindow()).isEqualTo(64);
    assertThat(spec.queues().get(0).toQueue().launchBatch()).isEqualTo(32);
    assertThat(spec.queues().get(1).toQueue().launchWindow()).isZero();
  }

  @Test
  void aLaunchBatchAboveTheQueuesLaunchWindowIsRejectedAtTheBatchKey() {
    bindingOf("credits: 1", "credits: 1\n    launch-window: 4\n    launch-batch: 8")
        .hasMessage("test.yaml:11:5: queues[0].launch-batch: must not exceed launch-window (4),"
            + " got 8");
  }

  @Test
  void zeroBlocksAreRejectedAtTheGridKey() {
    bindingOf("grid-blocks: 264", "grid-blocks: 0")
        .hasMessage("test.yaml:29:9: queues[1].kernels[0].grid-blocks: must be in [1, 16777216] blocks, got 0");
  }

  @Test
  void fullWidthAndOtherNonAsciiDigitsAreNotNumbers() { // issue 27 finding 10
    bindingOf("grid-blocks: 264", "grid-blocks: \uFF11\uFF12")
        .hasMessage("test.yaml:29:9: queues[1].kernels[0].grid-blocks: '\uFF11\uFF12' is not a "
            + "whole number");
    bindingOf("mean-interval: 500us", "mean-interval: \u0662ms")
        .hasMessageStartingWith("test.yaml:12:7: queues[0].arrival.mean-interval: '\u0662ms' is "
            + "not a duration");
  }

  @Test
  void aQuotedBooleanIsCalledQuotedText() { // issue 27: not "expected true or false, got 'true'"
    bindingOf("serial: true", "serial: \"true\"").hasMessageEndingWith(": expected true or "
        + "false, got the quoted text 'true' (write it without quotes)");
  }

  @Test
  void negativeDurationsAreRejected() {
    bindingOf("mean-interval: 500us", "mean-interval: -2ms").hasMessage(
        "test.yaml:12:7: queues[0].arrival.mean-interval: '-2ms' is negative; a duration must be "
            + ">= 0");
  }

  @Test
  void durationsWithoutAKnownUnitAreRejectedWithTheValidUnits() {
    bindingOf("mean-interval: 500us", "mean-interval: 2 parsecs")
        .hasMessageStartingWith("test.yaml:12:7: queues[0].arrival.mean-interval: '2 parsecs' is "
            + "not a duration")
        .hasMessageContaining("ns, us, ms or s");
  }

  @Test
  void unknownArrivalProcessListsTheValidProcesses() {
    bindingOf("process: poisson", "process: poison").hasMessage(
        "test.yaml:11:7: queues[0].arrival: unknown arrival process 'poison'; did you mean "
            + "'poisson'? valid: closed-loop, periodic, poisson");
  }

  @Test
  void missingArrivalProcessListsTheValidProcesses() {
    bindingOf("process: poisson", "").hasMessage(
        "test.yaml:10:5: queues[0].arrival: missing 'process'; valid: closed-loop, periodic, "
            + "poisson");
  }

  @Test
  void queueInAnUnknownContextSuggestsTheClosestContext() {
    bindingOf("context: app\n    priority: LOW", "context: ap\n    priority: LOW").hasMessage(
        "test.yaml:20:5: queues[1].context: unknown context 'ap'; did you mean 'app'? valid: app");
  }

  @Test
  void missingRequiredKeyIsNamed() {
    bindingOf("threads-per-block: 128", "")
        .hasMessage("test.yaml:14:9: queues[0].kernels[0].threads-per-block: is required");
  }

  @Test
  void wrongScalarTypeSaysWhatWasExpected() {
    bindingOf("threads-per-block: 128", "threads-per-block: 2.5").hasMessage(
        "test.yaml:16:9: queues[0].kernels[0].threads-per-block: expected a whole number, got "
            + "'2.5'");
  }

  @Test
  void unknownDistributionKindListsTheValidKinds() {
    bindingOf("block-time: {choice: [20us, 40us]}", "block-time: {chose: [20us, 40us]}")
        .hasMessage("test.yaml:17:9: queues[0].kernels[0].block-time: unknown distribution "
            + "'chose'; did you mean 'choice'? valid: choice, uniform");
  }

  @Test
  void emptyUniformRangeIsRejectedInTheUserUnits() {
    bindingOf("block-time: {choice: [20us, 40us]}", "block-time: {uniform: [40us, 20us]}")
        .hasMessage("test.yaml:17:9: queues[0].kernels[0].block-time: uniform range is empty: "
            + "min 40us > max 20us");
  }

  @Test
  void duplicateKeyIsRejectedAtItsSecondOccurrence() {
    bindingOf("serial: true", "serial: true\n    serial: false")
        .hasMessageStartingWith("test.yaml:23:")
        .hasMessageEndingWith("queues[1]: key 'serial' appears twice");
  }

  @Test
  void badSizeUnitIsRejectedWithTheValidUnits() {
    bindingOf("shared-memory-per-block: 64KiB", "shared-memory-per-block: 64 furlongs")
        .hasMessageStartingWith("test.yaml:32:9: queues[1].kernels[0].shared-memory-per-block: "
            + "'64 furlongs' is not a size")
        .hasMessageContaining("KiB");
  }

  @Test
  void liveRegistersBeyondTheAllocationAreRejectedAtTheSegment() {
    String spec = Specs.twoQueuesWith("jitter: 0.1", "jitter: 0.1\n"
        + "        program:\n"
        + "          segments:\n"
        + "            - {kind: COMPUTE, share: 1}\n"
        + "            - {kind: YIELD_POINT, live-registers: 64}");

    assertThatThrownBy(() -> SyntheticSpecs.fromYaml(spec, "test.yaml"))
        .hasMessage("test.yaml:22:35: queues[0].kernels[0].program.segments[1].live-registers: "
            + "64 exceeds registers-per-thread 32");
  }

  @Test
  void queueWithoutAnyBoundIsRejectedWhenTheSpecHasNoDuration() {
    bindingOf("duration: 20ms\n", "")
        .hasMessage("test.yaml:5:5: queues[0].jobs: is required when the spec has no duration "
            + "(the queue would never stop)");
  }

  @Test
  void closedLoopQueueRejectsARelativeDeadline() {
    bindingOf("jobs: 10", "jobs: 10\n    deadline: 1ms").hasMessageStartingWith(
        "test.yaml:27:5: queues[1].deadline: not allowed with a closed-loop arrival");
  }

  @Test
  void yamlSyntaxErrorIsOneLineWithItsLocation() {
    assertThatThrownBy(() -> SyntheticSpecs.fromYaml("duration: 20ms: 5\n", "bad.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("bad.yaml:")
        .hasMessageContaining("YAML syntax error")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void loadNamesTheFileByItsName(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("mine.yaml");
    Files.writeString(file, Specs.twoQueuesWith("credits: 1", "credits: 0"));

    assertThatThrownBy(() -> SyntheticSpecs.load(file))
        .hasMessage("mine.yaml:9:5: queues[0].credits: must be >= 1, got 0");
  }

  @Test
  void loadOfAMissingFileSaysItDoesNotExist(@TempDir Path dir) {
    assertThatThrownBy(() -> SyntheticSpecs.load(dir.resolve("none.yaml")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("workload spec ")
        .hasMessageEndingWith("none.yaml does not exist");
  }

  @Test
  void fromTreeBindsAnInlinedSpecAndNamesTheSourceAndPathOnError() throws Exception {
    JsonNode tree = new YAMLMapper().readTree(Specs.TWO_QUEUES);
    assertThat(SyntheticSpecs.fromTree(tree, "run.yaml: workload.spec"))
        .isEqualTo(SyntheticSpecs.fromYaml(Specs.TWO_QUEUES, "test.yaml"));

    JsonNode bad = new YAMLMapper().readTree(Specs.twoQueuesWith("priority: LOW",
        "priority: HGIH"));
    assertThatThrownBy(() -> SyntheticSpecs.fromTree(bad, "run.yaml: workload.spec"))
        .hasMessage("run.yaml: workload.spec: queues[1].priority: unknown value 'HGIH'; did you "
            + "mean 'HIGH'? valid: HIGH, KERNEL, LOW, NORMAL");
  }

  @Test
  void completeExampleOfTheDocsIsAValidSpec() throws Exception {
    String docs = Files.readString(Path.of("..", "docs", "workloads.md"));
    int start = docs.indexOf("```yaml\n") + "```yaml\n".length();
    String yaml = docs.substring(start, docs.indexOf("```", start));

    SyntheticSpec spec = SyntheticSpecs.fromYaml(yaml, "workloads.md");

    assertThat(spec.queues()).extracting(QueueSpec::id).containsExactly("inference", "training");
    assertThat(SyntheticWorkload.generate(spec, 1L).jobs()).hasSizeGreaterThan(40);
  }
}
