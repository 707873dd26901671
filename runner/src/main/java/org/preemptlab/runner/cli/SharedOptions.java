package org.preemptlab.runner.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.Durations;
import org.preemptlab.runner.discovery.PluginRegistry;

/**
 * Options shared by several commands, and their parsing; public for the commands other modules
 * add through {@link Command}.
 */
public final class SharedOptions {
  /** {@code --plugin-path PATH}: also load plugins from a jar or a folder of jars. */
  public static final Option PLUGIN_PATH = Option.builder().longOpt("plugin-path").hasArg()
      .argName("PATH").desc("also load plugins from PATH: one jar, or every jar in a directory. "
          + "Plugins are code: their jars run with your rights (files, network, processes), so "
          + "load only jars you trust (docs/writing-a-plugin.md)").get();

  private SharedOptions() {}

  /** The registry of the built-in plugins and those under {@code --plugin-path}. */
  public static PluginRegistry registry(CommandLine line) {
    Optional<Path> dir = Optional.ofNullable(line.getOptionValue(PLUGIN_PATH)).map(Path::of);
    return PluginRegistry.discover(dir);
  }

  /** The plugins of {@code kinds} only, with those of {@code --plugin-path}, if given. */
  static PluginRegistry registry(CommandLine line, java.util.Set<PluginKind> kinds) {
    Optional<Path> dir = Optional.ofNullable(line.getOptionValue(PLUGIN_PATH)).map(Path::of);
    return PluginRegistry.discover(dir, kinds);
  }

  /**
   * A wall-time limit option such as {@code --run-timeout 30s}, or empty if not given.
   *
   * @throws ConfigurationException if it is not a positive duration
   */
  static Optional<Duration> timeout(CommandLine line, String option) {
    String text = line.getOptionValue(option);
    if (text == null) {
      return Optional.empty();
    }
    long ns;
    try {
      ns = Durations.parseNs(text);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException("--" + option + ": " + e.getMessage());
    }
    if (ns <= 0) {
      throw new ConfigurationException("--" + option + ": must be > 0, got '" + text + "'");
    }
    return Optional.of(Duration.ofNanos(ns));
  }

  /**
   * Runs {@code task}, on a daemon thread when {@code timeout} is given so that a plugin that loops
   * cannot hold the command: when the time is up the thread is interrupted and the run fails with
   * {@link RunTimeoutException} (the process then exits, ending the thread). Exceptions and
   * errors of the task are rethrown as they are.
   */
  static <T> T withTimeout(Optional<Duration> timeout, Callable<T> task) {
    if (timeout.isEmpty()) {
      return call(task);
    }
    FutureTask<T> future = new FutureTask<>(task);
    Thread thread = new Thread(future, "preemptlab-run");
    thread.setDaemon(true);
    thread.start();
    try {
      return future.get(timeout.get().toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new RunTimeoutException("timeout after " + Durations.format(timeout.get().toNanos())
          + " (--run-timeout); a plugin may be looping");
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new RunTimeoutException("interrupted");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    }
  }

  private static <T> T call(Callable<T> task) {
    try {
      return task.call();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** A run that exceeded its {@code --run-timeout}: exit code 1, as a failed run. */
  static final class RunTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RunTimeoutException(String message) {
      super(message);
    }
  }

  /**
   * A whole-number option value in a range, or the default.
   *
   * @throws ConfigurationException naming the option if the value is not a whole number in range
   */
  public static long number(CommandLine line, String option, long fallback, long min, long max) {
    String text = line.getOptionValue(option);
    if (text == null) {
      return fallback;
    }
    long value;
    try {
      value = org.preemptlab.api.Numbers.whole(text.replace("_", "").replace(",", ""),
          Long.MIN_VALUE, Long.MAX_VALUE);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException("--" + option + ": expected a whole number, got '"
          + org.preemptlab.api.Numbers.shortText(text) + "'");
    }
    if (value < min || value > max) {
      throw new ConfigurationException("--" + option + ": " + value + " is out of range [" + min
          + ", " + max + "]");
    }
    return value;
  }
}
