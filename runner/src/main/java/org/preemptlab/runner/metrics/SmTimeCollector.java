package org.preemptlab.runner.metrics;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.api.policy.JobView;

/**
 * Collects each queue's SM time from the engine's signals: when a job finishes, the SM time its
 * blocks executed ({@link JobView#attainedGpuNs()}: every stay of a block on an SM however it
 * ended, flushed work included; dispatch, save and restore not), added to its queue's. A
 * subscriber like any other ({@code Simulator.listen}): the engine knows nothing of it. The metric
 * {@link Metrics#SM_TIME_SHARE} reads the result.
 */
public final class SmTimeCollector implements Observation.Collector<Map<String, Long>> {
  /** Each queue's SM time in SM·ns, by queue id: what {@link Metrics#SM_TIME_SHARE} needs. */
  public static final Observation<Map<String, Long>> OBSERVATION =
      new Observation<>("sm-time-by-queue", device -> new SmTimeCollector());

  /** SM·ns by queue id. */
  private final Map<String, Long> byQueue = new HashMap<>();

  @Override
  public void jobFinished(long timeNs, JobView job) {
    byQueue.merge(job.queue().id(), job.attainedGpuNs(), Long::sum);
  }

  /** Each queue's SM time in SM·ns so far, by queue id. */
  public Map<String, Long> byQueueId() {
    return new TreeMap<>(byQueue);
  }

  @Override
  public Map<String, Long> result() {
    return byQueueId();
  }
}
