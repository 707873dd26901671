package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.drm.Check;
import org.preemptlab.runner.drm.JobOutcome;
import org.preemptlab.runner.drm.JobStatus;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;

/**
 * Driver-level behaviours of the DRM scheduler simulator that the KUnit scenarios do not reach:
 * replays {@code examples/drm/driver-*.yaml} and checks the exact outcomes that
 * the kernel's scheduler sources imply (docs/drm-scheduler.md names them; statuses, fence errors,
 * times, counts). The
 * derivation of every expected number is written next to it; the scenario files carry the same
 * timeline in their header comments. Every scenario is built so that its outcome does not depend
 * on the policy (one entity per contended scheduler, or a priority / submit-time order all three
 * policies agree on), and it is replayed under drm-fifo, drm-rr and drm-fair.
 */
class DriverBehaviourTest {
  private static final PluginRegistry REGISTRY =
      PluginRegistry.discover(DriverBehaviourTest.class.getClassLoader());
  private static final long US = 1_000L;
  private static final long MS = 1_000_000L;
  private static final List<String> FILES = List.of("driver-karma-guilty",
      "driver-karma-kernel-priority", "driver-device-gone", "driver-tdr-single-timer",
      "driver-kill-queued", "driver-credit-truncation", "driver-pick-best",
      "driver-dependencies", "driver-in-order-free", "driver-karma-signalled-fence");

  private static Scenario load(String id) {
    return Scenarios.load(Path.of("..", "examples", "drm", id + ".yaml"));
  }

  private static ScenarioResult run(String id, String policy) {
    return ScenarioRuns.run(load(id), REGISTRY, policy);
  }

  @ParameterizedTest
  @ValueSource(strings = {"fifo", "priority"})
  void aPolicyThatDoesNotFollowQueuedJobsHearsOnlyOfTheJobsItHoldsWhenAnEntityIsKilled(
      String policy) {
    // job1 is held (ready) when e is killed, job2 only queued: a policy without onJobQueued is
    // told of job1 alone, so it never sees a job it was not offered
    ScenarioResult result = run("driver-kill-queued", policy);

    assertThat(result.passed()).isTrue();
    assertThat(result.job("job2").status()).isEqualTo(JobStatus.KILLED);
  }

  private static long logLines(ScenarioResult result, String text) {
    return result.log().stream().filter(l -> l.contains(text)).count();
  }

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void everyDriverScenarioMeetsItsOwnExpectationsUnderEachDrmPolicy(String policy) {
    for (String id : FILES) {
      ScenarioResult result = run(id, policy);
      assertThat(result.checks()).as(id).isNotEmpty();
      assertThat(result.checks()).as(id + " under " + policy).allMatch(Check::passed);
    }
  }

  // --- 1. on-timeout: KARMA ---------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void karmaResubmitsAHungJobUntilItExceedsTheHangLimitThenCancelsItsEntitysJobs(String policy) {
    ScenarioResult result = run("driver-karma-guilty", policy);

    // hang-limit 1, timeout 200 ms, hang never completes: 1st timeout at 200 ms -> karma 1 <= 1,
    // drm_sched_resubmit_jobs runs it again and the timer is re-armed (due at 400 ms); 2nd
    // timeout at 400 ms -> karma 2 > 1: the context is guilty, the job cancelled with -ECANCELED
    assertThat(logLines(result, "timeout, blaming hang")).isEqualTo(2);
    assertThat(logLines(result, "job hang: reset and resubmitted (karma 1)")).isEqualTo(1);
    assertThat(logLines(result, "karma 2 > hang limit 1, context guilty")).isEqualTo(1);
    JobOutcome hang = result.job("hang");
    assertThat(hang.status()).isEqualTo(JobStatus.GUILTY_CANCELLED);
    assertThat(hang.finishedNs()).isEqualTo(400 * MS);
    assertThat(hang.hardwareError()).isEqualTo(FenceError.ECANCELED);
    assertThat(hang.finishedError()).isEqualTo(FenceError.ECANCELED);
    assertThat(hang.flags()).doesNotContain("DONE").doesNotContain("TIMEDOUT");

    // resubmit_jobs: the guilty context's other pending jobs get finished error -ECANCELED; they
    // still complete on the hardware (advance at 450 ms) without a hardware error
    JobOutcome other = result.job("other");
    assertThat(other.status()).isEqualTo(JobStatus.FINISHED_GUILTY);
    assertThat(other.finishedNs()).isEqualTo(450 * MS);
    assertThat(other.finishedError()).isEqualTo(FenceError.ECANCELED);
    assertThat(other.hardwareError()).isEqualTo(FenceError.NONE);
    assertThat(other.flags()).contains("DONE");

    // another entity's pending job is not touched
    JobOutcome innocent = result.job("innocent");
    assertThat(innocent.status()).isEqualTo(JobStatus.FINISHED);
    assertThat(innocent.finishedError()).isEqualTo(FenceError.NONE);

    // §1.5: a job popped from a guilty entity is still passed to run_job (scheduled at its push,
    // 450 ms, and completed by the mock), but its finished fence carries -ECANCELED
    JobOutcome late = result.job("late");
    assertThat(late.status()).isEqualTo(JobStatus.FINISHED_GUILTY);
    assertThat(late.scheduledNs()).isEqualTo(450 * MS);
    assertThat(late.finishedNs()).isEqualTo(450 * MS);
    assertThat(late.finishedError()).isEqualTo(FenceError.ECANCELED);
    assertThat(late.hardwareError()).isEqualTo(FenceError.NONE);
    assertThat(late.flags()).contains("DONE");
  }

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void aKernelPriorityJobsKarmaDoesNotIncreaseSoItIsResubmittedAtEveryTimeout(String policy) {
    ScenarioResult result = run("driver-karma-kernel-priority", policy);

    // hang-limit 0: drm_sched_increase_karma is a no-op for KERNEL, so kjob keeps karma 0 <= 0
    // and is resubmitted at 200, 400 and 600 ms; the script sleeps until 650 ms
    assertThat(logLines(result, "job kjob: reset and resubmitted (karma 0)")).isEqualTo(3);
    assertThat(logLines(result, "kjob karma")).isZero();
    JobOutcome kjob = result.job("kjob");
    assertThat(kjob.status()).isEqualTo(JobStatus.FINISHED);
    assertThat(kjob.finishedNs()).as("advance(4) at 650 ms reaches its 4th seqno")
        .isEqualTo(650 * MS);
    assertThat(kjob.finishedError()).isEqualTo(FenceError.NONE);

    // the same hang at NORMAL priority: karma 1 > 0 at the first timeout
    JobOutcome njob = result.job("njob");
    assertThat(njob.status()).isEqualTo(JobStatus.GUILTY_CANCELLED);
    assertThat(njob.finishedNs()).isEqualTo(200 * MS);
    assertThat(njob.finishedError()).isEqualTo(FenceError.ECANCELED);
    assertThat(logLines(result, "timeout, blaming njob")).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void aGuiltyContextsAlreadySignalledFinishedFenceKeepsItsError(String policy) {
    ScenarioResult result = run("driver-karma-signalled-fence", policy);

    // done completed at 300 ms (advance(2) reaches seqno 2; hang was re-run as seqno 3) and its
    // finished fence signalled without error; the context turns guilty at 400 ms. Only
    // unsignalled fences can take -ECANCELED, so done stays FINISHED / NONE and is freed at
    // 400 ms, when the cancelled head leaves the pending list.
    assertThat(result.job("hang").status()).isEqualTo(JobStatus.GUILTY_CANCELLED);
    assertThat(result.job("hang").finishedNs()).isEqualTo(400 * MS);
    JobOutcome done = result.job("done");
    assertThat(done.finishedNs()).isEqualTo(300 * MS);
    assertThat(done.freedNs()).isEqualTo(400 * MS);
    assertThat(done.status()).isEqualTo(JobStatus.FINISHED);
    assertThat(done.finishedError()).isEqualTo(FenceError.NONE);
  }

  // --- 2. on-timeout: DEVICE_GONE ----------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void deviceGoneBlamesTheHeadWithEnodevAndDoesNotReArmTheTimer(String policy) {
    ScenarioResult result = run("driver-device-gone", policy);

    // drm_sched_job_timedout re-arms "if status != ENODEV": only the 200 ms timeout ever fires,
    // although job1 stays hung until the advance at 1 s (timeouts at 400/600/800 ms otherwise)
    assertThat(logLines(result, "timeout, blaming")).isEqualTo(1);
    assertThat(logLines(result, "timeout, blaming job0")).isEqualTo(1);
    JobOutcome job0 = result.job("job0");
    assertThat(job0.status()).isEqualTo(JobStatus.DEVICE_GONE);
    assertThat(job0.hardwareError()).isEqualTo(FenceError.ENODEV);
    assertThat(job0.flags()).doesNotContain("DONE").doesNotContain("TIMEDOUT");
    JobOutcome job1 = result.job("job1");
    assertThat(job1.status()).isEqualTo(JobStatus.FINISHED);
    assertThat(job1.finishedNs()).isEqualTo(1_000 * MS);
    assertThat(job1.hardwareError()).isEqualTo(FenceError.NONE);
    assertThat(job1.flags()).doesNotContain("TIMEDOUT");
  }

  // --- 3. the single restartable timer ------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void aSecondDispatchRestartsTheTimerWhichThenBlamesTheOldestPendingJob(String policy) {
    ScenarioResult result = run("driver-tdr-single-timer", policy);

    // gfx: j0 at 0 arms 200 ms; j1 dispatched at 150 ms restarts it (mod_delayed_work): due at
    // 350 ms, and it blames the pending head j0 (not j1, which armed it). Handled -> re-armed
    // from 350 ms: j1 is blamed at 550 ms.
    JobOutcome j0 = result.job("j0");
    JobOutcome j1 = result.job("j1");
    assertThat(j0.status()).isEqualTo(JobStatus.TIMED_OUT);
    assertThat(j0.finishedNs()).isEqualTo(350 * MS);
    assertThat(j0.hardwareError()).isEqualTo(FenceError.ETIMEDOUT);
    assertThat(j1.scheduledNs()).isEqualTo(150 * MS);
    assertThat(j1.status()).isEqualTo(JobStatus.TIMED_OUT);
    assertThat(j1.finishedNs()).isEqualTo(550 * MS);
    assertThat(result.log()).filteredOn(l -> l.contains("gfx: timeout, blaming")).hasSize(2)
        .first().asString().contains("blaming j0");
  }

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void freeingAFinishedHeadWithJobsRemainingRestartsTheTimer(String policy) {
    ScenarioResult result = run("driver-tdr-single-timer", policy);

    // compute: armed at 0 (due 200 ms); k0 (100 ms) is freed at 100 ms with k1 remaining:
    // drm_sched_get_finished_job restarts the timer, so k1 is blamed at 300 ms, not 200 ms
    assertThat(result.job("k0").status()).isEqualTo(JobStatus.FINISHED);
    assertThat(result.job("k0").freedNs()).isEqualTo(100 * MS);
    assertThat(result.job("k1").status()).isEqualTo(JobStatus.TIMED_OUT);
    assertThat(result.job("k1").finishedNs()).isEqualTo(300 * MS);
  }

  // --- 4. entity kill -----------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void killingAnEntityEndsItsQueuedJobsWithEsrchWithoutRunningThemAndRefusesLaterPushes(
      String policy) {
    ScenarioResult result = run("driver-kill-queued", policy);

    // job0 holds the only credit until advance(1) at 200 ms; the kill at 100 ms makes job1 wait
    // for last_scheduled (job0) and job2 for job1: both end at 200 ms with scheduled signalled
    // and finished -ESRCH, never on the hardware (no DONE, no hardware error)
    assertThat(result.job("job0").status()).isEqualTo(JobStatus.FINISHED);
    assertThat(result.job("job0").finishedNs()).isEqualTo(200 * MS);
    for (String name : List.of("job1", "job2")) {
      JobOutcome job = result.job(name);
      assertThat(job.status()).as(name).isEqualTo(JobStatus.KILLED);
      assertThat(job.scheduledNs()).as(name).isEqualTo(200 * MS);
      assertThat(job.finishedNs()).as(name).isEqualTo(200 * MS);
      assertThat(job.finishedError()).as(name).isEqualTo(FenceError.ESRCH);
      assertThat(job.hardwareError()).as(name).isEqualTo(FenceError.NONE);
      assertThat(job.flags()).as(name).doesNotContain("DONE");
    }
    // drm_sched_rq_add_entity on a stopped entity: logged, never scheduled
    JobOutcome job3 = result.job("job3");
    assertThat(job3.status()).isEqualTo(JobStatus.PUSHED_TO_KILLED_ENTITY);
    assertThat(job3.submitNs()).isEqualTo(200 * MS);
    assertThat(job3.scheduledNs()).isEqualTo(-1);
    assertThat(job3.finishedNs()).isEqualTo(-1);
    assertThat(logLines(result, "job job3: Trying to push to a killed entity")).isEqualTo(1);
    assertThat(result.endNs()).as("job1/job2 (1 ms) would have been DONE by 202 ms")
        .isGreaterThanOrEqualTo(210 * MS);
  }

  // --- 5. credits ---------------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void aJobAboveTheCreditLimitIsTruncatedToItWithAWarningAndRuns(String policy) {
    ScenarioResult result = run("driver-credit-truncation", policy);

    // credit-limit 2: big (5) -> 2, runs 0..1 ms holding both credits; small (1) fits only when
    // they come back at big's job_done (1 ms), so it runs 1..2 ms. One warning (permanent).
    JobOutcome big = result.job("big");
    assertThat(big.credits()).isEqualTo(2);
    assertThat(big.status()).isEqualTo(JobStatus.FINISHED);
    assertThat(big.scheduledNs()).isZero();
    assertThat(big.finishedNs()).isEqualTo(1 * MS);
    JobOutcome small = result.job("small");
    assertThat(small.credits()).isEqualTo(1);
    assertThat(small.scheduledNs()).isEqualTo(1 * MS);
    assertThat(small.finishedNs()).isEqualTo(2 * MS);
    assertThat(logLines(result, "Jobs may not exceed the credit limit, truncate.")).isEqualTo(1);
    assertThat(logLines(result, "job big has 5 credits")).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void creditsComeBackAtCompletionEvenWhileTheFinishedJobWaitsToBeFreed(String policy) {
    ScenarioResult result = run("driver-in-order-free", policy);

    // credit-limit 2: jobA + jobB hold both credits; jobB completes at 150 ms (behind the
    // resubmitted head jobA): its credit comes back at job_done, so jobC runs at 150 ms although
    // jobB is freed only at 180 ms
    assertThat(result.job("jobC").submitNs()).isEqualTo(2 * MS);
    assertThat(result.job("jobC").scheduledNs()).isEqualTo(150 * MS);
    assertThat(result.job("jobB").finishedNs()).isEqualTo(150 * MS);
    assertThat(result.job("jobB").freedNs()).isEqualTo(180 * MS);
  }

  // --- 6. pick_best -------------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void anEntityMovesToTheReadySchedulerWithTheStrictlySmallestScoreOnlyWhenIdle(
      String policy) {
    ScenarioResult result = run("driver-pick-best", policy);

    // sched_list [d, a, b, c], d torn down, a holds hog (score 2):
    // m0: a=2 b=0 c=0 -> b (first of the tie, d skipped); m1: a=2 b=1 c=0 -> c;
    // m2: queue non-empty -> c; m3: last_scheduled unfinished -> c although b=0 < c=3;
    // m4 at 7.5 ms: a=2 b=0 c=1 -> b
    assertThat(result.jobs().stream().filter(j -> j.name().matches("m\\d"))
        .map(JobOutcome::scheduler)).containsExactly("b", "c", "c", "c", "b");
    assertThat(logLines(result, "pick_best: scheduler d is not ready, skipping"))
        .as("d skipped for m0, m1 and m4 (m2, m3 are not re-balanced)").isEqualTo(3);
    // each moved job runs at once on its new (idle) ring
    assertThat(result.job("m0").scheduledNs()).isZero();
    assertThat(result.job("m0").finishedNs()).isEqualTo(1 * MS);
    assertThat(result.job("m1").scheduledNs()).isEqualTo(2 * MS);
    assertThat(result.job("m3").submitNs()).isEqualTo(2_500 * US);
    // c's ring is serial: m1 2..3, m2 3..4, m3 4..5 ms
    assertThat(result.job("m3").finishedNs()).isEqualTo(5 * MS);
    assertThat(result.job("m4").scheduledNs()).isEqualTo(7_500 * US);
    assertThat(result.job("m4").finishedNs()).isEqualTo(8_500 * US);
    assertThat(result.job("hog0").scheduler()).isEqualTo("a");
  }

  // --- 7. dependencies ----------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void sameEntityFencesAreIgnoredSameSchedulerOnesPipelinedAndOthersWaitedFor(String policy) {
    ScenarioResult result = run("driver-dependencies", policy);

    // same entity: ignored -> x1 runs at 0 (x0 finishes at 10 ms)
    assertThat(result.job("x0").finishedNs()).isEqualTo(10 * MS);
    assertThat(result.job("x1").scheduledNs()).isZero();
    // same scheduler: pipelined to y0's scheduled fence (5 ms), not its finished one (30 ms:
    // s0's ring is busy with x0 until 10 and x1 until 20 ms)
    assertThat(result.job("y0").scheduledNs()).isEqualTo(5 * MS);
    assertThat(result.job("y0").finishedNs()).isEqualTo(30 * MS);
    assertThat(result.job("y1").scheduledNs()).isEqualTo(5 * MS);
    assertThat(result.job("y1").finishedNs()).isEqualTo(40 * MS);
    // other scheduler: waited for until z0 finishes at 10 ms
    assertThat(result.job("z0").finishedNs()).isEqualTo(10 * MS);
    assertThat(result.job("z1").scheduledNs()).isEqualTo(10 * MS);
    assertThat(result.job("z1").finishedNs()).isEqualTo(50 * MS);
    assertThat(result.jobs()).allMatch(j -> j.status() == JobStatus.FINISHED);
  }

  // --- 8. in-order free ---------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void aJobFinishedBehindAnUnfinishedPendingHeadIsFreedOnlyAfterTheHead(String policy) {
    ScenarioResult result = run("driver-in-order-free", policy);

    // timeout 100 ms restarted by jobB's dispatch at 1 ms -> fires at 101 ms, blames jobA
    // (head), karma 1 <= 5: jobA re-runs at the ring's tail. jobB completes at 150 ms but
    // waits behind jobA; jobA completes at 180 ms: both freed then, head first. jobC at 200 ms.
    assertThat(logLines(result, "timeout, blaming")).isEqualTo(1);
    assertThat(logLines(result, "job jobA: reset and resubmitted (karma 1)")).isEqualTo(1);
    JobOutcome a = result.job("jobA");
    JobOutcome b = result.job("jobB");
    JobOutcome c = result.job("jobC");
    assertThat(a.finishedNs()).isEqualTo(180 * MS);
    assertThat(a.freedNs()).isEqualTo(180 * MS);
    assertThat(b.finishedNs()).isEqualTo(150 * MS);
    assertThat(b.freedNs()).isEqualTo(180 * MS);
    assertThat(c.finishedNs()).isEqualTo(200 * MS);
    assertThat(c.freedNs()).isEqualTo(200 * MS);
    assertThat(List.of(a, b, c)).allMatch(j -> j.status() == JobStatus.FINISHED)
        .allMatch(j -> j.finishedError() == FenceError.NONE);
  }
}
