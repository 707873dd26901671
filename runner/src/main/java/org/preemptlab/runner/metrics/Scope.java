package org.preemptlab.runner.metrics;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.List;
import java.util.Objects;
import org.preemptlab.api.ConfigurationException;

/**
 * Which jobs a metric is computed over: the whole run, or the jobs of one queue, context, priority
 * or user-defined group of queues. Written after a metric's id as {@code @dimension=name}, for
 * example {@code turnaround-p99@queue=video}. The priority names are {@code KERNEL}, {@code HIGH},
 * {@code NORMAL}, {@code LOW}, and {@code highest} or {@code lowest} for the highest or lowest
 * priority present in the run.
 *
 * @param dimension {@code all}, {@code queue}, {@code context}, {@code priority} or {@code group}
 * @param name the group's name; empty for {@code all}
 */
public record Scope(String dimension, String name) {
  /** The whole run. */
  public static final Scope ALL = new Scope("all", "");
  /** The dimensions a scope may name, besides {@code all}. */
  public static final List<String> DIMENSIONS = List.of("queue", "context", "priority", "group");

  /** Checks the dimension and name. */
  public Scope {
    Objects.requireNonNull(dimension, "dimension");
    Objects.requireNonNull(name, "name");
    checkArgument(dimension.equals("all") == name.isEmpty(), "scope %s='%s'", dimension, name);
    if (!dimension.equals("all") && !DIMENSIONS.contains(dimension)) {
      throw ConfigurationException.unknown("scope", dimension, DIMENSIONS);
    }
  }

  /** The scope of one queue. */
  public static Scope queue(String queue) {
    return new Scope("queue", queue);
  }

  /** The scope of one priority, or {@code highest} or {@code lowest}. */
  public static Scope priority(String priority) {
    return new Scope("priority", priority);
  }

  /** Whether this is the whole run. */
  public boolean isAll() {
    return dimension.equals("all");
  }

  /** As written after a metric's id: {@code @queue=video}, or empty for the whole run. */
  public String suffix() {
    return isAll() ? "" : "@" + dimension + "=" + name;
  }

  /** As written in titles: {@code queue video}, or empty for the whole run. */
  public String label() {
    return isAll() ? "" : dimension + " " + name;
  }

  /**
   * Parses {@code dimension=name}.
   *
   * @throws ConfigurationException naming the valid dimensions
   */
  public static Scope parse(String text) {
    int eq = text.indexOf('=');
    if (eq <= 0 || eq == text.length() - 1) {
      throw new ConfigurationException("scope '" + text + "': write dimension=name, one of "
          + String.join(", ", DIMENSIONS) + " (e.g. queue=video)");
    }
    String dimension = text.substring(0, eq).strip();
    String name = text.substring(eq + 1).strip();
    if (!DIMENSIONS.contains(dimension)) {
      throw ConfigurationException.unknown("scope dimension", dimension, DIMENSIONS);
    }
    if (dimension.equals("priority")) {
      List<String> valid = List.of("KERNEL", "HIGH", "NORMAL", "LOW", "highest", "lowest");
      if (!valid.contains(name)) {
        throw ConfigurationException.unknown("priority", name, valid);
      }
    }
    return new Scope(dimension, name);
  }
}
