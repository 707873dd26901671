package org.preemptlab.api.application;

import org.preemptlab.api.API;

/**
 * One of an application's jobs, as it finished.
 *
 * @param id the id {@link ApplicationContext#submit} returned
 * @param queueId its queue
 * @param submitNs when it was submitted
 * @param firstStartNs when its first block started executing
 * @param finishNs when its last block completed (now)
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record FinishedJob(long id, String queueId, long submitNs, long firstStartNs,
    long finishNs) {}
