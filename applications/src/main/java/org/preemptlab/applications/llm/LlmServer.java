package org.preemptlab.applications.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;

/**
 * An LLM inference server with continuous batching ({@code llm-serving}): requests arrive, the
 * {@link ContinuousBatcher} forms each iteration's batch from the requests still running, and the
 * iteration's kernels, sized by the {@link ModelProfile}, are submitted in order to the server's
 * one serial queue (a CUDA stream). When the iteration's last kernel finishes, its tokens are
 * emitted at that instant and the next iteration is formed at once (or after the scheduling
 * overhead). A request that arrives while an iteration runs waits for the next one.
 *
 * <p>At the horizon ({@code duration}) the server stops: no arrival after it is admitted, no
 * iteration is started, an iteration still running is not counted, and the requests not finished
 * are reported as unfinished.
 */
final class LlmServer implements Application, MetricReporter {

  /** The server's settings, resolved from its parameters. */
  record Settings(String queue, Priority priority, long horizonNs, long schedulingOverheadNs,
      int maxWaiting, long blockBytes) {}

  private final Settings settings;
  private final ModelProfile profile;
  private final Supplier<RequestSpec> arrivals;
  private final ContinuousBatcher batcher;
  private final ServingStats stats;
  private final List<ContinuousBatcher.Request> arrivedRequests = new ArrayList<>();
  private RequestSpec nextArrival;
  private long arrivalWakeNs = -1;
  private int arrivedCount;
  private ContinuousBatcher.Batch batch;
  private long lastJobId = -1;
  private boolean startPending;
  private long pendingStartNs;
  private boolean stopped;
  private long unfinishedAtHorizon;

  LlmServer(Settings settings, ModelProfile profile, Supplier<RequestSpec> arrivals,
      ContinuousBatcher batcher, ServingStats stats) {
    this.settings = settings;
    this.profile = profile;
    this.arrivals = arrivals;
    this.batcher = batcher;
    this.stats = stats;
  }

  @Override
  public ApplicationResources resources() {
    return ApplicationResources.oneQueue(settings.queue(), settings.priority());
  }

  @Override
  public void start(ApplicationContext app) {
    nextArrival = arrivals.get();
    app.wakeAt(settings.horizonNs());
    onWakeUp(app);
  }

  @Override
  public void onWakeUp(ApplicationContext app) {
    long now = app.nowNs();
    if (stopped) {
      return;
    }
    if (now >= settings.horizonNs()) {
      stop();
      return;
    }
    while (nextArrival != null && nextArrival.arrivalNs() <= now) {
      arrive(nextArrival);
      nextArrival = arrivals.get();
    }
    if (nextArrival != null && nextArrival.arrivalNs() < settings.horizonNs()
        && arrivalWakeNs != nextArrival.arrivalNs()) {
      arrivalWakeNs = nextArrival.arrivalNs();
      app.wakeAt(arrivalWakeNs);
    }
    if (startPending && now >= pendingStartNs) {
      startPending = false;
    }
    if (batch == null && !startPending) {
      startIteration(app);
    }
  }

  private void arrive(RequestSpec spec) {
    stats.arrived++;
    if (settings.maxWaiting() > 0 && batcher.waitingCount() >= settings.maxWaiting()) {
      stats.rejected++;
      return;
    }
    ContinuousBatcher.Request request = new ContinuousBatcher.Request(arrivedCount++, spec);
    arrivedRequests.add(request);
    batcher.arrive(request);
  }

  @Override
  public void onJobFinished(FinishedJob job, ApplicationContext app) {
    if (job.id() != lastJobId || stopped) {
      return;
    }
    long now = app.nowNs();
    ContinuousBatcher.Batch done = batch;
    batch = null;
    lastJobId = -1;
    for (ContinuousBatcher.Item item : done.items()) {
      ContinuousBatcher.Request r = item.request();
      if (item.decode() || r.prefilled + item.chunk() == r.prefillTarget) {
        stats.tokens++;
      }
    }
    for (ContinuousBatcher.Request r : batcher.complete(done, now)) {
      stats.finished(r.spec, r.firstTokenNs, r.finishNs);
    }
    stats.kv(now, batcher.usedBlocks());
    if (settings.schedulingOverheadNs() > 0) {
      startPending = true;
      pendingStartNs = now + settings.schedulingOverheadNs();
      app.wakeAt(pendingStartNs);
    } else {
      startIteration(app);
    }
  }

  private void startIteration(ApplicationContext app) {
    if (stopped || batch != null || batcher.idle()) {
      return;
    }
    ContinuousBatcher.Batch next = batcher.next();
    stats.kv(app.nowNs(), batcher.usedBlocks());
    if (next.isEmpty()) {
      return;
    }
    List<Kernel> kernels = profile.kernels(next.shape());
    if (kernels.isEmpty()) {
      throw new IllegalStateException(profile.source() + " gives no kernel for " + next.shape());
    }
    batch = next;
    stats.iterations++;
    for (Kernel kernel : kernels) {
      lastJobId = app.submit(settings.queue(), kernel);
    }
  }

  private void stop() {
    stopped = true;
    long unfinished = 0;
    for (ContinuousBatcher.Request r : arrivedRequests) {
      if (!r.finished()) {
        unfinished++;
      }
    }
    unfinishedAtHorizon = unfinished;
  }

  @Override
  public Map<String, Double> metricValues() {
    if (!stopped) {
      stop();
    }
    return stats.values(settings.horizonNs(), unfinishedAtHorizon, settings.blockBytes(),
        batcher.totalBlocks(), batcher.preemptions());
  }
}
