package org.preemptlab.api.application;

import org.preemptlab.api.API;

/**
 * One of an application's jobs, as its first block started.
 *
 * @param id the id {@link ApplicationContext#submit} returned
 * @param queueId its queue
 * @param submitNs when it was submitted
 * @param startNs when its first block starts executing
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record StartedJob(long id, String queueId, long submitNs, long startNs) {}
