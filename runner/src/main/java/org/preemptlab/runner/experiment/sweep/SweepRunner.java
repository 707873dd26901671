package org.preemptlab.runner.experiment.sweep;

import static com.google.common.base.Preconditions.checkArgument;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Durations;
import org.preemptlab.runner.discovery.PluginFailureException;
import org.preemptlab.engine.InvariantViolationException;
import org.preemptlab.runner.experiment.FinishedJobs;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunPlan;
import org.preemptlab.runner.experiment.StopRequest;
import org.preemptlab.runner.metrics.MetricSelection;

/**
 * Executes the runs of a sweep on a fixed pool of {@code jobs} threads in this JVM and stores each
 * result as soon as its run ends. A run that throws (a configuration the plugins refuse, a
 * {@link PluginFailureException}, an {@link InvariantViolationException}, any other exception) or
 * exceeds the timeout is recorded as failed with its error, and the other runs go on.
 *
 * <p>With a timeout, each run executes in a {@link Future} of its own; when the time is up the
 * future is cancelled (its thread interrupted) and the run recorded as {@code timeout after X}.
 * A plugin that ignores the interrupt keeps its (daemon) thread busy until the process ends, but
 * the sweep goes on with its other runs.
 */
public final class SweepRunner {
  private final RunExecutor executor;
  private final ResultStore store;
  private final int jobs;
  private final Optional<Duration> timeout;
  private final List<MetricSelection> recorded;
  private final Map<String, Set<String>> groups;
  private java.io.PrintStream stackTraces;
  /** Each configuration's resolved plugins, by its key; empty: every run resolves its own. */
  private Map<String, RunPlan> plans = Map.of();

  /**
   * A runner.
   *
   * @param executor runs one configuration; thread-safe
   * @param store where results go
   * @param jobs worker threads, at least 1
   * @param timeout the longest a run may take, if limited
   * @param recorded the metrics each run records ({@link RunResult#recorded})
   * @param groups the sweep's user-defined groups of queues
   */
  public SweepRunner(RunExecutor executor, ResultStore store, int jobs,
      Optional<Duration> timeout, List<MetricSelection> recorded,
      Map<String, Set<String>> groups) {
    checkArgument(jobs >= 1, "jobs must be >= 1, got %s", jobs);
    this.executor = executor;
    this.store = store;
    this.jobs = jobs;
    this.timeout = timeout;
    this.recorded = List.copyOf(recorded);
    this.groups = Map.copyOf(groups);
  }

  /**
   * Prints the full stack trace of every failed run's exception to {@code err}, after a line
   * naming the run ({@code --stacktrace}); the result file keeps its one-line error either way.
   */
  public SweepRunner printingStackTraces(java.io.PrintStream err) {
    this.stackTraces = err;
    return this;
  }

  /**
   * Creates each run from its configuration's plan ({@link SweepPlan#plans}, for the run's seed)
   * instead of resolving the configuration's plugins again for every run.
   *
   * @param sweep the sweep whose runs this runner executes
   * @param resolved the plans of {@code sweep}'s points, in their order
   */
  public SweepRunner resolvedAs(SweepPlan sweep, List<RunPlan> resolved) {
    checkArgument(resolved.size() == sweep.points().size(), "%s plans for %s configurations",
        resolved.size(), sweep.points().size());
    Map<String, RunPlan> byKey = new java.util.HashMap<>();
    for (int i = 0; i < resolved.size(); i++) {
      byKey.put(sweep.points().get(i).key(), resolved.get(i));
    }
    this.plans = Map.copyOf(byKey);
    return this;
  }

  /**
   * Executes {@code runs} and stores their results; returns the number that failed.
   *
   * @throws java.io.UncheckedIOException if a result cannot be written (the sweep stops: nothing
   *     could be kept)
   */
  public int run(List<PlannedRun> runs, SweepProgress progress) {
    return run(runs, progress, new StopRequest());
  }

  /**
   * Executes {@code runs} and stores their results until {@code stop} is requested; returns the
   * number that failed. On the request no further run starts, the runs under way are interrupted
   * (and waited for up to {@link #STOP_GRACE}), and a run that did not complete is not stored, so
   * that {@code --resume} runs it again; every result stored before stays.
   *
   * @throws java.io.UncheckedIOException if a result cannot be written (the sweep stops: nothing
   *     could be kept)
   */
  public int run(List<PlannedRun> runs, SweepProgress progress, StopRequest stop) {
    ExecutorService workers = Executors.newFixedThreadPool(jobs, daemons("sweep-worker-"));
    ExecutorService timed = timeout.isPresent()
        ? Executors.newCachedThreadPool(daemons("sweep-run-")) : null;
    AtomicInteger failed = new AtomicInteger();
    List<Future<?>> futures = new java.util.concurrent.CopyOnWriteArrayList<>();
    stop.onRequest(() -> futures.forEach(future -> future.cancel(false)));
    try {
      for (PlannedRun run : runs) {
        if (stop.requested()) {
          break;
        }
        futures.add(workers.submit(() -> {
          if (stop.requested()) {
            return;
          }
          RunResult result;
          try {
            // a stop interrupts the run, never the write below
            result = stop.interruptible(() -> timed == null ? execute(run)
                : executeWithTimeout(run, timed));
          } catch (java.util.concurrent.CancellationException e) {
            return; // the stop came first
          }
          if (stop.requested() && !result.isOk()) {
            return; // interrupted by the stop: not a result; --resume runs it again
          }
          store.write(run, result);
          if (!result.isOk()) {
            failed.incrementAndGet();
          }
          progress.completed(run, result);
        }));
      }
      if (stop.requested()) {
        futures.forEach(future -> future.cancel(false));
      }
      for (Future<?> future : futures) {
        await(future);
      }
    } finally {
      if (stop.requested()) {
        workers.shutdown(); // runs under way were interrupted; let them store what completed
        awaitQuietly(workers);
      }
      workers.shutdownNow();
      if (timed != null) {
        timed.shutdownNow();
      }
    }
    return failed.get();
  }

  /** How long a stopped sweep waits for its interrupted runs to end. */
  public static final Duration STOP_GRACE = Duration.ofSeconds(5);

  private static void awaitQuietly(ExecutorService workers) {
    try {
      workers.awaitTermination(STOP_GRACE.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void await(Future<?> future) {
    try {
      future.get();
    } catch (java.util.concurrent.CancellationException e) {
      // cancelled by a stop request: its run did not complete
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the sweep", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause()); // a bug of the sweep itself: fail loudly
    }
  }

  private RunResult execute(PlannedRun run) {
    try {
      RunPlan resolved = plans.get(run.point().key());
      return RunResult.ok(run, resolved == null
          ? executor.execute(run.config(), null, FinishedJobs.NONE)
          : executor.execute(resolved.withSeed(run.seed()), null, FinishedJobs.NONE), recorded,
          groups);
    } catch (OutOfMemoryError e) {
      throw e; // the JVM is in no state to go on
    } catch (Throwable e) {
      // any other Throwable a plugin throws fails only its run: a java.lang.Error, or a checked
      // exception that Kotlin, Scala, Groovy or @SneakyThrows code throws without declaring it
      printStackTrace(run, e);
      return RunResult.failed(run, describe(e));
    }
  }

  private void printStackTrace(PlannedRun run, Throwable e) {
    java.io.PrintStream err = stackTraces;
    if (err != null) {
      synchronized (err) { // one run's trace in one piece, whatever the worker threads
        err.println("run " + run + " failed:");
        e.printStackTrace(err);
      }
    }
  }

  private RunResult executeWithTimeout(PlannedRun run, ExecutorService timed) {
    Future<RunResult> future = timed.submit(() -> execute(run));
    long limit = timeout.orElseThrow().toNanos();
    try {
      return future.get(limit, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      return RunResult.failed(run, "timeout after " + Durations.format(limit));
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      return RunResult.failed(run, "interrupted");
    } catch (ExecutionException e) {
      return RunResult.failed(run, describe(e.getCause())); // execute() catches nearly all
    }
  }

  /**
   * One line saying why a run failed: the message of a configuration refusal, plugin failure or
   * invariant violation (they name the plugin), or the exception and where it was thrown. Also
   * for other commands that go on past one failed part of their work ({@code reproduce --all}).
   */
  public static String describe(Throwable t) {
    String text;
    if (t instanceof ConfigurationException || t instanceof PluginFailureException
        || t instanceof InvariantViolationException) {
      text = t.getMessage();
    } else {
      StackTraceElement[] trace = t.getStackTrace();
      text = t + (trace.length > 0 ? " (at " + trace[0] + ")" : "");
    }
    return text == null ? t.getClass().getName() : text.strip().replaceAll("\\s*\\R\\s*", " ");
  }

  private static ThreadFactory daemons(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
