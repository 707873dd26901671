package org.preemptlab.runner.drm;

import org.preemptlab.runner.scenario.FenceError;

/**
 * One job's outcome: the per-job output of a DRM scenario.
 *
 * @param name the job
 * @param entity its entity
 * @param scheduler the scheduler it was armed on, or empty
 * @param status how it ended
 * @param credits its credits (after truncation)
 * @param submitNs when it was armed and pushed, or -1
 * @param scheduledNs when its scheduled fence signalled, or -1
 * @param finishedNs when its finished fence signalled, or -1
 * @param freedNs when it left the pending list, or -1
 * @param hardwareError the hardware fence's error
 * @param finishedError the finished fence's error
 * @param flags the mock flags set, e.g. {@code DONE}
 */
public record JobOutcome(String name, String entity, String scheduler, JobStatus status,
    long credits, long submitNs, long scheduledNs, long finishedNs, long freedNs,
    FenceError hardwareError, FenceError finishedError, String flags) {}
