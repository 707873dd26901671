package org.preemptlab.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.testkit.TestQueues.queue;
import static org.preemptlab.testkit.TestJob.ready;
import static org.preemptlab.testkit.TestJob.resident;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ParameterType;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.policies.baseline.FifoPolicy;
import org.preemptlab.policies.baseline.FifoPolicyProvider;
import org.preemptlab.policies.baseline.PriorityPolicy;
import org.preemptlab.policies.baseline.PriorityPolicyProvider;
import org.preemptlab.policies.baseline.RoundRobinPolicy;
import org.preemptlab.policies.baseline.RoundRobinPolicyProvider;
import org.preemptlab.policies.baseline.TimeSlicePolicy;
import org.preemptlab.policies.baseline.TimeSlicePolicyProvider;
import org.preemptlab.testkit.TestQueueView;
import org.preemptlab.testkit.TestScheduler;

class ProvidersTest {
  private final Map<String, SchedulingPolicyProvider> providers =
      ServiceLoader.load(SchedulingPolicyProvider.class).stream()
          .map(ServiceLoader.Provider::get)
          .collect(Collectors.toMap(SchedulingPolicyProvider::id, Function.identity()));

  private static PluginContext context(SchedulingPolicyProvider provider, Map<String, String> given) {
    return new PluginContext(Parameters.of(provider.parameters(), given), null,
        new SplittableRandom(1));
  }

  @Test
  void serviceLoaderFindsExactlyTheBuiltInPolicies() {
    assertThat(providers).containsOnlyKeys("fifo", "round-robin", "priority", "time-slice",
        "drm-fifo", "drm-rr", "drm-fair", "edf", "k-edf", "laxity", "srpt", "las", "fair-share",
        "mlfq", "utilization-partition", "hpf", "bounded-latency", "orion", "tgs", "lithos",
        "reset-realtime", "timeslice-yield");
    assertThat(providers.get("fifo")).isInstanceOf(FifoPolicyProvider.class);
    assertThat(providers.get("round-robin")).isInstanceOf(RoundRobinPolicyProvider.class);
    assertThat(providers.get("priority")).isInstanceOf(PriorityPolicyProvider.class);
    assertThat(providers.get("time-slice")).isInstanceOf(TimeSlicePolicyProvider.class);
  }

  @Test
  void everyProviderHasAOneLineDescription() {
    assertThat(providers.values()).allSatisfy(provider ->
        assertThat(provider.description()).isNotBlank().doesNotContain("\n"));
  }

  @Test
  void fifoAndRoundRobinDeclareNoParameters() {
    assertThat(providers.get("fifo").parameters()).isEmpty();
    assertThat(providers.get("round-robin").parameters()).isEmpty();
  }

  @Test
  void priorityDeclaresOneBooleanPreemptParameterDefaultingToTrue() {
    assertThat(providers.get("priority").parameters()).singleElement().satisfies(spec -> {
      assertThat(spec.name()).isEqualTo("preempt");
      assertThat(spec.type()).isEqualTo(ParameterType.BOOLEAN);
      assertThat(spec.defaultValue()).isEqualTo("true");
      assertThat(spec.doc()).isNotBlank();
    });
  }

  @Test
  void eachProviderCreatesTheRightPolicy() {
    assertThat(create("fifo", Map.of())).isInstanceOf(FifoPolicy.class);
    assertThat(create("round-robin", Map.of())).isInstanceOf(RoundRobinPolicy.class);
    assertThat(create("priority", Map.of())).isInstanceOf(PriorityPolicy.class);
    assertThat(create("time-slice", Map.of())).isInstanceOf(TimeSlicePolicy.class);
  }

  @Test
  void providersCreateFreshInstancesThatShareNoState() {
    for (String id : providers.keySet()) {
      SchedulingPolicy first = create(id, Map.of());
      SchedulingPolicy second = create(id, Map.of());
      TestScheduler scheduler = new TestScheduler().withQueues(TestQueueView.of(queue("A")));

      first.onJobReady(ready("A1", 1, queue("A"), 0), scheduler);

      assertThat(second).as(id).isNotSameAs(first);
      assertThat(second.selectNext(scheduler)).as(id).isNull();
      assertThat(first.selectNext(scheduler)).as(id).hasToString("A1");
    }
  }

  @Test
  void priorityPreemptsByDefault() {
    assertThat(blockedHighJobPreempts(Map.of())).containsExactly("low");
  }

  @Test
  void priorityWithPreemptFalseDoesNotPreempt() {
    assertThat(blockedHighJobPreempts(Map.of("preempt", "false"))).isEmpty();
  }

  private List<String> blockedHighJobPreempts(Map<String, String> given) {
    SchedulingPolicy policy = create("priority", given);
    TestScheduler scheduler = new TestScheduler()
        .withResident(resident("low", 10, queue("L", Priority.LOW), 2));
    policy.onJobBlocked(ready("H", 1, queue("H", Priority.HIGH), 0), scheduler);
    return scheduler.preempted();
  }

  private SchedulingPolicy create(String id, Map<String, String> given) {
    SchedulingPolicyProvider provider = providers.get(id);
    return provider.create(context(provider, given));
  }

}
