package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.drm.Check;
import org.preemptlab.runner.drm.JobOutcome;
import org.preemptlab.runner.drm.JobStatus;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;

/**
 * Replays every KUnit scenario of drm-scheduler.md 2.1 through the scenario files a user would
 * run, checking the outcomes the kernel's tests assert (the files' expectations) plus the exact
 * simulated times and statuses that follow from the mock.
 */
@Tag("slow")
class KunitScenarioTest {
  private static final PluginRegistry REGISTRY =
      PluginRegistry.discover(KunitScenarioTest.class.getClassLoader());

  private static ScenarioResult run(String id, String policy) {
    return ScenarioRuns.run(new KunitScenarios.Entry(id, id).load(), REGISTRY, policy);
  }

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void everyKunitScenarioMeetsItsExpectationsUnderEachDrmPolicy(String policy) {
    for (KunitScenarios.Entry entry : KunitScenarios.all()) {
      ScenarioResult result = ScenarioRuns.run(entry.load(), REGISTRY, policy);
      assertThat(result.checks()).as(entry.id()).isNotEmpty();
      assertThat(result.checks()).as(entry.id() + " under " + policy)
          .allMatch(Check::passed);
    }
  }

  @Test
  void theExampleFilesAreTheShippedResources() throws Exception {
    for (KunitScenarios.Entry entry : KunitScenarios.all()) {
      Path example = Path.of("..", "examples", "drm", entry.id() + ".yaml");
      assertThat(Scenarios.load(example)).as(entry.id()).isEqualTo(entry.load());
      assertThat(Files.readString(example)).contains("KUnit");
    }
  }

  @Test
  void b1BasicSubmitFinishesOnlyAfterAdvance() {
    ScenarioResult result = run("b1-basic-submit", "drm-fifo");

    assertThat(result.checks()).extracting(Check::observed)
        .containsExactly("true", "false", "1", "true");
    assertThat(result.checks().get(1).timeNs()).as("wait_finished(500ms) times out")
        .isEqualTo(500_000_000L);
    assertThat(result.job("job").status()).isEqualTo(JobStatus.FINISHED);
  }

  @Test
  void b2QueuesFinishTheLastJobAtTheIdealHundredMilliseconds() {
    for (String id : new String[] {"b2a-single-entity-queue", "b2b-dependent-chain",
        "b2c-independent-queues", "b2d-interdependent-queues"}) {
      ScenarioResult result = run(id, "drm-fifo");
      assertThat(result.job("job99").finishedNs()).as(id).isEqualTo(100_000_000L);
      assertThat(result.jobs()).as(id).allMatch(j -> j.status() == JobStatus.FINISHED);
    }
  }

  @Test
  void b2dPipelinesSameSchedulerDependenciesToTheScheduledFence() {
    ScenarioResult result = run("b2d-interdependent-queues", "drm-fifo");

    // job 1 depends on job 0's finished fence but is handed to the ring as soon as job 0 is
    // scheduled, since both run on one scheduler: it does not wait 1 ms for job 0 to finish
    assertThat(result.job("job1").scheduledNs()).isZero();
  }

  @Test
  void b3FreeingEntitiesWithHalfTheQueuePendingReturns() {
    ScenarioResult result = run("b3-entity-cleanup", "drm-fifo");

    assertThat(result.checks().get(0).timeNs()).isEqualTo(51_000_000L);
    assertThat(result.checks()).noneMatch(c -> c.what().startsWith("the script completes"));
  }

  @Test
  void t1TimeoutResetsTheJobAtTwoHundredMillisecondsWithoutFinishingIt() {
    ScenarioResult result = run("t1-timeout", "drm-fifo");
    JobOutcome job = result.job("job");

    assertThat(job.status()).isEqualTo(JobStatus.TIMED_OUT);
    assertThat(job.finishedNs()).isEqualTo(200_000_000L);
    assertThat(job.hardwareError()).isEqualTo(FenceError.ETIMEDOUT);
    assertThat(job.flags()).contains("TIMEDOUT").doesNotContain("DONE");
  }

  @Test
  void t2SkipResetKeepsTheJobPendingUntilAdvanced() {
    ScenarioResult result = run("t2-skip-reset", "drm-fifo");

    assertThat(result.log()).filteredOn(l -> l.contains("NO_HANG")).hasSize(2);
    assertThat(result.job("job").status()).isEqualTo(JobStatus.FINISHED);
    assertThat(result.job("job").finishedNs()).isEqualTo(400_000_000L);
  }

  @Test
  void x1TeardownCancelsThePendingJob() {
    JobOutcome job = run("x1-cancel", "drm-fifo").job("job");

    assertThat(job.status()).isEqualTo(JobStatus.CANCELLED);
    assertThat(job.hardwareError()).isEqualTo(FenceError.ECANCELED);
    assertThat(job.finishedError()).isEqualTo(FenceError.ECANCELED);
  }

  @Test
  void k1SecondJobWaitsForTheCreditOfTheFirst() {
    ScenarioResult result = run("k1-credits", "drm-rr");

    assertThat(result.job("job1").scheduledNs()).as("scheduled by advance at 1 s")
        .isEqualTo(1_000_000_000L);
    assertThat(result.checks()).allMatch(Check::passed);
  }

  @Test
  void m1JobsArmedBeforeTheMovesStayOnTheirSchedulers() {
    ScenarioResult result = run("m1-modify-sched", "drm-fifo");

    for (int i = 0; i < 1000; i++) {
      assertThat(result.job("job" + i).scheduler()).isEqualTo("sched" + (i % 13) % 3);
    }
  }
}
