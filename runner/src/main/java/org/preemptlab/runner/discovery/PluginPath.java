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

/** The jars of a {@code --plugin-path} directory and the class loader over them. */
final class PluginPath {
  private static final Logger LOG = LogManager.getLogger(PluginPath.class);

  private PluginPath() {}

  /**
   * Every {@code *.jar} directly in {@code directory}, sorted by file name.
   *
   * @throws ConfigurationException naming the directory if it is missing or cannot be read
   */
  static List<Path> jars(Path directory) {
    if (!Files.exists(directory)) {
      throw new ConfigurationException("plugin path '" + directory + "' does not exist");
    }
    if (!Files.isDirectory(directory)) {
      throw new ConfigurationException("plugin path '" + directory + "' is not a directory");
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

  /** A class loader over the jars of {@code directory}, in name order, delegating to {@code parent}. */
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
