package org.preemptlab.applications.training;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.ExpectedWork;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;

/**
 * A training loop: each iteration launches its kernels (forward, backward, optimizer) at once on
 * one serial queue, where they run one after another as on a CUDA stream; when the last kernel
 * (the optimizer step) finishes, the next iteration is launched. An iteration's time is from its
 * launch to that finish. The host's own time between iterations (data loading, Python) is not
 * modelled: the GPU is the loop's only resource. With a duration, no iteration is launched at or
 * after it, so that a co-located study measures the loop over the same span as its neighbours.
 */
final class TrainingLoop implements Application, MetricReporter {
  private final String queue;
  private final Priority priority;
  private final List<Kernel> iteration;
  private final int iterations;
  private final long batchSize;
  private final long durationNs;
  /** The run's device, for the work estimate; null when unknown. */
  private final DeviceSpec device;
  /** The id of the current iteration's last kernel. */
  private long lastKernelId = -1;
  private long iterationStartNs;
  private long firstStartNs = -1;
  private long lastEndNs = -1;
  private final long[] times;
  private int done;

  TrainingLoop(String queue, Priority priority, List<Kernel> iteration, int iterations,
      long batchSize, long durationNs, DeviceSpec device) {
    this.device = device;
    this.queue = queue;
    this.priority = priority;
    this.iteration = List.copyOf(iteration);
    this.iterations = iterations;
    this.batchSize = batchSize;
    this.durationNs = durationNs;
    this.times = new long[iterations];
  }

  @Override
  public ApplicationResources resources() {
    return ApplicationResources.oneQueue(queue, priority);
  }

  /**
   * {@inheritDoc} Every iteration's kernels, for its iterations, or for as many as fit in its
   * duration if each took the least time its kernels can take one after another ({@link
   * ExpectedWork#leastSerialNs}; the queue runs them in order).
   */
  @Override
  public ExpectedWork expectedWork() {
    long blocks = 0;
    for (Kernel kernel : iteration) {
      blocks += kernel.gridBlocks();
    }
    double fit = durationNs == 0 ? iterations : Math.ceil(durationNs / Math.max(1,
        ExpectedWork.leastSerialNs(iteration, device)));
    return ExpectedWork.repeated(Math.min(iterations, fit), iteration.size(), blocks);
  }

  @Override
  public void start(ApplicationContext app) {
    firstStartNs = app.nowNs();
    launch(app);
  }

  private void launch(ApplicationContext app) {
    iterationStartNs = app.nowNs();
    for (Kernel kernel : iteration) {
      lastKernelId = app.submit(queue, kernel);
    }
  }

  @Override
  public void onJobFinished(FinishedJob job, ApplicationContext app) {
    if (job.id() != lastKernelId) {
      return;
    }
    times[done++] = job.finishNs() - iterationStartNs;
    lastEndNs = job.finishNs();
    if (done < iterations && (durationNs == 0 || app.nowNs() < durationNs)) {
      launch(app);
    }
  }

  @Override
  public Map<String, Double> metricValues() {
    Map<String, Double> values = new TreeMap<>();
    values.put("iterations", (double) done);
    if (done == 0) {
      return values;
    }
    long[] sorted = Arrays.copyOf(times, done);
    Arrays.sort(sorted);
    double sum = 0;
    for (long t : sorted) {
      sum += t;
    }
    values.put("iteration-mean", sum / done);
    values.put("iteration-p50", (double) nearestRank(sorted, 50));
    values.put("iteration-p99", (double) nearestRank(sorted, 99));
    long span = lastEndNs - firstStartNs;
    if (span > 0) {
      values.put("samples-per-second", (double) batchSize * done * 1e9 / span);
    }
    return values;
  }

  /** The nearest-rank {@code p}-th percentile of ascending {@code sorted}. */
  static long nearestRank(long[] sorted, int p) {
    int rank = (int) ((p * (long) sorted.length + 99) / 100);
    return sorted[Math.max(0, rank - 1)];
  }
}
