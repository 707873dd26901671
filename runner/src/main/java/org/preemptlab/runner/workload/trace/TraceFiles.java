package org.preemptlab.runner.workload.trace;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;

/** Opening trace files: plain or gzip-compressed (recognised by content, not by name). */
final class TraceFiles {
  private TraceFiles() {}

  /**
   * Opens {@code file}, decompressing it if it starts with the gzip magic bytes.
   *
   * @throws ConfigurationException if the file is missing or unreadable
   */
  static InputStream open(Path file) {
    try {
      InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
      in.mark(2);
      int first = in.read();
      int second = in.read();
      in.reset();
      if (first == 0x1f && second == 0x8b) {
        return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
      }
      return in;
    } catch (NoSuchFileException e) {
      throw new ConfigurationException(name(file) + ": no such file (" + file.toAbsolutePath()
          + ")");
    } catch (IOException e) {
      throw new ConfigurationException(name(file) + ": cannot read: " + oneLine(e.getMessage()));
    }
  }

  /**
   * The next line of {@code in} without its terminator, or null at the end; a line longer than
   * {@link Limits#MAX_TRACE_LINE_CHARS} fails before it is read whole, so a file without line
   * breaks ({@code /dev/zero}) cannot exhaust memory.
   *
   * @throws ConfigurationException naming {@code source}, line {@code number} and the limit
   */
  static String readLine(BufferedReader in, String source, int number) throws IOException {
    StringBuilder sb = new StringBuilder();
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        return sb.toString();
      }
      if (c == '\r') {
        in.mark(1);
        if (in.read() != '\n') {
          in.reset();
        }
        return sb.toString();
      }
      if (sb.length() >= Limits.MAX_TRACE_LINE_CHARS) {
        throw new ConfigurationException(source + ":" + number + ": the line is longer than the "
            + "limit of " + Limits.sizeText(Limits.MAX_TRACE_LINE_CHARS) + " characters");
      }
      sb.append((char) c);
    }
    return sb.length() == 0 ? null : sb.toString();
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
