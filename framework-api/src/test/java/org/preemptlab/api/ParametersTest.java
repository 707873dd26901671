package org.preemptlab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParametersTest {
  private static final List<ParameterSpec> SPECS = List.of(
      ParameterSpec.integer("weight", 1, 1, 100, "jobs", "Weight."),
      ParameterSpec.real("ratio", 0.5, 0, 1, "", "Ratio."),
      ParameterSpec.bool("verbose", false, "Talk."),
      ParameterSpec.choice("mode", "drain", List.of("drain", "save"), "Mode."),
      ParameterSpec.duration("quantum", 2_000_000, 1_000, 1_000_000_000, "Quantum."),
      ParameterSpec.text("label", "none", "Label."));
  private static final String OWNER = "policy 'round-robin'";

  @Test
  void defaultsAreFilledInForEveryParameterNotGiven() {
    Parameters p = Parameters.of(OWNER, SPECS, Map.of());

    assertThat(p.getLong("weight")).isEqualTo(1L);
    assertThat(p.getInt("weight")).isEqualTo(1);
    assertThat(p.getDouble("ratio")).isEqualTo(0.5);
    assertThat(p.getBoolean("verbose")).isFalse();
    assertThat(p.getString("mode")).isEqualTo("drain");
    assertThat(p.getDurationNs("quantum")).isEqualTo(2_000_000L);
    assertThat(p.getString("label")).isEqualTo("none");
    assertThat(p).isEqualTo(Parameters.defaults(SPECS));
  }

  @Test
  void givenValuesOverrideDefaultsAndAreReturnedTyped() {
    Parameters p = Parameters.of(OWNER, SPECS, Map.of("weight", "7", "ratio", "0.25",
        "verbose", "true", "mode", "save", "quantum", "250us", "label", "fast"));

    assertThat(p.getLong("weight")).isEqualTo(7L);
    assertThat(p.getDouble("ratio")).isEqualTo(0.25);
    assertThat(p.getBoolean("verbose")).isTrue();
    assertThat(p.getString("mode")).isEqualTo("save");
    assertThat(p.getDurationNs("quantum")).isEqualTo(250_000L);
    assertThat(p.getString("label")).isEqualTo("fast");
  }

  @Test
  void asTextKeepsWhatTheUserWroteSortedByName() {
    Parameters p = Parameters.of(OWNER, SPECS, Map.of("quantum", " 250us ", "weight", "7"));

    assertThat(p.asText()).containsExactly(
        Map.entry("label", "none"), Map.entry("mode", "drain"), Map.entry("quantum", "250us"),
        Map.entry("ratio", "0.5"), Map.entry("verbose", "false"), Map.entry("weight", "7"));
    assertThatThrownBy(() -> p.asText().put("x", "y"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void unknownNameFailsWithTheClosestMatchAndTheValidNames() {
    assertThatThrownBy(() -> Parameters.of(OWNER, SPECS, Map.of("qunatum", "1ms")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("policy 'round-robin': unknown parameter 'qunatum'; did you mean "
            + "'quantum'? valid: label, mode, quantum, ratio, verbose, weight");
  }

  @Test
  void unknownNameFarFromEveryValidOneListsTheValidNamesWithoutASuggestion() {
    assertThatThrownBy(() -> Parameters.of(OWNER, SPECS, Map.of("deadline", "1ms")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("policy 'round-robin': unknown parameter 'deadline'; valid: label, mode, "
            + "quantum, ratio, verbose, weight");
  }

  @Test
  void badValueNamesTheParameterAndTheOwnerAndTheRange() {
    assertThatThrownBy(() -> Parameters.of(OWNER, SPECS, Map.of("weight", "0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("parameter 'weight' of policy 'round-robin': '0' is out of range in [1, 100]")
        .hasCauseInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Parameters.of(OWNER, SPECS, Map.of("quantum", "soon")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("parameter 'quantum' of policy 'round-robin': 'soon' is not a "
            + "duration");
  }

  @Test
  void ownerDefaultsToPluginWhenNotGiven() {
    assertThatThrownBy(() -> Parameters.of(SPECS, Map.of("verbose", "maybe")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("parameter 'verbose' of plugin: expected true or false, got 'maybe'");
  }

  @Test
  void pluginWithoutParametersRejectsAnyNameSayingThereAreNone() {
    assertThatThrownBy(() -> Parameters.of(OWNER, List.of(), Map.of("x", "1")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("policy 'round-robin': unknown parameter 'x'; valid: there are none");
  }

  @Test
  void wrongTypeGetterFailsNamingTheParameterAndBothTypes() {
    Parameters p = Parameters.defaults(SPECS);

    assertThatThrownBy(() -> p.getLong("ratio"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("parameter 'ratio' is a Double, not a Long");
    assertThatThrownBy(() -> p.getDouble("weight"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("parameter 'weight' is a Long, not a Double");
    assertThatThrownBy(() -> p.getBoolean("mode"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("parameter 'mode' is a String, not a Boolean");
    assertThatThrownBy(() -> p.getString("verbose"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("parameter 'verbose' is a Boolean, not a String");
  }

  @Test
  void getterForAnUndeclaredNameFailsListingTheDeclaredOnes() {
    Parameters p = Parameters.defaults(SPECS);

    assertThatThrownBy(() -> p.getLong("wieght"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("no parameter 'wieght' was declared; declared: "
            + "[label, mode, quantum, ratio, verbose, weight]");
  }

  @Test
  void getIntFailsLoudlyWhenTheValueDoesNotFitAnInt() {
    Parameters p = Parameters.of(OWNER,
        List.of(ParameterSpec.integer("big", 0, 0, Long.MAX_VALUE, "", "d")),
        Map.of("big", "3000000000"));

    assertThat(p.getLong("big")).isEqualTo(3_000_000_000L);
    assertThatThrownBy(() -> p.getInt("big")).isInstanceOf(ArithmeticException.class);
  }

  @Test
  void equalParametersHaveEqualHashCodesAndDifferentValuesAreNotEqual() {
    Map<String, String> given = new LinkedHashMap<>();
    given.put("weight", "7");
    Parameters a = Parameters.of(OWNER, SPECS, given);
    Parameters b = Parameters.of("other", SPECS, Map.of("weight", "7"));
    Parameters c = Parameters.of(OWNER, SPECS, Map.of("weight", "8"));

    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(c);
  }
}
