package org.preemptlab.applications.llm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.MemoryDemand;
import org.preemptlab.api.application.ExpectedWork;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.api.metrics.WritesRunFiles;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;

/**
 * An LLM inference server with continuous batching ({@code llm-serving}): requests arrive, the
 * {@link ContinuousBatcher} forms each iteration's batch from the requests still running, and the
 * iteration's kernels, sized by the {@link ModelProfile}, are submitted in order to the server's
 * one serial queue (a CUDA stream). When the iteration's last kernel finishes, its tokens are
 * emitted at that instant and the next iteration is formed; it is submitted after the host's
 * scheduling overhead and the copies of KV blocks its swaps need. A request that arrives while an
 * iteration runs waits for the next one.
 *
 * <p>At the horizon ({@code duration}) no arrival is admitted any more. Without {@code drain} the
 * server stops there: no iteration is started, an iteration still running is not counted, and the
 * requests not finished are reported as unfinished. With {@code drain} it serves every request
 * that arrived until the last one finishes.
 */
final class LlmServer implements Application, MetricReporter, WritesRunFiles {

  /**
   * The server's settings, resolved from its parameters.
   *
   * @param swapBytesPerNs host-device bandwidth of KV-block swaps, bytes per ns
   */
  record Settings(String queue, Priority priority, long horizonNs, boolean drain,
      long schedulingOverheadNs, int maxWaiting, long blockBytes, double swapBytesPerNs) {}

  private final Settings settings;
  private final ModelProfile profile;
  /** The profile's kernels, each cost's made once ({@link ModelProfile#iterationKernels()}). */
  private final ModelProfile.IterationKernels iterationKernels;
  private final Supplier<RequestSpec> arrivals;
  private final ContinuousBatcher batcher;
  private final ServingStats stats;
  private final ExpectedWork expected;
  private final MemoryDemand memory;
  private final List<ContinuousBatcher.Request> arrivedRequests = new ArrayList<>();
  private RequestSpec nextArrival;
  private long arrivalWakeNs = -1;
  private int arrivedCount;
  private ContinuousBatcher.Batch batch;
  private long lastJobId = -1;
  private boolean startPending;
  private long pendingStartNs;
  private List<Kernel> pendingKernels;
  private long lastCompletionNs;
  private boolean stopped;
  private long endNs = -1;

  LlmServer(Settings settings, ModelProfile profile, Supplier<RequestSpec> arrivals,
      ContinuousBatcher batcher, ServingStats stats, ExpectedWork expected, MemoryDemand memory) {
    this.expected = expected;
    this.memory = memory;
    this.settings = settings;
    this.profile = profile;
    this.iterationKernels = profile.iterationKernels();
    this.arrivals = arrivals;
    this.batcher = batcher;
    this.stats = stats;
  }

  /** {@inheritDoc} Estimated from the horizon, the arrivals and the model profile. */
  @Override
  public ExpectedWork expectedWork() {
    return expected;
  }

  /** {@inheritDoc} Its weights (one tensor-parallel rank's) and its whole KV cache. */
  @Override
  public Optional<MemoryDemand> memoryDemand() {
    return Optional.of(memory);
  }

  @Override
  public ApplicationResources resources() {
    return ApplicationResources.oneQueue(settings.queue(), settings.priority());
  }

  @Override
  public void start(ApplicationContext app) {
    nextArrival = arrivals.get();
    if (!settings.drain()) {
      app.wakeAt(settings.horizonNs());
    }
    onWakeUp(app);
  }

  @Override
  public void onWakeUp(ApplicationContext app) {
    long now = app.nowNs();
    if (stopped) {
      return;
    }
    if (now >= settings.horizonNs() && !settings.drain()) {
      stop(settings.horizonNs());
      return;
    }
    while (nextArrival != null && nextArrival.arrivalNs() <= now
        && nextArrival.arrivalNs() < settings.horizonNs()) {
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
      submit(app, pendingKernels);
      pendingKernels = null;
    }
    if (batch == null) {
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
    batcher.complete(done, now);
    lastCompletionNs = now;
    stats.kv(now, batcher.usedBlocks());
    if (settings.drain() && batcher.idle() && (nextArrival == null
        || nextArrival.arrivalNs() >= settings.horizonNs())) {
      stop(now);
      return;
    }
    startIteration(app);
  }

  // Forms the next batch now; its kernels go in after the host's overhead and its swaps' copies.
  private void startIteration(ApplicationContext app) {
    if (stopped || batch != null || batcher.idle()) {
      return;
    }
    ContinuousBatcher.Batch next = batcher.next();
    stats.kv(app.nowNs(), batcher.usedBlocks());
    if (next.isEmpty()) {
      return;
    }
    List<Kernel> kernels = iterationKernels.kernels(next.shape());
    if (kernels.isEmpty()) {
      throw new IllegalStateException(profile.source() + " gives no kernel for " + next.shape());
    }
    batch = next;
    stats.iterations++;
    for (ContinuousBatcher.Item item : next.items()) {
      if (item.request().firstScheduledNs < 0) {
        item.request().firstScheduledNs = app.nowNs();
      }
    }
    long copiedBytes = (next.swapInBlocks() + next.swapOutBlocks()) * settings.blockBytes();
    long delay = settings.schedulingOverheadNs()
        + (long) Math.ceil(copiedBytes / settings.swapBytesPerNs());
    if (delay > 0) {
      pendingKernels = kernels;
      startPending = true;
      pendingStartNs = app.nowNs() + delay;
      app.wakeAt(pendingStartNs);
    } else {
      submit(app, kernels);
    }
  }

  private void submit(ApplicationContext app, List<Kernel> kernels) {
    for (Kernel kernel : kernels) {
      lastJobId = app.submit(settings.queue(), kernel);
    }
  }

  private void stop(long nowNs) {
    stopped = true;
    endNs = nowNs;
  }

  private long spanNs() {
    return endNs >= 0 ? endNs : settings.horizonNs();
  }

  @Override
  public Map<String, Double> metricValues() {
    if (!stopped) {
      stop(settings.drain() ? lastCompletionNs : settings.horizonNs());
    }
    Map<String, Double> values = stats.values(arrivedRequests, Math.max(1, spanNs()),
        settings.blockBytes(), batcher.totalBlocks(), batcher.preemptions(),
        batcher.swapPreemptions());
    values.put("memory-bytes", (double) memory.bytes());
    values.put("prefix-cache-hit-tokens", (double) batcher.prefixHitTokens());
    return values;
  }

  /** {@code requests.csv}: one row per request admitted to the queue ({@link RequestsCsv}). */
  @Override
  public Map<String, String> runFiles() {
    Map<String, String> files = new LinkedHashMap<>();
    files.put(RequestsCsv.NAME, RequestsCsv.render(arrivedRequests));
    return files;
  }
}
