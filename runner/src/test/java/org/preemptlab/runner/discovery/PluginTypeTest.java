package org.preemptlab.runner.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.PluginProvider;

class PluginTypeTest {

  @Test
  void everyKindHasATypeAndAllAreInKindOrder() {
    assertThat(PluginType.all()).extracting(PluginType::kind).containsExactly(PluginKind.values());
    for (PluginKind kind : PluginKind.values()) {
      PluginType<?, ?> type = PluginType.of(kind);
      assertThat(type.kind()).isEqualTo(kind);
      assertThat(PluginProvider.class).isAssignableFrom(type.providerType());
      assertThat(type.providerType().getSimpleName()).endsWith("Provider");
    }
  }
}
