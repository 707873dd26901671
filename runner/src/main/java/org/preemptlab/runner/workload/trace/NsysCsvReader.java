package org.preemptlab.runner.workload.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.Numbers;
import org.preemptlab.runner.workload.CsvFields;
import org.preemptlab.runner.workload.TraceLines;

/**
 * Reads the CSV that {@code nsys stats --report cuda_gpu_trace --format csv} writes (Nsight
 * Systems): one row per kernel, memory copy or memory set, read line by line.
 *
 * <p>Columns are found by name, whatever their order; the unit is taken from the header, in either
 * of the two forms Nsight Systems versions write: {@code Start (ns)} or {@code Start:ts_ns}, {@code
 * StcSMem (MB)} or {@code StcSMem:mem_B}. Times may be in ns, us or ms; sizes in B, KB, MB
 * (powers of 1000), KiB or MiB. Lines before the header (the report's preamble) are skipped. The
 * report carries no CPU-side launch times and no cross-stream events: each operation is submitted
 * at its GPU start, and streams are ordered only within themselves.
 */
public final class NsysCsvReader {
  /** Columns every file must have. */
  public static final List<String> REQUIRED = List.of("Start", "Duration", "GrdX", "GrdY", "GrdZ",
      "BlkX", "BlkY", "BlkZ", "Reg/Trd", "StcSMem", "DymSMem", "Device", "Strm", "Name");

  private static final Pattern PAREN_UNIT = Pattern.compile("(.*?)\\s*\\(([^)]*)\\)\\s*");
  private static final Pattern DEVICE = Pattern.compile("(.*?)\\s*\\((\\d+)\\)\\s*");

  private NsysCsvReader() {}

  /**
   * Reads {@code file}.
   *
   * @throws ConfigurationException naming the file and line for a missing column, a malformed or
   *     truncated row, or a file without kernels
   */
  public static RecordedTrace read(Path file) {
    String name = TraceFiles.name(file);
    try (InputStream in = TraceFiles.open(file)) {
      return read(new InputStreamReader(in, StandardCharsets.UTF_8), name);
    } catch (IOException e) {
      throw new ConfigurationException(name + ": cannot read: " + TraceFiles.oneLine(
          e.getMessage()));
    }
  }

  /** Reads CSV text; {@code sourceName} names it in errors. */
  public static RecordedTrace read(String csv, String sourceName) {
    try {
      return read(new StringReader(csv), sourceName);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static RecordedTrace read(Reader reader, String source) throws IOException {
    TraceLines lines = new TraceLines(reader, source);
    Header header = null;
    List<TraceOp> ops = new ArrayList<>();
    Map<Integer, GpuProperties> devices = new HashMap<>();
    Map<String, String> names = new HashMap<>(); // each distinct name once: kernels repeat
    Map<String, GpuProperties> deviceTexts = new HashMap<>();
    String line;
    while ((line = lines.next()) != null) {
      int number = lines.number();
      if (line.isBlank()) {
        continue;
      }
      List<String> fields = split(line, source, number);
      if (header == null) {
        if (fields.get(0).replace("\uFEFF", "").startsWith("Start")) {
          header = Header.of(fields, source, number);
        }
        continue;
      }
      if (ops.size() >= Limits.MAX_JOBS) {
        throw new ConfigurationException(source + ":" + number + ": the trace holds more than "
            + Limits.MAX_JOBS + " GPU operations, the limit of one workload; cut the report "
            + "(nsys stats --filter-time or a shorter capture)");
      }
      ops.add(header.row(fields, source, number, devices, names, deviceTexts));
    }
    if (header == null) {
      throw new ConfigurationException(source + ": no header line starting with 'Start'; expected"
          + " the CSV of 'nsys stats --report cuda_gpu_trace --format csv'");
    }
    if (ops.stream().noneMatch(op -> op.kind() == TraceOp.Kind.KERNEL)) {
      throw new ConfigurationException(source + ": the trace holds no GPU kernels"
          + (ops.isEmpty() ? " (no rows after the header)"
          : "; it has " + ops.size() + " memory copies or sets only"));
    }
    return new RecordedTrace(source, ops, List.of(), List.of(), devices, 0, -1);
  }

  private static List<String> split(String line, String source, int number) {
    try {
      return CsvFields.split(line);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(source + ":" + number + ": " + e.getMessage()
          + " (truncated line?)");
    }
  }

  /** The header: each column's position and unit. */
  private record Header(Map<String, Integer> index, Map<String, String> unit, int width) {

    static Header of(List<String> fields, String source, int number) {
      Map<String, Integer> index = new HashMap<>();
      Map<String, String> unit = new HashMap<>();
      for (int i = 0; i < fields.size(); i++) {
        String field = fields.get(i).replace("\uFEFF", "");
        String base = field;
        String u = "";
        Matcher paren = PAREN_UNIT.matcher(field);
        if (paren.matches()) {
          base = paren.group(1);
          u = paren.group(2);
        } else if (field.contains(":")) {
          base = field.substring(0, field.indexOf(':'));
          u = field.substring(field.lastIndexOf('_') + 1);
        }
        index.put(base.trim(), i);
        unit.put(base.trim(), u.trim());
      }
      for (String required : REQUIRED) {
        if (!index.containsKey(required)) {
          throw new ConfigurationException(source + ":" + number + ": missing column '" + required
              + "'; the header of 'nsys stats --report cuda_gpu_trace' has " + String.join(", ",
              REQUIRED) + " (and CorrId, Ctx, Bytes, ...)");
        }
      }
      return new Header(index, unit, fields.size());
    }

    /** The device a row's {@code Device} column names: {@code NAME (N)}, or {@code N}. */
    private GpuProperties device(Row r) {
      String deviceText = r.text("Device");
      Matcher m = DEVICE.matcher(deviceText);
      if (m.matches()) {
        return new GpuProperties((int) r.whole("Device", m.group(2), 0, Integer.MAX_VALUE),
            Numbers.shortText(m.group(1)), 0);
      }
      return new GpuProperties((int) r.whole("Device", 0, Integer.MAX_VALUE), "", 0);
    }

    TraceOp row(List<String> fields, String source, int number,
        Map<Integer, GpuProperties> devices, Map<String, String> names,
        Map<String, GpuProperties> deviceTexts) {
      if (fields.size() != width) {
        throw new ConfigurationException(source + ":" + number + ": " + fields.size()
            + " fields, but the header has " + width + " (truncated or not a cuda_gpu_trace row)");
      }
      Row r = new Row(fields, source, number);
      String name = names.computeIfAbsent(r.text("Name"), n -> n);
      if (name.isEmpty()) {
        throw r.fail("Name", "is empty");
      }
      long start = r.time("Start");
      long duration = r.time("Duration");
      // every row of a device repeats its text: parsed once (a failure is met on its first row)
      GpuProperties gpu = deviceTexts.get(r.text("Device"));
      if (gpu == null) {
        gpu = device(r);
        deviceTexts.put(r.text("Device"), gpu);
      }
      int device = gpu.id();
      devices.putIfAbsent(device, gpu);
      long stream = r.whole("Strm", 0, Long.MAX_VALUE);
      long context = r.optionalWhole("Ctx", 0);
      long correlation = r.optionalWhole("CorrId", -1);
      String lower = name.toLowerCase(Locale.ROOT);
      if (r.text("GrdX").isEmpty() && lower.startsWith("[cuda mem")) {
        TraceOp.Kind kind = lower.startsWith("[cuda memset") ? TraceOp.Kind.MEMSET
            : TraceOp.Kind.MEMCPY;
        return new TraceOp(kind, name, device, context, stream, correlation, start, duration, -1,
            1, 1, 0, 0, "line " + number);
      }
      long blocks = Numbers.productAtMost(Numbers.productAtMost(r.whole("GrdX", 1,
          Integer.MAX_VALUE), r.whole("GrdY", 1, Integer.MAX_VALUE), Integer.MAX_VALUE),
          r.whole("GrdZ", 1, Integer.MAX_VALUE), Integer.MAX_VALUE);
      if (blocks < 0) {
        throw r.fail("GrdX", "with GrdY and GrdZ makes a grid of more than " + Integer.MAX_VALUE
            + " blocks");
      }
      long threads = r.whole("BlkX", 1, 1024) * r.whole("BlkY", 1, 1024) * r.whole("BlkZ", 1, 64);
      int registers = (int) r.whole("Reg/Trd", 0, 255);
      long shared = r.bytes("StcSMem") + r.bytes("DymSMem");
      return new TraceOp(TraceOp.Kind.KERNEL, name, device, context, stream, correlation, start,
          duration, -1, blocks, (int) threads, registers, (int) Math.min(shared,
          Integer.MAX_VALUE), "line " + number);
    }

    /** {@code text} as a number if it is 1 to 18 ASCII digits (no sign, no separator), else -1. */
    static long plainWhole(String text) {
      int n = text.length();
      if (n == 0 || n > 18) {
        return -1;
      }
      long value = 0;
      for (int i = 0; i < n; i++) {
        char c = text.charAt(i);
        if (c < '0' || c > '9') {
          return -1;
        }
        value = value * 10 + (c - '0');
      }
      return value;
    }

    /** One row being read, with helpers that fail naming the line and column. */
    private final class Row {
      final List<String> fields;
      final String source;
      final int number;

      Row(List<String> fields, String source, int number) {
        this.fields = fields;
        this.source = source;
        this.number = number;
      }

      ConfigurationException fail(String column, String what) {
        return new ConfigurationException(source + ":" + number + ": column '" + column + "' "
            + what);
      }

      String text(String column) {
        Integer i = index.get(column);
        return i == null ? "" : fields.get(i);
      }

      BigDecimal number(String column) {
        String value = text(column).replace(",", "");
        if (value.isEmpty()) {
          throw fail(column, "is empty");
        }
        try {
          return Numbers.decimal(value);
        } catch (IllegalArgumentException e) {
          throw fail(column, "must be a number with at most " + Limits.MAX_EXPONENT + " digits of "
              + "exponent, got '" + Numbers.shortText(value) + "'");
        }
      }

      long whole(String column, long min, long max) {
        return whole(column, text(column).replace(",", ""), min, max);
      }

      long whole(String column, String value, long min, long max) {
        if (value.isEmpty()) {
          throw fail(column, "is empty");
        }
        try {
          return Numbers.whole(value, min, max);
        } catch (IllegalArgumentException e) {
          throw fail(column, "must be a whole number in [" + min + ", " + max + "], got '"
              + Numbers.shortText(value) + "'");
        }
      }

      long optionalWhole(String column, long otherwise) {
        return text(column).isEmpty() ? otherwise : whole(column, 0, Long.MAX_VALUE);
      }

      long time(String column) {
        // what the reports write, a whole number (in ns), without BigDecimal: the same value, and
        // anything else (a decimal, a sign, a thousands separator, out of range) the exact way
        long plain = plainWhole(text(column));
        if (plain >= 0) {
          long factor = timeFactor(column);
          if (plain <= KinetoTraceReader.MAX_TIME_NS / factor) {
            return plain * factor;
          }
        }
        BigDecimal value = number(column);
        if (value.signum() < 0) {
          throw fail(column, "must be >= 0, got '" + Numbers.shortText(text(column)) + "'");
        }
        long factor = timeFactor(column);
        try {
          return Numbers.scaled(value, factor, 0, KinetoTraceReader.MAX_TIME_NS, text(column));
        } catch (IllegalArgumentException e) {
          throw fail(column, "must be a time in [0, " + KinetoTraceReader.MAX_TIME_NS + "] ns, "
              + "got '" + Numbers.shortText(text(column)) + "'");
        }
      }

      /** The ns in one unit of a time column. */
      long timeFactor(String column) {
        return switch (unit.get(column).toLowerCase(Locale.ROOT)) {
          case "ns", "" -> 1;
          case "us", "µs" -> 1_000;
          case "ms" -> 1_000_000;
          case "s" -> 1_000_000_000;
          default -> throw fail(column, "has unknown time unit '" + Numbers.shortText(unit.get(column))
              + "'; valid: ns, us, ms, s");
        };
      }

      long bytes(String column) {
        if (text(column).isEmpty()) {
          return 0;
        }
        BigDecimal value = number(column);
        if (value.signum() < 0) {
          throw fail(column, "must be >= 0, got '" + Numbers.shortText(text(column)) + "'");
        }
        String u = unit.get(column);
        BigDecimal factor = switch (u) {
          case "B", "b", "byte", "bytes", "" -> BigDecimal.ONE;
          case "KB", "kB" -> BigDecimal.valueOf(1_000);
          case "MB" -> BigDecimal.valueOf(1_000_000);
          case "KiB" -> BigDecimal.valueOf(1_024);
          case "MiB" -> BigDecimal.valueOf(1_048_576);
          default -> throw fail(column, "has unknown size unit '" + Numbers.shortText(u)
              + "'; valid: B, KB, MB, KiB, MiB");
        };
        try {
          return Numbers.scaled(value, factor.longValueExact(), 0, Integer.MAX_VALUE,
              text(column));
        } catch (IllegalArgumentException e) {
          throw fail(column, "must be a size in [0, " + Integer.MAX_VALUE + "] bytes, got '"
              + Numbers.shortText(text(column)) + "'");
        }
      }
    }
  }
}
