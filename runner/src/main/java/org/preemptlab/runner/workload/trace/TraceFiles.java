package org.preemptlab.runner.workload.trace;

import java.io.InputStream;
import java.nio.file.Path;
import org.preemptlab.api.InputFiles;

/** Opening trace files: plain or gzip-compressed (recognised by content, not by name). */
final class TraceFiles {
  /** The size of each buffer between the file and a reader. */
  static final int BUFFER_BYTES = 8192;

  private TraceFiles() {}

  /**
   * Opens {@code file}, decompressing it if it starts with the gzip magic bytes, through the one
   * layer every input file goes through ({@link InputFiles#open}: a regular file, bounded after
   * inflation).
   *
   * @throws ConfigurationException if the file is missing, unreadable or not a regular file (a
   *     FIFO would block the reader for ever)
   */
  static InputStream open(Path file) {
    return InputFiles.open(file, "trace file");
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
