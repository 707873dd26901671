package org.preemptlab.policies.rate;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.SubmitOrder;

/**
 * TGS's scheduling (Wu et al., "Transparent GPU Sharing in Container Clouds for Deep Learning
 * Workloads", NSDI 2023; code pkusys/TGS @e1c6a31, {@code hijack/src/high_priority_hijack_call.c}
 * and {@code low_priority_hijack_call.c}). Jobs of queues at or above a priority are the
 * production (high-priority, HP) job, the others the opportunistic (best-effort, BE) one.
 *
 * <ul>
 *   <li>HP jobs are launched at once, oldest first, and never throttled; their blocks are counted
 *       ({@code rate_estimator}: the grid's blocks at each launch) and every {@code sample-period}
 *       the count of the period is one sample of the HP job's rate ({@code rate_monitor}, 5,000
 *       ms).
 *   <li>BE jobs are launched oldest first while the BE blocks launched in the current {@code
 *       window} (the low-priority {@code rate_watcher}, 50 ms) do not exceed the limit ({@code
 *       launch_test}); a BE job over the limit waits for the window's end. A job's blocks count
 *       when it is launched, so one kernel may take the count past the limit.
 *   <li>The limit comes from {@link TgsRateController}, stepped {@code steps-per-sample} times on
 *       each HP sample: once in TGS, where the controller blocks on the socket that brings each
 *       sample; Tally's port (tally-project/tally {@code src/tally/scheduler/tgs.cpp}, which
 *       tally-bench ran as TGS) reads the latest sample from a shared variable in a loop that
 *       does not wait, so it steps many times on each sample and also on the initial 0 before
 *       the first one. The controller starts at the run's start with a limit of 0 and an HP
 *       maximum rate of 0 (the HP job has no sample yet).
 *   <li>{@code max-in-flight}: at most that many BE jobs launched since the BE work last drained
 *       (Tally's port: 20, "to prevent memcpy of low-priority blocks" from delaying the
 *       high-priority ones); 0 for no bound, as TGS.
 *   <li>{@code stream-priority}: whether the hardware block scheduler serves the production job's
 *       blocks first when SM slots free (its queue's priority, as with prioritised streams), or
 *       in launch order only ({@code false}: Tally's port, whose server creates every client's
 *       stream without a priority under any scheduler but Tally's own priority scheduler,
 *       tally-project/tally @86feb12 {@code src/tally/server.cpp}, {@code start_worker_server}
 *       and {@code handle_cudaStreamCreate}).
 * </ul>
 *
 * Not modelled: TGS's memory sharing (transparent unified memory, with the BE job's memory
 * paged out under pressure), the CPU threads' own timing (a throttled BE launch in TGS retries
 * every 10 ms, {@code TIME_TICK}; here it follows the window's reset at once, as the port's
 * polling loop) and the phase between the HP job's two 5-second threads (taken as one).
 */
public final class TgsPolicy implements SchedulingPolicy {
  private final Priority high;
  private final long samplePeriodNs;
  private final long windowNs;
  private final int stepsPerSample;
  private final int maxInFlight;
  private final boolean streamPriority;
  private final List<JobView> readyHigh = new ArrayList<>();
  private final List<JobView> readyBestEffort = new ArrayList<>();
  private final TgsRateController controller = new TgsRateController(0);
  private long startNs = -1;
  private long nextWindowNs;
  private long nextSampleNs;
  private boolean timerSet;
  private long highBlocksInPeriod;
  private long bestEffortBlocksInWindow;
  private long bestEffortLastWindow;
  private int bestEffortSinceDrain;
  private long samples;
  private long heldBestEffort;

  /**
   * Creates a policy for one engine of one run.
   *
   * @param high the lowest queue priority that counts as the production job
   * @param samplePeriodNs the period of the HP job's rate samples, above 0
   * @param windowNs the BE launch window the limit counts blocks in, above 0
   * @param stepsPerSample controller steps per sample, at least 1; above 1 also that many steps
   *     on the initial 0 at the start (Tally's port)
   * @param maxInFlight the most BE jobs launched between drains of the BE work; 0 for no bound
   * @param streamPriority whether the block scheduler serves higher queue priorities first (the
   *     hardware's order); {@code false} for launch order only
   */
  public TgsPolicy(Priority high, long samplePeriodNs, long windowNs, int stepsPerSample,
      int maxInFlight, boolean streamPriority) {
    checkArgument(samplePeriodNs > 0 && windowNs > 0 && stepsPerSample >= 1 && maxInFlight >= 0,
        "sample period %s ns and window %s ns must be above 0, steps per sample %s at least 1 and"
            + " max in flight %s at least 0", samplePeriodNs, windowNs, stepsPerSample,
        maxInFlight);
    this.high = high;
    this.samplePeriodNs = samplePeriodNs;
    this.windowNs = windowNs;
    this.stepsPerSample = stepsPerSample;
    this.maxInFlight = maxInFlight;
    this.streamPriority = streamPriority;
  }

  /**
   * The hardware's order (queue priority, then launch order) with {@code stream-priority}; launch
   * order only without it (every job ranks equal, and the engine breaks ties by launch order).
   */
  @Override
  public Comparator<JobView> placementOrder() {
    return streamPriority ? null : (a, b) -> 0;
  }

  boolean isHigh(JobView job) {
    return !high.isHigherThan(job.priority());
  }

  /** The controller's limit now, in BE blocks per window. */
  long limit() {
    return controller.limit();
  }

  /** HP samples taken so far. */
  long samples() {
    return samples;
  }

  /** Times a BE job was held back by the limit or the in-flight bound. */
  long heldBestEffort() {
    return heldBestEffort;
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    start(scheduler);
    advance(scheduler.nowNs());
    (isHigh(job) ? readyHigh : readyBestEffort).add(job);
    armTimer(scheduler);
  }

  private void start(SchedulerView scheduler) {
    if (startNs >= 0) {
      return;
    }
    startNs = scheduler.nowNs();
    nextWindowNs = startNs + windowNs;
    nextSampleNs = startNs + samplePeriodNs;
    if (stepsPerSample > 1) {
      for (int i = 0; i < stepsPerSample; i++) {
        controller.step(0, 0);
      }
    }
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    JobView first = SubmitOrder.oldest(readyHigh);
    if (first != null) {
      return first;
    }
    JobView bestEffort = SubmitOrder.oldest(readyBestEffort);
    if (bestEffort == null) {
      return null;
    }
    if (bestEffortBlocksInWindow > controller.limit() || inFlightBoundReached(scheduler)) {
      heldBestEffort++;
      return null;
    }
    return bestEffort;
  }

  private boolean inFlightBoundReached(SchedulerView scheduler) {
    if (maxInFlight == 0 || bestEffortSinceDrain < maxInFlight) {
      return false;
    }
    for (JobView job : scheduler.dispatchedJobs()) {
      if (!isHigh(job)) {
        return true;
      }
    }
    bestEffortSinceDrain = 0;
    return false;
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    int blocks = job.job().kernel().gridBlocks();
    if (readyHigh.remove(job)) {
      highBlocksInPeriod += blocks;
    } else if (readyBestEffort.remove(job)) {
      bestEffortBlocksInWindow += blocks;
      bestEffortSinceDrain++;
    }
  }

  @Override
  public void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    readyHigh.remove(job);
    readyBestEffort.remove(job);
  }

  @Override
  public void onTimer(SchedulerView scheduler) {
    timerSet = false;
    advance(scheduler.nowNs());
    armTimer(scheduler);
  }

  /** Ends the windows and sample periods due by {@code now}, stepping the controller. */
  private void advance(long now) {
    while (nextWindowNs <= now) {
      bestEffortLastWindow = bestEffortBlocksInWindow;
      bestEffortBlocksInWindow = 0;
      nextWindowNs += windowNs;
    }
    while (nextSampleNs <= now) {
      samples++;
      for (int i = 0; i < stepsPerSample; i++) {
        controller.step(highBlocksInPeriod, bestEffortLastWindow);
      }
      highBlocksInPeriod = 0;
      nextSampleNs += samplePeriodNs;
    }
  }

  /** Keeps the window and sample clocks running while any queue has work. */
  private void armTimer(SchedulerView scheduler) {
    if (timerSet || !hasWork(scheduler)) {
      return;
    }
    timerSet = true;
    scheduler.wakeAt(Math.min(nextWindowNs, nextSampleNs));
  }

  private boolean hasWork(SchedulerView scheduler) {
    if (!readyHigh.isEmpty() || !readyBestEffort.isEmpty()
        || !scheduler.dispatchedJobs().isEmpty()) {
      return true;
    }
    try {
      return scheduler.queues().stream().anyMatch(q -> q.launchedJobs() + q.waitingJobs() > 0);
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }
}
