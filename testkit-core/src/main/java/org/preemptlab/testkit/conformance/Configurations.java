package org.preemptlab.testkit.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;
import org.preemptlab.api.PluginProvider;

/** One dynamic test per parameter set, named by the check, the plugin's id and its parameters. */
final class Configurations {
  private Configurations() {}

  interface Body {
    void run(Map<String, String> parameters) throws Throwable;
  }

  static Stream<DynamicTest> each(String check, PluginProvider<?> provider,
      List<Map<String, String>> parameterSets, Body body) {
    List<DynamicTest> tests = new ArrayList<>();
    for (Map<String, String> parameters : parameterSets) {
      Executable executable = () -> body.run(parameters);
      tests.add(DynamicTest.dynamicTest(check + " " + provider.id() + " "
          + new TreeMap<>(parameters), executable));
    }
    return tests.stream();
  }
}
