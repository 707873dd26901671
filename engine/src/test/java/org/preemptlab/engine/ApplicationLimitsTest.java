package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.Limits;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;

/**
 * How many jobs an application may submit: a long run may submit more than a trace may hold, one
 * job after another, while an application that submits without end at one instant is stopped by
 * the bound on its jobs in flight.
 */
@Tag("slow")
class ApplicationLimitsTest {
  private static final DeviceSpec DEVICE = device(4, Sim.bigSm(), costs());
  private static final Kernel STEP = kernel("step", 1, 32, 8, 0, 10);

  /** Submits {@code total} jobs in all, {@code burst} at its start and one per job finished. */
  private record Submitter(int burst, long total, long[] submitted) implements Application {
    Submitter(int burst, long total) {
      this(burst, total, new long[1]);
    }

    @Override
    public ApplicationResources resources() {
      return new ApplicationResources(List.of(new GpuContext("a", false)),
          List.of(new JobQueue("a", "a", Priority.NORMAL, 1, EngineKind.COMPUTE, true)));
    }

    @Override
    public void start(ApplicationContext app) {
      for (int i = 0; i < burst; i++) {
        submit(app);
      }
    }

    @Override
    public void onJobFinished(FinishedJob job, ApplicationContext app) {
      submit(app);
    }

    private void submit(ApplicationContext app) {
      if (submitted[0] < total) {
        submitted[0]++;
        app.submit("a", STEP);
      }
    }
  }

  private static Simulator simulator(Application app) {
    Workload base = workload().build();
    ApplicationResources r = app.resources();
    return new Simulator(new Workload(r.contexts(), r.queues(), base.jobs(), base.actions()),
        List.of(RunApplication.of("applications[0] 'test'", app)), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full"),
        EngineOptions.defaults());
  }

  @Test
  void anApplicationWhoseJobsFinishMaySubmitMoreJobsThanATraceMayHold() {
    long total = Limits.MAX_JOBS + 1_000L;
    Submitter app = new Submitter(1, total);
    long[] streamed = new long[1];

    SimulationResult result = simulator(app).streamJobs((index, row) -> streamed[0]++).run();

    assertThat(app.submitted()[0]).isEqualTo(total);
    assertThat(streamed[0]).isEqualTo(total);
    assertThat(result.makespanNs()).isEqualTo(total * 10);
  }

  @Test
  void anApplicationThatSubmitsWithoutEndAtOneInstantIsStoppedAtItsJobsInFlight() {
    Submitter app = new Submitter(Limits.MAX_JOBS + 1, Long.MAX_VALUE);

    assertThatThrownBy(() -> simulator(app).streamJobs((index, row) -> { }).run())
        .isInstanceOf(ApplicationFailure.class)
        .cause().isInstanceOf(IllegalArgumentException.class)
        .hasMessage("applications[0] 'test' has 1000000 jobs submitted and not finished, the "
            + "most one application may have in flight");
    assertThat(app.submitted()[0]).isEqualTo(Limits.MAX_JOBS + 1);
  }

  @Test
  void anApplicationBeyondWhatTheHeapHoldsStopsWithOneLineNamingItTheLimitAndWhatToDo() {
    Submitter app = new Submitter(1, Long.MAX_VALUE);
    // a heap of 1 MiB at 64 bytes a streamed job: 16,384 jobs
    Simulator sim = simulator(app).assumeHeap(1L << 20).streamJobs((index, row) -> { });

    assertThatThrownBy(sim::run)
        .isInstanceOf(ApplicationFailure.class)
        .cause().isInstanceOf(IllegalArgumentException.class)
        .hasMessage("applications[0] 'test' submitted more than 16,384 jobs, the most this JVM's "
            + "heap of 1 MiB holds at about 64 bytes kept per job until the run ends; give the "
            + "JVM more heap (PREEMPTLAB_JAVA_OPTS=-Xmx2g ./preemptlab ..., or java -Xmx2g -jar "
            + "...) or shorten its run (its duration or its requests)")
        .message().doesNotContain("\n");
    assertThat(app.submitted()[0]).isEqualTo(16_385);
  }

  @Test
  void aRunThatKeepsItsRecordsCountsTheirRowsPerJobToo() {
    Submitter app = new Submitter(1, Long.MAX_VALUE);
    Simulator sim = simulator(app).assumeHeap(1L << 20);

    assertThatThrownBy(sim::run).isInstanceOf(ApplicationFailure.class)
        .cause().hasMessageStartingWith("applications[0] 'test' submitted more than 6,553 jobs, "
            + "the most this JVM's heap of 1 MiB holds at about 160 bytes kept per job");
  }

  @Test
  void theLimitIsWhatTheHeapHoldsAtTheBytesAJobKeepsUpToAFixedCeiling() {
    assertThat(Limits.maxApplicationJobs(8L << 30, Limits.APPLICATION_JOB_BYTES))
        .isEqualTo((8L << 30) / 64);
    // an hour of the conversation trace's shape alone submits about 167 million jobs: 12 GiB holds
    // them streamed
    assertThat(Limits.maxApplicationJobs(12L << 30, Limits.APPLICATION_JOB_BYTES))
        .isGreaterThan(167_000_000L);
    assertThat(Limits.maxApplicationJobs(1L << 50, 1)).isEqualTo(Limits.MAX_APPLICATION_JOBS);
    // the old cap of 20,000,000 fits the 2 GiB its largest synthetic run was documented to need
    assertThat(Limits.maxApplicationJobs(2L << 30, Limits.APPLICATION_JOB_BYTES))
        .isGreaterThan(Limits.MAX_GENERATED_JOBS);
    assertThatThrownBy(() -> Limits.maxApplicationJobs(0, 48))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(ApplicationHost.tooManyJobs("x", Limits.MAX_APPLICATION_JOBS, 1L << 50, 1))
        .isEqualTo("x submitted more than 1,000,000,000 jobs, the most one application may "
            + "submit in a run; shorten its run (its duration or its requests)");
    assertThat(ApplicationHost.MAX_IN_FLIGHT).isEqualTo(Limits.MAX_JOBS);
  }
}
