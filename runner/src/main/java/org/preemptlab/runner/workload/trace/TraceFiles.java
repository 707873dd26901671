package org.preemptlab.runner.workload.trace;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.preemptlab.api.ConfigurationException;

/** Opening trace files: plain or gzip-compressed (recognised by content, not by name). */
final class TraceFiles {
  /** The size of each buffer between the file and a reader. */
  static final int BUFFER_BYTES = 8192;

  private TraceFiles() {}

  /**
   * Opens {@code file}, decompressing it if it starts with the gzip magic bytes.
   *
   * @throws ConfigurationException if the file is missing, unreadable or not a regular file (a
   *     FIFO would block the reader for ever)
   */
  static InputStream open(Path file) {
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new ConfigurationException(name(file) + ": not a regular file (a directory, FIFO or "
          + "device); give the path of a trace file");
    }
    try {
      // Buffers of the default 8 KiB: the readers read 8,000 bytes at a time, and three buffers
      // of 64 KiB, allocated and cleared per read, were about a quarter of the replaying thread's
      // time in reading the gzip example (docs/performance-log.md, "A replay's fixed costs, again").
      InputStream in = new BufferedInputStream(Files.newInputStream(file), BUFFER_BYTES);
      in.mark(2);
      int first = in.read();
      int second = in.read();
      in.reset();
      if (first == 0x1f && second == 0x8b) {
        return new GZIPInputStream(in, BUFFER_BYTES);
      }
      return in;
    } catch (NoSuchFileException e) {
      throw new ConfigurationException(name(file) + ": no such file (" + file.toAbsolutePath()
          + ")");
    } catch (IOException e) {
      throw new ConfigurationException(name(file) + ": cannot read: " + oneLine(e.getMessage()));
    }
  }

  /** The name errors use for a file: its name without the directories. */
  static String name(Path file) {
    Path name = file.getFileName();
    return name == null ? file.toString() : name.toString();
  }

  /** The first line of a message, or the empty string. */
  static String oneLine(String message) {
    if (message == null) {
      return "";
    }
    int newline = message.indexOf('\n');
    return (newline < 0 ? message : message.substring(0, newline)).trim();
  }
}
