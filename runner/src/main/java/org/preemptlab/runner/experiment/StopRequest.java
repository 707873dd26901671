package org.preemptlab.runner.experiment;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A request, from Ctrl-C (SIGINT) or SIGTERM, that a long command stop cleanly: the command polls
 * {@link #requested()} or registers what interrupts its work ({@link #onRequest}), keeps what has
 * completed, and says when it has stopped ({@link #stopped()}) so that whoever asked can wait for
 * it ({@link #awaitStopped}). Thread-safe.
 */
public final class StopRequest {
  private volatile boolean requested;
  private final List<Runnable> actions = new CopyOnWriteArrayList<>();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final Set<Thread> working = new HashSet<>();

  /** Whether a stop was requested. */
  public boolean requested() {
    return requested;
  }

  /**
   * Requests the stop: interrupts every thread inside {@link #interruptible}, then runs every
   * registered action once, in registration order.
   */
  public void request() {
    synchronized (this) {
      if (requested) {
        return;
      }
      requested = true;
      working.forEach(Thread::interrupt);
    }
    actions.forEach(Runnable::run);
  }

  /**
   * Does {@code work} in this thread so that a stop request interrupts it (a simulation checks the
   * interrupt every 65,536 events and throws {@link CancellationException}); the interrupt cannot
   * reach the thread after {@code work} returns, so what the caller does next (writing a result)
   * is not broken by it.
   *
   * @throws CancellationException if the stop was already requested
   */
  public <T> T interruptible(Supplier<T> work) {
    Thread self = Thread.currentThread();
    synchronized (this) {
      if (requested) {
        throw new CancellationException("stop requested");
      }
      working.add(self);
    }
    try {
      return work.get();
    } finally {
      synchronized (this) {
        working.remove(self);
        Thread.interrupted(); // a request that came as the work ended
      }
    }
  }

  /** Runs {@code action} when a stop is requested (at once if it already was). */
  public void onRequest(Runnable action) {
    synchronized (this) {
      if (!requested) {
        actions.add(action);
        return;
      }
    }
    action.run();
  }

  /** The command has stopped (or finished): {@link #awaitStopped} returns. */
  public void stopped() {
    stopped.countDown();
  }

  /** Waits up to {@code grace} for {@link #stopped()}; returns whether it came. */
  public boolean awaitStopped(Duration grace) {
    try {
      return stopped.await(grace.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
