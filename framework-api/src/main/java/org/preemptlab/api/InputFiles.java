package org.preemptlab.api;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Opening a user's input file, the one way every reader does it (traces, request traces, profiles,
 * hardware files): a regular file only (a FIFO would block the reader for ever, a device never
 * ends), gzip recognised by its first bytes, and a compressed file bounded after inflation, so
 * that ten megabytes of gzip cannot hold ten gigabytes of whitespace. What is read from the file is
 * bounded by its reader (lines by {@link Limits#MAX_TRACE_LINE_CHARS}, rows by {@link
 * Limits#MAX_JOBS}); numbers go through {@link Numbers}. Errors name the file, never its content.
 *
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class InputFiles {
  /** The most bytes a compressed input may inflate to: 4 GiB. */
  public static final long MAX_INFLATED_BYTES = 4L << 30;

  /**
   * The inflated size beyond which a compressed input must not inflate more than {@link
   * #MAX_RATIO} times its compressed bytes: 64 MiB.
   */
  public static final long RATIO_CHECKED_AFTER_BYTES = 64L << 20;

  /**
   * The largest inflation ratio past {@link #RATIO_CHECKED_AFTER_BYTES}: 200. Traces and tables
   * compress 5 to 30 times; only long runs of one character (whitespace, blank lines) reach the
   * 1,000 times that gzip allows.
   */
  public static final long MAX_RATIO = 200;

  /** The size of each buffer between the file and a reader. */
  private static final int BUFFER_BYTES = 8192;

  private InputFiles() {}

  /**
   * Fails unless {@code file} is a regular file (or does not exist: opening it then says so).
   *
   * @param what what the file is, for the message, e.g. {@code "trace file"}
   * @throws ConfigurationException naming the file, for a directory, FIFO or device
   */
  public static void checkRegular(Path file, String what) {
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new ConfigurationException(name(file) + ": not a regular file (a directory, FIFO or "
          + "device); give the path of " + ("aeiou".indexOf(what.charAt(0)) >= 0 ? "an " : "a ")
          + what);
    }
  }

  /**
   * Reads a regular UTF-8 text file of at most {@code maxBytes} bytes whole ({@link
   * Limits#readText} after {@link #checkRegular}).
   *
   * @throws ConfigurationException if it is not a regular file, is missing, too large or not UTF-8
   */
  public static String readText(Path file, String what, int maxBytes) {
    checkRegular(file, what);
    return Limits.readText(file, what, maxBytes);
  }

  /**
   * Opens a regular file, inflating it if it starts with the gzip magic bytes; the inflated stream
   * fails once it passes {@link #MAX_INFLATED_BYTES}, or {@link #MAX_RATIO} times the compressed
   * bytes after {@link #RATIO_CHECKED_AFTER_BYTES}.
   *
   * @param what what the file is, for messages, e.g. {@code "trace file"}
   * @throws ConfigurationException if the file is missing, unreadable or not a regular file; its
   *     reads throw it when the inflated size passes the bounds
   */
  public static InputStream open(Path file, String what) {
    checkRegular(file, what);
    try {
      // Buffers of the default 8 KiB: the readers read 8,000 bytes at a time, and three buffers
      // of 64 KiB, allocated and cleared per read, were about a quarter of the replaying thread's
      // time in reading the gzip example (docs/performance-log.md, "A replay's fixed costs,
      // again").
      Counting raw = new Counting(Files.newInputStream(file));
      InputStream in = new BufferedInputStream(raw, BUFFER_BYTES);
      in.mark(2);
      int first = in.read();
      int second = in.read();
      in.reset();
      if (first == 0x1f && second == 0x8b) {
        return new Inflated(new GZIPInputStream(in, BUFFER_BYTES), raw, name(file));
      }
      return in;
    } catch (NoSuchFileException e) {
      throw new ConfigurationException(name(file) + ": no such file (" + file.toAbsolutePath()
          + ")");
    } catch (IOException e) {
      throw new ConfigurationException(name(file) + ": cannot read: "
          + e.getClass().getSimpleName());
    }
  }

  /** The name errors use for a file: its name without the directories. */
  public static String name(Path file) {
    Path name = file.getFileName();
    return name == null ? file.toString() : name.toString();
  }

  /** Counts the bytes read through it. */
  private static final class Counting extends FilterInputStream {
    private long count;

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      count += b < 0 ? 0 : 1;
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      count += Math.max(n, 0);
      return n;
    }
  }

  /** An inflating stream that fails once it has inflated too much. */
  private static final class Inflated extends FilterInputStream {
    private final Counting compressed;
    private final String name;
    private long inflated;

    Inflated(InputStream in, Counting compressed, String name) {
      super(in);
      this.compressed = compressed;
      this.name = name;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        counted(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        counted(n);
      }
      return n;
    }

    private void counted(int n) {
      inflated += n;
      if (inflated > MAX_INFLATED_BYTES || inflated > RATIO_CHECKED_AFTER_BYTES
          && inflated > MAX_RATIO * Math.max(1, compressed.count)) {
        throw new ConfigurationException(name + ": inflates to more than "
            + Limits.sizeText(inflated > MAX_INFLATED_BYTES ? MAX_INFLATED_BYTES
                : RATIO_CHECKED_AFTER_BYTES)
            + (inflated > MAX_INFLATED_BYTES ? ", the limit for a compressed input"
                : ", over " + MAX_RATIO + " times its compressed size (a trace or table compresses"
                    + " 5 to 30 times; long runs of one character such as blank space do not "
                    + "belong in an input)"));
      }
    }
  }
}
