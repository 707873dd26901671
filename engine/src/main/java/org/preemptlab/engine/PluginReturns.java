package org.preemptlab.engine;

import org.preemptlab.api.Limits;
import org.preemptlab.api.PluginKind;

/**
 * The engine's door for the values plugins return: every time a hardware model gives (a launch, a
 * signal, a switch, a save or a restore) and every size a context-save strategy gives is checked
 * here before the engine adds it to simulated time, so that {@code Long.MAX_VALUE} or {@code -1}
 * fails the run naming the plugin and the method instead of wrapping simulated time into
 * negative finish times. The checks are one comparison each.
 */
public final class PluginReturns {
  /**
   * The largest context one save or restore may move: 1 TiB, above the memory of any device (an
   * H200 has 141 GB), so that sums over the blocks of a run stay exact.
   */
  static final long MAX_CONTEXT_BYTES = 1L << 40;

  private PluginReturns() {}

  /** A hardware model's time, in {@code [0, Limits.MAX_DURATION_NS]}. */
  static long hardwareTime(long ns, Object model, String method) {
    if (ns < 0 || ns > Limits.MAX_DURATION_NS) {
      throw outOfRange(PluginKind.HARDWARE_MODEL, "the hardware model", model, method,
          ns + " ns", "a time must lie in [0, 1 h]");
    }
    return ns;
  }

  /** A context-save strategy's size, in {@code [0, MAX_CONTEXT_BYTES]}. */
  static long contextBytes(long bytes, RunPlugins plugins, String method) {
    if (bytes < 0 || bytes > MAX_CONTEXT_BYTES) {
      throw outOfRange(PluginKind.CONTEXT_SAVE, "context-save strategy '"
          + plugins.contextSaveId() + "'", plugins.contextSave(), method, bytes + " bytes",
          "a size must lie in [0, 1 TiB]");
    }
    return bytes;
  }

  /** A value a plugin must not return as null. */
  static <T> T notNull(T value, PluginKind kind, String who, Object plugin, String method) {
    if (value == null) {
      String detail = "returned null from " + method + "() of " + className(plugin);
      throw new InvariantViolationException(kind, who + " " + detail, detail);
    }
    return value;
  }

  /**
   * The name of {@code plugin}'s class for messages: a lambda's is its enclosing class's (its own
   * name holds an address that changes from run to run).
   */
  public static String className(Object plugin) {
    String name = plugin.getClass().getName();
    int lambda = name.indexOf("$$Lambda");
    return lambda < 0 ? name : name.substring(0, lambda) + " (a lambda)";
  }

  private static InvariantViolationException outOfRange(PluginKind kind, String who,
      Object plugin, String method, String value, String rule) {
    String detail = "returned " + value + " from " + method + "() of "
        + className(plugin) + "; " + rule;
    return new InvariantViolationException(kind, who + " " + detail, detail);
  }
}
