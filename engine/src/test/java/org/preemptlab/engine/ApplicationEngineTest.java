package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.application.StartedJob;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;

/** Applications submit jobs while the run goes on, on the engine's one event loop. */
class ApplicationEngineTest {
  private static final DeviceSpec DEVICE = device(4, Sim.bigSm(), costs());

  /** An application built from lambdas, on one queue of its own. */
  private static final class Scripted implements Application {
    final ApplicationResources resources;
    Consumer<ApplicationContext> start = app -> { };
    java.util.function.BiConsumer<FinishedJob, ApplicationContext> finished = (j, app) -> { };
    java.util.function.BiConsumer<StartedJob, ApplicationContext> started;
    Consumer<ApplicationContext> wakeUp = app -> { };

    Scripted(ApplicationResources resources) {
      this.resources = resources;
    }

    Scripted(String queue, boolean serial) {
      this(new ApplicationResources(List.of(new GpuContext(queue, false)),
          List.of(new JobQueue(queue, queue, Priority.NORMAL, 1, EngineKind.COMPUTE, serial))));
    }

    @Override
    public ApplicationResources resources() {
      return resources;
    }

    @Override
    public void start(ApplicationContext app) {
      start.accept(app);
    }

    @Override
    public void onJobFinished(FinishedJob job, ApplicationContext app) {
      finished.accept(job, app);
    }

    @Override
    public boolean observesStarts() {
      return started != null;
    }

    @Override
    public void onJobStarted(StartedJob job, ApplicationContext app) {
      started.accept(job, app);
    }

    @Override
    public void onWakeUp(ApplicationContext app) {
      wakeUp.accept(app);
    }
  }

  /** {@code base} with the applications' contexts and queues added, as the run's setup does. */
  private static Workload with(Workload base, Scripted... apps) {
    List<GpuContext> contexts = new ArrayList<>(base.contexts());
    List<JobQueue> queues = new ArrayList<>(base.queues());
    for (Scripted app : apps) {
      contexts.addAll(app.resources.contexts());
      queues.addAll(app.resources.queues());
    }
    return new Workload(contexts, queues, base.jobs(), base.actions());
  }

  private static Simulator simulator(Workload base, Scripted... apps) {
    List<RunApplication> hosted = new ArrayList<>();
    for (int i = 0; i < apps.length; i++) {
      hosted.add(RunApplication.of("applications[" + i + "] 'test'", apps[i]));
    }
    return new Simulator(with(base, apps), hosted, Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full"),
        EngineOptions.defaults());
  }

  private static Workload twoWorkloadJobs() {
    return workload().queue("w", Priority.NORMAL)
        .job(10, "w", 0, kernel("w0", 1, 32, 8, 0, 500))
        .job(11, "w", 50, kernel("w1", 1, 32, 8, 0, 500)).build();
  }

  @Test
  void aJobSubmittedWhenAnotherFinishesRunsAfterIt() {
    Kernel step = kernel("step", 2, 64, 8, 0, 300);
    Scripted loop = new Scripted("loop", true);
    List<Long> ids = new ArrayList<>();
    loop.start = app -> ids.add(app.submit("loop", step));
    loop.finished = (job, app) -> {
      assertThat(job.finishNs()).isEqualTo(app.nowNs());
      if (ids.size() < 3) {
        ids.add(app.submit("loop", step));
      }
    };

    SimulationResult result = simulator(twoWorkloadJobs(), loop).run();

    // The workload's rows first, in its order; then the application's, ids above the workload's.
    assertThat(result.jobs()).extracting(JobRecord::jobId).containsExactly(10L, 11L, 12L, 13L,
        14L);
    assertThat(ids).containsExactly(12L, 13L, 14L);
    List<JobRecord> mine = result.jobs().subList(2, 5);
    for (int i = 1; i < mine.size(); i++) {
      assertThat(mine.get(i).submitNs()).isEqualTo(mine.get(i - 1).finishNs());
      assertThat(mine.get(i).firstStartNs()).isGreaterThanOrEqualTo(mine.get(i).submitNs());
    }
    assertThat(mine.get(0).submitNs()).isZero();
    assertThat(mine.get(2).finishNs()).isEqualTo(900); // three 300 ns steps back to back
    assertThat(result.makespanNs()).isEqualTo(900);
  }

  @Test
  void wakeUpsFireInTimeOrderAndAWakeUpAskedForNowFiresAtThisInstant() {
    Scripted timer = new Scripted("t", false);
    List<Long> fired = new ArrayList<>();
    timer.start = app -> {
      app.wakeAt(300);
      app.wakeAt(100);
      app.wakeAt(300);
      app.wakeAt(200);
    };
    timer.wakeUp = app -> {
      fired.add(app.nowNs());
      if (app.nowNs() == 200 && fired.size() == 2) {
        app.wakeAt(200); // again, now: after every event already queued for this instant
      }
    };

    simulator(workload().queue("w", Priority.NORMAL).build(), timer).run();

    assertThat(fired).containsExactly(100L, 200L, 200L, 300L, 300L);
  }

  @Test
  void aWakeUpInThePastIsRefusedAndFailsTheRunAsTheApplications() {
    Scripted timer = new Scripted("t", false);
    timer.start = app -> app.wakeAt(100);
    timer.wakeUp = app -> app.wakeAt(50);

    assertThatThrownBy(() -> simulator(workload().build(), timer).run())
        .isInstanceOf(ApplicationFailure.class)
        .hasMessageContaining("applications[0] 'test' failed in onWakeUp")
        .cause().isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("wake-up at 50 ns, before now (100 ns)");
  }

  @Test
  void aSerialQueueRunsAppendedJobsOneAfterAnother() {
    Kernel one = kernel("one", 1, 32, 8, 0, 400);
    for (boolean serial : new boolean[] {true, false}) {
      Scripted burst = new Scripted("b", serial);
      burst.start = app -> {
        for (int i = 0; i < 3; i++) {
          app.submit("b", one);
        }
      };
      burst.wakeUp = app -> app.submit("b", one);
      burst.start = burst.start.andThen(app -> app.wakeAt(100));

      List<JobRecord> jobs = simulator(workload().build(), burst).run().jobs();

      assertThat(jobs).hasSize(4);
      if (serial) { // each starts when the one before it finished: a CUDA stream
        assertThat(jobs).extracting(JobRecord::firstStartNs).containsExactly(0L, 400L, 800L,
            1200L);
      } else { // four SMs: side by side
        assertThat(jobs).extracting(JobRecord::firstStartNs).containsExactly(0L, 0L, 0L, 100L);
      }
    }
  }

  @Test
  void anApplicationThatObservesStartsIsToldAtTheFirstBlocksStart() {
    Scripted watcher = new Scripted("s", true);
    Kernel k = kernel("k", 1, 32, 8, 0, 250);
    List<StartedJob> starts = new ArrayList<>();
    watcher.start = app -> {
      app.submit("s", k);
      app.submit("s", k);
    };
    watcher.started = (job, app) -> {
      assertThat(app.nowNs()).isEqualTo(job.startNs());
      starts.add(job);
    };

    SimulationResult result = simulator(workload().build(), watcher).run();

    assertThat(starts).extracting(StartedJob::id).containsExactly(0L, 1L);
    assertThat(starts).extracting(StartedJob::startNs)
        .containsExactlyElementsOf(result.jobs().stream().map(JobRecord::firstStartNs).toList());
  }

  /** An application whose kernels' lengths come from its own random stream. */
  private static Scripted randomLoop(long seed) {
    Scripted app = new Scripted("r", true);
    SplittableRandom random = new SplittableRandom(seed);
    int[] left = {20};
    Consumer<ApplicationContext> next = ctx -> {
      if (left[0]-- > 0) {
        ctx.submit("r", kernel("r", 1 + random.nextInt(6), 128, 16, 0,
            100 + random.nextInt(900)));
      }
    };
    app.start = next;
    app.finished = (job, ctx) -> next.accept(ctx);
    return app;
  }

  @Test
  void twoRunsOfOneSeedAreIdenticalAndTheWorkloadsRowsComeFirst() {
    Workload base = twoWorkloadJobs();

    SimulationResult first = simulator(base, randomLoop(7)).run();
    SimulationResult second = simulator(base, randomLoop(7)).run();
    SimulationResult other = simulator(base, randomLoop(8)).run();

    assertThat(first.jobs()).hasSize(22);
    assertThat(second).isEqualTo(first);
    assertThat(second.jobs().toString()).isEqualTo(first.jobs().toString());
    assertThat(other.jobs()).isNotEqualTo(first.jobs());
  }

  @Test
  void streamedRecordsOfApplicationJobsComeWithIndicesAfterTheWorkloadsAndNothingIsHeld() {
    Workload base = twoWorkloadJobs();
    List<Integer> indices = new ArrayList<>();
    List<Integer> observed = new ArrayList<>();
    Simulator simulator = simulator(base, randomLoop(3))
        .streamJobs((index, record) -> indices.add(index))
        .observeApplicationJobs((job, index) -> observed.add(index));

    SimulationResult result = simulator.run();

    assertThat(result.jobs()).isEmpty();
    assertThat(indices).containsExactlyInAnyOrderElementsOf(
        java.util.stream.IntStream.range(0, 22).boxed().toList());
    assertThat(observed).containsExactlyElementsOf(
        java.util.stream.IntStream.range(2, 22).boxed().toList());
    assertThat(simulator.heldJobs()).isZero();
    assertThat(simulator.finishedJobs()).isEqualTo(22);
  }

  @Test
  void aQueueThatIsNotTheApplicationsIsRefused() {
    Scripted app = new Scripted("mine", false);
    app.start = ctx -> ctx.submit("w", kernel("k", 1, 32, 8, 0, 10));

    assertThatThrownBy(() -> simulator(twoWorkloadJobs(), app).run())
        .isInstanceOf(ApplicationFailure.class)
        .cause().isInstanceOf(IllegalArgumentException.class)
        .hasMessage("applications[0] 'test' submitted a job to queue 'w', which is not one of its"
            + " queues (mine)");
  }

  @Test
  void aKernelWhoseBlockFitsNoSmIsRefusedAtSubmission() {
    Scripted app = new Scripted("mine", false);
    app.start = ctx -> ctx.submit("mine", kernel("huge", 1, 2048, 8, 0, 10));

    assertThatThrownBy(() -> simulator(workload().build(), app).run())
        .isInstanceOf(ApplicationFailure.class)
        .cause().isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("kernel 'huge'): a block needs 2048 threads but an SM of "
            + "'test-gpu' holds at most 1024");
  }

  @Test
  void whatTheApplicationThrowsFailsTheRunNamingTheCallback() {
    Scripted app = new Scripted("mine", false);
    app.start = ctx -> ctx.submit("mine", kernel("k", 1, 32, 8, 0, 10));
    app.finished = (job, ctx) -> {
      throw new IllegalStateException("boom");
    };

    assertThatThrownBy(() -> simulator(workload().build(), app).run())
        .isInstanceOf(ApplicationFailure.class)
        .hasMessageContaining("failed in onJobFinished")
        .cause().isInstanceOf(IllegalStateException.class).hasMessage("boom");
  }

  @Test
  void applicationJobsFinishBesideAWorkloadWithDeclaredDependencies() {
    Workload base = workload().queue("w", Priority.NORMAL)
        .job(10, "w", 0, kernel("w0", 1, 32, 8, 0, 500))
        .job(Sim.job(11, "w", 0, 1, List.of(10L), kernel("w1", 1, 32, 8, 0, 500))).build();

    SimulationResult result = simulator(base, randomLoop(5)).run();

    assertThat(result.jobs()).hasSize(22);
    assertThat(Sim.record(result, 11).firstStartNs()).isEqualTo(500);
  }

  @Test
  void aRunWithoutApplicationsIsTheSameAsBefore() {
    Workload base = twoWorkloadJobs();
    SimulationResult plain = new Simulator(base, Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full"),
        EngineOptions.defaults()).run();

    assertThat(simulator(base).run()).isEqualTo(plain);
  }
}
