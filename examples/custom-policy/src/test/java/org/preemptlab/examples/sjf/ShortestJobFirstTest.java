package org.preemptlab.examples.sjf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

class ShortestJobFirstTest {
  private static final JobQueue QUEUE =
      new JobQueue("q0", "ctx0", Priority.NORMAL, 1, EngineKind.COMPUTE, false);

  private final ShortestJobFirstProvider provider = new ShortestJobFirstProvider();
  private final FakeScheduler scheduler = new FakeScheduler();

  /** A job of {@code blocks} blocks of {@code blockNs} each, submitted and ready at a time. */
  private static FakeJob job(long id, long submitNs, int blocks, long blockNs) {
    Kernel kernel = new Kernel("k" + id, blocks, 128, 32, 0, true,
        BlockProgram.uniform(blockNs, 32, 0), new BlockTiming.Exact());
    return new FakeJob(Job.of(id, QUEUE.id(), submitNs, kernel), submitNs);
  }

  private SchedulingPolicy policy(Map<String, String> parameters) {
    return provider.create(new PluginContext(
        Parameters.of("policy 'shortest-job-first'", provider.parameters(), parameters),
        null, new SplittableRandom(1)));
  }

  /** Lets the policy dispatch everything it holds; returns the job ids in dispatch order. */
  private List<Long> drain(SchedulingPolicy policy) {
    List<Long> order = new ArrayList<>();
    for (JobView next = policy.selectNext(scheduler); next != null;
        next = policy.selectNext(scheduler)) {
      order.add(next.id());
      policy.onJobDispatched(next, scheduler);
    }
    return order;
  }

  @Test
  void dispatchesTheReadyJobWithTheLeastTotalWorkFirst() {
    SchedulingPolicy policy = policy(Map.of());
    policy.onJobReady(job(1, 0, 10, 100), scheduler); // 1000 ns of work
    policy.onJobReady(job(2, 5, 2, 300), scheduler); // 600 ns
    policy.onJobReady(job(3, 9, 1, 2000), scheduler); // 2000 ns

    assertThat(drain(policy)).containsExactly(2L, 1L, 3L);
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

    assertThat(drain(policy)).containsExactly(1L, 2L);
    assertThat(ShortestJobFirst.totalWorkNs(job(3, 0, 100, 10).job().kernel())).isEqualTo(1000);
  }

  @Test
  void equalWorkGoesToTheEarlierSubmission() {
    SchedulingPolicy policy = policy(Map.of());
    policy.onJobReady(job(7, 300, 4, 50), scheduler);
    policy.onJobReady(job(8, 100, 2, 100), scheduler);
    policy.onJobReady(job(9, 200, 1, 200), scheduler);

    assertThat(drain(policy)).containsExactly(8L, 9L, 7L);
  }

  @Test
  void nothingIsSelectedWhenNoJobIsReady() {
    assertThat(policy(Map.of()).selectNext(scheduler)).isNull();
  }

  @Test
  void aBlockedJobIsNeverAnsweredWithAPreemption() {
    SchedulingPolicy policy = policy(Map.of());
    FakeJob shortJob = job(1, 0, 1, 10);
    policy.onJobReady(shortJob, scheduler);

    policy.onJobBlocked(shortJob, scheduler);

    assertThat(scheduler.preempted).isEmpty();
  }

  @Test
  void agingServesAJobThatHasWaitedLongerThanMaxWait() {
    SchedulingPolicy policy = policy(Map.of("max-wait", "1us"));
    policy.onJobReady(job(1, 0, 100, 100), scheduler); // long, ready at 0
    policy.onJobReady(job(2, 600, 1, 10), scheduler); // short, ready at 600

    scheduler.now = 500;
    assertThat(policy.selectNext(scheduler).id()).isEqualTo(2L);
    scheduler.now = 1_000;
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

  /** A ready job as the engine would show it. */
  private record FakeJob(Job job, long readyTimeNs) implements JobView {
    @Override
    public JobQueue queue() {
      return QUEUE;
    }

    @Override
    public JobState state() {
      return JobState.READY;
    }

    @Override
    public long firstStartNs() {
      return -1;
    }

    @Override
    public long finishTimeNs() {
      return -1;
    }

    @Override
    public int pendingBlocks() {
      return job.kernel().gridBlocks();
    }

    @Override
    public int residentBlocks() {
      return 0;
    }

    @Override
    public int finishedBlocks() {
      return 0;
    }

    @Override
    public int preemptions() {
      return 0;
    }
  }

  /** An engine at a settable time that records preemption requests. */
  private static final class FakeScheduler implements SchedulerView {
    long now;
    final List<JobView> preempted = new ArrayList<>();

    @Override
    public long nowNs() {
      return now;
    }

    @Override
    public EngineKind engine() {
      return EngineKind.COMPUTE;
    }

    @Override
    public DeviceSpec device() {
      return null;
    }

    @Override
    public int creditLimit() {
      return 4;
    }

    @Override
    public int creditsInUse() {
      return 0;
    }

    @Override
    public List<JobView> dispatchedJobs() {
      return List.of();
    }

    @Override
    public List<JobView> residentJobs() {
      return List.of();
    }

    @Override
    public ActionOutcome preempt(JobView victim) {
      preempted.add(victim);
      return ActionOutcome.preempting(victim.residentBlocks());
    }

    @Override
    public void wakeAt(long timeNs) {}
  }
}
