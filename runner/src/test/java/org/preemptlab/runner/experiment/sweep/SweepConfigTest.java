package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.YamlBinding;

class SweepConfigTest {
  private static SweepConfig parse(String yaml) {
    return YamlBinding.parse(yaml, "s.yaml", SweepConfig.class).orElseThrow();
  }

  private static String error(String yaml) {
    return org.assertj.core.api.Assertions.catchThrowableOfType(ConfigurationException.class,
        () -> parse(yaml)).getMessage();
  }

  @Test
  void aMinimalSweepTakesTheDefaults() {
    SweepConfig config = parse("vary: {policy: [fifo, priority]}\n");

    assertThat(config.name()).isEqualTo("sweep");
    assertThat(config.base().policy().id()).isEqualTo("priority");
    assertThat(config.seeds().values()).containsExactly(1L);
    assertThat(config.metrics()).isEqualTo(SweepConfig.DEFAULT_METRICS);
    assertThat(config.selections(org.preemptlab.runner.metrics.Metrics.builtIn()))
        .extracting(org.preemptlab.runner.metrics.MetricSelection::key)
        .containsExactlyElementsOf(SweepConfig.DEFAULT_METRICS);
    assertThat(config.baselineLabels()).containsExactly(Map.entry("policy", "fifo"));
  }

  @Test
  void seedsAreACountOrAList() {
    assertThat(parse("seeds: 3\n").seeds().values()).containsExactly(1L, 2L, 3L);
    assertThat(parse("seeds: [7, 42]\n").seeds().values()).containsExactly(7L, 42L);
    assertThat(error("seeds: 0\n")).isEqualTo("s.yaml:1:1: seeds: a count must be in [1, 10000], got 0");
    assertThat(error("seeds: [1, x]\n")).startsWith("s.yaml:1:").contains("seeds[1]")
        .contains("expected a whole number, got 'x'");
    assertThat(error("seeds: [1, 1]\n")).contains("expected distinct seeds");
  }

  @Test
  void pluginValuesMayCarryParametersAndParameterValuesAreText() {
    SweepConfig config = parse("""
        vary:
          policy: [fifo, {id: priority, parameters: {preempt: false}}]
          hardware.time-slice: [1ms, 2.5ms]
          engine.credit-limit: [4]
        """);

    List<Factor> factors = config.factors();
    assertThat(factors).extracting(Factor::key)
        .containsExactly("policy", "hardware.time-slice", "engine.credit-limit");
    assertThat(factors.get(0).labels()).containsExactly("fifo", "priority(preempt=false)");
    assertThat(factors.get(0).levels().get(1).plugin())
        .isEqualTo(new PluginChoice("priority", Map.of("preempt", "false")));
    assertThat(factors.get(1).labels()).containsExactly("1ms", "2.5ms");
    assertThat(factors.get(2).labels()).containsExactly("4");
  }

  @Test
  void anUnknownVariedKeyNamesItsLineAndTheValidKeys() {
    assertThat(error("name: x\nvary:\n  polcy: [fifo]\n")).startsWith("s.yaml:3:3: vary.polcy: "
        + "unknown key 'polcy'; did you mean 'policy'? valid: applications[N].<parameter>, "
        + "context-save, context-save.<parameter>, engine.aggregate-blocks, "
        + "engine.check-invariants, engine.credit-limit, engine.in-order, engine.launch-batch, "
        + "engine.launch-window, hardware, hardware.<parameter>, policy");
    assertThat(error("vary: {seed: [1, 2]}\n")).contains("list the seeds under 'seeds'");
  }

  @Test
  void valuesMustBeDistinctSingleValues() {
    assertThat(error("vary:\n  policy: [fifo, fifo]\n"))
        .isEqualTo("s.yaml:2:18: vary.policy[1]: 'fifo' appears twice");
    assertThat(error("vary:\n  policy: []\n")).contains("vary.policy: needs a list");
    assertThat(error("vary:\n  hardware.time-slice: [{id: x}]\n"))
        .contains("vary.hardware.time-slice[0]: expected a single value, got a mapping");
  }

  @Test
  void theBaselineMustNameVariedValues() {
    assertThat(error("vary: {policy: [fifo, priority]}\nbaseline: {policy: fifi}\n"))
        .startsWith("s.yaml:2:12: baseline.policy: unknown value 'fifi'; did you mean 'fifo'?");
    assertThat(error("vary: {policy: [fifo]}\nbaseline: {preemption: user-yield}\n"))
        .contains("baseline.preemption: unknown varied key 'preemption'");
  }

  @Test
  void aGroupBaselineNamesVariedKeysThatHaveNoBaselineValue() {
    String vary = "vary: {policy: [fifo, priority], preemption: [block-boundary, user-yield]}\n";
    assertThat(parse(vary + "baseline: {policy: priority, per: preemption}\n").groupKeys())
        .containsExactly("preemption");
    assertThat(error(vary + "baseline: {policy: priority, per: sharing}\n"))
        .contains("baseline.per: unknown varied key 'sharing'").contains("policy, preemption");
    assertThat(error(vary + "baseline: {preemption: user-yield, per: preemption}\n"))
        .contains("baseline.per: 'preemption' has a baseline value and groups the configurations");
    assertThat(error(vary + "baseline: {per: [preemption, preemption]}\n"))
        .contains("baseline.per[1]: 'preemption' appears twice");
    assertThat(error(vary + "baseline: {per: [policy, preemption]}\n"))
        .contains("every varied key is under 'per'");
    assertThat(error(vary + "baseline: {per: []}\n"))
        .contains("baseline.per: expected a varied key or a list of them");
  }

  @Test
  void anUnknownMetricNamesTheValidOnes() {
    assertThat(error("metrics: [makespan, antt, fairnes]\n")).startsWith("s.yaml:1:")
        .contains("metrics[2]: unknown metric 'fairnes'; did you mean 'fairness'?")
        .contains("turnaround-p99");
  }

  @Test
  void aMetricMayBeScopedToAQueueContextPriorityOrDefinedGroup() {
    SweepConfig config = parse("""
        groups: {interactive: [inference]}
        metrics: [turnaround-p99@queue=video, deadline-misses@group=interactive,
                  antt@priority=highest, waiter-latency-p99@context=app]
        """);

    assertThat(config.selections(org.preemptlab.runner.metrics.Metrics.builtIn()))
        .extracting(org.preemptlab.runner.metrics.MetricSelection::title)
        .containsExactly("turnaround p99, queue video", "deadline misses, group interactive",
            "ANTT (mean slowdown), priority highest",
            "preemption latency to the waiting job, p99, context app");
  }

  @Test
  void aBadScopeNamesTheValidChoices() {
    assertThat(error("metrics: [turnaround-p99@qeue=video]\n"))
        .contains("metrics[0]: unknown scope dimension 'qeue'; did you mean 'queue'?");
    assertThat(error("metrics: [turnaround-p99@priority=HIHG]\n"))
        .contains("metrics[0]: unknown priority 'HIHG'; did you mean 'HIGH'?");
    assertThat(error("metrics: [makespan@queue=video]\n"))
        .contains("metrics[0]: metric 'makespan' is defined for the whole run only");
    assertThat(error("metrics: [antt@group=rt]\n"))
        .contains("metrics[0]: no group 'rt': define it under 'groups'");
    assertThat(error("metrics: [antt, antt]\n")).contains("metrics[1]: 'antt' appears twice");
    assertThat(error("metrics: [scheduler.boosts]\n"))
        .contains("metric 'scheduler.boosts': unknown plugin kind 'scheduler'");
  }

  @Test
  void aTradeOffNamesTwoDifferentMetricsOfTheMetricsList() {
    assertThat(error("metrics: [antt, stp]\ntrade-offs:\n  - {x: antt, y: fairness}\n"))
        .contains("trade-offs[0].y: 'fairness' is not among 'metrics'; add it there");
    assertThat(error("metrics: [antt, stp]\ntrade-offs:\n  - {x: antt, y: antt}\n"))
        .contains("trade-offs[0]: x and y are the same metric");
    assertThat(error("metrics: [antt, stp]\ntrade-offs:\n  - {x: antt}\n"))
        .contains("trade-offs[0].y: name a metric of 'metrics'");
    assertThat(error("metrics: [antt, stp]\ntrade-offs:\n  - {x: antt, z: stp}\n"))
        .contains("unknown key 'z'");
  }

  @Test
  void theBaseIsARunConfigurationWithItsOwnErrors() {
    assertThat(error("base:\n  polcy: fifo\n"))
        .startsWith("s.yaml:2:3: base: unknown key 'polcy'; did you mean 'policy'?");
  }

  @Test
  void anUnknownTopLevelKeyIsAnError() {
    assertThat(error("vray: {policy: [fifo]}\n")).startsWith("s.yaml:1:1: unknown key 'vray'; "
        + "did you mean 'vary'?");
  }

  @Test
  void anUnquotedIndexedKeyInAFlowMappingIsExplainedAndTheQuotedOneReads() {
    String base = "base: {applications: [{id: training-loop}]}\n"
        + "vary: {\"applications[0].priority\": [LOW, NORMAL]}\n";

    assertThat(error(base + "baseline: {applications[0].priority: LOW}\n"))
        .startsWith("s.yaml:3:").contains("flow mapping")
        .contains("quote a key or value that holds '[', ']'");
    assertThat(parse("base: {applications: [{id: training-loop}]}\n"
        + "vary: {\"applications[0].priority\": [LOW, NORMAL]}\n"
        + "baseline: {\"applications[0].priority\": NORMAL}\n").baselineLabels())
        .containsExactly(Map.entry("applications[0].priority", "NORMAL"));
  }
}
