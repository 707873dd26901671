package org.preemptlab.runner.discovery;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.preemptlab.api.ConfigurationException;

/** The jars of a {@code --plugin-path} (a directory of jars, or one jar) and their class loader. */
final class PluginPath {
  private static final Logger LOG = LogManager.getLogger(PluginPath.class);

  private PluginPath() {}

  /**
   * Every {@code *.jar} directly in {@code directory}, sorted by file name; or {@code directory}
   * itself if it is a jar file.
   *
   * @throws ConfigurationException naming the path if it is missing or cannot be read, or is a
   *     file that is not a jar
   */
  static List<Path> jars(Path directory) {
    if (!Files.exists(directory)) {
      throw new ConfigurationException("plugin path '" + directory + "' does not exist");
    }
    if (Files.isRegularFile(directory) && directory.getFileName().toString().endsWith(".jar")) {
      if (!Files.isReadable(directory)) {
        throw new ConfigurationException("plugin jar '" + directory + "' cannot be read");
      }
      return List.of(directory);
    }
    if (!Files.isDirectory(directory)) {
      throw new ConfigurationException("plugin path '" + directory
          + "' is neither a directory nor a .jar file");
    }
    if (!Files.isReadable(directory)) {
      throw new ConfigurationException("plugin path '" + directory + "' cannot be read");
    }
    List<Path> jars;
    try (Stream<Path> entries = Files.list(directory)) {
      jars = entries
          .filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p))
          .sorted(Comparator.comparing(p -> p.getFileName().toString()))
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new ConfigurationException(
          "plugin path '" + directory + "' cannot be read: " + Throwables.describe(e), e);
    }
    for (Path jar : jars) {
      if (!Files.isReadable(jar)) {
        throw new ConfigurationException("plugin jar '" + jar + "' cannot be read");
      }
    }
    if (jars.isEmpty()) {
      LOG.warn("plugin path '{}' holds no jars", directory);
    }
    return jars;
  }

  /**
   * A class loader over the jars of {@code directory} (or the jar itself), in name order,
   * delegating to {@code parent}.
   */
  static URLClassLoader classLoader(Path directory, ClassLoader parent) {
    List<URL> urls = new ArrayList<>();
    for (Path jar : jars(directory)) {
      LOG.debug("plugin jar {}", jar);
      try {
        urls.add(jar.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new ConfigurationException("plugin jar '" + jar + "' has no valid URL", e);
      }
    }
    return new URLClassLoader("preemptlab-plugins", urls.toArray(URL[]::new), parent);
  }
}
