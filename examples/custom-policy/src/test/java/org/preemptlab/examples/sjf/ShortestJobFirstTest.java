package org.preemptlab.examples.sjf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestPlugins;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

/** Unit tests with the test kit's views: no hand-written fakes. */
class ShortestJobFirstTest {
  private static final JobQueue QUEUE = TestQueues.queue("q0");

  private final ShortestJobFirstProvider provider = new ShortestJobFirstProvider();
  private final TestScheduler scheduler = new TestScheduler();

  /** A job of {@code blocks} blocks of {@code blockNs} each, submitted and ready at a time. */
  private static TestJob job(long id, long submitNs, int blocks, long blockNs) {
    Kernel kernel = new Kernel("k" + id, blocks, 128, 32, 0, true,
        BlockProgram.uniform(blockNs, 32, 0), new BlockTiming.Exact());
    return TestJob.builder(id).label(Long.toString(id)).queue(QUEUE).submitAt(submitNs)
        .kernel(kernel).build();
  }

  private SchedulingPolicy policy(Map<String, String> parameters) {
    return TestPlugins.create(provider, null, parameters);
  }

  @Test
  void dispatchesTheReadyJobWithTheLeastTotalWorkFirst() {
    SchedulingPolicy policy = policy(Map.of());
    policy.onJobReady(job(1, 0, 10, 100), scheduler); // 1000 ns of work
    policy.onJobReady(job(2, 5, 2, 300), scheduler); // 600 ns
    policy.onJobReady(job(3, 9, 1, 2000), scheduler); // 2000 ns

    assertThat(scheduler.dispatch(policy)).containsExactly("2", "1", "3");
  }

  @Test
  void placementServesTheLaunchedJobWithTheLeastRemainingWorkFirst() {
    SchedulingPolicy policy = policy(Map.of());
    List<JobView> launched = new ArrayList<>(List.of(
        job(1, 0, 10, 100), job(2, 5, 2, 300), job(3, 9, 1, 2000)));

    launched.sort(policy.placementOrder());

    assertThat(launched).extracting(JobView::id).containsExactly(2L, 1L, 3L);
  }

  @Test
  void totalWorkIsGridBlocksTimesNominalBlockTime() {
    SchedulingPolicy policy = policy(Map.of());
    policy.onJobReady(job(1, 0, 1, 900), scheduler); // one long block: 900 ns
    policy.onJobReady(job(2, 0, 100, 10), scheduler); // many short blocks: 1000 ns

    assertThat(scheduler.dispatch(policy)).containsExactly("1", "2");
    assertThat(ShortestJobFirst.totalWorkNs(job(3, 0, 100, 10).job().kernel())).isEqualTo(1000);
  }

  @Test
  void equalWorkGoesToTheEarlierSubmission() {
    SchedulingPolicy policy = policy(Map.of());
    policy.onJobReady(job(7, 300, 4, 50), scheduler);
    policy.onJobReady(job(8, 100, 2, 100), scheduler);
    policy.onJobReady(job(9, 200, 1, 200), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("8", "9", "7");
  }

  @Test
  void nothingIsSelectedWhenNoJobIsReady() {
    assertThat(policy(Map.of()).selectNext(scheduler)).isNull();
  }

  @Test
  void aBlockedJobIsNeverAnsweredWithAPreemption() {
    SchedulingPolicy policy = policy(Map.of());
    TestJob shortJob = job(1, 0, 1, 10);
    policy.onJobReady(shortJob, scheduler);

    policy.onJobBlocked(shortJob, scheduler);

    assertThat(scheduler.preempted()).isEmpty();
  }

  @Test
  void agingServesAJobThatHasWaitedLongerThanMaxWait() {
    SchedulingPolicy policy = policy(Map.of("max-wait", "1us"));
    policy.onJobReady(job(1, 0, 100, 100), scheduler); // long, ready at 0
    policy.onJobReady(job(2, 600, 1, 10), scheduler); // short, ready at 600

    scheduler.at(500);
    assertThat(policy.selectNext(scheduler).id()).isEqualTo(2L);
    scheduler.at(1_000);
    assertThat(policy.selectNext(scheduler).id()).isEqualTo(1L);
  }

  @Test
  void providerDeclaresItsIdAndAMaxWaitThatDefaultsToOff() {
    assertThat(provider.id()).isEqualTo("shortest-job-first");
    assertThat(provider.parameters()).singleElement().satisfies(spec -> {
      assertThat(spec.name()).isEqualTo("max-wait");
      assertThat(spec.defaultValue()).isEqualTo("0ns");
    });
    assertThatThrownBy(() -> Parameters.of(provider.parameters(), Map.of("max-wait", "-1ms")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("max-wait");
  }

  @Test
  void everyCreateReturnsAFreshPolicy() {
    assertThat(policy(Map.of())).isNotSameAs(policy(Map.of()));
  }

  @Test
  void providerIsRegisteredForServiceLoader() {
    assertThat(ServiceLoader.load(SchedulingPolicyProvider.class).stream()
        .map(ServiceLoader.Provider::type))
        .contains(ShortestJobFirstProvider.class);
  }
}
