package org.preemptlab.runner.drm;

import java.util.Locale;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.scenario.ClientSpec;
import org.preemptlab.runner.scenario.JobSpec;
import org.preemptlab.runner.scenario.KernelShape;
import org.preemptlab.runner.scenario.Scenario;
import org.preemptlab.runner.scenario.Step;
import org.preemptlab.runner.workload.trace.BlockDurations;

/**
 * Whether a scenario can run on a hardware model: a serial timeline (the KUnit mock) runs jobs of a
 * {@code duration}, SM hardware runs kernels, which must fit an SM, be known before the run and
 * stay within {@link Limits#MAX_JOBS}. {@link DrmLayer}'s constructor checks before anything runs.
 */
final class ScenarioChecks {
  private ScenarioChecks() {}

  /**
   * Refuses a scenario the hardware cannot run.
   *
   * @throws ConfigurationException naming the scenario, the key and what to do instead
   */
  static void checkRunsOn(Scenario scenario, HardwareModel hardware) {
    boolean serial = hardware.serialTimeline();
    String where = "scenario '" + scenario.name() + "' on hardware '" + scenario.hardware() + "'";
    for (int i = 0; i < scenario.jobs().size(); i++) {
      JobSpec job = scenario.jobs().get(i);
      String key = "jobs[" + i + "] '" + job.name() + "'";
      if (serial && job.kernel() != null) {
        throw new ConfigurationException(where + ": " + key + ".kernel: a serial-timeline device "
            + "runs each job for its 'duration'; 'kernel' needs SM hardware such as 'h200'");
      }
      if (!serial && job.kernel() == null) {
        throw new ConfigurationException(where + ": " + key + ": a job on SM hardware needs a "
            + "'kernel' (grid-blocks, threads-per-block, block-time)");
      }
    }
    for (int i = 0; i < scenario.clients().size(); i++) {
      ClientSpec client = scenario.clients().get(i);
      String key = "clients[" + i + "] '" + client.name() + "'";
      if (serial && client.kernel() != null) {
        throw new ConfigurationException(where + ": " + key + ".kernel: a serial-timeline device "
            + "runs each job for its 'duration'; 'kernel' needs SM hardware such as 'h200'");
      }
      if (serial) {
        continue;
      }
      if (client.kernel() == null) {
        throw new ConfigurationException(where + ": " + key + ": a client on SM hardware needs a "
            + "'kernel' (grid-blocks, threads-per-block, block-time) instead of 'duration'");
      }
      if (client.cycles() == null) {
        throw new ConfigurationException(where + ": " + key + ".run-for: on SM hardware a client "
            + "needs 'cycles' (its kernels enter the engine's workload before the run, so their "
            + "number must be known)");
      }
      KernelShape k = client.kernel();
      if (BlockDurations.residentBlocksPerSm(hardware.device().sm(), k.threadsPerBlock(),
          k.registersPerThread(), k.sharedMemoryPerBlock()) == 0) {
        throw new ConfigurationException(where + ": " + key + ".kernel: one block of "
            + k.threadsPerBlock() + " threads does not fit an SM of " + hardware.device().name());
      }
    }
    if (serial) {
      return;
    }
    for (int i = 0; i < scenario.steps().size(); i++) {
      if (scenario.steps().get(i).toStep() instanceof Step.Advance) {
        throw new ConfigurationException(where + ": steps[" + i + "].advance: 'advance' is the "
            + "KUnit mock's drm_mock_sched_advance, which completes the serial timeline's jobs of "
            + "duration 0 by hand; on SM hardware a kernel completes when its last block does (a "
            + "hung one only by its scheduler's timeout and reset), so there is nothing to "
            + "advance; use 'sleep' here, or run on '" + Scenario.MOCK_HARDWARE + "'");
      }
    }
    long runs = RingWorkload.runsPerJob(scenario);
    if (runs > 1) {
      for (int i = 0; i < scenario.entities().size(); i++) {
        if (scenario.entities().get(i).priority() == Priority.KERNEL) {
          throw new ConfigurationException(where + ": entities[" + i + "].priority: with "
              + "on-timeout KARMA an entity of kernel priority is resubmitted without limit (its "
              + "karma never grows), and on SM hardware every run needs a kernel held before the "
              + "run; valid here: low, normal, high");
        }
      }
    }
    double kernels = 0; // double: the product of the bounds of each factor overflows a long
    for (JobSpec job : scenario.jobs()) {
      kernels += (double) job.instances().size() * runs;
    }
    for (ClientSpec client : scenario.clients()) {
      kernels += (double) client.instances().size() * client.cycles() * client.jobsPerCycle()
          * runs;
    }
    if (kernels > Limits.MAX_JOBS) {
      throw new ConfigurationException(where + ": the scenario needs " + String.format(
          Locale.ROOT, "%.0f", kernels) + " kernels (each client's cycles x jobs-per-cycle, "
          + "each job once plus hang-limit times with KARMA), more than " + Limits.MAX_JOBS
          + "; use fewer cycles, clients or jobs, or a lower hang-limit");
    }
  }
}
