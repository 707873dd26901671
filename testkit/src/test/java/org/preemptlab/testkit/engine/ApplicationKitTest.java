package org.preemptlab.testkit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.testkit.ApplicationDriver;
import org.preemptlab.testkit.TestDevices;

/**
 * An application runs on the real engine through the kit, and the kit's driver on its idealised
 * device gives the engine's times where the two model the same thing (one serial queue, a device
 * without costs): the fake and the engine, held to the same scenarios.
 */
class ApplicationKitTest {

  /**
   * Twenty steps on one serial queue; every third step waits a think time (a wake-up) before the
   * next; grids of 1 to 5 blocks of 1,024 threads (two fit an SM of a GTX 1080, so 1 to 3 waves).
   */
  static final class Steps implements Application {
    private int step;

    @Override
    public ApplicationResources resources() {
      return ApplicationResources.oneQueue("steps", Priority.NORMAL);
    }

    @Override
    public void start(ApplicationContext app) {
      submitNext(app);
    }

    @Override
    public void onJobFinished(FinishedJob job, ApplicationContext app) {
      if (step == 20) {
        return;
      }
      if (step % 3 == 0) {
        app.wakeAt(app.nowNs() + 7_000);
      } else {
        submitNext(app);
      }
    }

    @Override
    public void onWakeUp(ApplicationContext app) {
      submitNext(app);
    }

    private void submitNext(ApplicationContext app) {
      step++;
      app.submit("steps", new Kernel("step-" + step, 1 + step % 5, 1024, 16, 0, false,
          BlockProgram.uniform(10_000 + 1_000 * step, 16, 0), new BlockTiming.Exact()));
    }
  }

  @Test
  void anApplicationRunsOnTheEngineAndItsJobsAreReportedUnderItsQueue() {
    RunOutcome outcome = PluginTestKit.application(new Steps()).device(TestDevices.ONE_SM).run();

    List<JobRecord> jobs = outcome.jobs("steps");
    assertThat(jobs).hasSize(20);
    assertThat(jobs.get(0).kernel()).isEqualTo("step-1");
    assertThat(jobs.get(0).finishNs()).isEqualTo(11_000); // 2 blocks: one wave of 11 us
  }

  @Test
  void theDriversIdealisedRunGivesTheEnginesTimesOnADeviceWithoutCosts() {
    for (var device : List.of(TestDevices.ONE_SM, TestDevices.PASCAL)) {
      List<JobRecord> engine =
          PluginTestKit.application(new Steps()).device(device).run().jobs("steps");
      List<FinishedJob> fake = ApplicationDriver.of(new Steps(), device)
          .runOnIdealDevice(Long.MAX_VALUE, 1_000).finished();

      assertThat(fake).hasSameSizeAs(engine);
      for (int i = 0; i < engine.size(); i++) {
        JobRecord real = engine.get(i);
        FinishedJob ideal = fake.get(i);
        assertThat(List.of(ideal.submitNs(), ideal.firstStartNs(), ideal.finishNs()))
            .as("job %s on %s: submit, first start, finish", i + 1, device.name())
            .containsExactly(real.submitNs(), real.firstStartNs(), real.finishNs());
      }
    }
  }
}
