package org.preemptlab.runner.metrics;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.runner.engine.EngineListener;

/**
 * Collects each queue's SM time from the engine's signals: the sum of its blocks' execution times,
 * every stay of a block on an SM however it ended (completed, stopped, flushed, switched out), as
 * {@link JobView#attainedGpuNs()} counts it. A subscriber like any other ({@code
 * Simulator.listen}): the engine knows nothing of it. The metric {@link Metrics#SM_TIME_SHARE}
 * reads the result.
 */
public final class SmTimeCollector implements EngineListener {
  /** SM·ns by queue, keyed by the queue's spec (one object per queue in a run: by identity). */
  private final Map<JobQueue, long[]> byQueue = new IdentityHashMap<>();

  /** The queue of the last block, and its cell: consecutive blocks are mostly of one queue. */
  private JobQueue lastQueue;
  private long[] lastCell;

  @Override
  public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, BlockEnd end) {
    JobQueue queue = job.queue();
    if (queue != lastQueue) {
      lastQueue = queue;
      lastCell = byQueue.computeIfAbsent(queue, q -> new long[1]);
    }
    lastCell[0] += endNs - startNs;
  }

  /** Each queue's SM time in SM·ns so far, by queue id. */
  public Map<String, Long> byQueueId() {
    Map<String, Long> result = new TreeMap<>();
    byQueue.forEach((queue, ns) -> result.merge(queue.id(), ns[0], Long::sum));
    return result;
  }
}
