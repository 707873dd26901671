package org.preemptlab.runner.drm;

import org.preemptlab.api.Limits;

/**
 * A closed-loop client: each cycle submits {@code jobs-per-cycle} jobs of {@code duration} to its
 * entity, waits for the last one to be done if {@code wait-for-last}, then sleeps {@code sleep};
 * cycles start until {@code run-for} after {@code start}.
 *
 * @param name unique name; its jobs are named {@code name.CYCLE.K}
 * @param entity the entity it submits to
 * @param jobsPerCycle jobs per cycle, at least 1 (default 1)
 * @param duration each job's duration, more than 0
 * @param credits credits per job, at least 1 (default 1)
 * @param waitForLast whether a cycle waits for its last job (default true)
 * @param sleep the pause between cycles (default 0; must be more than 0 without wait-for-last)
 * @param start when the first cycle starts (default 0)
 * @param runFor how long cycles keep starting
 */
public record ClientSpec(String name, String entity, Integer jobsPerCycle, String duration,
    Long credits, Boolean waitForLast, String sleep, String start, String runFor) {

  /** Fills defaults and checks values. */
  public ClientSpec {
    Specs.required(name, "name");
    Specs.required(entity, "entity");
    jobsPerCycle = jobsPerCycle == null ? 1 : jobsPerCycle;
    Specs.check(jobsPerCycle >= 1 && jobsPerCycle <= Limits.MAX_JOBS_PER_CYCLE, "jobs-per-cycle",
        "must be in [1, " + Limits.MAX_JOBS_PER_CYCLE + "], got " + jobsPerCycle);
    Specs.check(Specs.duration(Specs.required(duration, "duration"), "duration", 0) > 0,
        "duration", "must be > 0, got '" + duration + "'");
    credits = credits == null ? 1L : credits;
    Specs.check(credits >= 1 && credits <= SchedulerSpec.U32_MAX, "credits",
        "must be in [1, 4294967295], got " + credits);
    waitForLast = waitForLast == null || waitForLast;
    sleep = sleep == null ? "0" : sleep;
    Specs.check(waitForLast || Specs.duration(sleep, "sleep", 0) > 0, "sleep",
        "must be > 0 when wait-for-last is false");
    start = start == null ? "0" : start;
    Specs.duration(start, "start", 0);
    Specs.check(Specs.duration(Specs.required(runFor, "run-for"), "run-for", 0) > 0, "run-for",
        "must be > 0");
  }

  long durationNs() {
    return Specs.duration(duration, "duration", 0);
  }

  long sleepNs() {
    return Specs.duration(sleep, "sleep", 0);
  }

  long startNs() {
    return Specs.duration(start, "start", 0);
  }

  long runForNs() {
    return Specs.duration(runFor, "run-for", 0);
  }
}
