package org.preemptlab.testkit.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginProvider;

/** The checks every provider passes, whatever its kind (DESIGN §2's provider contract). */
final class ProviderChecks {
  private ProviderChecks() {}

  static void check(PluginProvider<?> provider) {
    assertThat(provider.id()).as("id of %s", provider.getClass().getName())
        .matches("[a-z0-9]+(-[a-z0-9]+)*");
    assertThat(provider.description()).as("description of '%s'", provider.id()).isNotBlank()
        .doesNotContain("\n");
    assertThat(provider.version()).as("version of '%s'", provider.id()).isNotBlank();
    Set<String> names = new HashSet<>();
    for (ParameterSpec parameter : provider.parameters()) {
      assertThat(names.add(parameter.name())).as("parameter '%s' of '%s' declared once",
          parameter.name(), provider.id()).isTrue();
    }
  }
}
