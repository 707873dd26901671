package org.preemptlab.applications.llm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;
import org.preemptlab.api.Numbers;

/**
 * Reads request traces in the columns of the Azure LLM inference traces of 2023 (Azure/
 * AzurePublicDataset, {@code data/AzureLLMInferenceTrace_code.csv} and {@code _conv.csv}; Patel et
 * al., "Splitwise", ISCA 2024): a header {@code TIMESTAMP,ContextTokens,GeneratedTokens}, then one
 * request a line. {@code TIMESTAMP} is a date and time ({@code 2023-11-16 18:17:03.9799600}, up to
 * nine decimals) or a number of seconds; arrivals are taken relative to the first row, which must
 * not be later than any other. Columns may come in any order; others are ignored.
 */
public final class AzureTrace {
  /** The three columns read. */
  public static final List<String> COLUMNS = List.of("TIMESTAMP", "ContextTokens",
      "GeneratedTokens");

  private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
      .appendPattern("yyyy-MM-dd HH:mm:ss")
      .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
      .toFormatter();

  private AzureTrace() {}

  /**
   * The largest request trace: 64 MiB (the 2023 traces are under 1 MiB, a day of the 2024 traces
   * about 40 MiB).
   */
  public static final int MAX_BYTES = 64 << 20;

  /** The longest span of arrivals a trace may cover: 100 years of TIMESTAMP, before speed-up. */
  private static final long MAX_SPAN_SECONDS = 100L * 366 * 24 * 3600;

  /** The latest arrival a replay may reach: 2^62 ns, half of what simulated time can hold. */
  private static final double MAX_ARRIVAL_NS = 0x1.0p62;

  /**
   * Reads {@code file}; {@code speed} divides every inter-arrival time (2 replays twice as fast).
   * The file goes through the strict layer of every input ({@link InputFiles}): a regular file of
   * at most {@link #MAX_BYTES}, numbers in ASCII digits ({@link Numbers}).
   *
   * @throws ConfigurationException naming the file, line and column of the first bad row, never
   *     quoting the file's content
   */
  public static List<RequestSpec> read(Path file, double speed) {
    return parse(InputFiles.readText(file, "request trace", MAX_BYTES), file.toString(), speed);
  }

  /** Parses a trace; {@code source} names it in errors. */
  public static List<RequestSpec> parse(String text, String source, double speed) {
    List<RequestSpec> requests = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new StringReader(text))) {
      String headerLine = in.readLine();
      int lineNo = 1;
      while (headerLine != null && headerLine.isBlank()) {
        headerLine = in.readLine();
        lineNo++;
      }
      if (headerLine == null) {
        throw new ConfigurationException(source + ": empty request trace; expected the header "
            + String.join(",", COLUMNS));
      }
      String[] header = headerLine.strip().split(",", -1);
      int[] index = new int[COLUMNS.size()];
      for (int c = 0; c < COLUMNS.size(); c++) {
        index[c] = -1;
        for (int h = 0; h < header.length; h++) {
          if (header[h].strip().equals(COLUMNS.get(c))) {
            index[c] = h;
          }
        }
        if (index[c] < 0) {
          throw new ConfigurationException(source + ":" + lineNo + ": the header lacks the column '"
              + COLUMNS.get(c) + "'; expected " + String.join(",", COLUMNS));
        }
      }
      LocalDateTime firstTime = null;
      BigDecimal firstSeconds = null;
      Boolean dated = null;
      String line;
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        if (requests.size() == Limits.MAX_JOBS) {
          throw new ConfigurationException(source + ":" + lineNo + ": more than "
              + Limits.MAX_JOBS + " requests, the most a trace may hold");
        }
        String where = source + ":" + lineNo;
        String[] cells = line.split(",", -1);
        if (cells.length != header.length) {
          throw new ConfigurationException(where + ": expected " + header.length
              + " columns as in the header, got " + cells.length);
        }
        String stamp = cells[index[0]].strip();
        String at = where + ": column " + (index[0] + 1) + " ('TIMESTAMP')";
        long offsetNs;
        boolean isDate = stamp.indexOf('-') > 0;
        if (dated == null) {
          dated = isDate;
        } else if (dated != isDate) {
          throw new ConfigurationException(at + " mixes times and numbers of seconds");
        }
        if (isDate) {
          LocalDateTime time = time(stamp, at);
          if (firstTime == null) {
            firstTime = time;
          }
          Duration offset = Duration.between(firstTime, time);
          if (offset.isNegative()) {
            throw new ConfigurationException(at + " is before the first row's; the rows must "
                + "start with the earliest arrival");
          }
          if (offset.getSeconds() > MAX_SPAN_SECONDS) {
            throw new ConfigurationException(at + " is more than 100 years after the first "
                + "row's");
          }
          offsetNs = offset.toNanos();
        } else {
          BigDecimal seconds;
          try {
            seconds = Numbers.decimal(stamp);
          } catch (IllegalArgumentException e) {
            throw new ConfigurationException(at + " must be a time such as "
                + "2023-11-16 18:17:03.9799600 or a number of seconds in ASCII digits");
          }
          if (firstSeconds == null) {
            firstSeconds = seconds;
          }
          BigDecimal offset = seconds.subtract(firstSeconds);
          if (offset.signum() < 0) {
            throw new ConfigurationException(at + " is before the first row's; the rows must "
                + "start with the earliest arrival");
          }
          try {
            offsetNs = Numbers.scaled(offset, 1_000_000_000L, 0, MAX_SPAN_SECONDS * 1_000_000_000L,
                stamp);
          } catch (IllegalArgumentException e) {
            throw new ConfigurationException(at + " is more than 100 years after the first "
                + "row's");
          }
        }
        int prompt = tokens(cells[index[1]], index[1], "ContextTokens", where);
        int output = tokens(cells[index[2]], index[2], "GeneratedTokens", where);
        double arrival = offsetNs / speed;
        if (arrival > MAX_ARRIVAL_NS) {
          throw new ConfigurationException(at + ": the arrival, divided by trace-speed " + speed
              + ", lies beyond the 2^62 ns simulated time can reach");
        }
        requests.add(new RequestSpec(Math.round(arrival), prompt, output, where));
      }
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    if (requests.isEmpty()) {
      throw new ConfigurationException(source + ": the request trace has a header but no "
          + "request rows");
    }
    requests.sort((a, b) -> Long.compare(a.arrivalNs(), b.arrivalNs()));
    return List.copyOf(requests);
  }

  /** A TIMESTAMP date and time in ASCII digits. */
  private static LocalDateTime time(String stamp, String at) {
    boolean ascii = stamp.length() <= Numbers.MAX_CHARS;
    for (int i = 0; i < stamp.length() && ascii; i++) {
      char c = stamp.charAt(i);
      ascii = c >= '0' && c <= '9' || c == '-' || c == ':' || c == '.' || c == ' ';
    }
    try {
      if (ascii) {
        return LocalDateTime.parse(stamp, TIMESTAMP);
      }
    } catch (DateTimeParseException e) {
      // reported below
    }
    throw new ConfigurationException(at + " must be a time such as 2023-11-16 18:17:03.9799600 "
        + "or a number of seconds in ASCII digits");
  }

  private static int tokens(String cell, int column, String name, String where) {
    try {
      return (int) Numbers.whole(cell, 1, Integer.MAX_VALUE);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(where + ": column " + (column + 1) + " ('" + name
          + "') must be a whole number from 1 to " + Integer.MAX_VALUE + " in ASCII digits");
    }
  }
}
