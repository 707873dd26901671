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
import org.preemptlab.api.model.Job;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.FinishedJobs;

/**
 * A run's {@code jobs.csv}, written while the run goes on: each job's row is written as the job
 * finishes, in the workload's order. A row that finishes ahead of an earlier job still running is
 * held back until that job's row is written: the nearest {@value #IN_MEMORY} such rows in memory,
 * the others in {@code jobs.csv.spill} beside it (8 bytes of memory each, for their place in that
 * file), so the writer's memory stays bounded even when one long job at the start of the workload
 * holds back every later row. The rows go to {@code jobs.csv.partial} beside the final file, which {@link
 * #commit()} renames to {@code jobs.csv} once every job has its row; {@link #close()} without a
 * commit deletes it, so a failed or interrupted run leaves no half-written file and an earlier
 * run's {@code jobs.csv} untouched.
 */
public final class JobsCsv implements FinishedJobs, Closeable {
  /** Rows held back in memory; further ones go to the spill file. */
  static final int IN_MEMORY = 4096;
  /** The file's name in a run's output folder. */
  public static final String NAME = "jobs.csv";
  /** The name of the file while the run goes on. */
  public static final String PARTIAL_NAME = NAME + ".partial";
  /** The name of the file of held-back rows while the run goes on. */
  public static final String SPILL_NAME = NAME + ".spill";
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
  /** Rows finished ahead of {@link #next}, at their distance from it. */
  private final ReorderBuffer ahead;
  private boolean committed;

  private JobsCsv(Path file, int inMemory) throws IOException {
    this.file = file;
    this.partial = file.resolveSibling(file.getFileName() + ".partial");
    Path spill = file.resolveSibling(file.getFileName() + ".spill");
    Files.deleteIfExists(spill); // a killed run's (deletes a link itself, never its target)
    this.ahead = new ReorderBuffer(inMemory, spill);
    this.out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8, OutputPaths.WRITE);
    out.write(HEADER + "\n");
  }

  /**
   * Starts {@code file} (in a checked output folder).
   *
   * @throws UncheckedIOException if the file cannot be created
   */
  public static JobsCsv open(Path file) {
    return open(file, IN_MEMORY);
  }

  /** {@link #open(Path)} holding at most {@code inMemory} rows in memory (a power of two). */
  static JobsCsv open(Path file, int inMemory) {
    try {
      return new JobsCsv(file, inMemory);
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
    int distance = index - next;
    checkArgument(distance >= 0, "job index %s finished twice", index);
    try {
      if (distance == 0) { // its turn: the usual case
        writeRow(row(record, slowdown));
        ahead.skip();
      } else {
        try {
          ahead.put(distance, row(record, slowdown));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("job index " + index + " finished twice", e);
        }
      }
      for (String row = ahead.poll(); row != null; row = ahead.poll()) {
        writeRow(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + partial, e);
    }
  }

  private void writeRow(String row) throws IOException {
    out.write(row);
    out.write('\n');
    next++;
  }

  /** The most rows held back at once, waiting for an earlier job to finish. */
  public int mostHeld() {
    return ahead.mostHeld();
  }

  /** How many held-back rows went to the spill file. */
  public long spilled() {
    return ahead.spilled();
  }

  /**
   * Closes the file as {@code jobs.csv}, replacing an earlier one.
   *
   * @param jobs the run's number of jobs
   * @throws IllegalStateException if a job has no row
   * @throws UncheckedIOException if the file cannot be written or renamed
   */
  public void commit(int jobs) {
    if (next != jobs || !ahead.isEmpty()) {
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

  /** Deletes the spill file, and the partial file unless {@link #commit()} succeeded. */
  @Override
  public void close() {
    try {
      ahead.close();
    } catch (UncheckedIOException e) {
      // the run's own error, if any, is the one to report
    }
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
}
