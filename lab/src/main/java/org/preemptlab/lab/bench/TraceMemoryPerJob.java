package org.preemptlab.lab.bench;

import com.google.common.base.Preconditions;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.workload.CsvTraceReader;
import org.preemptlab.runner.workload.trace.BlockDurations;
import org.preemptlab.runner.workload.trace.KinetoTraceReader;
import org.preemptlab.runner.workload.trace.RecordedTrace;
import org.preemptlab.runner.workload.trace.TraceOp;
import org.preemptlab.runner.workload.trace.TraceOptions;
import org.preemptlab.runner.workload.trace.TraceReplay;

/**
 * The trace section of {@code preemptlab bench --memory}: the heap the trace readers need per job,
 * for N = 100,000 and 1,000,000 jobs (one queue, a job every 10 µs, each a kernel of 4 blocks of
 * 25 µs, as {@link MemoryPerJob} runs).
 *
 * <ul>
 *   <li>{@code csv}: a CSV trace ({@code docs/trace-format.md}) of N rows is written to a temporary
 *       file and read with {@link CsvTraceReader}; without a {@code kernel} column every job's
 *       kernel is named after the job ({@code own}: a kernel per job), with one it is the same
 *       kernel for all ({@code shared}). Live heap is read after a full collection before the
 *       read, when the reader reaches the end of the file (from the reader it reads through: all
 *       rows are read and the workload is not built yet, so this is what the reader holds while it
 *       reads) and after the read with the workload held.
 *   <li>{@code pytorch}: a PyTorch profiler trace of 100,000 kernels (a {@code cudaLaunchKernel}
 *       call and its kernel each, 100 distinct kernel names of about 120 characters, a 51 MB
 *       file) is written and read with {@link KinetoTraceReader}: live heap at the end of the file
 *       (the reader's state) and with the recorded trace it returns held.
 *   <li>{@code replay}: a recorded trace of N kernel launches on one stream, each depending on the
 *       one before, with 100 distinct kernel names (as a training step repeats its kernels) is
 *       built in memory and mapped with {@link TraceReplay}; live heap is read with the recorded
 *       trace held, before and after the mapping with its result held. The recorded trace itself
 *       (what a profiler trace file holds per operation) is not counted.
 * </ul>
 */
public final class TraceMemoryPerJob {
  /** The job counts measured. */
  public static final List<Integer> JOBS = MemoryPerJob.JOBS;
  private static final long GAP_NS = 10_000;
  private static final int BLOCKS = 4;
  private static final long BLOCK_NS = 25_000;
  private static final int REPLAY_KERNELS = 100;
  /** The PyTorch trace's jobs: its file takes about 500 bytes a job. */
  private static final int PYTORCH_JOBS = 100_000;

  private TraceMemoryPerJob() {}

  /**
   * The measurement of one trace of N jobs.
   *
   * @param kind {@code csv}, {@code pytorch} or {@code replay}
   * @param kernels {@code own} (a kernel per job), {@code shared} (one) or {@code 100} (that many)
   * @param jobs N
   * @param readingBytes live heap the reader held at the end of the input, or -1 if not measured
   * @param resultBytes live heap of the result (the workload, or the replayed part) once read
   */
  public record Row(String kind, String kernels, int jobs, long readingBytes, long resultBytes) {}

  /** Measures every N of {@link #JOBS}: CSV traces with own and shared kernels, then a replay. */
  public static List<Row> run() {
    List<Row> rows = new ArrayList<>();
    for (boolean shared : new boolean[] {false, true}) {
      for (int n : JOBS) {
        rows.add(csv(n, shared));
      }
    }
    rows.add(pytorch(PYTORCH_JOBS));
    for (int n : JOBS) {
      rows.add(replay(n));
    }
    return rows;
  }

  /**
   * Writes a PyTorch profiler trace of {@code n} kernels, each with its {@code cudaLaunchKernel}
   * call, and reads it with {@link KinetoTraceReader}.
   */
  public static Row pytorch(int n) {
    Preconditions.checkArgument(n >= 2, "at least 2 jobs, got %s", n);
    return withTempFile(".json", file -> writeKineto(file, n), file -> {
      long empty = HeapPeak.liveBytes();
      long[] atEnd = {-1};
      RecordedTrace trace;
      try (InputStream in = new AtEndStream(Files.newInputStream(file),
          () -> atEnd[0] = HeapPeak.liveBytes())) {
        trace = KinetoTraceReader.read(in, file.getFileName().toString());
      }
      long read = HeapPeak.liveBytes();
      Preconditions.checkState(trace.ops().size() == n && atEnd[0] >= 0);
      return new Row("pytorch", String.valueOf(REPLAY_KERNELS), n, atEnd[0] - empty,
          read - empty);
    });
  }

  /**
   * The PyTorch trace: one event a line, a launch call then its kernel, 10 µs apart, on one
   * stream, with names of about 120 characters (as templated CUDA kernels have).
   */
  static void writeKineto(Path file, int n) throws IOException {
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("{\"traceEvents\": [\n");
      for (int i = 0; i < n; i++) {
        long us = 10L * i;
        out.write("{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", "
            + "\"pid\": 1, \"tid\": 1, \"ts\": " + us + ", \"dur\": 3, \"args\": "
            + "{\"correlation\": " + (i + 1) + "}},\n");
        out.write("{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"void at::native::"
            + "vectorized_elementwise_kernel<4, at::native::Functor" + i % REPLAY_KERNELS
            + "<float>, at::detail::Array<char*, 2> >(int, ...)\", \"pid\": 0, \"tid\": 7, "
            + "\"ts\": " + (us + 5) + ", \"dur\": 25, \"args\": {\"device\": 0, \"context\": 1, "
            + "\"stream\": 7, \"correlation\": " + (i + 1) + ", \"grid\": [" + BLOCKS
            + ", 1, 1], \"block\": [256, 1, 1], \"registers per thread\": 32, "
            + "\"shared memory\": 0}}" + (i + 1 < n ? "," : "") + "\n");
      }
      out.write("]}\n");
    }
  }

  /** Writes and reads a CSV trace of {@code n} jobs. */
  public static Row csv(int n, boolean sharedKernel) {
    Preconditions.checkArgument(n >= 2, "at least 2 jobs, got %s", n);
    return withTempFile(".csv", file -> writeCsv(file, n, sharedKernel), file -> {
      long empty = HeapPeak.liveBytes();
      long[] atEnd = {-1};
      Workload workload;
      // the reader reads ahead at most one buffer (8 KiB) of the bytes the stream ends with
      try (Reader in = new BufferedReader(new InputStreamReader(new AtEndStream(
          Files.newInputStream(file), () -> atEnd[0] = HeapPeak.liveBytes()),
          StandardCharsets.UTF_8))) {
        workload = CsvTraceReader.read(in, file.getFileName().toString());
      }
      long read = HeapPeak.liveBytes();
      Preconditions.checkState(workload.jobs().size() == n && atEnd[0] >= 0);
      return new Row("csv", sharedKernel ? "shared" : "own", n, atEnd[0] - empty, read - empty);
    });
  }

  /** Writes a file. */
  private interface FileWrite {
    void to(Path file) throws IOException;
  }

  /** Reads a file and measures what reading it held. */
  private interface FileMeasure {
    Row of(Path file) throws IOException;
  }

  /**
   * Writes a temporary file with {@code write}, measures reading it with {@code measure} and
   * deletes it.
   */
  private static Row withTempFile(String suffix, FileWrite write, FileMeasure measure) {
    Path file = null;
    try {
      file = Files.createTempFile("preemptlab-memory-", suffix);
      write.to(file);
      return measure.of(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException ignored) {
          // a temporary file: the system cleans it up
        }
      }
    }
  }

  /** The CSV trace: ids from 1, one queue, a job every 10 µs. */
  static void writeCsv(Path file, int n, boolean sharedKernel) throws IOException {
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("job_id,queue,context,priority,engine,submit,grid_blocks,threads_per_block,"
          + "registers_per_thread,shared_memory_per_block,block_time,idempotent"
          + (sharedKernel ? ",kernel" : "") + "\n");
      for (int i = 0; i < n; i++) {
        out.write((i + 1) + ",jobs,memory,NORMAL,COMPUTE," + i * GAP_NS + "ns," + BLOCKS
            + ",256,32,0," + BLOCK_NS + "ns,true" + (sharedKernel ? ",k" : "") + "\n");
      }
    }
  }

  /** Replays a recorded trace of {@code n} kernel launches. */
  public static Row replay(int n) {
    Preconditions.checkArgument(n >= 2, "at least 2 jobs, got %s", n);
    RecordedTrace trace = recorded(n);
    TraceOptions options = new TraceOptions(-1, -1, -1, -1, 0, 0, 1, Priority.NORMAL, "memory",
        1.0, "", BlockDurations.Scaling.NONE, false, true);
    long withTrace = HeapPeak.liveBytes();
    TraceReplay.Part part = TraceReplay.replay(trace, options, StandardWorkload.device(),
        StandardWorkload.device(), 0);
    long replayed = HeapPeak.liveBytes();
    Preconditions.checkState(part.jobs().size() == n && trace.ops().size() == n);
    return new Row("replay", String.valueOf(REPLAY_KERNELS), n, -1, replayed - withTrace);
  }

  /** N kernels on one stream, launched 10 µs apart, each running for as long as its 4 blocks. */
  private static RecordedTrace recorded(int n) {
    List<TraceOp> ops = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      long start = i * GAP_NS + 1_000;
      ops.add(new TraceOp(TraceOp.Kind.KERNEL, "kernel_" + i % REPLAY_KERNELS, 0, 1, 7, i, start,
          BLOCK_NS, i * GAP_NS, BLOCKS, 256, 32, 0, "event " + i));
    }
    return new RecordedTrace("memory.json", ops, List.of(), List.of(), Map.of(), 0, -1);
  }

  /** The rows as a plain-text table. */
  public static String render(List<Row> rows) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-7s %-7s %-11s %17s %15s%n",
        "trace", "kernels", "N", "reading B/job", "result B/job"));
    for (Row r : rows) {
      out.append(String.format(Locale.ROOT, "%-7s %-7s %-11s %17s %15.1f%n", r.kind(), r.kernels(),
          String.format(Locale.ROOT, "%,d", r.jobs()), r.readingBytes() < 0 ? "-"
              : String.format(Locale.ROOT, "%.1f", (double) r.readingBytes() / r.jobs()),
          (double) r.resultBytes() / r.jobs()));
    }
    return out.toString();
  }

  /** A stream that runs an action the first time its input ends. */
  private static final class AtEndStream extends FilterInputStream {
    private final Runnable action;
    private boolean ended;

    AtEndStream(InputStream in, Runnable action) {
      super(in);
      this.action = action;
    }

    @Override
    public int read() throws IOException {
      return ended(super.read());
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      return ended(super.read(buffer, offset, length));
    }

    private int ended(int result) {
      if (result < 0 && !ended) {
        ended = true;
        action.run();
      }
      return result;
    }
  }
}
