package org.preemptlab.runner.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.api.PluginKind;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.runner.experiment.EngineConfig;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.RunConfig;

/**
 * The configuration a run writes into its folder, complete and self-contained: every plugin's and
 * every application's parameters with their defaults filled in, the {@code sharing} section, the
 * engine's settings filled in (only an unlimited {@code credit-limit} stays absent), and every
 * input file a parameter names ({@link RunConfig#isPathParameter}: a trace, a spec, a hardware
 * file, a model or iteration profile, a request trace; a profile given as a folder with all its
 * files) hashed (SHA-256) and, up to {@link #COPY_LIMIT} bytes, copied into {@code inputs/} of the
 * folder and named there by a path relative
 * to the folder. {@code preemptlab run --config OUT/config.yaml} then reads the copies, from any
 * working directory and on another machine, and gives the same files. Copies rather than hashes
 * alone: a folder moved elsewhere still runs, and the hash says which file was read when a larger
 * one is named by its path instead.
 */
public final class RunInputs {
  /** The folder of the copies, inside the run's folder. */
  public static final String FOLDER = "inputs";
  /** The largest input copied (64 MiB); a larger one is named by its absolute path. */
  public static final long COPY_LIMIT = 64L << 20;

  /**
   * One input file.
   *
   * @param key the parameter that names it, e.g. {@code workload.spec}
   * @param source the file read, absolute
   * @param copy the copy in the run folder, relative to it; empty if not copied
   * @param bytes its size
   * @param sha256 its SHA-256, hex
   */
  public record Input(String key, String source, String copy, long bytes, String sha256) {}

  /**
   * The complete configuration and its inputs.
   *
   * @param config what {@code config.yaml} and {@code summary.json} hold
   * @param inputs the input files, in key order
   */
  public record Resolved(RunConfig config, List<Input> inputs) {
    /** Each plugin's parameter values as {@link #config} holds them, for the kinds in {@code kinds}. */
    public Map<PluginKind, Map<String, String>> parameters(java.util.Set<PluginKind> kinds) {
      Map<PluginKind, Map<String, String>> all = new java.util.EnumMap<>(PluginKind.class);
      for (PluginKind kind : RunConfig.PLUGIN_KINDS) {
        if (kinds.contains(kind)) {
          all.put(kind, config.choice(kind).parameters());
        }
      }
      return all;
    }

    /** Each application's parameter values as {@link #config} holds them, in order. */
    public List<Map<String, String>> applicationParameters() {
      return config.applications().stream().map(PluginChoice::parameters).toList();
    }
  }

  private RunInputs() {}

  /**
   * {@code config} complete, with {@code parameters} (each plugin's values, defaults included) and
   * its inputs copied into {@code directory} (which a later write of the same run replaces).
   */
  public static Resolved resolve(RunConfig config, Map<PluginKind, Map<String, String>> parameters,
      Path directory) {
    return resolve(config, parameters, List.of(), directory);
  }

  /**
   * {@code config} complete, as {@link #resolve(RunConfig, Map, Path)}, with {@code applications}
   * (each application's values, defaults included, in the configuration's order; empty to keep
   * those of {@code config}) and the files they name copied too.
   */
  public static Resolved resolve(RunConfig config, Map<PluginKind, Map<String, String>> parameters,
      List<Map<String, String>> applications, Path directory) {
    List<Input> inputs = new ArrayList<>();
    RunConfig complete = config;
    for (PluginKind kind : RunConfig.PLUGIN_KINDS) { // in section order: the inputs' order
      if (kind != PluginKind.WORKLOAD || config.workload().spec() == null) { // a spec is inline
        complete = complete.withChoice(kind, choice(kind.key(), config.choice(kind),
            parameters.get(kind), directory, inputs));
      }
    }
    EngineOptions options = config.engine().toOptions();
    EngineConfig engine = new EngineConfig(options.creditLimit() == Integer.MAX_VALUE ? null
        : options.creditLimit(), options.checkInvariants(), options.launchWindow(),
        options.launchBatch(), options.inOrderQueues(), config.engine().aggregateBlocks());
    List<PluginChoice> resolvedApplications = new ArrayList<>();
    for (int i = 0; i < config.applications().size(); i++) {
      resolvedApplications.add(choice("applications[" + i + "]", config.applications().get(i),
          i < applications.size() ? applications.get(i) : null, directory, inputs));
    }
    return new Resolved(complete.withApplications(resolvedApplications).withEngine(engine),
        List.copyOf(inputs));
  }

  private static PluginChoice choice(String section, PluginChoice choice,
      Map<String, String> values, Path directory, List<Input> inputs) {
    Map<String, String> all = new TreeMap<>(values == null ? choice.parameters() : values);
    return new PluginChoice(choice.id(), files(section, all, directory, inputs));
  }

  /** The values with every file they name hashed, copied and named relative to the folder. */
  private static Map<String, String> files(String section, Map<String, String> values,
      Path directory, List<Input> inputs) {
    Map<String, String> resolved = new TreeMap<>(values);
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (!RunConfig.isPathParameter(e.getKey()) || e.getValue().isBlank()) {
        continue;
      }
      Path source = Path.of(e.getValue()).toAbsolutePath().normalize();
      if (!Files.isRegularFile(source) && !Files.isDirectory(source)) {
        continue; // the plugin read no file there (it reported that already)
      }
      String key = section + "." + e.getKey();
      try {
        List<Path> files = filesOf(source);
        long bytes = 0;
        for (Path file : files) {
          bytes += Files.size(file);
        }
        String copy = "";
        if (bytes <= COPY_LIMIT) {
          String name = source.getFileName().toString();
          String prefix = key.replace('[', '-').replace("]", "") + "-"; // applications-0.trace-
          // named after its key; a copy read back (a rerun from the folder) keeps its name
          copy = FOLDER + "/" + (name.startsWith(prefix) ? name : prefix + name);
          Path target = directory.resolve(copy);
          if (!target.toAbsolutePath().normalize().equals(source)) { // a rerun from its copy
            for (Path file : files) {
              Path to = target.resolve(source.relativize(file).toString()).normalize();
              Files.createDirectories(to.getParent());
              Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
            }
          }
          resolved.put(e.getKey(), copy);
        } else {
          resolved.put(e.getKey(), source.toString());
        }
        inputs.add(new Input(key, source.toString(), copy, bytes, sha256(source, files)));
      } catch (IOException ex) {
        throw new UncheckedIOException("cannot copy the input " + source + " into " + directory,
            ex);
      }
    }
    return resolved;
  }

  /**
   * The regular files an input names: the file itself, or every regular file under a folder (a
   * profile given as a directory), in path order.
   */
  private static List<Path> filesOf(Path source) throws IOException {
    if (Files.isRegularFile(source)) {
      return List.of(source);
    }
    try (var walk = Files.walk(source)) {
      return walk.filter(Files::isRegularFile).sorted().toList();
    }
  }

  /**
   * The SHA-256 of a file, or of a folder: of the lines {@code <SHA-256> <relative path>} of its
   * files in path order (as {@code sha256sum} lists them), hex.
   */
  private static String sha256(Path source, List<Path> files) throws IOException {
    if (Files.isRegularFile(source)) {
      return sha256(source);
    }
    StringBuilder listing = new StringBuilder();
    for (Path file : files) {
      listing.append(sha256(file)).append("  ").append(source.relativize(file).toString()
          .replace('\\', '/')).append('\n');
    }
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(listing.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  /** The SHA-256 of a file, hex. */
  static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[1 << 16];
      int n;
      while ((n = in.read(buffer)) > 0) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
