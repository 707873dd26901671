package org.preemptlab.engine;

/**
 * One suspension of a queue, from the request until it was resumed.
 *
 * @param queueId the queue
 * @param level XSched's level: 1 (stop launching), 2 (also deactivate launched jobs) or 3 (also
 *     interrupt running blocks)
 * @param requestNs when it was suspended
 * @param quietNs when the queue went quiet, or -1 if it never did before being resumed: at level 1
 *     when its launched jobs had finished, at levels 2 and 3 when none of its blocks was on an SM
 * @param resumeNs when it was resumed, or -1 if it was still suspended at the end of the run
 */
public record SuspensionRecord(String queueId, int level, long requestNs, long quietNs,
    long resumeNs) {

  /**
   * The suspension latency: from the request until the queue was quiet (XSched's preemption
   * latency of the level), or -1 if it never was.
   */
  public long latencyNs() {
    return quietNs < 0 ? -1 : quietNs - requestNs;
  }
}
