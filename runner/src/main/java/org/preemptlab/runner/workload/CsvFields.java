package org.preemptlab.runner.workload;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one CSV line into fields (RFC 4180 on a single line): fields are separated by commas, a
 * field in double quotes may contain commas, and {@code ""} inside quotes is one quote. Fields are
 * trimmed.
 */
public final class CsvFields {
  private CsvFields() {}

  /**
   * Splits {@code line}.
   *
   * @throws IllegalArgumentException if a quoted field is not closed
   */
  public static List<String> split(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        fields.add(field.toString().trim());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    checkArgument(!quoted, "a quoted field is not closed");
    fields.add(field.toString().trim());
    return fields;
  }
}
