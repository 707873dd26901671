package org.preemptlab.engine;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.preemptlab.api.Limits;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.application.JobRequest;
import org.preemptlab.api.application.StartedJob;

/**
 * The engine's side of one application: calls it (at the run's start, when one of its jobs
 * finishes or starts, at its wake-ups) and is the {@link ApplicationContext} it submits through.
 * Every call comes from the one event loop, so an application runs in simulated-time order with
 * everything else.
 *
 * <p>What the application throws stops the run as an {@link ApplicationFailure}; what the engine
 * throws while serving its request (a policy that breaks a rule when told of the new job) passes
 * through unchanged, so that the fault is laid where it lies.
 */
final class ApplicationHost implements ApplicationContext {
  /**
   * The most jobs one application may have submitted and not yet finished. A job in flight holds
   * its engine state (a few hundred bytes), so this bounds the heap of an application that submits
   * without end at one instant, which would otherwise never let simulated time move on.
   */
  static final int MAX_IN_FLIGHT = Limits.MAX_JOBS;

  /**
   * The heap figure {@link #maxJobs} assumes for a run that sets none: the JVM's own limit
   * ({@code -Xmx}).
   */
  static long jvmHeapBytes() {
    return Runtime.getRuntime().maxMemory();
  }

  /** The most wake-ups one application may ask for in a run. */
  static final int MAX_WAKE_UPS = Limits.MAX_JOBS;

  private final RunApplication app;
  private final RunServices run;
  /** The launcher, which takes the jobs it submits ({@link #connect}). */
  private ApplicationSubmissions launcher;
  /** Its own queues by id. */
  private final Map<String, SimQueue> queues = new LinkedHashMap<>();
  private final boolean observesStarts;
  /**
   * The most jobs it may submit in the run ({@link #limitJobs}): as many as the run's heap holds
   * ({@link Limits#maxApplicationJobs}).
   */
  private long maxJobs = Limits.MAX_APPLICATION_JOBS;
  /** The error once it would pass {@link #maxJobs}, made once when the limit is set. */
  private String tooManyJobs;
  private int jobs;
  private int finishedJobs;
  private int wakeUps;

  ApplicationHost(RunApplication app, RunServices run) {
    this.app = app;
    this.run = run;
    boolean starts;
    try {
      starts = app.application().observesStarts();
    } catch (RuntimeException e) {
      throw new ApplicationFailure(app.name(), "observesStarts()", e);
    }
    this.observesStarts = starts;
    this.tooManyJobs = tooManyJobs(app.name(), maxJobs, 0, 0);
  }

  /** The application it hosts. */
  RunApplication app() {
    return app;
  }

  /** Connects the launcher its jobs go to; call once, before the run. */
  void connect(ApplicationSubmissions launcher) {
    this.launcher = launcher;
  }

  /** Adopts one of its queues (the launcher built it from the run's queue list). */
  void own(SimQueue queue) {
    queues.put(queue.spec.id(), queue);
    queue.application = this;
  }

  /**
   * Limits the jobs it may submit to what {@code heapBytes} of heap holds at {@code bytesPerJob}
   * each ({@link Limits#maxApplicationJobs}); call before the run.
   */
  void limitJobs(long heapBytes, int bytesPerJob) {
    this.maxJobs = Limits.maxApplicationJobs(heapBytes, bytesPerJob);
    this.tooManyJobs = tooManyJobs(app.name(), maxJobs, heapBytes, bytesPerJob);
  }

  /** The most jobs it may submit in the run. */
  long maxJobs() {
    return maxJobs;
  }

  /** The run starts. */
  void start() {
    call("start", () -> app.application().start(this));
  }

  /** One of its jobs finished; the engine has accounted it. */
  void finished(SimJob job) {
    finishedJobs++;
    FinishedJob finished = new FinishedJob(job.job.id(), job.queue.spec.id(), job.submitNs,
        job.firstStartNs, job.finishNs);
    call("onJobFinished", () -> app.application().onJobFinished(finished, this));
  }

  /** Whether it is to be told when a job's first block starts. */
  boolean observesStarts() {
    return observesStarts;
  }

  /** One of its jobs placed its first block (the event fires at the block's start). */
  void started(SimJob job) {
    StartedJob started = new StartedJob(job.job.id(), job.queue.spec.id(), job.submitNs,
        job.firstStartNs);
    call("onJobStarted", () -> app.application().onJobStarted(started, this));
  }

  /** One of its wake-ups is due. */
  void wakeUp() {
    call("onWakeUp", () -> app.application().onWakeUp(this));
  }

  private void call(String callback, Runnable body) {
    try {
      body.run();
    } catch (EngineSide e) {
      throw e.getCause();
    } catch (ApplicationFailure e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ApplicationFailure(app.name(), callback, e);
    }
  }

  @Override
  public long nowNs() {
    return run.now();
  }

  @Override
  public long submit(JobRequest request) {
    Objects.requireNonNull(request, "request");
    SimQueue queue = queues.get(request.queueId());
    checkArgument(queue != null, "%s submitted a job to queue '%s', which is not one of its "
        + "queues (%s)", app.name(), request.queueId(), String.join(", ", queues.keySet()));
    checkArgument(jobs < maxJobs, tooManyJobs);
    checkArgument(jobs - finishedJobs < MAX_IN_FLIGHT, "%s has %s jobs submitted and not "
        + "finished, the most one application may have in flight", app.name(), MAX_IN_FLIGHT);
    jobs++;
    return launcher.submitFromApplication(queue, request);
  }

  /**
   * The one-line error of an application that would submit more than {@code maxJobs} jobs: what
   * binds (the heap, at so many bytes a job, or {@link Limits#MAX_APPLICATION_JOBS}) and what to
   * do.
   */
  static String tooManyJobs(String application, long maxJobs, long heapBytes, int bytesPerJob) {
    String limit = String.format(java.util.Locale.ROOT, "%,d", maxJobs);
    if (maxJobs >= Limits.MAX_APPLICATION_JOBS) {
      return application + " submitted more than " + limit + " jobs, the most one application "
          + "may submit in a run; shorten its run (its duration or its requests)";
    }
    return application + " submitted more than " + limit + " jobs, the most this JVM's heap of "
        + (heapBytes >> 20) + " MiB holds at about " + bytesPerJob + " bytes kept per job until "
        + "the run ends; give the JVM more heap (PREEMPTLAB_JAVA_OPTS=-Xmx" + heapAdvice(maxJobs,
        bytesPerJob) + " ./preemptlab ..., or java -Xmx" + heapAdvice(maxJobs, bytesPerJob)
        + " -jar ...) or shorten its run (its duration or its requests)";
  }

  /** Twice the heap the limit came from, in whole GiB (at least 2): {@code 8g}. */
  private static String heapAdvice(long maxJobs, int bytesPerJob) {
    long gib = Math.max(2, (2 * maxJobs * bytesPerJob + (1L << 30) - 1) >> 30);
    return gib + "g";
  }

  @Override
  public void wakeAt(long timeNs) {
    checkArgument(timeNs >= run.now(), "%s asked for a wake-up at %s ns, before now (%s ns)",
        app.name(), timeNs, run.now());
    checkArgument(timeNs < Long.MAX_VALUE, "%s asked for a wake-up at the end of time",
        app.name());
    checkArgument(wakeUps < MAX_WAKE_UPS, "%s asked for more than %s wake-ups, the most one "
        + "application may ask for in a run", app.name(), MAX_WAKE_UPS);
    wakeUps++;
    run.events.push(timeNs, new Events.WakeUp(this), 0);
  }

  @Override
  public String toString() {
    return app.name();
  }

  /**
   * An exception the engine threw while serving one of the application's requests: it leaves the
   * callback as its cause, not as the application's failure.
   */
  static final class EngineSide extends RuntimeException {
    private static final long serialVersionUID = 1L;

    EngineSide(RuntimeException cause) {
      super(cause);
    }

    @Override
    public synchronized RuntimeException getCause() {
      return (RuntimeException) super.getCause();
    }
  }
}
