package org.preemptlab.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The bounds that keep every input of a run sane, declared once: how large an input file may be,
 * and the largest value of each quantity that could otherwise make a run absurd (simulate for
 * hours, exhaust memory or overflow simulated time). Parameter declarations ({@link ParameterSpec})
 * and the readers of specs, traces and scenarios use these constants, so {@code preemptlab list}
 * and the error messages show the same numbers.
 *
 * <p>Simulated time is a {@code long} count of nanoseconds (about 292 years); {@link
 * #MAX_DURATION_NS} keeps every single time a user writes far below that, so sums of many of them
 * stay exact.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Limits {
  /** The largest configuration, spec, scenario, sweep or hardware-model file: 1 MiB. */
  public static final int MAX_TEXT_FILE_BYTES = 1 << 20;

  /** The longest line of a CSV trace: 64 KiB. */
  public static final int MAX_TRACE_LINE_CHARS = 1 << 16;

  /** The longest duration or point in simulated time a user may write: 1 hour (in ns). */
  public static final long MAX_DURATION_NS = 3_600_000_000_000L;

  /**
   * The most decimal digits of exponent (and of fractional part) a number in an input may carry:
   * {@code 1e-30s} is accepted, {@code 1e-99999999s} is not read digit by digit.
   */
  public static final int MAX_EXPONENT = 30;

  /** The most streaming multiprocessors a device may have (the H200 has 132). */
  public static final int MAX_SM_COUNT = 4096;

  /** The most blocks one kernel may have. */
  public static final int MAX_GRID_BLOCKS = 1 << 24;

  /**
   * The most jobs one workload read from a trace or built by an application or scenario may
   * submit (a run keeps about 50 to 150 bytes per job).
   */
  public static final int MAX_JOBS = 1_000_000;

  /**
   * The most jobs one synthetic workload may submit. A synthetic run's heap grows by under 100
   * bytes per job (the generator's drafts while generating; the workload's columns, the engine's
   * per-job arrays and the metrics' samples while running): 10,000,000 jobs run in a 1 GiB heap
   * (docs/performance.md, "Ten million jobs in a gigabyte"), so the largest needs about 2 GiB.
   */
  public static final int MAX_GENERATED_JOBS = 20_000_000;

  /**
   * The heap a run keeps, until its end, for each job an application submits during it, when the
   * run streams its job records (as {@code run}, {@code sweep} and {@code bench --llm} do): the
   * engine's per-job indices (its table of jobs in flight, the job's place in its queue's order,
   * its dependency count: about 16 bytes with the arrays' spare room), the job's turnaround alone
   * (8 bytes and spare room) and, once the simulation is over, the metrics' samples (9 bytes) and
   * the sorted and per-job copies their statistics read (16 bytes, for a moment); and what an
   * application's distinct kernels cost (the isolated runs' and the engine's maps by value, about
   * 220 bytes a kernel: an LLM server makes one every dozen jobs or so). Measured with {@code bench
   * --llm --llm-case conv-alone --llm-seconds 600}: 24,758,919 jobs, at most 1,514 MiB live after a
   * collection, under 60 bytes a job (docs/performance-log.md, "An hour of serving in bounded
   * memory"). A run that keeps its records in its result ({@code Simulator.run()} without a sink)
   * keeps {@link #KEPT_RECORD_BYTES} more.
   */
  public static final int APPLICATION_JOB_BYTES = 64;

  /** The heap a job's record takes in a result that keeps the records: its row of 96 bytes. */
  public static final int KEPT_RECORD_BYTES = 96;

  /**
   * The most jobs one application may submit in a run whatever the heap: job indices are {@code
   * int}s, and the engine's per-job arrays double when they grow.
   */
  public static final int MAX_APPLICATION_JOBS = 1_000_000_000;

  /**
   * The most jobs one application may submit in a run whose JVM may use {@code maxHeapBytes} of
   * heap ({@code Runtime.maxMemory()}): as many as the heap holds at {@code bytesPerJob} each, at
   * most {@link #MAX_APPLICATION_JOBS}. An hour of LLM serving with one kernel per operator and
   * layer submits 38 to 167 million jobs: 2.4 to 10.7 GB at {@link #APPLICATION_JOB_BYTES}. The limit
   * depends on the heap, a run's results never do: a run either fits and gives the same output
   * whatever the heap, or stops with an error that names the limit.
   *
   * @param maxHeapBytes the most heap the JVM may use
   * @param bytesPerJob the heap kept per job: {@link #APPLICATION_JOB_BYTES}, plus {@link
   *     #KEPT_RECORD_BYTES} if the run keeps its records
   */
  public static long maxApplicationJobs(long maxHeapBytes, int bytesPerJob) {
    Checks.checkArgument(maxHeapBytes > 0 && bytesPerJob > 0, "heap %s bytes, %s bytes per job",
        maxHeapBytes, bytesPerJob);
    return Math.min(MAX_APPLICATION_JOBS, maxHeapBytes / bytesPerJob);
  }

  /** The most seeds a sweep may run per configuration. */
  public static final int MAX_SEEDS = 10_000;

  /** The most jobs a DRM scenario client may queue per cycle. */
  public static final int MAX_JOBS_PER_CYCLE = 100_000;

  private Limits() {}

  /**
   * Reads a UTF-8 text file whole, refusing it without reading further once it passes {@code
   * maxBytes} (so {@code /dev/zero} or a huge file fails at once, naming the limit). The error
   * never quotes the file's contents.
   *
   * @param file the file
   * @param what what the file is, for messages, e.g. {@code "configuration file"}
   * @param maxBytes the largest accepted size in bytes
   * @throws ConfigurationException if it does not exist, is a directory, cannot be read, is larger
   *     than {@code maxBytes} or is not UTF-8 text
   */
  public static String readText(Path file, String what, int maxBytes) {
    if (Files.isDirectory(file)) {
      throw new ConfigurationException(what + " " + file + " is a directory, not a file");
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = readAtMost(in, maxBytes);
    } catch (NoSuchFileException e) {
      throw new ConfigurationException(what + " " + file + " does not exist" + (file.isAbsolute()
          ? "" : " (looked for " + file.toAbsolutePath().normalize() + ")"));
    } catch (IOException e) {
      throw new ConfigurationException("cannot read " + what + " " + file + ": "
          + e.getClass().getSimpleName(), e);
    }
    if (bytes == null) {
      throw new ConfigurationException(what + " " + file + " is larger than the limit of "
          + sizeText(maxBytes) + " for such files");
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new ConfigurationException(what + " " + file + " is not UTF-8 text");
    }
  }

  /** Reads up to {@code maxBytes} bytes; null if the stream holds more. */
  private static byte[] readAtMost(InputStream in, int maxBytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    long total = 0;
    int n;
    while ((n = in.read(buffer)) >= 0) {
      total += n;
      if (total > maxBytes) {
        return null;
      }
      out.write(buffer, 0, n);
    }
    return out.toByteArray();
  }

  /** {@code 1 MiB}, {@code 64 KiB} or a number of bytes. */
  public static String sizeText(long bytes) {
    if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
      return (bytes >> 20) + " MiB";
    }
    if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
      return (bytes >> 10) + " KiB";
    }
    return bytes + " bytes";
  }
}
