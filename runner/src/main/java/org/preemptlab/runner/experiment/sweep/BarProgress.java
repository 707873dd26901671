package org.preemptlab.runner.experiment.sweep;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A progress bar on the terminal (me.tongfei progressbar), with the count of failed runs. */
final class BarProgress implements SweepProgress {
  private ProgressBar bar;
  private int failed;

  @Override
  public synchronized void start(int total, int done) {
    bar = new ProgressBarBuilder().setTaskName("sweep").setInitialMax(total)
        .setStyle(ProgressBarStyle.ASCII).setUnit(" runs", 1).continuousUpdate().build();
    bar.stepTo(done);
    bar.setExtraMessage(done > 0 ? done + " resumed" : "");
  }

  @Override
  public synchronized void completed(PlannedRun run, RunResult result) {
    if (!result.isOk()) {
      failed++;
      bar.setExtraMessage(failed + " failed");
    }
    bar.step();
  }

  @Override
  public synchronized void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
