package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A plugin's System.exit is told apart from Ctrl-C by the stacks of the JVM's threads. */
class ExitCallsTest {
  private static StackTraceElement frame(String className, String method) {
    return new StackTraceElement(className, method, null, -1);
  }

  @Test
  void aCallOfSystemExitNamesTheFrameThatMadeIt() {
    StackTraceElement[] plugin = {frame("java.lang.Shutdown", "exit"),
        frame("java.lang.Runtime", "exit"), frame("java.lang.System", "exit"),
        frame("org.example.Evil", "generate"), frame("org.preemptlab.runner.Run", "run")};

    assertThat(ExitCalls.caller(List.<StackTraceElement[]>of(plugin))).contains("org.example.Evil.generate");
  }

  @Test
  void aSignalIsNotAnExitCall() {
    StackTraceElement[] signal = {frame("java.lang.Shutdown", "exit"),
        frame("java.lang.Terminator$1", "handle"), frame("jdk.internal.misc.Signal$1", "run")};

    assertThat(ExitCalls.caller(List.<StackTraceElement[]>of(signal))).isEmpty();
  }
}
