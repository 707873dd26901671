package org.preemptlab.engine;

import java.util.Map;

/**
 * One preemption of a job: from the request until every block resident at the request has given up
 * its SM.
 *
 * @param victimJobId the preempted job
 * @param victimQueueId its queue
 * @param requestNs when the policy asked for the preemption
 * @param pointReachedNs when the last block reached its stop point (or finished draining)
 * @param resourcesFreeNs when the last block's SM resources were free (after its save)
 * @param blocks blocks that were resident at the request
 * @param drained blocks that ran to their end
 * @param saved blocks that stopped and saved
 * @param flushed blocks whose progress was discarded
 * @param bytesSaved bytes written by the saves
 * @param levels how many blocks each mechanism served, by the strategy's level label
 * @param waiterJobId the blocked job the policy preempted on behalf of (it asked from {@code
 *     onJobBlocked}), or -1
 * @param waiterPlacedNs when that job placed its next block after the request, or -1
 */
public record PreemptionRecord(
    long victimJobId,
    String victimQueueId,
    long requestNs,
    long pointReachedNs,
    long resourcesFreeNs,
    int blocks,
    int drained,
    int saved,
    int flushed,
    long bytesSaved,
    Map<String, Integer> levels,
    long waiterJobId,
    long waiterPlacedNs) {

  /** Copies the level counts. */
  public PreemptionRecord {
    levels = Map.copyOf(levels);
  }

  /** Preemption latency: from the request until every participating block's SM was free. */
  public long latencyNs() {
    return resourcesFreeNs - requestNs;
  }

  /**
   * From the request until the waiting job got the resources for its next block (DESIGN §3.4:
   * "until the resources the waiting job needs are free"), or -1 without a waiter. Shorter than
   * {@link #latencyNs()} when the waiter needs only part of what the victim frees.
   */
  public long waiterLatencyNs() {
    return waiterPlacedNs < 0 ? -1 : waiterPlacedNs - requestNs;
  }
}
