package org.preemptlab.runner.scenario;

import static org.preemptlab.runner.workload.SpecViolation.check;
import static org.preemptlab.runner.workload.SpecViolation.required;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.Limits;

/**
 * A simulated userspace client, or a group of {@code count} identical ones, as the kernel's
 * scheduler tests define them (torvalds/linux drivers/gpu/drm/scheduler/tests/tests_scheduler.c
 * @637315cb, {@code struct drm_sched_client_params}, {@code drm_sched_client_work}): each cycle
 * submits {@code jobs-per-cycle} jobs of {@code duration} to its entity, waits for the last one to
 * finish if {@code wait-for-last} ({@code sync}), then sleeps {@code sleep} ({@code wait_us}). The
 * client runs {@code cycles} cycles, or starts cycles until {@code run-for} after {@code start};
 * after the last cycle it waits for its last job, which ends it ({@code client->done}).
 *
 * @param name unique name; its jobs are named {@code name.CYCLE.K}; with {@code count}, the
 *     clients are {@code name0}, {@code name1}, ...
 * @param count how many identical clients the entry makes; absent for one client
 * @param entity the entity of every client (give this or {@code entities})
 * @param entities the entities client i cycles through ({@code entities[i % n]})
 * @param jobsPerCycle jobs per cycle, at least 1 (default 1)
 * @param duration on a serial timeline, each job's duration, more than 0
 * @param credits credits per job, at least 1 (default 1)
 * @param waitForLast whether a cycle waits for its last job (default true)
 * @param sleep the pause after each cycle (default 0); an asynchronous client that runs for a time
 *     needs it to be more than 0, one that runs a number of cycles may submit them back to back
 * @param start when the first cycle starts (default 0)
 * @param runFor how long cycles keep starting (give this or {@code cycles})
 * @param cycles how many cycles the client runs (give this or {@code run-for})
 * @param submitCost timing noise, off by default: the client thread's time to submit one job; job
 *     k of a cycle is pushed at the cycle's start plus {@code (k + 1)} times this
 * @param kernel on SM hardware (a model that is not a serial timeline), the kernel each job runs,
 *     instead of a {@code duration}
 */
public record ClientSpec(String name, Integer count, String entity, List<String> entities,
    Integer jobsPerCycle, String duration, Long credits, Boolean waitForLast, String sleep,
    String start, String runFor, Integer cycles, String submitCost, KernelShape kernel) {

  /** Fills defaults and checks values. */
  public ClientSpec {
    required(name, "name");
    check(count == null || count >= 1 && count <= Limits.MAX_JOBS_PER_CYCLE, "count",
        "must be in [1, " + Limits.MAX_JOBS_PER_CYCLE + "], got " + count);
    check(entity == null || entities == null, "entities", "give 'entity' or 'entities', "
        + "not both");
    check(entity != null || entities != null, "entity", "is required");
    entities = entity != null ? List.of(entity) : List.copyOf(entities);
    check(!entities.isEmpty(), "entities", "needs at least one entity");
    jobsPerCycle = jobsPerCycle == null ? 1 : jobsPerCycle;
    check(jobsPerCycle >= 1 && jobsPerCycle <= Limits.MAX_JOBS_PER_CYCLE, "jobs-per-cycle",
        "must be in [1, " + Limits.MAX_JOBS_PER_CYCLE + "], got " + jobsPerCycle);
    check(kernel == null || duration == null, "duration", "give 'duration' (a serial "
        + "timeline) or 'kernel' (SM hardware), not both");
    check(kernel != null || Specs.duration(required(duration, "duration"),
        "duration", 0) > 0, "duration", "must be > 0, got '" + duration + "'");
    credits = credits == null ? 1L : credits;
    check(credits >= 1 && credits <= SchedulerSpec.U32_MAX, "credits",
        "must be in [1, 4294967295], got " + credits);
    waitForLast = waitForLast == null || waitForLast;
    sleep = sleep == null ? "0" : sleep;
    check(runFor == null || cycles == null, "cycles", "give 'run-for' or 'cycles', not both");
    check(runFor != null || cycles != null, "run-for", "is required (or give 'cycles')");
    check(cycles == null || cycles >= 1 && cycles <= Limits.MAX_JOBS_PER_CYCLE, "cycles",
        "must be in [1, " + Limits.MAX_JOBS_PER_CYCLE + "], got " + cycles);
    check(waitForLast || cycles != null || Specs.duration(sleep, "sleep", 0) > 0, "sleep",
        "must be > 0 when wait-for-last is false and the client runs for a time (or give cycles)");
    start = start == null ? "0" : start;
    Specs.duration(start, "start", 0);
    check(runFor == null || Specs.duration(runFor, "run-for", 0) > 0, "run-for",
        "must be > 0");
    submitCost = submitCost == null ? "0" : submitCost;
    Specs.duration(submitCost, "submit-cost", 0);
  }

  /** One concrete client. */
  public record Instance(String name, String entity, ClientSpec spec) {}

  /** The clients this entry makes, in order. */
  public List<Instance> instances() {
    if (count == null) {
      return List.of(new Instance(name, entities.get(0), this));
    }
    List<Instance> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(new Instance(name + i, entities.get(i % entities.size()), this));
    }
    return out;
  }

  /** Each job's duration in ns; 0 for a client whose jobs are kernels (SM hardware). */
  public long durationNs() {
    return kernel == null ? Specs.duration(duration, "duration", 0) : 0;
  }

  /** The sleep between cycles in ns. */
  public long sleepNs() {
    return Specs.duration(sleep, "sleep", 0);
  }

  /** When the first cycle starts, in ns. */
  public long startNs() {
    return Specs.duration(start, "start", 0);
  }

  /** How long cycles keep starting, or {@link Long#MAX_VALUE} for a client of fixed cycles. */
  public long runForNs() {
    return runFor == null ? Long.MAX_VALUE : Specs.duration(runFor, "run-for", 0);
  }

  /** The CPU time each submission costs, in ns (0: none). */
  public long submitCostNs() {
    return Specs.duration(submitCost, "submit-cost", 0);
  }

  /**
   * {@code work_us} on a serial timeline: the GPU time of one cycle; on SM hardware the layer
   * takes each job's time from its kernel's shape on the device instead.
   */
  public long workNs() {
    return jobsPerCycle * durationNs();
  }
}
