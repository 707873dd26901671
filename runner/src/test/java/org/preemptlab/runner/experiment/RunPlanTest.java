package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.RunPlan.PlannedPlugin;
import org.preemptlab.runner.metrics.Metric;

class RunPlanTest {
  static final PluginRegistry REGISTRY = PluginRegistry.discover(Optional.empty());

  /** Two training loops (the second of one id is labelled {@code training-loop-2}). */
  static final RunConfig TWO_LOOPS = ConfigLoader.parse("""
      policy: {id: priority, parameters: {preempt: false}}
      preemption: instruction-level
      workload: {generator: csv-trace, parameters: {path: trace.csv}}
      applications:
        - training-loop
        - {id: training-loop, parameters: {iterations: 3, queue: second}}
      """, "c.yaml");

  @Test
  void aPlanHoldsEachKindOnceInKindOrderThenTheApplicationsInTheConfigurationsOrder() {
    RunPlan plan = RunPlan.of(REGISTRY, TWO_LOOPS);

    assertThat(plan.plugins()).extracting(PlannedPlugin::kind).containsExactly(
        PluginKind.SCHEDULING_POLICY, PluginKind.PREEMPTION_STRATEGY, PluginKind.CONTEXT_SAVE,
        PluginKind.HARDWARE_MODEL, PluginKind.WORKLOAD, PluginKind.APPLICATION,
        PluginKind.APPLICATION);
    assertThat(plan.plugins()).extracting(PlannedPlugin::id).containsExactly("priority",
        "instruction-level", "full", "h200", "csv-trace", "training-loop", "training-loop");
    assertThat(plan.applications()).extracting(PlannedPlugin::label)
        .containsExactly("training-loop", "training-loop-2");
    assertThat(plan.descriptors()).extracting(d -> d.kind() + "/" + d.id()).containsExactly(
        "policy/priority", "preemption/instruction-level", "context-save/full", "hardware/h200",
        "workload/csv-trace", "application/training-loop", "application/training-loop");
  }

  @Test
  void theParametersHoldTheDefaultsBesideTheValuesTheConfigurationGives() {
    RunPlan plan = RunPlan.of(REGISTRY, TWO_LOOPS);

    PlannedPlugin policy = plan.plugin(PluginKind.SCHEDULING_POLICY);
    assertThat(policy.choice().parameters()).isEqualTo(Map.of("preempt", "false"));
    assertThat(policy.parameters().getBoolean("preempt")).isFalse();
    Map<String, String> first = plan.applicationParameters().get(0);
    Map<String, String> second = plan.applicationParameters().get(1);
    assertThat(first).containsEntry("iterations", "10").containsEntry("queue", "training");
    assertThat(second).containsEntry("iterations", "3").containsEntry("queue", "second");
    assertThat(second.keySet()).isEqualTo(first.keySet()); // every declared parameter, both
    // every kind but the applications, by kind, with the provider's declared parameters each
    assertThat(plan.parameters().keySet()).containsExactly(PluginKind.SCHEDULING_POLICY,
        PluginKind.PREEMPTION_STRATEGY, PluginKind.CONTEXT_SAVE, PluginKind.HARDWARE_MODEL,
        PluginKind.WORKLOAD);
    for (PlannedPlugin plugin : plan.plugins()) {
      assertThat(plugin.parameters().asText().keySet()).as(plugin.kind().key())
          .containsExactlyInAnyOrderElementsOf(plugin.descriptor().parameters().stream()
              .map(org.preemptlab.api.ParameterSpec::name).toList());
    }
  }

  @Test
  void aWorkloadWrittenAsASpecIsPlannedWithoutGeneratorParameters() {
    RunPlan plan = RunPlan.of(REGISTRY, RunExecutorTest.SMALL);

    assertThat(plan.plugin(PluginKind.WORKLOAD).id()).isEqualTo(WorkloadConfig.SYNTHETIC);
    assertThat(plan.plugin(PluginKind.WORKLOAD).parameters()).isNull();
    assertThat(plan.parameters()).doesNotContainKey(PluginKind.WORKLOAD);
  }

  @Test
  void theMetricsAreTheBuiltInOnesAndWhatEachApplicationDeclaresUnderItsLabel() {
    RunPlan plan = RunPlan.of(REGISTRY, TWO_LOOPS);

    assertThat(plan.applications().get(0).metrics()).extracting(d -> d.id())
        .contains("iterations", "samples-per-second");
    assertThat(plan.plugin(PluginKind.HARDWARE_MODEL).metrics()).isEmpty();
    List<String> ids = plan.metrics().all().stream().map(Metric::id).toList();
    assertThat(ids).contains("application.training-loop.iterations",
        "application.training-loop-2.iterations", "makespan");
    assertThat(ids.stream().filter(id -> id.startsWith("application.")).count())
        .isEqualTo(2L * plan.applications().get(0).metrics().size());
  }

  @Test
  void theFirstMistakeInValidationOrderIsReportedAndAnApplicationsNamesItsKey() {
    // hardware is checked before the policy, as the run always did
    assertThatThrownBy(() -> RunPlan.of(REGISTRY, TWO_LOOPS.withPolicy(PluginChoice.of("fifi"))
        .withHardware(PluginChoice.of("h300")))).isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("unknown hardware model 'h300'");
    RunConfig badLoop = TWO_LOOPS.withApplications(List.of(PluginChoice.of("training-loop"),
        PluginChoice.of("training-loop").with("iterations", "0")));
    assertThatThrownBy(() -> RunPlan.of(REGISTRY, badLoop))
        .isInstanceOf(ConfigurationException.class).hasMessageStartingWith("applications[1]: ")
        .hasMessageContaining("iterations");
  }

  @Test
  void aPlanForAnotherSeedKeepsItsPluginsAndChangesOnlyTheSeed() {
    RunPlan plan = RunPlan.of(REGISTRY, TWO_LOOPS);

    RunPlan other = plan.withSeed(99);
    assertThat(other.config()).isEqualTo(TWO_LOOPS.withSeed(99));
    assertThat(other.plugins()).isEqualTo(plan.plugins());
  }

  @Test
  void aPlanRefusesAKindMissingOrTwice() {
    RunPlan plan = RunPlan.of(REGISTRY, TWO_LOOPS);
    List<PlannedPlugin> withoutPolicy = plan.plugins().subList(1, plan.plugins().size());

    assertThatThrownBy(() -> new RunPlan(TWO_LOOPS, withoutPolicy))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a run plan holds one scheduling policy, got 0");
    assertThatThrownBy(() -> plan.plugin(PluginKind.APPLICATION))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
