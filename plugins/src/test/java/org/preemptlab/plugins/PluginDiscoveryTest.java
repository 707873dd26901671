package org.preemptlab.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.plugins.testing.Fixtures;

class PluginDiscoveryTest {

  @Test
  void serviceLoaderFindsEveryPreemptionStrategy() {
    assertThat(ServiceLoader.load(PreemptionStrategyProvider.class).stream()
        .map(p -> p.get().id()))
        .containsExactlyInAnyOrder("block-boundary", "instruction-level", "user-yield");
  }

  @Test
  void serviceLoaderFindsEveryContextSaveStrategy() {
    assertThat(ServiceLoader.load(ContextSaveStrategyProvider.class).stream()
        .map(p -> p.get().id()))
        .containsExactlyInAnyOrder("full", "liveness");
  }

  @Test
  void everyProviderDescribesItselfAndCreatesAFreshInstancePerRun() {
    var context = Fixtures.context(Fixtures.PASCAL);
    for (PluginProvider<?> provider : ServiceLoader.load(PreemptionStrategyProvider.class)) {
      checkProvider(provider, context);
    }
    for (PluginProvider<?> provider : ServiceLoader.load(ContextSaveStrategyProvider.class)) {
      checkProvider(provider, context);
    }
  }

  private static void checkProvider(PluginProvider<?> provider,
      org.preemptlab.api.PluginContext context) {
    assertThat(provider.id()).matches("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    assertThat(provider.description()).isNotBlank().doesNotContain("\n");
    assertThat(provider.parameters()).isEmpty();
    assertThat(provider.create(context)).isNotNull().isNotSameAs(provider.create(context));
  }
}
