package org.preemptlab.runner.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/** Lookup, parameter validation and creation, with the test-local providers of this package. */
class PluginRegistryCreateTest {
  @TempDir Path temp;
  private PluginRegistry registry;
  private final RandomGenerator random = RandomGenerator.of("L64X128MixRandom");

  @BeforeEach
  void discoverTestProviders() throws IOException {
    TestJar.named("local-services.jar")
        .service(SchedulingPolicyProvider.class, TestProviders.Echo.class.getName(),
            TestProviders.Failing.class.getName(), TestProviders.Rejecting.class.getName(),
            TestProviders.ReturnsNull.class.getName())
        .writeTo(temp.resolve("plugins"), temp);
    registry = PluginRegistry.discover(temp.resolve("plugins"), new ServicesHidingClassLoader());
  }

  private SchedulingPolicy create(String id, Map<String, String> parameters) {
    return registry.create(PluginType.SCHEDULING_POLICY, id, parameters, (DeviceSpec) null, random);
  }

  @Test
  void testProvidersComeFromClassesAndAreSortedById() {
    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY))
        .containsExactly("test-echo", "test-failing", "test-null", "test-rejecting");
    assertThat(registry.descriptor(PluginKind.SCHEDULING_POLICY, "test-echo").jar())
        .isEqualTo("classes");
    assertThat(registry.descriptor(PluginKind.SCHEDULING_POLICY, "test-echo").version())
        .isEqualTo("dev");
  }

  @Test
  void unknownIdSuggestsTheClosestMatchAndListsTheValidIds() {
    assertThatThrownBy(() -> registry.provider(PluginKind.SCHEDULING_POLICY, "test-ecko"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("unknown scheduling policy 'test-ecko'")
        .hasMessageContaining("did you mean 'test-echo'?")
        .hasMessageContaining("valid: test-echo, test-failing, test-null, test-rejecting");
  }

  @Test
  void unknownIdOfAKindWithoutPluginsSaysThereAreNone() {
    assertThatThrownBy(() -> registry.create(PluginKind.WORKLOAD, "poisson", Map.of(), null,
        random))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("unknown workload 'poisson'")
        .hasMessageContaining("there are none");
  }

  @Test
  void unknownParameterSuggestsTheClosestMatch() {
    assertThatThrownBy(() -> create("test-echo", Map.of("quantun", "1ms")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("scheduling policy 'test-echo': unknown parameter 'quantun'")
        .hasMessageContaining("did you mean 'quantum'?")
        .hasMessageContaining("valid: mode, quantum, weight");
  }

  @Test
  void equalValuesAreValidatedOnceAndOtherValuesAnew() {
    Parameters first = registry.parameters(PluginKind.SCHEDULING_POLICY, "test-echo",
        Map.of("weight", "3"));
    java.util.Map<String, String> equal = new java.util.HashMap<>(Map.of("weight", "3"));
    assertThat(registry.parameters(PluginKind.SCHEDULING_POLICY, "test-echo", equal))
        .isSameAs(first);
    equal.put("weight", "4"); // the registry kept a copy, not the caller's map
    Parameters other = registry.parameters(PluginKind.SCHEDULING_POLICY, "test-echo", equal);
    assertThat(other).isNotEqualTo(first);
    assertThat(other.getLong("weight")).isEqualTo(4);
    assertThat(registry.parameters(PluginKind.SCHEDULING_POLICY, "test-echo",
        Map.of("weight", "3"))).isEqualTo(first);
    for (int i = 0; i < 2; i++) { // an invalid value fails every time
      assertThatThrownBy(() -> create("test-echo", Map.of("weight", "500")))
          .isInstanceOf(ConfigurationException.class);
    }
  }

  @Test
  void badParameterValueNamesTheParameterAndItsRange() {
    assertThatThrownBy(() -> create("test-echo", Map.of("weight", "500")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("parameter 'weight' of scheduling policy 'test-echo'")
        .hasMessageContaining("out of range in [1, 100]");
  }

  @Test
  void createPassesValidatedParametersDeviceAndRandomStream() {
    SchedulingPolicy policy = create("test-echo", Map.of("weight", "7", "mode", "fair"));

    assertThat(policy).isInstanceOf(TestProviders.RecordingPolicy.class);
    TestProviders.RecordingPolicy recording = (TestProviders.RecordingPolicy) policy;
    Parameters parameters = recording.context().parameters();
    assertThat(parameters.getLong("weight")).isEqualTo(7);
    assertThat(parameters.getString("mode")).isEqualTo("fair");
    assertThat(parameters.getDurationNs("quantum")).isEqualTo(2_000_000);
    assertThat(recording.context().random()).isSameAs(random);
    assertThat(recording.context().device()).isNull();
  }

  @Test
  void parametersAreValidatedWithoutCreatingThePlugin() {
    Parameters parameters =
        registry.parameters(PluginKind.SCHEDULING_POLICY, "test-failing", Map.of());

    assertThat(parameters.asText()).isEmpty();
    assertThatThrownBy(() -> registry.parameters(PluginKind.SCHEDULING_POLICY, "test-echo",
        Map.of("mode", "slow")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("parameter 'mode'")
        .hasMessageContaining("valid: fair, fast");
  }

  @Test
  void everyCreateReturnsAFreshInstance() {
    assertThat(create("test-echo", Map.of())).isNotSameAs(create("test-echo", Map.of()));
  }

  @Test
  void pluginWhoseCreateThrowsFailsWithAPluginFailureNamingThePlugin() {
    assertThatThrownBy(() -> create("test-failing", Map.of()))
        .isInstanceOfSatisfying(PluginFailureException.class, e -> {
          assertThat(e.kind()).isEqualTo(PluginKind.SCHEDULING_POLICY);
          assertThat(e.id()).isEqualTo("test-failing");
          assertThat(e.jar()).isEqualTo("classes");
          assertThat(e.getCause()).isInstanceOf(IllegalStateException.class);
        })
        .hasMessage("scheduling policy 'test-failing' from classes failed in create(): "
            + "IllegalStateException: kaboom");
  }

  @Test
  void configurationExceptionFromCreateKeepsItsMessageAndNamesThePluginThatRefused() {
    assertThatThrownBy(() -> create("test-rejecting", Map.of()))
        .isInstanceOfSatisfying(PluginRefusedException.class, e -> {
          assertThat(e.kind()).isEqualTo(PluginKind.SCHEDULING_POLICY);
          assertThat(e.id()).isEqualTo("test-rejecting");
        })
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("policy 'test-rejecting' needs a device with 2 SMs");
  }

  @Test
  void pluginThatReturnsNullFailsWithAPluginFailure() {
    assertThatThrownBy(() -> create("test-null", Map.of()))
        .isInstanceOf(PluginFailureException.class)
        .hasMessageContaining("scheduling policy 'test-null'")
        .hasMessageContaining("returned null");
  }

  @Test
  void createByKindReturnsAnInstanceOfThatKindsPluginType() {
    Object plugin = registry.create(PluginKind.SCHEDULING_POLICY, "test-echo", Map.of(), null,
        random);

    assertThat(plugin).isInstanceOf(SchedulingPolicy.class);
  }

  @Test
  void typedProviderLookupReturnsTheProviderInterface() {
    SchedulingPolicyProvider provider = registry.provider(PluginType.SCHEDULING_POLICY, "test-echo");

    assertThat(provider).isInstanceOf(TestProviders.Echo.class);
    assertThat(registry.contains(PluginKind.SCHEDULING_POLICY, "test-echo")).isTrue();
    assertThat(registry.contains(PluginKind.CONTEXT_SAVE, "test-echo")).isFalse();
  }
}
