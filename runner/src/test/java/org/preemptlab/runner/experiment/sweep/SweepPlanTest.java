package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunPlan;
import org.preemptlab.runner.experiment.YamlBinding;

class SweepPlanTest {
  private static SweepPlan plan(String yaml) {
    return SweepPlan.of(YamlBinding.parse(yaml, "s.yaml", SweepConfig.class).orElseThrow());
  }

  @Test
  void theProductRunsInTheOrderWrittenWithTheLastKeyFastest() {
    SweepPlan plan = plan("""
        vary:
          policy: [fifo, priority]
          preemption: [block-boundary, user-yield]
          context-save: [full, liveness]
        seeds: 2
        baseline: {policy: priority, preemption: user-yield, context-save: liveness}
        """);

    assertThat(plan.points()).extracting(SweepPoint::key).containsExactly(
        "fifo__block-boundary__full", "fifo__block-boundary__liveness",
        "fifo__user-yield__full", "fifo__user-yield__liveness",
        "priority__block-boundary__full", "priority__block-boundary__liveness",
        "priority__user-yield__full", "priority__user-yield__liveness");
    assertThat(plan.baseline().key()).isEqualTo("priority__user-yield__liveness");
    assertThat(plan.runs()).hasSize(16);
    assertThat(plan.runs().subList(0, 3)).extracting(PlannedRun::toString).containsExactly(
        "fifo__block-boundary__full seed 1", "fifo__block-boundary__full seed 2",
        "fifo__block-boundary__liveness seed 1");
  }

  @Test
  void eachConfigurationAppliesItsValuesToTheBase() {
    SweepPlan plan = plan("""
        base:
          policy: {id: priority, parameters: {preempt: true}}
          hardware: gtx480
        vary:
          hardware.time-slice: [1ms, 2ms]
          policy: [fifo, priority]
        """);

    SweepPoint point = plan.points().get(3);
    assertThat(point.values()).containsExactly(Map.entry("hardware.time-slice", "2ms"),
        Map.entry("policy", "priority"));
    assertThat(point.config().hardware().id()).isEqualTo("gtx480");
    assertThat(point.config().hardware().parameters()).containsEntry("time-slice", "2ms");
    assertThat(point.config().policy().parameters()).containsEntry("preempt", "true");
    assertThat(plan.points().get(0).config().policy().id()).isEqualTo("fifo");
    assertThat(plan.points().get(0).config().policy().parameters()).isEmpty();
    assertThat(point.config().name()).isEqualTo("2ms__priority");
    assertThat(plan.runs().get(0).config().seed()).isEqualTo(1L);
  }

  @Test
  void parametersApplyAfterThePluginTheyBelongTo() {
    SweepPlan plan = plan("""
        vary:
          hardware.time-slice: [1ms]
          hardware: [gtx480]
        """);

    assertThat(plan.points().get(0).config().hardware().id()).isEqualTo("gtx480");
    assertThat(plan.points().get(0).config().hardware().parameters())
        .containsEntry("time-slice", "1ms");
  }

  @Test
  void aSweepWithoutVariedKeysHasOneConfigurationCalledBase() {
    SweepPlan plan = plan("seeds: [3, 5]\n");

    assertThat(plan.points()).extracting(SweepPoint::key).containsExactly("base");
    assertThat(plan.runs()).extracting(PlannedRun::seed).containsExactly(3L, 5L);
  }

  @Test
  void keysKeepSafeValuesAndHashTheOthers() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("policy", "priority(preempt=false)");
    values.put("hardware.time-slice", "1.5ms");

    String key = SweepPoint.keyOf(values);

    assertThat(key).matches("priority-preempt-false-[0-9a-f]{8}__1\\.5ms");
    values.put("policy", "priority(preempt=true)");
    assertThat(SweepPoint.keyOf(values)).isNotEqualTo(key);
    assertThat(SweepPoint.keyOf(Map.of("k", "a/b"))).doesNotContain("/");
    assertThat(SweepPoint.keyOf(Map.of("k", "..")).startsWith(".")).isFalse();
  }

  @Test
  void theRunOrderIsTheSameEveryTime() {
    String yaml = "vary: {policy: [fifo, priority], preemption: [user-yield, block-boundary]}\n"
        + "seeds: 3\n";

    List<String> first = plan(yaml).runs().stream().map(PlannedRun::toString).toList();
    assertThat(plan(yaml).runs().stream().map(PlannedRun::toString).toList()).isEqualTo(first);
    assertThat(plan(yaml).runs().get(0).configDigest())
        .isEqualTo(plan(yaml).runs().get(0).configDigest())
        .isNotEqualTo(plan(yaml).runs().get(1).configDigest());
  }

  @Test
  void eachConfigurationIsResolvedOnceInPointOrderAndAMistakeNamesItsConfiguration() {
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    SweepPlan plan = plan("""
        vary:
          policy: [fifo, k-edf]
        seeds: 2
        """);

    List<RunPlan> plans = plan.plans(executor);
    assertThat(plans).extracting(p -> p.plugin(PluginKind.SCHEDULING_POLICY).id())
        .containsExactly("fifo", "k-edf");
    assertThat(plans).extracting(RunPlan::config).containsExactlyElementsOf(
        plan.points().stream().map(SweepPoint::config).toList());
    assertThat(plans.get(1).plugin(PluginKind.SCHEDULING_POLICY).parameters().asText())
        .containsKey("k"); // the defaults filled in
    assertThatThrownBy(() -> plan("""
        vary:
          policy: [fifo, fifi]
        """).plans(executor)).isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("configuration fifi: unknown scheduling policy 'fifi'");
  }
}
