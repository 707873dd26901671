package org.preemptlab.applications.llm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.ConfigurationException;

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
   * Reads {@code file}; {@code speed} divides every inter-arrival time (2 replays twice as fast).
   *
   * @throws ConfigurationException naming the file and line of the first bad row
   */
  public static List<RequestSpec> read(Path file, double speed) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ConfigurationException(file + ": cannot read the request trace: "
          + e.getClass().getSimpleName() + " " + e.getMessage());
    }
    return parse(text, file.toString(), speed);
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
      double firstSeconds = Double.NaN;
      Boolean dated = null;
      String line;
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        String where = source + ":" + lineNo;
        String[] cells = line.split(",", -1);
        if (cells.length != header.length) {
          throw new ConfigurationException(where + ": expected " + header.length
              + " columns as in the header, got " + cells.length);
        }
        String stamp = cells[index[0]].strip();
        long offsetNs;
        boolean isDate = stamp.indexOf('-') > 0;
        if (dated == null) {
          dated = isDate;
        } else if (dated != isDate) {
          throw new ConfigurationException(where + ": column 'TIMESTAMP' mixes times and numbers"
              + " of seconds");
        }
        if (isDate) {
          LocalDateTime time;
          try {
            time = LocalDateTime.parse(stamp, TIMESTAMP);
          } catch (DateTimeParseException e) {
            throw new ConfigurationException(where + ": column 'TIMESTAMP' must be a time such as"
                + " 2023-11-16 18:17:03.9799600 or a number of seconds, got '" + stamp + "'");
          }
          if (firstTime == null) {
            firstTime = time;
          }
          offsetNs = ChronoUnit.NANOS.between(firstTime, time);
        } else {
          double seconds;
          try {
            seconds = Double.parseDouble(stamp);
          } catch (NumberFormatException e) {
            throw new ConfigurationException(where + ": column 'TIMESTAMP' must be a time such as"
                + " 2023-11-16 18:17:03.9799600 or a number of seconds, got '" + stamp + "'");
          }
          if (!Double.isFinite(seconds)) {
            throw new ConfigurationException(where + ": column 'TIMESTAMP' must be finite, got '"
                + stamp + "'");
          }
          if (Double.isNaN(firstSeconds)) {
            firstSeconds = seconds;
          }
          offsetNs = Math.round((seconds - firstSeconds) * 1e9);
        }
        if (offsetNs < 0) {
          throw new ConfigurationException(where + ": TIMESTAMP '" + stamp + "' is before the "
              + "first row's; the rows must start with the earliest arrival");
        }
        int prompt = tokens(cells[index[1]], "ContextTokens", where);
        int output = tokens(cells[index[2]], "GeneratedTokens", where);
        long arrival = Math.round(offsetNs / speed);
        requests.add(new RequestSpec(arrival, prompt, output, where));
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

  private static int tokens(String cell, String column, String where) {
    String text = cell.strip();
    try {
      int value = Integer.parseInt(text);
      if (value >= 1) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ConfigurationException(where + ": column '" + column + "' must be a whole number "
        + ">= 1, got '" + text + "'");
  }
}
