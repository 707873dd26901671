package org.preemptlab.runner.experiment.sweep;

import java.io.PrintStream;
import java.util.Map;

/**
 * Reports a sweep's progress while it runs: a progress bar on an interactive terminal, plain log
 * lines otherwise. Called from the sweep's worker threads; implementations are thread-safe.
 */
public interface SweepProgress extends AutoCloseable {
  /**
   * The sweep starts.
   *
   * @param total runs in the sweep
   * @param done runs already complete (skipped by {@code --resume})
   */
  void start(int total, int done);

  /** One run finished, successfully or not. */
  void completed(PlannedRun run, RunResult result);

  /** The sweep ended; prints the last state. */
  @Override
  void close();

  /**
   * The progress display for this environment: a progress bar when a user watches an interactive
   * terminal ({@code interactive}, and the environment variable {@code CI} unset), otherwise log
   * lines on {@code err} every 10% of the runs or every 5 seconds, whichever comes first.
   */
  static SweepProgress choose(boolean interactive, Map<String, String> environment,
      PrintStream err) {
    if (interactive && !environment.containsKey("CI")) {
      return new BarProgress();
    }
    return new LogProgress(err, System::nanoTime, 5_000_000_000L);
  }
}
