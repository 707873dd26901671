package org.preemptlab.runner.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.experiment.PluginChoice;

/**
 * Where an output directory came from: {@code provenance.json} (the PreemptLab version and the
 * git commit the running jar was built from, whether its sources had uncommitted changes then, the
 * Java version, every input file with its SHA-256 ({@link RunInputs}), every plugin's kind, id,
 * version, jar and the jar's SHA-256, for a single run the parameter values each plugin and each
 * application ran with (defaults included),
 * the seeds and the resolved configuration files) and {@code command.txt} (the command line that
 * reproduces the directory, and the directory to run it from). No wall-clock time is written, so
 * the same command gives the same {@code provenance.json}; {@code command.txt} holds options such
 * as {@code --jobs} that change how, not what, is computed.
 *
 * @param command the command line, e.g. {@code preemptlab run --config my.yaml --out results/x}
 * @param plugins the plugins used, in any order (written sorted by kind and id, without
 *     duplicates)
 * @param seeds the root seeds
 * @param configs the resolved configuration files in the directory, relative to it
 * @param parameters the parameter values, defaults included, of a single run's plugins by kind;
 *     empty for a sweep, whose values vary by configuration (its results.csv has them)
 * @param inputs the input files a single run read; empty for a sweep
 * @param applications a single run's applications with their parameter values (defaults
 *     included), in the configuration's order; empty for a sweep or a run without applications
 */
public record Provenance(String command, List<PluginDescriptor> plugins, List<Long> seeds,
    List<String> configs, Map<PluginKind, Map<String, String>> parameters,
    List<RunInputs.Input> inputs, List<PluginChoice> applications) {
  /** The name of the provenance file. */
  public static final String FILE = "provenance.json";
  /** The name of the command file. */
  public static final String COMMAND_FILE = "command.txt";

  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(SerializationFeature.INDENT_OUTPUT).build();

  /** Copies the lists. */
  public Provenance {
    Objects.requireNonNull(command, "command");
    plugins = List.copyOf(plugins);
    seeds = List.copyOf(seeds);
    configs = List.copyOf(configs);
    parameters = Map.copyOf(parameters);
    inputs = List.copyOf(inputs);
    applications = List.copyOf(applications);
  }

  /** Provenance with parameter values and no input files. */
  public Provenance(String command, List<PluginDescriptor> plugins, List<Long> seeds,
      List<String> configs, Map<PluginKind, Map<String, String>> parameters) {
    this(command, plugins, seeds, configs, parameters, List.of(), List.of());
  }

  /** The same provenance with {@code files} as its inputs. */
  public Provenance withInputs(List<RunInputs.Input> files) {
    return new Provenance(command, plugins, seeds, configs, parameters, files, applications);
  }

  /** The same provenance with {@code values} as its applications (ids and parameter values). */
  public Provenance withApplications(List<PluginChoice> values) {
    return new Provenance(command, plugins, seeds, configs, parameters, inputs, values);
  }

  /** Provenance without parameter values (a sweep's). */
  public Provenance(String command, List<PluginDescriptor> plugins, List<Long> seeds,
      List<String> configs) {
    this(command, plugins, seeds, configs, Map.of());
  }

  /** Writes {@code provenance.json} and {@code command.txt} into {@code directory}. */
  public void write(Path directory) {
    write(directory, GitCommit.ofBuild());
  }

  /** Writes the files with a known commit (for tests). */
  void write(Path directory, GitCommit git) {
    try {
      Files.createDirectories(directory);
      Files.writeString(directory.resolve(FILE), json(git) + "\n", StandardCharsets.UTF_8,
          OutputPaths.WRITE);
      Files.writeString(directory.resolve(COMMAND_FILE), "# run from "
          + Path.of("").toAbsolutePath() + "\n" + command + "\n", StandardCharsets.UTF_8,
          OutputPaths.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write provenance to " + directory, e);
    }
  }

  /** The provenance JSON. */
  String json(GitCommit git) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("preemptlab-version", Versions.project());
    root.put("git-commit", git.commit());
    root.put("git-dirty", git.dirty());
    root.put("java-version", System.getProperty("java.version"));
    root.put("command-file", COMMAND_FILE);
    root.put("seeds", seeds);
    root.put("configs", configs);
    List<Map<String, Object>> files = new ArrayList<>();
    for (RunInputs.Input input : inputs) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("key", input.key());
      if (input.copy().isEmpty()) {
        f.put("path", input.source()); // not copied: where it was read
      } else {
        f.put("copy", input.copy());
      }
      f.put("bytes", input.bytes());
      f.put("sha256", input.sha256());
      files.add(f);
    }
    if (!files.isEmpty()) {
      root.put("inputs", files);
    }
    List<Map<String, Object>> list = new ArrayList<>();
    plugins.stream().distinct()
        .sorted(Comparator.comparing((PluginDescriptor d) -> d.kind().ordinal())
            .thenComparing(PluginDescriptor::id))
        .forEach(d -> {
          Map<String, Object> p = PluginEntries.of(d);
          if (parameters.containsKey(d.kind())) {
            p.put("parameters", parameters.get(d.kind()));
          }
          list.add(p);
        });
    root.put("plugins", list);
    if (!applications.isEmpty()) {
      List<Map<String, Object>> apps = new ArrayList<>();
      for (PluginChoice application : applications) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("id", application.id());
        a.put("parameters", application.parameters());
        apps.add(a);
      }
      root.put("applications", apps);
    }
    try {
      return JSON.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write provenance", e);
    }
  }
}
