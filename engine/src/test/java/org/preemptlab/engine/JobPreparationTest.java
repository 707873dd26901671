package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * A job's preparation phase (Job.preparationNs), against the real engine: the policy is told when
 * the preparation starts, the preparation's length before the job's own submission, and nothing
 * else about the run changes. Zero costs, a clock of 1 GHz.
 */
class JobPreparationTest {
  private static final DeviceSpec DEVICE = device(2, Sim.bigSm(), costs());
  private static final Kernel KERNEL = Sim.kernel("k", 1, 256, 32, 0, 100_000);

  /** A hint the policy heard: the queue, when, and when the submission is due. */
  record Hint(String queueId, long atNs, long submitAtNs) {}

  /** Runs fifo, recording every preparation hint it is told of. */
  private static SimulationResult run(Workload workload, List<Hint> hints) {
    RunPlugins fifo = EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full");
    RunPlugins recording = new RunPlugins("fifo", kind -> recording(fifo.policies().apply(kind),
        hints), fifo.preemptionId(), fifo.preemption(), fifo.contextSaveId(), fifo.contextSave());
    return new Simulator(workload, Sim.hw(DEVICE), recording, EngineOptions.defaults()).run();
  }

  private static SchedulingPolicy recording(SchedulingPolicy policy, List<Hint> hints) {
    return (SchedulingPolicy) Proxy.newProxyInstance(SchedulingPolicy.class.getClassLoader(),
        new Class<?>[] {SchedulingPolicy.class}, (proxy, method, args) -> {
          if (method.getName().equals("onPreparation")) {
            hints.add(new Hint((String) args[0], ((SchedulerView) args[2]).nowNs(),
                (Long) args[1]));
          }
          try {
            return method.invoke(policy, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  private static Workload of(Job... jobs) {
    Sim.W w = workload().queue("lc", Priority.HIGH);
    for (Job job : jobs) {
      w.job(job);
    }
    return w.build();
  }

  @Test
  void anOpenLoopJobsPreparationIsAnnouncedItsLengthBeforeItsSubmission() {
    List<Hint> hints = new ArrayList<>();
    Job plain = Job.of(1, "lc", 1_000_000, KERNEL);

    SimulationResult prepared = run(of(plain.withPreparation(200_000)), hints);

    assertThat(hints).containsExactly(new Hint("lc", 800_000, 1_000_000));
    assertThat(record(prepared, 1).submitNs()).isEqualTo(1_000_000);
    assertThat(record(prepared, 1).finishNs())
        .isEqualTo(record(run(of(plain), new ArrayList<>()), 1).finishNs());
  }

  @Test
  void aClosedLoopJobsPreparationEndsAtItsSubmissionAfterItsThinkTime() {
    // Job 1 ends at 100 us; job 2 thinks 300 us and prepares for the last 200: hint at 200 us.
    List<Hint> hints = new ArrayList<>();
    Job first = Job.of(1, "lc", 0, KERNEL);
    Job second = Sim.closedLoopJob(2, "lc", 0, List.of(1L), 300_000, KERNEL)
        .withPreparation(200_000);

    SimulationResult result = run(of(first, second), hints);

    assertThat(hints).containsExactly(new Hint("lc", 200_000, 400_000));
    assertThat(record(result, 2).submitNs()).isEqualTo(400_000);
  }

  @Test
  void aPreparationLongerThanTheWaitBeforeItIsAnnouncedAtTheEarliestMoment() {
    // Open loop at 100 us with 300 us of preparation: announced at 0. Closed loop with no think
    // time: announced when its dependency ends, at its submission.
    List<Hint> hints = new ArrayList<>();
    Job early = Job.of(1, "lc", 100_000, KERNEL).withPreparation(300_000);
    Job after = Sim.closedLoopJob(2, "lc", 100_000, List.of(1L), 0, KERNEL)
        .withPreparation(50_000);

    run(of(early, after), hints);

    assertThat(hints).containsExactly(new Hint("lc", 0, 100_000),
        new Hint("lc", 200_000, 200_000));
  }

  @Test
  void withoutAPreparationThePolicyHearsNothing() {
    List<Hint> hints = new ArrayList<>();

    run(of(Job.of(1, "lc", 1_000_000, KERNEL)), hints);

    assertThat(hints).isEmpty();
  }
}
