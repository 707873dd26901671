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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;
import org.preemptlab.api.Numbers;
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

  /** The keys of a profile file's header. */
  static final List<String> HEADER_KEYS = List.of("model", "device", "kv-bytes-per-token",
      "source", "layers", "before-layers", "after-layers");

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
  private record Curve(Axis axis, long[] xs, long[] grids, long[] blockNs, long[] dramBytes)
      implements Cost {
    @Override
    public KernelCost at(BatchShape batch) {
      long q = batch.value(axis);
      if (q <= 0) {
        return null;
      }
      long grid;
      long block;
      long dram;
      int n = xs.length;
      if (q <= xs[0]) {
        grid = grids[0];
        block = blockNs[0];
        dram = dramBytes[0];
      } else if (q >= xs[n - 1]) {
        grid = (long) Math.ceil(grids[n - 1] * ((double) q / xs[n - 1]));
        block = blockNs[n - 1];
        dram = dramBytes[n - 1];
      } else {
        int hi = 1;
        while (xs[hi] < q) {
          hi++;
        }
        int lo = hi - 1;
        double t = (double) (q - xs[lo]) / (xs[hi] - xs[lo]);
        grid = Math.round(grids[lo] + t * (grids[hi] - grids[lo]));
        block = Math.round(blockNs[lo] + t * (blockNs[hi] - blockNs[lo]));
        dram = Math.round(dramBytes[lo] + t * (dramBytes[hi] - dramBytes[lo]));
      }
      return new KernelCost(grid, block, dram);
    }
  }

  /**
   * One operator's kernel for one batch.
   *
   * @param grid blocks (at least 1 is launched)
   * @param blockNs duration of one block alone in ns (at least 1)
   * @param dramBytesPerBlock DRAM bytes one block moves
   */
  public record KernelCost(long grid, long blockNs, long dramBytesPerBlock) {}

  /** What an operator's kernel is for a batch; {@code null} when the operator does not run. */
  @FunctionalInterface
  public interface Cost {
    /** The kernel for {@code batch}, or {@code null} if the operator has no work in it. */
    KernelCost at(BatchShape batch);
  }

  /**
   * One operator of an iteration: its name, class, place, block shape and cost.
   *
   * @param name the operator's name (the kernel's, with the layer for per-layer operators)
   * @param kind the operator's class
   * @param placement before, in every, or after the decoder layers
   * @param threads threads per block
   * @param registers registers per thread
   * @param shared shared memory per block in bytes
   * @param cost the kernel as a function of the batch
   * @param where where it was defined, for errors
   */
  public record Operator(String name, OperatorClass kind, Placement placement, int threads,
      int registers, int shared, Cost cost, String where) {}

  /**
   * The block shape of operators from measured profiles and the roofline, which give no block
   * shape (an assumption, not measured): 256 threads of 128 registers and 64 KiB of shared
   * memory, which fits an SM of every bundled device.
   */
  static final int THREADS = 256;
  static final int REGISTERS = 128;
  static final int SHARED = 64 * 1024;

  /**
   * The kernel of an operator whose time and bytes are functions of the batch: one wave of
   * {@code grid} blocks lasting the operator's time, each moving an equal share of its bytes.
   */
  static Cost timed(ToDoubleFunction<BatchShape> nanos, ToDoubleFunction<BatchShape> bytes,
      int grid) {
    return batch -> {
      double t = nanos.applyAsDouble(batch);
      if (!(t > 0)) {
        return null;
      }
      long block = Math.max(1, Math.round(t));
      return new KernelCost(grid, block, Math.round(Math.max(0, bytes.applyAsDouble(batch))
          / grid));
    };
  }

  private final String source;
  private final String model;
  private final String device;
  private final long kvBytesPerToken;
  private final int layers;
  private final double bytesCapPerNs;
  private final DeviceSpec capDevice;
  private final ImmutableMap<String, String> header;
  private final ImmutableList<Operator> operators;

  private ModelProfile(String source, Map<String, String> header, int layers,
      List<Operator> operators, DeviceSpec capDevice) {
    this.source = source;
    this.header = ImmutableMap.copyOf(header);
    this.model = header.get("model");
    this.device = header.get("device");
    this.kvBytesPerToken = Long.parseLong(header.get("kv-bytes-per-token"));
    this.layers = layers;
    this.operators = ImmutableList.copyOf(operators);
    this.capDevice = capDevice;
    this.bytesCapPerNs = capDevice == null ? Double.POSITIVE_INFINITY
        : capDevice.memory().dramBandwidthBytesPerNs();
  }

  /**
   * A profile of {@code operators}, run in their order (those before the layers, then the
   * per-layer ones {@code layers} times, then those after).
   */
  static ModelProfile of(String source, String model, String device, long kvBytesPerToken,
      int layers, List<Operator> operators, Map<String, String> extraHeader) {
    Map<String, String> header = new LinkedHashMap<>();
    header.put("model", model);
    header.put("device", device);
    header.put("kv-bytes-per-token", Long.toString(kvBytesPerToken));
    header.put("layers", Integer.toString(layers));
    header.putAll(extraHeader);
    return new ModelProfile(source, header, layers, operators, null);
  }

  /**
   * This profile with every kernel's DRAM bytes capped so that its bandwidth alone (bytes over
   * its block time) stays at most {@code device}'s DRAM bandwidth, when the device declares one:
   * a kernel then runs alone at its profiled time under the contention model (DESIGN §3.5).
   */
  public ModelProfile forDevice(DeviceSpec device) {
    return device.memory().dramBandwidthBytesPerNs() > 0
        ? new ModelProfile(source, header, layers, operators, device) : this;
  }

  /** The operators, in iteration order (per-layer ones once). */
  public List<Operator> operators() {
    return operators;
  }

  /** Decoder layers: how many times the per-layer operators run in an iteration. */
  public int layers() {
    return layers;
  }

  /** The ids of the bundled models, for the {@code model} parameter. */
  public static List<String> bundledModels() {
    return ModelArchitecture.BUNDLED;
  }

  /**
   * The roofline profile ({@link TransformerRoofline}) of a bundled model on the bundled device
   * named {@code deviceName}, with vLLM's operator list and the bundled efficiency fit for vLLM's
   * kernels ({@link RooflineEfficiency#bundled(TransformerOperators.Engine)}) and attention timed
   * by the bundled tile model ({@link AttentionTiming#bundled()}).
   *
   * @throws ConfigurationException for an unknown model, a device without bundled peaks or one
   *     that declares no sustained bandwidth, shared memory per SM or boost clock
   */
  public static ModelProfile bundled(String model, String deviceName, String owner) {
    return bundled(ModelArchitecture.bundled(model, owner), deviceName,
        TransformerOperators.Engine.VLLM, owner);
  }

  /**
   * The roofline profile of {@code arch} on the bundled device named {@code deviceName}, with
   * {@code engine}'s operator list and the efficiency fit for {@code engine}'s kernels (Vidur's:
   * element-wise efficiencies as fractions of the device's sustained bandwidth, refused on a
   * device declaring none).
   */
  public static ModelProfile bundled(ModelArchitecture arch, String deviceName,
      TransformerOperators.Engine engine, String owner) {
    DeviceRoof roof = DeviceRoof.named(deviceName).orElseThrow(() -> new ConfigurationException(
        owner + ": no roofline peaks for the device '" + deviceName + "'; devices with peaks: "
            + String.join(", ", DeviceRoof.bundledNames()) + " (or give a measured profile with "
            + "profile-file)"));
    RooflineEfficiency efficiency = RooflineEfficiency.bundled(engine);
    if (!efficiency.fits(roof)) {
      List<String> sustained = new ArrayList<>();
      DeviceRoof.BUNDLED.stream().map(DeviceRoof::bundled).filter(efficiency::fits)
          .forEach(d -> sustained.add(d.name()));
      throw new ConfigurationException(owner + ": the roofline profile needs the device's "
          + "sustained DRAM bandwidth (achievable-dram-bytes-per-s), which '" + deviceName
          + "' does not declare; devices with it: " + String.join(", ", sustained)
          + " (or give a measured profile with profile-file)");
    }
    try {
      return TransformerRoofline.profile(arch, roof, efficiency, AttentionTiming.bundled(), engine,
          1);
    } catch (ConfigurationException e) {
      throw new ConfigurationException(owner + ": " + e.getMessage());
    }
  }

  /**
   * The largest KV cache per token a profile may declare, 4 GiB: Llama 3 70B needs 320 KiB in
   * BF16, and the bound keeps a KV block's bytes (times at most 2^16 tokens) far from overflow.
   */
  static final long MAX_KV_BYTES_PER_TOKEN = 1L << 32;

  /** The profile formats {@link #read(String, Path, ModelArchitecture, int, String, int)} reads. */
  public static final List<String> FORMATS = List.of("preemptlab", "vidur", "llmservingsim");

  /**
   * Reads a profile of {@code format}: {@code preemptlab} (this class's table file), {@code vidur}
   * ({@link VidurProfile}: a directory with {@code mlp.csv} and optionally {@code attention.csv},
   * or the {@code mlp.csv} file) or {@code llmservingsim} ({@link LlmServingSimProfile}: a bundle's
   * variant or {@code tp<N>} directory).
   *
   * @param arch the model's architecture (the measured formats need its layers and bytes; ignored
   *     for {@code preemptlab})
   * @param tp the tensor-parallel degree to read (measured formats)
   * @param device the device's name for a Vidur profile, which names only a SKU
   * @param sms the device's SMs: the grid of every kernel of a measured profile
   * @throws ConfigurationException for an unknown format or a bad file, naming file and line
   */
  public static ModelProfile read(String format, Path file, ModelArchitecture arch, int tp,
      String device, int sms) {
    return read(format, file, arch, tp, device, sms, true);
  }

  /**
   * Reads a profile as {@link #read(String, Path, ModelArchitecture, int, String, int)} does;
   * {@code skew} false leaves out an LLMServingSim bundle's skew correction of decode attention
   * ({@link SkewFit}), which is applied by default when the bundle supplies it.
   */
  public static ModelProfile read(String format, Path file, ModelArchitecture arch, int tp,
      String device, int sms, boolean skew) {
    return switch (format) {
      case "preemptlab" -> read(file);
      case "vidur" -> VidurProfile.read(file, arch, tp, device, sms);
      case "llmservingsim" -> LlmServingSimProfile.read(file, arch, tp, sms, skew);
      default -> throw new ConfigurationException(ConfigurationException.unknown("profile-format",
          format, FORMATS).getMessage());
    };
  }

  /**
   * Reads a profile file.
   *
   * @throws ConfigurationException naming the file (and line) if it cannot be read or is invalid
   */
  public static ModelProfile read(Path file) {
    return parse(InputFiles.readText(file, "model profile", ProfileTable.MAX_BYTES),
        file.toString());
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
    Map<String, Set<Long>> quantities = new HashMap<>(); // each kernel's x, for duplicates
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
              + COLUMNS + "'");
        }
        String key = line.substring(0, colon).strip();
        if (!HEADER_KEYS.contains(key)) {
          throw new ConfigurationException(where + ": " + ConfigurationException.unknown(
              "profile key", key, HEADER_KEYS).getMessage());
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
      long grid = number(cells[3], "grid", 1, Limits.MAX_GRID_BLOCKS, where);
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
      if (!quantities.computeIfAbsent(key, k -> new HashSet<>()).add(x)) {
        throw new ConfigurationException(where + ": kernel '" + name + "' (axis " + axis.id()
            + ") has a second row for x = " + x);
      }
      rows.computeIfAbsent(key, k -> new ArrayList<>()).add(new long[] {x, grid, blockNs, dram});
    }
    for (String key : List.of("model", "device", "kv-bytes-per-token")) {
      if (!header.containsKey(key) || header.get(key).isEmpty()) {
        throw new ConfigurationException(source + ": the profile lacks the key '" + key
            + "' (before the table header)");
      }
    }
    headerNumber(header.get("kv-bytes-per-token"), "kv-bytes-per-token", MAX_KV_BYTES_PER_TOKEN,
        source);
    if (rows.isEmpty()) {
      throw new ConfigurationException(source + ": empty profile: no kernel rows; expected the "
          + "header '" + COLUMNS + "' followed by at least one row");
    }
    int layers = header.containsKey("layers")
        ? (int) headerNumber(header.get("layers"), "layers", 1 << 12, source) : 1;
    List<String> before = names(header.get("before-layers"));
    List<String> after = names(header.get("after-layers"));
    List<Operator> operators = new ArrayList<>();
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
      String name = key.substring(slash + 1);
      Placement placement = before.contains(name) ? Placement.BEFORE_LAYERS
          : after.contains(name) ? Placement.AFTER_LAYERS : Placement.PER_LAYER;
      operators.add(new Operator(name, OperatorClass.OTHER, placement, shape[0], shape[1],
          shape[2], new Curve(Axis.of(key.substring(0, slash)), xs, grids, blocks, dram),
          source + ":" + firstLine.get(key)));
    }
    for (String name : concat(before, after)) {
      if (operators.stream().noneMatch(o -> o.name().equals(name))) {
        throw new ConfigurationException(source + ": key 'before-layers' or 'after-layers' names "
            + "a kernel with no rows; valid: " + String.join(", ",
                operators.stream().map(Operator::name).toList()));
      }
    }
    return new ModelProfile(source, header, layers, operators, null);
  }

  private static List<String> names(String list) {
    if (list == null || list.isBlank()) {
      return List.of();
    }
    return Arrays.stream(list.split(",")).map(String::strip).filter(x -> !x.isEmpty()).toList();
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static long number(String cell, String column, long min, String where) {
    try {
      return Numbers.whole(cell, min, Long.MAX_VALUE);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(where + ": column '" + column + "' must be a whole number "
          + ">= " + min + " in ASCII digits");
    }
  }

  private static long number(String cell, String column, long min, long max, String where) {
    try {
      return Numbers.whole(cell, min, max);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(where + ": column '" + column + "' must be a whole number "
          + "from " + min + " to " + max + " in ASCII digits");
    }
  }

  /** A header key's whole number from 1 to {@code max}. */
  private static long headerNumber(String value, String key, long max, String source) {
    try {
      return Numbers.whole(value, 1, max);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(source + ": key '" + key + "' must be a whole number from "
          + "1 to " + max + " in ASCII digits");
    }
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
    for (Operator c : operators) {
      long registers = (long) c.threads() * c.registers();
      long shared = (long) c.shared() + device.sm().sharedMemoryReservedPerBlock();
      if (c.threads() > device.sm().maxThreads() || registers > device.sm().registers()
          || shared > device.sm().sharedMemoryBytes()) {
        throw new ConfigurationException(c.where() + ": a block of kernel '" + c.name() + "' ("
            + c.threads() + " threads, " + c.registers() + " registers per thread, " + c.shared()
            + " B of shared memory) does not fit an SM of '" + device.name() + "'");
      }
    }
  }

  /**
   * The kernels of one iteration of shape {@code batch}, in the order the iteration runs them:
   * the operators before the layers, then every layer's operators ({@code L<i>.<name>}, layer
   * {@code i} from 0), then those after. An operator with no work in the batch is skipped.
   */
  public List<Kernel> kernels(BatchShape batch) {
    return new IterationKernels().kernels(batch);
  }

  /**
   * A source of iteration kernels for one run (not for several threads): the same kernels as
   * {@link #kernels(BatchShape)}, equal in every field, but an operator's kernels for a cost it
   * has had before are the instances made then, one per layer. An iteration of a per-operator
   * profile has hundreds of kernels whose costs repeat from one iteration to the next (every
   * layer's, and a decode step's for each batch size); reusing them spares building each one's
   * name, program and record again, and the engine finds an instance it has seen by identity.
   */
  public IterationKernels iterationKernels() {
    return new IterationKernels();
  }

  /** See {@link #iterationKernels()}. */
  public final class IterationKernels {
    /** Costs remembered per operator before the memory is cleared (then refilled as needed). */
    static final int MAX_COSTS_PER_OPERATOR = 4096;

    private final List<Map<KernelCost, Kernel[]>> made = new ArrayList<>();

    private IterationKernels() {
      for (int i = 0; i < operators.size(); i++) {
        made.add(new java.util.HashMap<>());
      }
    }

    /**
     * The kernels of one iteration of shape {@code batch}, in the order the iteration runs them:
     * the operators before the layers, then every layer's operators ({@code L<i>.<name>}, layer
     * {@code i} from 0), then those after. An operator with no work in the batch is skipped.
     */
    public List<Kernel> kernels(BatchShape batch) {
      List<Kernel> before = new ArrayList<>();
      List<Kernel[]> perLayer = new ArrayList<>();
      List<Kernel> after = new ArrayList<>();
      for (int o = 0; o < operators.size(); o++) {
        Operator op = operators.get(o);
        KernelCost cost = op.cost().at(batch);
        if (cost == null) {
          continue;
        }
        Kernel[] kernels = made(o, op, cost);
        switch (op.placement()) {
          case BEFORE_LAYERS -> before.add(kernels[0]);
          case AFTER_LAYERS -> after.add(kernels[0]);
          case PER_LAYER -> perLayer.add(kernels);
          default -> throw new AssertionError(op.placement());
        }
      }
      List<Kernel> kernels = new ArrayList<>(before.size() + layers * perLayer.size()
          + after.size());
      kernels.addAll(before);
      for (int layer = 0; layer < layers; layer++) {
        for (Kernel[] k : perLayer) {
          kernels.add(k[layer]);
        }
      }
      kernels.addAll(after);
      return kernels;
    }

    // The operator's kernels for the cost: one, or one per layer for a per-layer operator.
    private Kernel[] made(int o, Operator op, KernelCost cost) {
      Map<KernelCost, Kernel[]> known = made.get(o);
      Kernel[] kernels = known.get(cost);
      if (kernels == null) {
        Kernel k = kernel(op, cost, op.name());
        if (op.placement() != Placement.PER_LAYER || layers == 1) {
          kernels = new Kernel[] {k};
        } else {
          kernels = new Kernel[layers];
          for (int layer = 0; layer < layers; layer++) {
            kernels[layer] = new Kernel("L" + layer + "." + op.name(), k.gridBlocks(),
                k.threadsPerBlock(), k.registersPerThread(), k.sharedMemoryPerBlock(),
                k.idempotent(), k.program(), k.timing());
          }
        }
        if (known.size() == MAX_COSTS_PER_OPERATOR) {
          known.clear(); // bounded memory; what is made again is equal
        }
        known.put(cost, kernels);
      }
      return kernels;
    }
  }

  private static long residentPerSm(Operator op, DeviceSpec device) {
    long byThreads = device.sm().maxThreads() / op.threads();
    long byRegisters = op.registers() == 0 ? Long.MAX_VALUE
        : device.sm().registers() / ((long) op.threads() * op.registers());
    long byShared = device.sm().sharedMemoryBytes()
        / ((long) op.shared() + device.sm().sharedMemoryReservedPerBlock());
    return Math.max(1, Math.min(device.sm().maxBlocks(),
        Math.min(byThreads, Math.min(byRegisters, byShared))));
  }

  private Kernel kernel(Operator op, KernelCost cost, String name) {
    int blocks = (int) Math.max(1, Math.min(Limits.MAX_GRID_BLOCKS, cost.grid()));
    long blockNs = Math.max(1, cost.blockNs());
    double bytes = Math.max(0, cost.dramBytesPerBlock());
    if (Double.isFinite(bytesCapPerNs)) {
      // bytes over the block time, times the blocks, at most the device's bandwidth
      // the blocks resident at once, alone on the device, together move at most the bandwidth
      long resident = Math.min(blocks, (long) capDevice.smCount() * residentPerSm(op, capDevice));
      bytes = Math.min(bytes, bytesCapPerNs * blockNs / Math.max(1, resident));
    }
    Segment segment = new Segment(SegmentKind.COMPUTE, 0, blockNs, op.registers(), op.shared(),
        Math.round(bytes));
    return new Kernel(name, blocks, op.threads(), op.registers(), op.shared(), false,
        new BlockProgram(List.of(segment)), new BlockTiming.Exact());
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "profile %s (%s on %s, %d operators, %d layers)", source,
        model, device, operators.size(), layers);
  }
}
