package org.preemptlab.runner.workload;

import java.io.IOException;
import java.io.Reader;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;

/**
 * The lines of a line-based trace (the CSV trace, an Nsight Systems export), read a block of
 * chars at a time: each line without its terminator ({@code \n}, {@code \r\n} or {@code \r}), and
 * a line longer than {@link Limits#MAX_TRACE_LINE_CHARS} fails before it is read whole, so a file
 * without line breaks ({@code /dev/zero}) cannot exhaust memory.
 *
 * <p>It scans its own buffer instead of calling {@link java.io.BufferedReader#read()} per char (a
 * call that takes the reader's lock): a replay reads its trace once, in code the JIT compiler has
 * not compiled yet when a run is short, and the per-char calls were most of reading the example
 * Nsight Systems trace (docs/performance-log.md, "Nsight Systems traces: fixed costs per row").
 */
public final class TraceLines {
  /** The chars read from the reader at a time. */
  static final int BUFFER_CHARS = 8192;

  private final Reader in;
  private final String source;
  private final char[] buffer = new char[BUFFER_CHARS];
  private int position;
  private int end;
  private int number;

  /**
   * Lines of {@code in}; errors name {@code source}.
   *
   * @param in the text; not closed here
   * @param source how errors name the trace, usually its file name
   */
  public TraceLines(Reader in, String source) {
    this.in = in;
    this.source = source;
  }

  /** The number of the line {@link #next} returned last (1 for the first), 0 before the first. */
  public int number() {
    return number;
  }

  /**
   * The next line without its terminator, or null at the end (a last line without a terminator
   * is a line unless it is empty).
   *
   * @throws ConfigurationException naming the source, the line's number and the limit, for a line
   *     longer than {@link Limits#MAX_TRACE_LINE_CHARS}
   * @throws IOException if the reader fails
   */
  public String next() throws IOException {
    StringBuilder longLine = null; // only for a line that crosses the buffer's end
    while (true) {
      if (position == end && !fill()) {
        if (longLine == null || longLine.length() == 0) {
          return null;
        }
        number++;
        return longLine.toString();
      }
      int start = position;
      int i = start;
      while (i < end && buffer[i] != '\n' && buffer[i] != '\r') {
        i++;
      }
      int length = (longLine == null ? 0 : longLine.length()) + (i - start);
      if (length > Limits.MAX_TRACE_LINE_CHARS) {
        throw new ConfigurationException(source + ":" + (number + 1) + ": the line is longer "
            + "than the limit of " + Limits.sizeText(Limits.MAX_TRACE_LINE_CHARS) + " characters");
      }
      if (i == end) { // no terminator in the buffer: keep the part, read on
        if (longLine == null) {
          longLine = new StringBuilder();
        }
        longLine.append(buffer, start, i - start);
        position = end;
        continue;
      }
      String line = longLine == null ? new String(buffer, start, i - start)
          : longLine.append(buffer, start, i - start).toString();
      position = i + 1;
      if (buffer[i] == '\r' && (position < end || fill()) && buffer[position] == '\n') {
        position++;
      }
      number++;
      return line;
    }
  }

  /** Reads more chars into the empty buffer; false at the end of the text. */
  private boolean fill() throws IOException {
    int n;
    do {
      n = in.read(buffer, 0, buffer.length);
    } while (n == 0);
    if (n < 0) {
      return false;
    }
    position = 0;
    end = n;
    return true;
  }
}
