package org.preemptlab.runner.metrics;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a spilling {@link JobSamples.Recorder} keeps each finished job's samples until the run is
 * over: the latest {@link #BUFFERED} jobs in four arrays, the earlier ones in a temporary file
 * (24 bytes a job: index, id, turnaround, lane), so that the heap holds a fixed amount however
 * many jobs finish. {@link #readBack} hands every job back, file first, then buffer, and deletes
 * the file. A run of at most {@link #BUFFERED} jobs never creates the file.
 */
final class SampleSpill {
  /** Jobs held in memory before they go to the file: 24 bytes each, 1.5 MiB. */
  static final int BUFFERED = 65_536;

  /** Receives one job's samples. */
  interface Sink {
    void put(int index, long jobId, long turnaroundNs, int lane);
  }

  /** The folder of the file, or null for the system's temporary folder. */
  private final Path folder;
  private final int[] index;
  private final long[] jobId;
  private final long[] turnaround;
  private final int[] lane;
  private int buffered;
  private Path file;
  private DataOutputStream out;
  private long spilled;

  SampleSpill(int capacity, Path folder) {
    this.folder = folder;
    index = new int[capacity];
    jobId = new long[capacity];
    turnaround = new long[capacity];
    lane = new int[capacity];
  }

  void add(int jobIndex, long id, long turnaroundNs, int laneId) {
    if (buffered == index.length) {
      flush();
    }
    index[buffered] = jobIndex;
    jobId[buffered] = id;
    turnaround[buffered] = turnaroundNs;
    lane[buffered] = laneId;
    buffered++;
  }

  /** Hands every job added to {@code sink}, each once, and deletes the file. */
  void readBack(Sink sink) {
    try {
      if (out != null) {
        out.close();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(
            Files.newInputStream(file), 1 << 16))) {
          for (long i = 0; i < spilled; i++) {
            sink.put(in.readInt(), in.readLong(), in.readLong(), in.readInt());
          }
        } catch (EOFException e) {
          throw new IllegalStateException("the metric samples' spill file " + file + " ends "
              + "before its " + spilled + " jobs (was it changed or removed during the run?)", e);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read back the metric samples' spill file " + file
          + ": " + e.getMessage(), e);
    } finally {
      deleteFile();
    }
    for (int i = 0; i < buffered; i++) {
      sink.put(index[i], jobId[i], turnaround[i], lane[i]);
    }
  }

  private void flush() {
    try {
      if (out == null) {
        file = folder == null ? Files.createTempFile("preemptlab-samples-", ".bin")
            : Files.createTempFile(folder, "preemptlab-samples-", ".bin");
        file.toFile().deleteOnExit(); // a run that fails before readBack leaves nothing
        out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
      }
      for (int i = 0; i < buffered; i++) {
        out.writeInt(index[i]);
        out.writeLong(jobId[i]);
        out.writeLong(turnaround[i]);
        out.writeInt(lane[i]);
      }
    } catch (IOException e) {
      deleteFile();
      throw new UncheckedIOException("cannot write the metric samples' spill file in "
          + (folder != null ? folder : System.getProperty("java.io.tmpdir")) + ": "
          + e.getMessage(), e);
    }
    spilled += buffered;
    buffered = 0;
  }

  private void deleteFile() {
    if (file != null) {
      try {
        if (out != null) {
          out.close();
        }
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // the file was deleted on exit at the latest
      }
      out = null;
      file = null;
    }
  }
}
