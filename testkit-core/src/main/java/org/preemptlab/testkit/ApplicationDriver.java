package org.preemptlab.testkit;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.application.JobRequest;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;

/**
 * Drives an {@link Application} by hand, without the engine: the test says when each submitted
 * job finishes, and the driver calls the application as the engine would, with a context that
 * holds the application to the engine's rules (its own queues only, no wake-up in the past, blocks
 * that fit an SM of the device). The GPU is not modelled: a test of how an application reacts
 * ("when the prefill finishes, the server submits the first decode") needs only the order of
 * events, which the test sets. To run an application on the real engine, use {@code
 * PluginTestKit.application} of the {@code testkit} module.
 *
 * <pre>{@code
 * ApplicationDriver driver = ApplicationDriver.of(new Loop(), TestDevices.PASCAL).start();
 * Submission first = driver.onlyUnfinished();
 * driver.finish(first.id(), 5_000);
 * assertThat(driver.submitted()).hasSize(2);
 * }</pre>
 *
 * <p>Jobs of a serial queue (a CUDA stream) must be finished in the order they were submitted, as
 * the engine runs them; the driver refuses anything else with {@link IllegalStateException}, since
 * that is a mistake of the test.
 */
public final class ApplicationDriver {

  /**
   * A job the application submitted.
   *
   * @param id the id {@link ApplicationContext#submit} returned (1, 2, ... in submission order)
   * @param submitNs when it was submitted
   * @param request what was submitted
   */
  public record Submission(long id, long submitNs, JobRequest request) {
    /** The queue it was submitted to. */
    public String queueId() {
      return request.queueId();
    }

    /** The kernel it runs. */
    public Kernel kernel() {
      return request.kernel();
    }
  }

  private final Application application;
  private final DeviceSpec device;
  private final Map<String, JobQueue> queues = new LinkedHashMap<>();
  private final List<Submission> submitted = new ArrayList<>();
  private final Map<Long, Submission> unfinished = new LinkedHashMap<>();
  private final List<FinishedJob> finished = new ArrayList<>();
  /** Pending wake-ups: time, then the order asked. */
  private final PriorityQueue<long[]> wakeUps =
      new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
          : Long.compare(a[1], b[1]));
  private final Context context = new Context();
  private long wakeUpsAsked;
  private int limitPerInstant = 10_000;
  private long lastSubmitNs = -1;
  private int submittedAtLastInstant;
  private long nowNs;
  private boolean started;

  private ApplicationDriver(Application application, DeviceSpec device) {
    this.application = Objects.requireNonNull(application, "application");
    this.device = device;
    ApplicationResources resources = Objects.requireNonNull(application.resources(),
        "the application's resources() returned null");
    for (JobQueue queue : resources.queues()) {
      checkArgument(queues.put(queue.id(), queue) == null,
          "the application declares queue '%s' twice", queue.id());
    }
  }

  /**
   * A driver of {@code application} whose kernels must fit an SM of {@code device} (null: not
   * checked). Asks the application for its resources once, as the engine does.
   */
  public static ApplicationDriver of(Application application, DeviceSpec device) {
    return new ApplicationDriver(application, device);
  }

  /**
   * The most jobs the application may submit at one instant (10,000 by default); one more is
   * refused with {@link IllegalStateException}, since an application that submits without waiting
   * for its jobs would hang a run.
   */
  public ApplicationDriver limitPerInstant(int jobs) {
    checkArgument(jobs >= 1, "the limit per instant must be >= 1, got %s", jobs);
    limitPerInstant = jobs;
    return this;
  }

  /** Starts the application at time 0. */
  public ApplicationDriver start() {
    checkState(!started, "the application was started already");
    started = true;
    application.start(context);
    return this;
  }

  /**
   * Moves the clock to {@code timeNs}, firing every wake-up due until then (inclusive) in time
   * order, each at its own time.
   */
  public ApplicationDriver advanceTo(long timeNs) {
    checkState(started, "start() the application first");
    checkArgument(timeNs >= nowNs, "time runs forward: now %s ns, asked %s ns", nowNs, timeNs);
    while (!wakeUps.isEmpty() && wakeUps.peek()[0] <= timeNs) {
      nowNs = wakeUps.poll()[0];
      application.onWakeUp(context);
    }
    nowNs = timeNs;
    return this;
  }

  /** {@link #finish(long, long, long)} with the job's first block started when it was submitted. */
  public ApplicationDriver finish(long jobId, long finishNs) {
    Submission job = unfinished.get(jobId);
    checkArgument(job != null, "job %s is not an unfinished job of the application", jobId);
    return finish(jobId, job.submitNs(), finishNs);
  }

  /**
   * Finishes job {@code jobId} at {@code finishNs}: fires the wake-ups due before, moves the clock
   * and tells the application ({@link Application#onJobFinished}).
   *
   * @throws IllegalStateException if an earlier job of the same serial queue is unfinished
   */
  public ApplicationDriver finish(long jobId, long firstStartNs, long finishNs) {
    Submission job = unfinished.get(jobId);
    checkArgument(job != null, "job %s is not an unfinished job of the application", jobId);
    checkArgument(job.submitNs() <= firstStartNs && firstStartNs <= finishNs,
        "job %s: submitted at %s ns, so it cannot start at %s ns and finish at %s ns", jobId,
        job.submitNs(), firstStartNs, finishNs);
    if (queues.get(job.queueId()).serial()) {
      Submission first = unfinished.values().stream()
          .filter(s -> s.queueId().equals(job.queueId())).findFirst().orElseThrow();
      checkState(first.id() == jobId, "queue '%s' is serial: job %s runs before job %s",
          job.queueId(), first.id(), jobId);
    }
    advanceTo(finishNs);
    unfinished.remove(jobId);
    FinishedJob done = new FinishedJob(jobId, job.queueId(), job.submitNs(), firstStartNs,
        finishNs);
    finished.add(done);
    application.onJobFinished(done, context);
    return this;
  }

  /**
   * Runs the application on an idealised device until {@code untilNs} or until it has submitted
   * {@code maxSubmissions} jobs: each queue has the device alone, a kernel lasts {@link #idealNs}
   * from its start, launches cost nothing, and the jobs of a serial queue run one after another
   * (those of other queues from their submission). Events at one time: wake-ups before finishes,
   * finishes in submission order. On a device without costs and with one serial queue, the engine
   * gives the same times (a test of the kit checks it).
   *
   * @throws IllegalStateException if no device was given
   */
  public ApplicationDriver runOnIdealDevice(long untilNs, int maxSubmissions) {
    checkState(device != null, "an idealised run needs the device: ApplicationDriver.of(app, "
        + "device)");
    if (!started) {
      start();
    }
    Map<Long, Long> startAt = new HashMap<>();
    Map<String, Long> queueFreeAt = new HashMap<>();
    int planned = 0;
    while (true) {
      for (; planned < submitted.size(); planned++) {
        Submission job = submitted.get(planned);
        long start = queues.get(job.queueId()).serial()
            ? Math.max(job.submitNs(), queueFreeAt.getOrDefault(job.queueId(), 0L))
            : job.submitNs();
        startAt.put(job.id(), start);
        queueFreeAt.put(job.queueId(), start + idealNs(job.kernel(), device));
      }
      if (submitted.size() >= maxSubmissions) {
        return this;
      }
      Submission next = null;
      long nextFinish = Long.MAX_VALUE;
      for (Submission job : unfinished.values()) {
        long end = startAt.get(job.id()) + idealNs(job.kernel(), device);
        if (end < nextFinish) {
          next = job;
          nextFinish = end;
        }
      }
      long wake = wakeUps.isEmpty() ? Long.MAX_VALUE : wakeUps.peek()[0];
      long nextEvent = Math.min(wake, nextFinish);
      if (nextEvent == Long.MAX_VALUE || nextEvent > untilNs) {
        return this;
      }
      if (wake <= nextFinish) {
        advanceTo(wake);
      } else {
        finish(next.id(), startAt.get(next.id()), nextFinish);
      }
    }
  }

  /**
   * How long {@code kernel} lasts alone on {@code device} without costs: its waves (its grid over
   * the blocks that fit the device at once, by threads, blocks, registers and shared memory per
   * SM) times its block program's nominal duration.
   */
  public static long idealNs(Kernel kernel, DeviceSpec device) {
    SmSpec sm = device.sm();
    long perSm = Math.min(sm.maxBlocks(), sm.maxThreads() / kernel.threadsPerBlock());
    if (kernel.registersPerBlock() > 0) {
      perSm = Math.min(perSm, sm.registers() / kernel.registersPerBlock());
    }
    long shared = kernel.sharedMemoryPerBlock() + sm.sharedMemoryReservedPerBlock();
    if (shared > 0) {
      perSm = Math.min(perSm, sm.sharedMemoryBytes() / shared);
    }
    long atOnce = Math.max(1, perSm) * device.smCount();
    long waves = (kernel.gridBlocks() + atOnce - 1) / atOnce;
    return waves * kernel.program().durationNs();
  }

  /** The simulated time now, in ns. */
  public long nowNs() {
    return nowNs;
  }

  /** Every job submitted so far, in submission order. */
  public List<Submission> submitted() {
    return Collections.unmodifiableList(submitted);
  }

  /** The jobs finished so far, in the order they finished. */
  public List<FinishedJob> finished() {
    return Collections.unmodifiableList(finished);
  }

  /** The submitted jobs not finished yet, in submission order. */
  public List<Submission> unfinished() {
    return List.copyOf(unfinished.values());
  }

  /** The one unfinished job. @throws IllegalStateException if there is not exactly one */
  public Submission onlyUnfinished() {
    checkState(unfinished.size() == 1, "%s unfinished jobs, not one", unfinished.size());
    return unfinished.values().iterator().next();
  }

  /** The time of the earliest pending wake-up, or -1 when none is pending. */
  public long nextWakeUpNs() {
    return wakeUps.isEmpty() ? -1 : wakeUps.peek()[0];
  }

  private static void checkState(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new IllegalStateException(String.format(template, args));
    }
  }

  /** The context the application is handed: the engine's rules, without an engine. */
  private final class Context implements ApplicationContext {
    @Override
    public long nowNs() {
      return nowNs;
    }

    @Override
    public long submit(JobRequest request) {
      Objects.requireNonNull(request, "request");
      checkArgument(queues.containsKey(request.queueId()),
          "queue '%s' is not one of the application's: %s", request.queueId(), queues.keySet());
      if (device != null) {
        Kernel k = request.kernel();
        checkArgument(k.threadsPerBlock() <= device.sm().maxThreads()
                && k.registersPerBlock() <= device.sm().registers()
                && k.sharedMemoryPerBlock() + device.sm().sharedMemoryReservedPerBlock()
                    <= device.sm().sharedMemoryBytes(),
            "kernel '%s': a block of %s threads, %s registers and %s B of shared memory does not "
                + "fit an SM of %s", k.name(), k.threadsPerBlock(), k.registersPerBlock(),
            k.sharedMemoryPerBlock(), device.name());
      }
      submittedAtLastInstant = nowNs == lastSubmitNs ? submittedAtLastInstant + 1 : 1;
      lastSubmitNs = nowNs;
      checkState(submittedAtLastInstant <= limitPerInstant, "more than %s jobs submitted at %s "
          + "ns: a loop that never waits for the GPU", limitPerInstant, nowNs);
      Submission submission = new Submission(submitted.size() + 1L, nowNs, request);
      submitted.add(submission);
      unfinished.put(submission.id(), submission);
      return submission.id();
    }

    @Override
    public void wakeAt(long timeNs) {
      checkArgument(timeNs >= nowNs, "a wake-up at %s ns is before now, %s ns", timeNs, nowNs);
      wakeUps.add(new long[] {timeNs, wakeUpsAsked++});
    }
  }
}
