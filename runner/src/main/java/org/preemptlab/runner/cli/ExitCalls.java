package org.preemptlab.runner.cli;

import java.util.Collection;
import java.util.Optional;

/**
 * Whether the JVM shuts down because code called {@code System.exit} (a plugin, in the middle of a
 * run) rather than because the user pressed Ctrl-C or sent SIGTERM: the JVM runs the same
 * shutdown hooks for both, but a call leaves {@code Runtime.exit} in its thread's stack, which a
 * signal (handled by {@code Shutdown.exit} directly) does not.
 */
final class ExitCalls {
  private ExitCalls() {}

  /** The frame that called {@code System.exit} in some live thread, as {@code Class.method}. */
  static Optional<String> caller() {
    return caller(Thread.getAllStackTraces().values());
  }

  /** The frame that called {@code System.exit} or {@code Runtime.exit} in one of {@code stacks}. */
  static Optional<String> caller(Collection<StackTraceElement[]> stacks) {
    for (StackTraceElement[] stack : stacks) {
      for (int i = 0; i < stack.length; i++) {
        if (isExit(stack[i], "java.lang.Runtime")) {
          int caller = i + 1;
          while (caller < stack.length && isExit(stack[caller], "java.lang.System")) {
            caller++;
          }
          return Optional.of(caller < stack.length ? stack[caller].getClassName() + "."
              + stack[caller].getMethodName() : "code");
        }
      }
    }
    return Optional.empty();
  }

  private static boolean isExit(StackTraceElement frame, String className) {
    return frame.getClassName().equals(className) && frame.getMethodName().equals("exit");
  }
}
