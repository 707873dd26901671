package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The lab's bundled CSV data (copies of files in {@code docs/data}): {@code #} comment lines and
 * blank lines are skipped, the first other line is the header, every later one a row.
 */
final class BundledCsv {
  private BundledCsv() {}

  /**
   * One row: its line number in the file and its cells (split at every comma, empty cells kept).
   */
  record Row(int number, String[] cells) {}

  /**
   * The rows of {@code resource}, found next to {@code owner}'s class file.
   *
   * @param header the header the file must have, or null to take any
   */
  static List<Row> rows(Class<?> owner, String resource, String header) {
    List<Row> rows = new ArrayList<>();
    try (InputStream in = Objects.requireNonNull(owner.getResourceAsStream(resource), resource);
        BufferedReader reader = new BufferedReader(new InputStreamReader(in,
            StandardCharsets.UTF_8))) {
      boolean atHeader = true;
      int number = 0;
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        number++;
        if (line.startsWith("#") || line.isBlank()) {
          continue;
        }
        if (atHeader) {
          checkArgument(header == null || line.equals(header), "%s line %s: header must be %s",
              resource, number, header);
          atHeader = false;
          continue;
        }
        rows.add(new Row(number, line.split(",", -1)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }
}
