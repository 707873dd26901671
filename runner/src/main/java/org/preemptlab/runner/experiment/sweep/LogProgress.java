package org.preemptlab.runner.experiment.sweep;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress as plain lines on standard error, for logs and CI: a line whenever another 10% of the
 * runs is done or {@code interval} has passed since the last line, and one line per failed run.
 */
final class LogProgress implements SweepProgress {
  private final PrintStream err;
  private final LongSupplier nanoClock;
  private final long intervalNanos;
  private int total;
  private int done;
  private int failed;
  private long startNanos;
  private long lastLineNanos;
  private int lastTenth;
  private int lastLineDone = -1;

  LogProgress(PrintStream err, LongSupplier nanoClock, long intervalNanos) {
    this.err = err;
    this.nanoClock = nanoClock;
    this.intervalNanos = intervalNanos;
  }

  @Override
  public synchronized void start(int total, int done) {
    this.total = total;
    this.done = done;
    startNanos = nanoClock.getAsLong();
    lastLineNanos = startNanos;
    lastTenth = tenth();
    err.println("sweep: " + total + " runs" + (done > 0 ? ", " + done + " already complete"
        : ""));
  }

  @Override
  public synchronized void completed(PlannedRun run, RunResult result) {
    done++;
    if (!result.isOk()) {
      failed++;
      err.println("sweep: run " + run + " failed: " + result.error());
    }
    long now = nanoClock.getAsLong();
    if (tenth() > lastTenth || now - lastLineNanos >= intervalNanos) {
      line(now);
    }
  }

  @Override
  public synchronized void close() {
    if (done != lastLineDone) {
      line(nanoClock.getAsLong());
    }
  }

  private void line(long now) {
    lastLineNanos = now;
    lastTenth = tenth();
    lastLineDone = done;
    err.println(String.format(Locale.ROOT, "sweep: %d/%d runs done (%d%%), %d failed, %.1f s",
        done, total, total == 0 ? 100 : done * 100 / total, failed, (now - startNanos) / 1e9));
  }

  private int tenth() {
    return total == 0 ? 10 : done * 10 / total;
  }
}
