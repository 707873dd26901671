package org.preemptlab.policies.mechanism;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;
import org.preemptlab.api.Numbers;

/**
 * Each kernel's latency alone and at every occupancy, as REEF profiles its kernels
 * (SJTU-IPADS/reef @58dabe0: {@code resource/<model>/<model>.profile.json}, {@code
 * kernel_latency.<name>}: {@code total_latency} and {@code latency}): entry {@code i} of the
 * latter is the time of one round of the kernel's work-groups with {@code i + 1} of them resident
 * on each compute unit. REEF's dynamic kernel padding reads the real-time kernel's latency alone
 * and the best-effort kernel's latencies by occupancy to choose the best-effort occupancy and
 * chunk ({@code src/reef/server/scheduler.cpp}, {@code dynamic_kernel_padding}).
 *
 * <p>A file of them is a CSV table with the header {@code kernel,total_us,latency_us} (blank lines
 * and lines starting with {@code #} skipped): a kernel's name, as the workload names it, its
 * latency alone, and its latencies by occupancy separated by spaces, from occupancy 1 up, all in
 * whole microseconds.
 */
public final class OccupancyLatencies {
  /** No kernel profiled. */
  public static final OccupancyLatencies NONE = new OccupancyLatencies(Map.of());
  /** The most bytes a file of latencies may have: 1 MiB. */
  public static final int MAX_BYTES = Limits.MAX_TEXT_FILE_BYTES;
  /** The most occupancies a kernel may list (a compute unit's work-group slots, generously). */
  public static final int MAX_OCCUPANCY = 1024;
  /** The longest latency accepted, µs: an hour. */
  private static final long MAX_LATENCY_US = Limits.MAX_DURATION_NS / 1000;
  private static final String HEADER = "kernel,total_us,latency_us";

  /** One kernel's profile: its latency alone and its rounds by occupancy, ns. */
  private record Profile(long totalNs, long[] roundNs) {}

  private final Map<String, Profile> byKernel;

  private OccupancyLatencies(Map<String, Profile> byKernel) {
    this.byKernel = byKernel;
  }

  /**
   * Reads a file of latencies (at most {@link #MAX_BYTES}).
   *
   * @throws ConfigurationException naming the file and line of the first bad row
   */
  public static OccupancyLatencies read(Path file) {
    return parse(InputFiles.readText(file, "occupancy latency file", MAX_BYTES),
        InputFiles.name(file));
  }

  /**
   * Parses a table of latencies; {@code source} names it in errors.
   *
   * @throws ConfigurationException for a missing or wrong header, a row without three cells, an empty
   *     or repeated kernel name, or a latency that is not a whole number of µs from 1 to an hour
   */
  public static OccupancyLatencies parse(String text, String source) {
    String[] lines = text.split("\r?\n", -1);
    Map<String, Profile> byKernel = new HashMap<>();
    Map<String, Integer> firstLine = new HashMap<>();
    boolean header = false;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      String where = source + ":" + (i + 1);
      if (line.length() > Limits.MAX_TRACE_LINE_CHARS) {
        throw new ConfigurationException(where + ": line longer than "
            + Limits.sizeText(Limits.MAX_TRACE_LINE_CHARS) + " characters");
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (!header) {
        if (!line.replace(" ", "").equals(HEADER)) {
          throw new ConfigurationException(where + ": expected the header " + HEADER);
        }
        header = true;
        continue;
      }
      String[] cells = line.split(",", -1);
      if (cells.length != 3) {
        throw new ConfigurationException(where + ": expected 3 columns (" + HEADER + "), got "
            + cells.length);
      }
      String kernel = cells[0].strip();
      if (kernel.isEmpty()) {
        throw new ConfigurationException(where + ": column 'kernel' is empty");
      }
      long totalNs = microseconds(cells[1], where, "column 'total_us'");
      String[] values = cells[2].strip().split(" +");
      if (values.length > MAX_OCCUPANCY || values[0].isEmpty()) {
        throw new ConfigurationException(where + ": column 'latency_us' must list 1 to "
            + MAX_OCCUPANCY + " latencies, got " + (values[0].isEmpty() ? 0 : values.length));
      }
      long[] roundNs = new long[values.length];
      for (int v = 0; v < values.length; v++) {
        roundNs[v] = microseconds(values[v], where, "column 'latency_us', occupancy " + (v + 1));
      }
      Integer first = firstLine.putIfAbsent(kernel, i + 1);
      if (first != null) {
        throw new ConfigurationException(where + ": the kernel of line " + first
            + " is listed again; each kernel once");
      }
      byKernel.put(kernel, new Profile(totalNs, roundNs));
    }
    if (!header) {
      throw new ConfigurationException(source + ": empty occupancy latency file: expected the "
          + "header " + HEADER);
    }
    return new OccupancyLatencies(Map.copyOf(byKernel));
  }

  /** A whole number of µs in a cell, as ns. */
  private static long microseconds(String cell, String where, String what) {
    try {
      return Numbers.whole(cell, 1, MAX_LATENCY_US) * 1000;
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(where + ": " + what + ": " + e.getMessage()
          + " (whole microseconds, 1 to " + MAX_LATENCY_US + ")");
    }
  }

  /**
   * Latencies given in code, in ns: each kernel's latency alone and its rounds by occupancy, from
   * 1 up.
   *
   * @param totalNs each kernel's latency alone
   * @param roundNs each kernel's rounds by occupancy; the same kernels as {@code totalNs}
   * @throws IllegalArgumentException if the kernels differ, or a kernel lists no round or a
   *     latency below 1 ns
   */
  public static OccupancyLatencies of(Map<String, Long> totalNs, Map<String, long[]> roundNs) {
    com.google.common.base.Preconditions.checkArgument(totalNs.keySet().equals(roundNs.keySet()),
        "the same kernels need a latency alone and rounds by occupancy");
    Map<String, Profile> copy = new HashMap<>();
    roundNs.forEach((kernel, rounds) -> {
      com.google.common.base.Preconditions.checkArgument(rounds.length >= 1
          && totalNs.get(kernel) >= 1 && java.util.Arrays.stream(rounds).allMatch(ns -> ns >= 1),
          "kernel '%s': at least one round, every latency at least 1 ns", kernel);
      copy.put(kernel, new Profile(totalNs.get(kernel), rounds.clone()));
    });
    return new OccupancyLatencies(Map.copyOf(copy));
  }

  /** Whether {@code kernel} is profiled. */
  public boolean profiled(String kernel) {
    return byKernel.containsKey(kernel);
  }

  /**
   * {@code kernel}'s latency alone, in ns.
   *
   * @throws IllegalArgumentException if the kernel is not profiled
   */
  public long totalNs(String kernel) {
    com.google.common.base.Preconditions.checkArgument(profiled(kernel),
        "kernel '%s' is not profiled", kernel);
    return byKernel.get(kernel).totalNs();
  }

  /** How many occupancies {@code kernel} is profiled at, from 1 up; 0 if it is not profiled. */
  public int occupancies(String kernel) {
    Profile profile = byKernel.get(kernel);
    return profile == null ? 0 : profile.roundNs().length;
  }

  /**
   * One round of {@code kernel}'s work-groups at {@code occupancy} per compute unit, in ns.
   *
   * @throws IllegalArgumentException if the kernel is not profiled at that occupancy
   */
  public long roundNs(String kernel, int occupancy) {
    com.google.common.base.Preconditions.checkArgument(occupancy >= 1
        && occupancy <= occupancies(kernel), "kernel '%s' is not profiled at occupancy %s",
        kernel, occupancy);
    return byKernel.get(kernel).roundNs()[occupancy - 1];
  }

  /** How many kernels are profiled. */
  public int size() {
    return byKernel.size();
  }
}
