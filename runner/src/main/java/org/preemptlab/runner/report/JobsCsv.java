package org.preemptlab.runner.report;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import org.preemptlab.api.model.Job;
import org.preemptlab.runner.engine.JobRecord;
import org.preemptlab.runner.experiment.FinishedJobs;

/**
 * A run's {@code jobs.csv}, written while the run goes on: each job's row is written as the job
 * finishes, in the workload's order. A row that finishes ahead of an earlier job still running is
 * held back until that job's row is written; so the writer holds the rows finished out of order,
 * never every row. The rows go to {@code jobs.csv.partial} beside the final file, which {@link
 * #commit()} renames to {@code jobs.csv} once every job has its row; {@link #close()} without a
 * commit deletes it, so a failed or interrupted run leaves no half-written file and an earlier
 * run's {@code jobs.csv} untouched.
 */
public final class JobsCsv implements FinishedJobs, Closeable {
  /** The file's name in a run's output folder. */
  public static final String NAME = "jobs.csv";
  /** The name of the file while the run goes on. */
  public static final String PARTIAL_NAME = NAME + ".partial";
  /** The header line, without its newline. */
  public static final String HEADER = "job_id,queue,context,priority,engine,kernel,blocks,"
      + "submit_ns,ready_ns,dispatch_ns,first_start_ns,finish_ns,turnaround_ns,waiting_ns,"
      + "slowdown,preemptions,bytes_saved,bytes_restored,lost_work_ns,deadline_ns,"
      + "missed_deadline";

  private final Path partial;
  private final Path file;
  private final Writer out;
  /** The next index to write. */
  private int next;
  /** Rows finished ahead of {@link #next}: slot {@code (head + index − next) & mask}. */
  private String[] ahead = new String[16];
  private int head;
  private int held;
  private int mostHeld;
  private boolean committed;

  private JobsCsv(Path file) throws IOException {
    this.file = file;
    this.partial = file.resolveSibling(file.getFileName() + ".partial");
    this.out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8, OutputPaths.WRITE);
    out.write(HEADER + "\n");
  }

  /**
   * Starts {@code file} (in a checked output folder).
   *
   * @throws UncheckedIOException if the file cannot be created
   */
  public static JobsCsv open(Path file) {
    try {
      return new JobsCsv(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** One job's row, without its newline. */
  public static String row(JobRecord j, double slowdown) {
    return j.jobId() + "," + j.queueId() + "," + j.contextId() + "," + j.priority() + ","
        + j.engine() + "," + Csv.quote(j.kernel()) + "," + j.blocks() + "," + j.submitNs()
        + "," + j.readyNs() + "," + j.dispatchNs() + "," + j.firstStartNs() + ","
        + j.finishNs() + "," + j.turnaroundNs() + "," + j.waitingNs() + ","
        + Numbers.fixed(slowdown, 6) + "," + j.preemptions() + "," + j.bytesSaved() + ","
        + j.bytesRestored() + "," + j.lostWorkNs() + ","
        + (j.deadlineNs() == Job.NO_DEADLINE ? "" : Long.toString(j.deadlineNs())) + ","
        + j.missedDeadline();
  }

  @Override
  public void finished(int index, JobRecord record, double slowdown) {
    int offset = index - next;
    checkArgument(offset >= 0, "job index %s finished twice", index);
    if (offset >= ahead.length) {
      grow(offset + 1);
    }
    int slot = (head + offset) & (ahead.length - 1);
    checkArgument(ahead[slot] == null, "job index %s finished twice", index);
    ahead[slot] = row(record, slowdown);
    held++;
    mostHeld = Math.max(mostHeld, held);
    try {
      while (ahead[head] != null) {
        out.write(ahead[head]);
        out.write('\n');
        ahead[head] = null;
        head = (head + 1) & (ahead.length - 1);
        held--;
        next++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + partial, e);
    }
  }

  /** The most rows held back at once, waiting for an earlier job to finish. */
  public int mostHeld() {
    return mostHeld;
  }

  /**
   * Closes the file as {@code jobs.csv}, replacing an earlier one.
   *
   * @param jobs the run's number of jobs
   * @throws IllegalStateException if a job has no row
   * @throws UncheckedIOException if the file cannot be written or renamed
   */
  public void commit(int jobs) {
    if (next != jobs || held != 0) {
      throw new IllegalStateException(next + " of " + jobs + " job rows written to " + file);
    }
    try {
      out.close();
      Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      committed = true;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** Deletes the partial file unless {@link #commit()} succeeded. */
  @Override
  public void close() {
    if (committed) {
      return;
    }
    try {
      out.close();
    } catch (IOException e) {
      // the run's own error is the one to report
    }
    try {
      Files.deleteIfExists(partial);
    } catch (IOException e) {
      // as above
    }
  }

  private void grow(int needed) {
    int capacity = Integer.highestOneBit(needed - 1) << 1;
    String[] grown = new String[capacity];
    for (int i = 0; i < ahead.length; i++) {
      grown[i] = ahead[(head + i) & (ahead.length - 1)];
    }
    Arrays.fill(ahead, null);
    ahead = grown;
    head = 0;
  }
}
