package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;

/**
 * A device's peaks, the other input of the roofline ({@link TransformerRoofline}): a data file
 * ({@code devices/<id>.device} among the resources) of {@code key: value} lines from the
 * datasheet, and, where a measurement is published, the DRAM bandwidth a streaming kernel
 * sustains ({@code achievable-dram-bytes-per-s}, optional) and the L2's rate ({@link L2},
 * optional).
 *
 * @param id the file's id
 * @param name the device's name, as the hardware model names it ({@code DeviceSpec#name()})
 * @param sms streaming multiprocessors
 * @param peakFlops dense BF16 tensor FLOPs per second
 * @param dramBytesPerSecond DRAM bandwidth in bytes per second (datasheet)
 * @param achievableDramBytesPerSecond the DRAM bandwidth a STREAM triad sustains on the device,
 *     bytes read and written per second (a published measurement), or 0 where none is declared
 * @param sharedMemoryPerSm bytes of shared memory one SM gives its resident blocks, or 0 where
 *     none is declared (the attention tile model, {@link AttentionTiming}, needs it)
 * @param boostClockHz the SM clock in Hz at which {@code peakFlops} is declared (the datasheet's
 *     boost clock), or 0 where none is declared (the attention tile model counts the work of a
 *     tile outside the tensor cores in cycles of this clock)
 * @param l2 the L2 cache's size and measured rate, or {@link L2#NONE} where the device file
 *     declares no measured rate (the element-wise groups then move every byte at the DRAM rate)
 * @param source where the values come from
 */
public record DeviceRoof(String id, String name, int sms, double peakFlops,
    double dramBytesPerSecond, double achievableDramBytesPerSecond, long sharedMemoryPerSm,
    double boostClockHz, L2 l2, String source) {

  /** The keys of a device file. */
  public static final List<String> KEYS = List.of("name", "sms", "peak-flops",
      "dram-bytes-per-s", "achievable-dram-bytes-per-s", "shared-memory-per-sm", "boost-clock-hz",
      "l2-bytes", "l2-bytes-per-s", "l2-resident-bytes", "source");

  /**
   * The L2 cache as the roofline's element-wise groups see it ({@link RooflineEfficiency}): a
   * kernel whose bytes are at most {@code residentBytes} moves them at {@code bytesPerSecond}.
   *
   * @param bytes the L2's size (whitepaper or datasheet), 0 where not declared
   * @param bytesPerSecond the rate a streaming read of a data set that stays in the L2 reaches
   *     (a published microbenchmark), 0 where none is published
   * @param residentBytes the largest data set the same microbenchmark reads at that rate (the
   *     last before the first whose rate falls below 90 % of the 4 MB one), 0 where none is
   *     published
   */
  public record L2(long bytes, double bytesPerSecond, long residentBytes) {
    /** No L2 rule: every byte at the DRAM rate. */
    public static final L2 NONE = new L2(0, 0, 0);

    /** Checks the values. */
    public L2 {
      checkArgument(bytes >= 0 && bytesPerSecond >= 0 && residentBytes >= 0,
          "L2 values must be >= 0");
      checkArgument((bytesPerSecond > 0) == (residentBytes > 0),
          "l2-bytes-per-s and l2-resident-bytes are declared together (one measurement)");
      checkArgument(residentBytes <= bytes || bytes == 0 && residentBytes == 0,
          "l2-resident-bytes must be at most l2-bytes, which it needs");
    }

    /** Whether a measured rate is declared (the rule applies). */
    public boolean measured() {
      return bytesPerSecond > 0;
    }

    /** Whether a kernel moving {@code kernelBytes} moves them at the L2 rate. */
    public boolean holds(double kernelBytes) {
      return measured() && kernelBytes <= residentBytes;
    }
  }

  /** Which DRAM bandwidth a memory efficiency is a fraction of. */
  public enum Bandwidth {
    /** The datasheet's ({@code dram-bytes-per-s}). */
    DATASHEET("datasheet"),
    /** The measured sustained bandwidth ({@code achievable-dram-bytes-per-s}). */
    ACHIEVABLE("achievable");

    private final String id;

    Bandwidth(String id) {
      this.id = id;
    }

    /** The basis as written in files. */
    public String id() {
      return id;
    }
  }

  /** The bundled devices, by id. */
  public static final List<String> BUNDLED = List.of("h200", "h100-sxm", "a100-sxm4-80gb",
      "a100-sxm4-40gb", "rtx-pro-6000-server", "rtx-4090");

  /** Checks the values. */
  public DeviceRoof {
    checkArgument(sms >= 1 && peakFlops > 0 && dramBytesPerSecond > 0,
        "device '%s': sms, peak-flops and dram-bytes-per-s must be > 0", id);
    checkArgument(achievableDramBytesPerSecond >= 0
        && achievableDramBytesPerSecond <= dramBytesPerSecond,
        "device '%s': achievable-dram-bytes-per-s must be at most dram-bytes-per-s", id);
    checkArgument(sharedMemoryPerSm >= 0 && boostClockHz >= 0,
        "device '%s': shared-memory-per-sm and boost-clock-hz must be >= 0", id);
    checkArgument(l2 != null, "device '%s': no L2 (L2.NONE where none is declared)", id);
  }

  /**
   * The rate in bytes per second at which an element-wise kernel moving {@code kernelBytes} moves
   * them: the L2's measured rate where they fit the L2's resident bytes ({@link L2#holds}), else
   * the DRAM bandwidth of {@code basis}.
   */
  public double elementwiseBandwidth(double kernelBytes, Bandwidth basis) {
    return l2.holds(kernelBytes) ? l2.bytesPerSecond() : bandwidth(basis);
  }

  /**
   * The DRAM bandwidth of {@code basis} in bytes per second; refused for {@link
   * Bandwidth#ACHIEVABLE} on a device that declares none.
   */
  public double bandwidth(Bandwidth basis) {
    if (basis == Bandwidth.DATASHEET) {
      return dramBytesPerSecond;
    }
    if (achievableDramBytesPerSecond <= 0) {
      throw new ConfigurationException("device '" + id + "' declares no "
          + "achievable-dram-bytes-per-s, which the roofline's element-wise efficiencies are "
          + "fractions of; add a measured figure to its device file");
    }
    return achievableDramBytesPerSecond;
  }

  /** A bundled device by id. */
  public static DeviceRoof bundled(String id) {
    checkArgument(BUNDLED.contains(id), "no bundled device '%s'; valid: %s", id, BUNDLED);
    String resource = "devices/" + id + ".device";
    try (InputStream in = DeviceRoof.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("bundled device " + resource + " is missing");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), id, resource);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read bundled device " + resource, e);
    }
  }

  /** The bundled device whose {@link #name} is {@code name}, if any. */
  public static Optional<DeviceRoof> named(String name) {
    for (String id : BUNDLED) {
      DeviceRoof d = bundled(id);
      if (d.name.equals(name)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }

  /** The names of the bundled devices. */
  public static List<String> bundledNames() {
    List<String> names = new ArrayList<>();
    BUNDLED.forEach(id -> names.add(bundled(id).name()));
    return names;
  }

  /** Reads a device file (at most 1 MiB). */
  public static DeviceRoof read(Path file) {
    String name = file.getFileName().toString();
    return parse(InputFiles.readText(file, "device file", Limits.MAX_TEXT_FILE_BYTES),
        name.endsWith(".device") ? name.substring(0, name.length() - 7) : name, file.toString());
  }

  /** Parses a device file; {@code source} names it in errors. */
  public static DeviceRoof parse(String text, String id, String source) {
    KeyValueText kv = KeyValueText.parse(text, source, KEYS);
    return new DeviceRoof(id, kv.text("name"), (int) kv.whole("sms", 1, Limits.MAX_SM_COUNT),
        kv.real("peak-flops", 1e9, 1e18), kv.real("dram-bytes-per-s", 1e9, 1e15),
        kv.real("achievable-dram-bytes-per-s", 1e9, 1e15, 0),
        kv.whole("shared-memory-per-sm", 1, 1L << 30, 0), kv.real("boost-clock-hz", 1e8, 1e10, 0),
        l2(kv, source), kv.text("source", ""));
  }

  /** The L2 keys, refused in one line where the rate comes without the resident bytes. */
  private static L2 l2(KeyValueText kv, String source) {
    long bytes = kv.whole("l2-bytes", 1, 1L << 40, 0);
    double rate = kv.real("l2-bytes-per-s", 1e9, 1e15, 0);
    long resident = kv.whole("l2-resident-bytes", 1, 1L << 40, 0);
    if ((rate > 0) != (resident > 0) || resident > 0 && (bytes == 0 || resident > bytes)) {
      throw new ConfigurationException(source + ": keys 'l2-bytes-per-s' and "
          + "'l2-resident-bytes' come together, from one measurement, with 'l2-bytes' at least "
          + "the resident bytes");
    }
    return new L2(bytes, rate, resident);
  }
}
