package org.preemptlab.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

class PluginDiscoveryTest {

  @Test
  void serviceLoaderFindsEveryPreemptionStrategy() {
    assertThat(ServiceLoader.load(PreemptionStrategyProvider.class).stream()
        .map(p -> p.get().id()))
        .containsExactlyInAnyOrder("block-boundary", "instruction-level", "user-yield", "hybrid",
            "flush", "collaborative");
  }

  @Test
  void serviceLoaderFindsEveryContextSaveStrategy() {
    assertThat(ServiceLoader.load(ContextSaveStrategyProvider.class).stream()
        .map(p -> p.get().id()))
        .containsExactlyInAnyOrder("full", "liveness", "compressed", "none");
  }

  @Test
  void everyProviderDescribesItselfAndCreatesAFreshInstancePerRun() {
    for (PluginProvider<?> provider : ServiceLoader.load(PreemptionStrategyProvider.class)) {
      checkProvider(provider);
    }
    for (PluginProvider<?> provider : ServiceLoader.load(ContextSaveStrategyProvider.class)) {
      checkProvider(provider);
    }
  }

  @Test
  void everyParameterIsDocumentedAndItsDefaultCreatesAPlugin() {
    List<PluginProvider<?>> providers = new ArrayList<>();
    ServiceLoader.load(PreemptionStrategyProvider.class).forEach(providers::add);
    ServiceLoader.load(ContextSaveStrategyProvider.class).forEach(providers::add);

    assertThat(providers).flatExtracting(p -> p.parameters().stream()
        .map(s -> p.id() + "." + s.name()).toList())
        .containsExactlyInAnyOrder("instruction-level.checks", "instruction-level.interval",
            "user-yield.delivery", "user-yield.poll-interval", "user-yield.poll-cost",
            "user-yield.interrupt-latency", "hybrid.grace", "hybrid.fallback", "flush.fallback",
            "collaborative.latency-target", "compressed.ratio");
    for (PluginProvider<?> provider : providers) {
      assertThat(provider.parameters()).allSatisfy(s -> assertThat(s.doc()).isNotBlank());
    }
  }

  private static void checkProvider(PluginProvider<?> provider) {
    var context = TestPlugins.context(provider, TestDevices.PASCAL, Map.of());
    assertThat(provider.id()).matches("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    assertThat(provider.description()).isNotBlank().doesNotContain("\n");
    assertThat(provider.create(context)).isNotNull().isNotSameAs(provider.create(context));
  }
}
