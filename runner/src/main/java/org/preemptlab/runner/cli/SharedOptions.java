package org.preemptlab.runner.cli;

import java.nio.file.Path;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;

/** Options shared by several commands, and their parsing. */
final class SharedOptions {
  static final Option PLUGIN_PATH = Option.builder().longOpt("plugin-path").hasArg()
      .argName("PATH").desc("also load plugins from PATH: one jar, or every jar in a directory")
      .get();

  private SharedOptions() {}

  /** The registry of the built-in plugins and those under {@code --plugin-path}. */
  static PluginRegistry registry(CommandLine line) {
    Optional<Path> dir = Optional.ofNullable(line.getOptionValue(PLUGIN_PATH)).map(Path::of);
    return PluginRegistry.discover(dir);
  }

  /** A whole-number option value in a range, or the default. */
  static long number(CommandLine line, String option, long fallback, long min, long max) {
    String text = line.getOptionValue(option);
    if (text == null) {
      return fallback;
    }
    long value;
    try {
      value = Long.parseLong(text.replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
      throw new ConfigurationException("--" + option + ": expected a whole number, got '" + text
          + "'");
    }
    if (value < min || value > max) {
      throw new ConfigurationException("--" + option + ": " + value + " is out of range [" + min
          + ", " + max + "]");
    }
    return value;
  }
}
