package org.preemptlab.hardware;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.preemptlab.api.PluginCatalog;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.HardwareModelProvider;

/**
 * The bundled hardware models: one {@link BundledModelProvider} for every file named in this
 * package's {@code models.index} (one file name a line, {@code #} comments). A new bundled model is
 * a parameter file and a line in the index; discovery finds them through this catalog's service
 * entry.
 *
 * @since 0.2
 */
public final class BundledModels implements PluginCatalog {
  private static final String INDEX = "models.index";

  /** Called by {@link java.util.ServiceLoader}. */
  public BundledModels() {}

  @Override
  public Class<HardwareModelProvider> providerType() {
    return HardwareModelProvider.class;
  }

  /** A provider per indexed file, in index order, each file read and checked. */
  @Override
  public List<? extends PluginProvider<?>> providers() {
    return files().stream().map(BundledModelProvider::new).toList();
  }

  /**
   * The bundled model with this id, e.g. {@code "h200"}.
   *
   * @throws IllegalArgumentException if the index has no such model, naming the valid ids
   */
  public static BundledModelProvider provider(String id) {
    List<String> files = files();
    checkArgument(files.contains(id + ".yaml"), "no bundled hardware model '%s'; bundled: %s", id,
        String.join(", ", files.stream().map(f -> f.replaceFirst("\\.yaml$", "")).toList()));
    return new BundledModelProvider(id + ".yaml");
  }

  /** The file names of the index, in order. */
  static List<String> files() {
    try (InputStream in = BundledModels.class.getResourceAsStream(INDEX)) {
      if (in == null) {
        throw new IllegalStateException("the bundled hardware models' index " + INDEX
            + " is missing");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .map(line -> line.replaceFirst("#.*", "").strip()).filter(line -> !line.isEmpty())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled hardware models' index", e);
    }
  }
}
