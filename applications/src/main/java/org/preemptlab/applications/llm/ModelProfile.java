package org.preemptlab.applications.llm;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;

/**
 * A model's GPU work per serving iteration: for each kernel, a table from the quantity it scales
 * with ({@link Axis}) to its grid, block time and DRAM traffic, interpolated between rows. Read
 * from the text format of {@code docs/llm-serving.md} ("Model profiles"):
 *
 * <pre>
 * # comments
 * model: llama-3.1-8b
 * device: NVIDIA H200 SXM
 * kv-bytes-per-token: 131072
 * axis,x,kernel,grid,threads,registers,shared_bytes,block_ns,dram_bytes
 * tokens,1,dense,4224,384,168,196608,2827,3306700
 * tokens,4096,dense,4224,384,168,196608,7129,3756400
 * </pre>
 *
 * <p>Interpolation, per kernel: for a quantity {@code q} between two rows {@code x0 < q < x1}, the
 * grid, the block time and the DRAM bytes per block are each linear in {@code q} between the two
 * rows' values (rounded to the nearest whole number, at least 1 block and 1 ns); at or below the
 * first row, the first row's values; above the last row {@code xn}, the grid grows in proportion
 * ({@code ceil(grid_n * q / xn)}) with the last row's block time and bytes per block: more tiles of
 * the same size. A quantity of 0 runs no kernel of that axis.
 */
public final class ModelProfile {
  /** The columns of the kernel table, in order. */
  public static final String COLUMNS =
      "axis,x,kernel,grid,threads,registers,shared_bytes,block_ns,dram_bytes";

  private static final Map<String, String> BUNDLED = ImmutableMap.of(
      "llama-3.1-8b", "llama-3.1-8b-h200.profile");

  /** What a kernel's size is a function of. */
  public enum Axis {
    /** Tokens in the batch: dense layers (projections, MLP, norms, activations). */
    TOKENS("tokens"),
    /** Query-key pairs of the prefill chunks' causal attention. */
    PREFILL_PAIRS("prefill-pairs"),
    /** Sequences sampling a token: the language-model head and sampling. */
    SEQUENCES("sequences"),
    /** KV-cache entries the decoding sequences' attention reads. */
    CONTEXT_TOKENS("context-tokens");

    private final String id;

    Axis(String id) {
      this.id = id;
    }

    /** The axis as written in the file. */
    public String id() {
      return id;
    }

    static Axis of(String text) {
      for (Axis axis : values()) {
        if (axis.id.equals(text)) {
          return axis;
        }
      }
      return null;
    }
  }

  /** One kernel of the profile and its rows, sorted by {@code x}. */
  private record Curve(Axis axis, String name, int threads, int registers, int shared,
      long[] xs, long[] grids, long[] blockNs, long[] dramBytes, String where) {}

  private final String source;
  private final String model;
  private final String device;
  private final long kvBytesPerToken;
  private final ImmutableMap<String, String> header;
  private final ImmutableList<Curve> curves;

  private ModelProfile(String source, Map<String, String> header, List<Curve> curves) {
    this.source = source;
    this.header = ImmutableMap.copyOf(header);
    this.model = header.get("model");
    this.device = header.get("device");
    this.kvBytesPerToken = Long.parseLong(header.get("kv-bytes-per-token"));
    this.curves = ImmutableList.copyOf(curves);
  }

  /** The ids of the bundled profiles, for the {@code model} parameter. */
  public static List<String> bundledModels() {
    return List.copyOf(BUNDLED.keySet());
  }

  /**
   * A bundled profile.
   *
   * @throws ConfigurationException for an unknown id, with the valid ones
   */
  public static ModelProfile bundled(String model, String owner) {
    String resource = BUNDLED.get(model);
    if (resource == null) {
      throw new ConfigurationException(owner + ": " + ConfigurationException.unknown("model",
          model, BUNDLED.keySet()).getMessage() + " (or give a profile file with profile-file)");
    }
    try (InputStream in = ModelProfile.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("bundled profile " + resource + " is missing");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read bundled profile " + resource, e);
    }
  }

  /**
   * Reads a profile file.
   *
   * @throws ConfigurationException naming the file (and line) if it cannot be read or is invalid
   */
  public static ModelProfile read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ConfigurationException(file + ": cannot read the model profile: "
          + e.getClass().getSimpleName() + " " + e.getMessage());
    }
    return parse(text, file.toString());
  }

  /**
   * Parses a profile; {@code source} names it in errors.
   *
   * @throws ConfigurationException naming the source and line of the first mistake
   */
  public static ModelProfile parse(String text, String source) {
    Map<String, String> header = new LinkedHashMap<>();
    Map<String, List<long[]>> rows = new LinkedHashMap<>();
    Map<String, int[]> shapes = new LinkedHashMap<>();
    Map<String, String> firstLine = new LinkedHashMap<>();
    boolean inTable = false;
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String where = source + ":" + (i + 1);
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (!inTable) {
        if (line.equals(COLUMNS)) {
          inTable = true;
          continue;
        }
        int colon = line.indexOf(':');
        if (colon <= 0) {
          throw new ConfigurationException(where + ": expected 'key: value' or the table header '"
              + COLUMNS + "', got '" + line + "'");
        }
        String key = line.substring(0, colon).strip();
        if (!List.of("model", "device", "kv-bytes-per-token", "source").contains(key)) {
          throw new ConfigurationException(where + ": " + ConfigurationException.unknown(
              "profile key", key, List.of("model", "device", "kv-bytes-per-token", "source"))
              .getMessage());
        }
        header.put(key, line.substring(colon + 1).strip());
        continue;
      }
      String[] cells = line.split(",", -1);
      if (cells.length != 9) {
        throw new ConfigurationException(where + ": expected 9 columns (" + COLUMNS + "), got "
            + cells.length);
      }
      Axis axis = Axis.of(cells[0].strip());
      if (axis == null) {
        throw new ConfigurationException(where + ": " + ConfigurationException.unknown("axis",
            cells[0].strip(), Arrays.stream(Axis.values()).map(Axis::id).toList()).getMessage());
      }
      String name = cells[2].strip();
      if (name.isEmpty()) {
        throw new ConfigurationException(where + ": column 'kernel' is empty");
      }
      long x = number(cells[1], "x", 1, where);
      long grid = number(cells[3], "grid", 1, where);
      long threads = number(cells[4], "threads", 1, where);
      long registers = number(cells[5], "registers", 0, where);
      long shared = number(cells[6], "shared_bytes", 0, where);
      long blockNs = number(cells[7], "block_ns", 1, where);
      long dram = number(cells[8], "dram_bytes", 0, where);
      if (grid > Integer.MAX_VALUE || threads > Integer.MAX_VALUE || registers > 255
          || shared > Integer.MAX_VALUE) {
        throw new ConfigurationException(where + ": grid, threads and shared_bytes must fit an "
            + "int and registers be <= 255");
      }
      String key = axis.id() + "/" + name;
      int[] shape = {(int) threads, (int) registers, (int) shared};
      int[] known = shapes.putIfAbsent(key, shape);
      if (known != null && !Arrays.equals(known, shape)) {
        throw new ConfigurationException(where + ": kernel '" + name + "' (axis " + axis.id()
            + ") has threads, registers or shared_bytes other than on " + firstLine.get(key)
            + "; a kernel keeps its block shape, only grid, block_ns and dram_bytes vary");
      }
      firstLine.putIfAbsent(key, "line " + (i + 1));
      List<long[]> points = rows.computeIfAbsent(key, k -> new ArrayList<>());
      for (long[] p : points) {
        if (p[0] == x) {
          throw new ConfigurationException(where + ": kernel '" + name + "' (axis " + axis.id()
              + ") has a second row for x = " + x);
        }
      }
      points.add(new long[] {x, grid, blockNs, dram});
    }
    for (String key : List.of("model", "device", "kv-bytes-per-token")) {
      if (!header.containsKey(key) || header.get(key).isEmpty()) {
        throw new ConfigurationException(source + ": the profile lacks the key '" + key
            + "' (before the table header)");
      }
    }
    number(header.get("kv-bytes-per-token"), "kv-bytes-per-token", 1, source);
    if (rows.isEmpty()) {
      throw new ConfigurationException(source + ": empty profile: no kernel rows; expected the "
          + "header '" + COLUMNS + "' followed by at least one row");
    }
    List<Curve> curves = new ArrayList<>();
    for (Map.Entry<String, List<long[]>> e : rows.entrySet()) {
      TreeMap<Long, long[]> sorted = new TreeMap<>();
      e.getValue().forEach(p -> sorted.put(p[0], p));
      int n = sorted.size();
      long[] xs = new long[n];
      long[] grids = new long[n];
      long[] blocks = new long[n];
      long[] dram = new long[n];
      int j = 0;
      for (long[] p : sorted.values()) {
        xs[j] = p[0];
        grids[j] = p[1];
        blocks[j] = p[2];
        dram[j] = p[3];
        j++;
      }
      String key = e.getKey();
      int slash = key.indexOf('/');
      int[] shape = shapes.get(key);
      curves.add(new Curve(Axis.of(key.substring(0, slash)), key.substring(slash + 1), shape[0],
          shape[1], shape[2], xs, grids, blocks, dram, source + ":" + firstLine.get(key)));
    }
    return new ModelProfile(source, header, curves);
  }

  private static long number(String cell, String column, long min, String where) {
    String text = cell.strip().replace("_", "");
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new ConfigurationException(where + ": column '" + column + "' must be a whole number, "
          + "got '" + cell.strip() + "'");
    }
    if (value < min) {
      throw new ConfigurationException(where + ": column '" + column + "' must be >= " + min
          + ", got " + value);
    }
    return value;
  }

  /** The model's id, from the header. */
  public String model() {
    return model;
  }

  /** The device the profile was built for ({@link DeviceSpec#name()}), from the header. */
  public String device() {
    return device;
  }

  /** Bytes of KV cache one token takes (keys and values of every layer), from the header. */
  public long kvBytesPerToken() {
    return kvBytesPerToken;
  }

  /** The file or resource the profile was read from. */
  public String source() {
    return source;
  }

  /** Every header value, by key, in file order. */
  public Map<String, String> header() {
    return header;
  }

  /**
   * Checks that every kernel's block fits an SM of {@code device}.
   *
   * @throws ConfigurationException naming the profile line of the first kernel that does not fit
   */
  public void checkFits(DeviceSpec device) {
    for (Curve c : curves) {
      long registers = (long) c.threads * c.registers;
      long shared = (long) c.shared + device.sm().sharedMemoryReservedPerBlock();
      if (c.threads > device.sm().maxThreads() || registers > device.sm().registers()
          || shared > device.sm().sharedMemoryBytes()) {
        throw new ConfigurationException(c.where + ": a block of kernel '" + c.name + "' ("
            + c.threads + " threads, " + c.registers + " registers per thread, " + c.shared
            + " B of shared memory) does not fit an SM of '" + device.name() + "'");
      }
    }
  }

  /** The kernels of one iteration of shape {@code batch}, in the profile's order. */
  public List<Kernel> kernels(BatchShape batch) {
    List<Kernel> kernels = new ArrayList<>(curves.size());
    for (Curve c : curves) {
      long q = batch.value(c.axis);
      if (q <= 0) {
        continue;
      }
      long grid;
      long blockNs;
      long dram;
      int n = c.xs.length;
      if (q <= c.xs[0]) {
        grid = c.grids[0];
        blockNs = c.blockNs[0];
        dram = c.dramBytes[0];
      } else if (q >= c.xs[n - 1]) {
        grid = (long) Math.ceil(c.grids[n - 1] * ((double) q / c.xs[n - 1]));
        blockNs = c.blockNs[n - 1];
        dram = c.dramBytes[n - 1];
      } else {
        int hi = 1;
        while (c.xs[hi] < q) {
          hi++;
        }
        int lo = hi - 1;
        double t = (double) (q - c.xs[lo]) / (c.xs[hi] - c.xs[lo]);
        grid = Math.round(c.grids[lo] + t * (c.grids[hi] - c.grids[lo]));
        blockNs = Math.round(c.blockNs[lo] + t * (c.blockNs[hi] - c.blockNs[lo]));
        dram = Math.round(c.dramBytes[lo] + t * (c.dramBytes[hi] - c.dramBytes[lo]));
      }
      int blocks = (int) Math.max(1, Math.min(Integer.MAX_VALUE, grid));
      blockNs = Math.max(1, blockNs);
      Segment segment = new Segment(SegmentKind.COMPUTE, 0, blockNs, c.registers, c.shared,
          Math.max(0, dram));
      kernels.add(new Kernel(c.name, blocks, c.threads, c.registers, c.shared, false,
          new BlockProgram(List.of(segment)), new BlockTiming.Exact()));
    }
    return kernels;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "profile %s (%s on %s, %d kernels)", source, model, device,
        curves.size());
  }
}
