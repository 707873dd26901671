package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginFailureException;

/** A failure in any plugin method is blamed on the plugin, its jar, class and method. */
class PluginBlameTest {
  private static final PluginDescriptor POLICY = new PluginDescriptor(
      PluginKind.SCHEDULING_POLICY, "evil", "misbehaves", "1", "evil-plugin.jar",
      "org.example.EvilPolicyProvider", List.of());
  private static final PluginDescriptor HARDWARE = new PluginDescriptor(
      PluginKind.HARDWARE_MODEL, "evil-hw", "misbehaves", "1", "evil-plugin.jar",
      "org.example.EvilHwProvider", List.of());

  /** An instance of a class whose name the test chooses. */
  private static final class EvilPolicy {}

  private static StackTraceElement frame(String className, String method) {
    return new StackTraceElement(className, method, null, -1);
  }

  /** A throwable whose stack is {@code frames}, innermost first. */
  private static <T extends Throwable> T thrownAt(T failure, StackTraceElement... frames) {
    failure.setStackTrace(frames);
    return failure;
  }

  @Test
  void anUndeclaredCheckedExceptionNamesThePluginItsJarClassAndTheMethodTheEngineCalled() {
    PluginBlame blame = new PluginBlame().saw(POLICY, new EvilPolicy()).saw(HARDWARE, null);
    String policyClass = EvilPolicy.class.getName();
    IOException failure = thrownAt(new IOException("disk on fire"),
        frame("org.example.Helper", "act"),
        frame(policyClass, "helper"),
        frame(policyClass, "onJobReady"),
        frame("org.preemptlab.engine.PolicyEngine", "ready"),
        frame("org.preemptlab.engine.Simulator", "run"));

    RuntimeException translated = blame.translate(failure);

    assertThat(translated).isInstanceOf(PluginFailureException.class)
        .hasMessage("scheduling policy 'evil' from evil-plugin.jar failed in onJobReady() of "
            + policyClass + ": IOException: disk on fire")
        .hasCause(failure);
  }

  @Test
  void aClassNestedInTheProviderIsTheProvidersPlugin() {
    PluginBlame blame = new PluginBlame().saw(POLICY, null).saw(HARDWARE, null);
    Error failure = thrownAt(new Error("boom"),
        frame("org.example.EvilHwProvider$1", "contextSwitchNs"),
        frame("org.preemptlab.engine.TimeSlicer", "startSwitch"));

    assertThat(blame.translate(failure)).isInstanceOf(PluginFailureException.class)
        .hasMessageStartingWith("hardware model 'evil-hw' from evil-plugin.jar failed in "
            + "contextSwitchNs() of org.example.EvilHwProvider$1: Error: boom");
  }

  @Test
  void aFailureWithoutAPluginFrameStaysTheEnginesOwn() {
    PluginBlame blame = new PluginBlame().saw(POLICY, new EvilPolicy());
    IllegalStateException failure = thrownAt(new IllegalStateException("engine bug"),
        frame("org.preemptlab.engine.Launcher", "launch"));

    assertThat(blame.translate(failure)).isSameAs(failure);
  }
}
