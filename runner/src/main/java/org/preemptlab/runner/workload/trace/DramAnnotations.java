package org.preemptlab.runner.workload.trace;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.Numbers;

/**
 * Per-kernel DRAM traffic for a trace replay (docs/traces.md, "DRAM traffic"), read from a CSV
 * file with the header {@value #HEADER} and one row per kernel name: the DRAM bytes one launch of
 * that kernel moves, read and written, as a profiler's DRAM counters report them (Nsight
 * Compute's {@code dram__bytes.sum}). The name is the trace's full kernel name, everything before
 * the line's last comma (so a name may hold commas), or quoted as in RFC 4180. Lines starting with
 * {@code #} and blank lines are skipped. The file is at most {@link Limits#MAX_TEXT_FILE_BYTES};
 * a malformed line fails with the file and line, never quoting the line back.
 */
final class DramAnnotations {
  /** The header line. */
  static final String HEADER = "kernel,dram_bytes";
  /** The most DRAM bytes one launch may declare: 1 PiB, far beyond any kernel's. */
  static final long MAX_BYTES = 1L << 50;

  private DramAnnotations() {}

  /**
   * The DRAM bytes per launch by kernel name.
   *
   * @throws ConfigurationException naming the file and line for a malformed or repeated row
   */
  static Map<String, Long> read(Path file) {
    String text = Limits.readText(file, "DRAM annotation file", Limits.MAX_TEXT_FILE_BYTES);
    Map<String, Long> bytes = new HashMap<>();
    boolean header = false;
    String[] lines = text.split("\r?\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n];
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String where = file + ":" + (n + 1) + ": ";
      if (!header) {
        if (!line.strip().equals(HEADER)) {
          throw new ConfigurationException(where + "expected the header '" + HEADER + "'");
        }
        header = true;
        continue;
      }
      int comma = line.lastIndexOf(',');
      if (comma <= 0) {
        throw new ConfigurationException(where + "expected 'kernel,dram_bytes': a kernel name, a"
            + " comma and a whole number of bytes");
      }
      String name = unquoted(line.substring(0, comma).strip(), where);
      long value;
      try {
        value = Numbers.whole(line.substring(comma + 1), 0, MAX_BYTES);
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(where + "dram_bytes: expected a whole number of bytes in"
            + " [0, " + MAX_BYTES + "]");
      }
      if (bytes.putIfAbsent(name, value) != null) {
        throw new ConfigurationException(where + "this kernel name is annotated on an earlier line"
            + " too; give each kernel once");
      }
    }
    if (!header) {
      throw new ConfigurationException(file + ": empty; expected the header '" + HEADER
          + "' and one row per kernel");
    }
    return Map.copyOf(bytes);
  }

  /** The name without its RFC 4180 quotes, if it is quoted. */
  private static String unquoted(String name, String where) {
    if (!name.startsWith("\"")) {
      return name;
    }
    if (name.length() < 2 || !name.endsWith("\"")) {
      throw new ConfigurationException(where + "a quoted kernel name is not closed");
    }
    return name.substring(1, name.length() - 1).replace("\"\"", "\"");
  }
}
