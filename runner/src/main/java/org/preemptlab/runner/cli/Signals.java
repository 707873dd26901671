package org.preemptlab.runner.cli;

import java.time.Duration;
import org.preemptlab.runner.experiment.StopRequest;

/**
 * Where a long command learns that the user pressed Ctrl-C: the JVM's shutdown hooks (SIGINT,
 * SIGTERM), or a test's own trigger. On the signal the command's {@link StopRequest} is requested
 * and the signal's thread waits, up to {@link #GRACE}, for the command to say it has stopped, so
 * that completed results are kept and the command's last message is printed before the JVM
 * exits. A plugin that calls {@code System.exit} runs the same hooks: that is not a signal, and
 * the hook says so at once instead of waiting for a run that cannot stop.
 */
interface Signals {
  /** How long an interrupted command may take to stop cleanly before the JVM exits anyway. */
  Duration GRACE = Duration.ofSeconds(10);

  /** The JVM's: a shutdown hook per command. */
  Signals JVM = onSignal -> {
    Thread hook = new Thread(onSignal, "preemptlab-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
    return () -> {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook is running (or has run) and must stay
      }
    };
  };

  /**
   * Calls {@code onSignal} (on a thread of its own) when the user interrupts, until the returned
   * registration is closed.
   */
  Registration register(Runnable onSignal);

  /**
   * Registers {@code stop}: on the signal it is requested and the signal waits for the command to
   * stop.
   */
  default Registration register(StopRequest stop) {
    return register(() -> {
      java.util.Optional<String> exit = ExitCalls.caller();
      if (exit.isPresent()) { // not a signal: waiting for the run would only delay the exit
        System.err.println("preemptlab: run failed: " + exit.get() + " called System.exit "
            + "during the run; exiting without its results");
        return;
      }
      stop.request();
      if (!stop.awaitStopped(GRACE)) {
        System.err.println("preemptlab: interrupted; the run did not stop within "
            + GRACE.toSeconds() + " s (it checks every 65,536 events), exiting without its "
            + "results");
      }
    });
  }

  /** A registration; closing it removes the hook. */
  interface Registration extends AutoCloseable {
    @Override
    void close();
  }
}
