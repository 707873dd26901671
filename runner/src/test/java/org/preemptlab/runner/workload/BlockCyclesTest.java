package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * Block times in SM cycles ({@code block-cycles}, issue 28 item 5): a kernel written in cycles
 * lasts its cycles over the hardware model's clock under sustained load, in the real engine.
 */
class BlockCyclesTest {

  /** One job of one block of {@code blockTime} (a {@code block-time: ...} or {@code block-cycles}). */
  private static String config(String hardwareParameters, String blockTime) {
    return """
        name: cycles
        hardware: {id: h200, parameters: {%s}}
        policy: fifo
        workload:
          spec:
            duration: 1us
            contexts: [{id: app}]
            queues:
              - id: spin
                context: app
                jobs: 1
                arrival: {process: periodic, period: 1ms}
                kernels:
                  - {name: sleep, grid-blocks: 1, threads-per-block: 32, %s}
        """.formatted(hardwareParameters, blockTime);
  }

  private static RunOutcome run(String hardwareParameters, String blockTime) {
    return new RunExecutor(PluginRegistry.discover(Optional.empty()))
        .reporting(java.util.List.of(org.preemptlab.runner.metrics.MetricSelection.parse(
            "sm-time-share@queue=spin", org.preemptlab.runner.metrics.Metrics.builtIn())))
        .execute(ConfigLoader.parse(config(hardwareParameters, blockTime), "cycles.yaml"));
  }

  private static long blockNs(RunOutcome outcome) {
    return outcome.metrics().data()
        .observed(org.preemptlab.runner.metrics.SmTimeCollector.OBSERVATION).get("spin");
  }

  @Test
  void aKernelInCyclesLastsItsCyclesOverTheSustainedClock() {
    // the h200's sustained clock is 1,980 MHz: 1,980,000 cycles are 1 ms
    RunOutcome cycles = run("", "block-cycles: 1980000");

    assertThat(blockNs(cycles)).isEqualTo(1_000_000L);
    assertThat(cycles.metrics().data().result().jobs())
        .isEqualTo(run("", "block-time: 1ms").metrics().data().result().jobs());
  }

  @Test
  void aModelWithALowerSustainedClockRunsTheSameCyclesLonger() {
    RunOutcome slower = run("sustained-clock-mhz: 1500", "block-cycles: 1980000");

    assertThat(blockNs(slower)).isEqualTo(1_320_000L); // 1,980,000 / 1,500 MHz
    assertThat(slower.metrics().data().result().makespanNs() - 320_000L)
        .isEqualTo(run("", "block-cycles: 1980000").metrics().data().result().makespanNs());
  }

  @Test
  void aBlockTimeInNanosecondsIgnoresTheSustainedClock() {
    assertThat(blockNs(run("sustained-clock-mhz: 1500", "block-time: 1ms")))
        .isEqualTo(1_000_000L);
  }

  @Test
  void aSustainedClockAboveTheMaximumClockIsAOneLineErrorNamingBothKeys() {
    assertThatThrownBy(() -> run("sustained-clock-mhz: 2100", "block-cycles: 1980000"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("sustained-clock-mhz (2100 MHz) exceeds clock-mhz (1980 MHz)")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void cyclesDrawOneValuePerJobAsABlockTimeDoes() {
    SyntheticSpec inNs = SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}", "block-time: {choice: [20us, 40us]}"), "t.yaml");
    SyntheticSpec inCycles = SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}", "block-cycles: {choice: [20000, 40000]}"), "t.yaml");
    CycleClock oneGhz = new CycleClock(1000);

    // the same draws in the same order: at 1 GHz a cycle is a ns, so the workloads are equal
    assertThat(SyntheticWorkload.generate(inCycles, 7, oneGhz).jobs())
        .isEqualTo(SyntheticWorkload.generate(inNs, 7, oneGhz).jobs());
  }

  @Test
  void bothABlockTimeAndCyclesAreAOneLineErrorAtTheCyclesKey() {
    assertThatThrownBy(() -> SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}",
        "block-time: {choice: [20us, 40us]}\n        block-cycles: 40000"), "t.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageMatching("t\\.yaml:\\d+:\\d+: queues\\[0\\]\\.kernels\\[0\\]\\.block-cycles: "
            + "give the block time once: block-time \\(ns\\) or block-cycles \\(SM cycles\\), "
            + "not both");
  }

  @Test
  void negativeOrNonNumericCyclesAreOneLineErrorsAtTheCyclesKey() {
    assertThatThrownBy(() -> SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}", "block-cycles: -5"), "t.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageMatching("t\\.yaml:\\d+:\\d+: queues\\[0\\]\\.kernels\\[0\\]\\.block-cycles: "
            + "must be >= 1 cycle, got -5");
    assertThatThrownBy(() -> SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}", "block-cycles: 2ms"), "t.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageMatching("t\\.yaml:\\d+:\\d+: queues\\[0\\]\\.kernels\\[0\\]\\.block-cycles: "
            + "'2ms' is not a whole number");
  }

  @Test
  void cyclesWithoutAClockAreRefusedNamingTheKey() {
    SyntheticSpec spec = SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}", "block-cycles: 40000"), "t.yaml");

    assertThatThrownBy(() -> SyntheticWorkload.generate(spec, 7))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("queue 'infer': kernels[0].block-cycles: needs the run's hardware model to "
            + "turn cycles into ns");
  }

  @Test
  void cyclesTooFewForTheFixedSegmentsNameTheKeyAndTheClock() {
    SyntheticSpec spec = SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}", "block-cycles: 1000\n"
            + "        program:\n"
            + "          segments:\n"
            + "            - {kind: COMPUTE, duration: 2us}\n"
            + "            - {kind: COMPUTE, share: 100%}"), "t.yaml");

    assertThatThrownBy(() -> SyntheticWorkload.generate(spec, 7, new CycleClock(1000)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("queue 'infer': kernels[0].block-cycles: at the sustained clock "
            + "of 1000 MHz: block time 1us");
  }

  @Test
  void cyclesLongerThanTheLongestBlockTimeAreRefusedNamingTheKey() {
    SyntheticSpec spec = SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}", "block-cycles: 9000000000000000000"), "t.yaml");

    assertThatThrownBy(() -> SyntheticWorkload.generate(spec, 7, new CycleClock(1980)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("queue 'infer': kernels[0].block-cycles: 9000000000000000000 cycles at "
            + "1980 MHz last longer than 1 hour, the longest block time");
  }

  private static final String TRACE_HEADER = "job_id,queue,context,priority,engine,submit,"
      + "grid_blocks,threads_per_block,registers_per_thread,shared_memory_per_block,block_time,"
      + "block_cycles\n";

  @Test
  void aCsvTraceRowMayGiveItsBlockTimeInCycles() {
    Workload trace = CsvTraceReader.read(TRACE_HEADER
        + "1,q,c,HIGH,COMPUTE,0,10,128,32,0,,40000\n"
        + "2,q,c,HIGH,COMPUTE,0,10,128,32,0,20us,\n", "t.csv", new CycleClock(2000));

    assertThat(trace.jobs().get(0).kernel().program().durationNs()).isEqualTo(20_000);
    assertThat(trace.jobs().get(1).kernel().program())
        .isEqualTo(trace.jobs().get(0).kernel().program());
  }

  @Test
  void aCsvTraceRowWithBothTimesOrCyclesWithoutAClockIsAOneLineErrorAtTheColumn() {
    assertThatThrownBy(() -> CsvTraceReader.read(TRACE_HEADER
        + "1,q,c,HIGH,COMPUTE,0,10,128,32,0,20us,40000\n", "t.csv", new CycleClock(2000)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("t.csv:2: column 'block_cycles': give the block time once: block_time (ns) "
            + "or block_cycles (SM cycles), not both");
    assertThatThrownBy(() -> CsvTraceReader.read(TRACE_HEADER
        + "1,q,c,HIGH,COMPUTE,0,10,128,32,0,,40000\n", "t.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("t.csv:2: column 'block_cycles': needs the run's hardware model to turn "
            + "cycles into ns");
    assertThatThrownBy(() -> CsvTraceReader.read(TRACE_HEADER
        + "1,q,c,HIGH,COMPUTE,0,10,128,32,0,,0\n", "t.csv", new CycleClock(2000)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("t.csv:2: column 'block_cycles': must be >= 1, got 0");
  }

  @Test
  void aCycleCountTurnsIntoTheNearestWholeNanosecond() {
    assertThat(new CycleClock(1980).ns(1_980_000)).isEqualTo(1_000_000);
    assertThat(new CycleClock(1410).ns(1000)).isEqualTo(709); // 709.2 ns
    assertThat(new CycleClock(3000).ns(1)).isEqualTo(1); // never 0 ns
    assertThatThrownBy(() -> new CycleClock(0)).hasMessage("an SM clock must be > 0 MHz, got 0.0");
  }

  @Test
  void aDrawnKernelInCyclesHasTheProgramOfItsBlockTime() {
    SyntheticSpec spec = SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "block-time: {choice: [20us, 40us]}", "block-cycles: 40000"), "t.yaml");

    Kernel kernel = spec.queues().get(0).kernels().get(0)
        .draw(new SplittableRandom(1), "k", new CycleClock(2000));

    assertThat(kernel.program().durationNs()).isEqualTo(20_000L);
  }
}
