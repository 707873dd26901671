package org.preemptlab.runner.cli;

import java.util.regex.Pattern;

/**
 * The JVM options PreemptLab's own launches run with: the {@code preemptlab} script's and a
 * cluster sweep's tasks. Both use the Parallel collector unless the user chose a collector: the
 * engine stores references into long-lived objects for every block (resident lists, pools, queued
 * events), which G1, the JVM's default, makes pay a write barrier with a memory fence; Parallel's
 * barrier is a plain card mark (docs/performance-log.md, "The Parallel collector by default").
 */
public final class JvmOptions {
  /** The collector chosen when the options choose none. */
  public static final String DEFAULT_COLLECTOR = "-XX:+UseParallelGC";

  private static final Pattern CHOSEN_COLLECTOR = Pattern.compile("(^|\\s)-XX:\\+Use"
      + "(Serial|Parallel|ParallelOld|G1|Z|Shenandoah|Epsilon|ConcMarkSweep)GC(\\s|$)");

  private JvmOptions() {}

  /**
   * {@code options} (as written for a shell; may be empty) with {@link #DEFAULT_COLLECTOR} added
   * unless they choose a collector themselves ({@code -XX:+UseG1GC}, {@code -XX:+UseZGC}, ...).
   */
  public static String withDefaultCollector(String options) {
    String given = options.strip();
    if (CHOSEN_COLLECTOR.matcher(given).find()) {
      return given;
    }
    return given.isEmpty() ? DEFAULT_COLLECTOR : given + " " + DEFAULT_COLLECTOR;
  }
}
