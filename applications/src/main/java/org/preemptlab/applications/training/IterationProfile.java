package org.preemptlab.applications.training;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;
import org.preemptlab.api.Numbers;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;

/**
 * The kernels of one training iteration, in launch order, read from a profile file: a CSV with
 * the header {@value #HEADER} (or {@value #HEADER_WITH_DRAM}, with each block's DRAM traffic) and
 * one row per kernel launch. {@code preemptlab profile} writes
 * such a file from a PyTorch profiler (Kineto) trace with the trace replay's rules; the last row
 * is the optimizer step whose end ends the iteration. Lines starting with {@code #} are comments;
 * a kernel name may be quoted as in RFC 4180 (it may hold commas).
 */
final class IterationProfile {
  /** The header line of a profile. */
  static final String HEADER = "kernel,grid,threads,registers,shared_memory,block_ns";
  /**
   * The header of a profile that also gives each kernel's DRAM bytes per block (what a profiler's
   * DRAM counters report for the kernel, over its grid), for the contention rules.
   */
  static final String HEADER_WITH_DRAM = HEADER + ",dram_bytes_per_block";
  /** The most DRAM bytes one block may declare: 1 TiB, far beyond any kernel's. */
  static final long MAX_DRAM_BYTES_PER_BLOCK = 1L << 40;

  private IterationProfile() {}

  /**
   * Reads {@code file}.
   *
   * @throws ConfigurationException naming the file, line and column for a malformed row
   */
  static List<Kernel> read(Path file) {
    String text = InputFiles.readText(file, "iteration profile", Limits.MAX_TEXT_FILE_BYTES);
    List<Kernel> kernels = new ArrayList<>();
    boolean header = false;
    int columns = 6;
    String[] lines = text.split("\r?\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n];
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String where = file + ":" + (n + 1) + ": ";
      if (!header) {
        if (!line.strip().equals(HEADER) && !line.strip().equals(HEADER_WITH_DRAM)) {
          throw new ConfigurationException(where + "expected the header '" + HEADER + "' or '"
              + HEADER_WITH_DRAM + "'");
        }
        columns = line.strip().equals(HEADER) ? 6 : 7;
        header = true;
        continue;
      }
      List<String> cells = cells(line, where);
      if (cells.size() != columns) {
        throw new ConfigurationException(where + "expected " + columns + " columns ("
            + (columns == 6 ? HEADER : HEADER_WITH_DRAM) + "), got " + cells.size());
      }
      long grid = number(cells.get(1), 2, "grid", 1, Limits.MAX_GRID_BLOCKS, where);
      long threads = number(cells.get(2), 3, "threads", 1, 1 << 16, where);
      long registers = number(cells.get(3), 4, "registers", 1,
          TrainingLoopProvider.MAX_REGISTERS_PER_THREAD, where);
      long shared = number(cells.get(4), 5, "shared_memory", 0, 1 << 30, where);
      long blockNs = number(cells.get(5), 6, "block_ns", 1, Limits.MAX_DURATION_NS, where);
      long dramBytes = columns == 7 ? number(cells.get(6), 7, "dram_bytes_per_block", 0,
          MAX_DRAM_BYTES_PER_BLOCK, where) : 0;
      String name = cells.get(0).isBlank() ? "kernel" : cells.get(0);
      kernels.add(new Kernel(name, (int) grid, (int) threads, (int) registers, (int) shared,
          false, program(blockNs, (int) registers, shared, dramBytes),
          new BlockTiming.Exact()));
    }
    if (kernels.isEmpty()) {
      throw new ConfigurationException(file + ": " + (header ? "no kernel row after the header"
          : "empty; expected the header '" + HEADER + "' and one row per kernel"));
    }
    return List.copyOf(kernels);
  }

  /** One compute segment of {@code blockNs} carrying the block's DRAM bytes. */
  static BlockProgram program(long blockNs, int registers, long shared, long dramBytes) {
    BlockProgram uniform = BlockProgram.uniform(blockNs, registers, shared);
    return dramBytes == 0 ? uniform
        : new BlockProgram(List.of(uniform.segments().get(0).withDramBytes(dramBytes)));
  }

  /** A whole number in ASCII digits ({@link Numbers#whole}); the error never quotes the cell. */
  private static long number(String cell, int index, String column, long min, long max,
      String where) {
    try {
      return Numbers.whole(cell, min, max);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(where + "column " + index + " (" + column + "): expected "
          + "a whole number in [" + min + ", " + max + "] in ASCII digits");
    }
  }

  /** The cells of one CSV line; a cell may be quoted, with {@code ""} for a quote. */
  private static List<String> cells(String line, String where) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"' && cell.length() == 0) {
        quoted = true;
      } else if (c == ',') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    if (quoted) {
      throw new ConfigurationException(where + "a quoted kernel name is not closed");
    }
    cells.add(cell.toString());
    return cells;
  }
}
