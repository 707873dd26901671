package org.preemptlab.runner.workload;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.SegmentKind;

/**
 * The compact block-program syntax of CSV traces: segments separated by {@code ;}, each {@code
 * kind:length[:key=value...]}, for example {@code
 * global:30%:regs=32;shared:10%:regs=48:smem=16KiB;barrier:0;compute:60%;yield:500ns:regs=8}.
 *
 * <ul>
 *   <li>kind: {@code compute}, {@code global}, {@code shared}, {@code atomic}, {@code barrier},
 *       {@code yield} (or the full {@link SegmentKind} names, in any case);
 *   <li>length: a share of the block time ({@code 40%}) or a fixed duration ({@code 500ns},
 *       {@code 0});
 *   <li>keys: {@code regs} (live registers per thread), {@code smem} (live shared bytes, units
 *       allowed) and {@code insts} (instructions per thread).
 * </ul>
 */
public final class ProgramSyntax {
  private static final Map<String, SegmentKind> KINDS = new LinkedHashMap<>();
  private static final List<String> KEYS = List.of("insts", "regs", "smem");

  static {
    KINDS.put("compute", SegmentKind.COMPUTE);
    KINDS.put("global", SegmentKind.GLOBAL_MEMORY);
    KINDS.put("shared", SegmentKind.SHARED_MEMORY);
    KINDS.put("atomic", SegmentKind.ATOMIC);
    KINDS.put("barrier", SegmentKind.BARRIER);
    KINDS.put("yield", SegmentKind.YIELD_POINT);
  }

  private ProgramSyntax() {}

  /**
   * Parses a program.
   *
   * @throws IllegalArgumentException naming the segment (1-based) and what is wrong with it
   */
  public static ProgramSpec parse(String text) {
    List<SegmentSpec> segments = new ArrayList<>();
    String[] parts = text.split(";", -1);
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i].trim();
      try {
        segments.add(segment(part));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("segment " + (i + 1) + " '" + part + "': "
            + e.getMessage(), e);
      }
    }
    return new ProgramSpec(segments, null, null);
  }

  private static SegmentSpec segment(String text) {
    String[] items = text.split(":", -1);
    checkArgument(items.length >= 2 && !items[0].isBlank() && !items[1].isBlank(),
        "expected kind:length[:key=value...], e.g. compute:40%");
    SegmentKind kind = kind(items[0].trim());
    String length = items[1].trim();
    Double share = length.endsWith("%") ? Quantities.share(length) : null;
    Long duration = share == null ? Quantities.durationNs(length) : null;
    Long instructions = null;
    Integer registers = null;
    Long shared = null;
    for (int i = 2; i < items.length; i++) {
      String[] kv = items[i].split("=", 2);
      String key = kv[0].trim().toLowerCase(Locale.ROOT);
      checkArgument(kv.length == 2 && KEYS.contains(key), "%s",
          ConfigurationException.unknown("key", kv[0].trim(), KEYS).getMessage());
      String value = kv[1].trim();
      switch (key) {
        case "insts" -> instructions = Quantities.count(value);
        case "regs" -> {
          long count = Quantities.count(value);
          checkArgument(count >= 0 && count <= Integer.MAX_VALUE, "regs=%s is out of range [0, %s]",
              count, Integer.MAX_VALUE);
          registers = (int) count;
        }
        default -> shared = Quantities.bytes(value);
      }
    }
    return new SegmentSpec(kind, share, duration, instructions, registers, shared);
  }

  private static SegmentKind kind(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    SegmentKind kind = KINDS.get(lower);
    if (kind != null) {
      return kind;
    }
    for (SegmentKind k : SegmentKind.values()) {
      if (k.name().equalsIgnoreCase(lower.replace('-', '_'))) {
        return k;
      }
    }
    throw new IllegalArgumentException(ConfigurationException.unknown("kind", name,
        KINDS.keySet()).getMessage());
  }
}
