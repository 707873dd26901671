package org.preemptlab.runner.cli;

import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.preemptlab.runner.experiment.RunProgress;

/**
 * A long single run's progress on a terminal: a progress bar (me.tongfei progressbar, on standard
 * error) per phase, shown only once a phase has taken {@link #DELAY_MS} so that short runs print
 * nothing extra. {@link #choose} gives one only when a user watches an interactive terminal;
 * piped output, CI logs and tests never see it.
 */
final class TerminalProgress implements RunProgress, AutoCloseable {
  /** A phase shorter than this shows no bar. */
  static final long DELAY_MS = 2_000;
  private static final long TICK_MS = 250;

  private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
      task -> {
        Thread thread = new Thread(task, "preemptlab-progress");
        thread.setDaemon(true);
        return thread;
      });
  private String phase;
  private long total;
  private LongSupplier done;
  private long phaseStartMs;
  private ProgressBar bar;

  private TerminalProgress() {
    ticker.scheduleAtFixedRate(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
  }

  /**
   * A progress bar when a user watches an interactive terminal ({@code interactive}, and the
   * environment variable {@code CI} unset), otherwise null (no display); the same rule as a
   * sweep's.
   */
  static TerminalProgress choose(boolean interactive, Map<String, String> environment) {
    return interactive && !environment.containsKey("CI") ? new TerminalProgress() : null;
  }

  @Override
  public synchronized void phase(String phase, long total, LongSupplier done) {
    closeBar();
    this.phase = phase;
    this.total = total;
    this.done = done;
    this.phaseStartMs = System.currentTimeMillis();
  }

  private synchronized void tick() {
    if (done == null) {
      return;
    }
    if (bar == null) {
      if (System.currentTimeMillis() - phaseStartMs < DELAY_MS) {
        return;
      }
      bar = new ProgressBarBuilder().setTaskName(phase).setInitialMax(total)
          .setStyle(ProgressBarStyle.ASCII).setUnit(" jobs", 1).build();
    }
    bar.stepTo(total < 0 ? done.getAsLong() : Math.min(total, done.getAsLong()));
  }

  @Override
  public synchronized void end() {
    closeBar();
    done = null;
  }

  private void closeBar() {
    if (bar != null) {
      bar.stepTo(total < 0 ? done.getAsLong() : Math.min(total, done.getAsLong()));
      bar.close();
      bar = null;
    }
  }

  @Override
  public void close() {
    ticker.shutdownNow();
    end();
  }
}
