package org.preemptlab.policies.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.ParameterType;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;

class TimeSlicePolicyProviderTest {
  private final TimeSlicePolicyProvider provider = new TimeSlicePolicyProvider();

  private TimeSlicePolicy create(Map<String, String> given) {
    return (TimeSlicePolicy) provider.create(new PluginContext(
        Parameters.of("policy 'time-slice'", provider.parameters(), given), null,
        new SplittableRandom(1)));
  }

  @Test
  void declaresOneDurationPerPriorityWithNvgpuDefaultsAndRange() {
    assertThat(provider.parameters()).extracting(ParameterSpec::name)
        .containsExactly("slice-kernel", "slice-high", "slice-normal", "slice-low");
    assertThat(provider.parameters()).extracting(ParameterSpec::defaultValue)
        .containsExactly("5.2ms", "5.2ms", "2.6ms", "1.3ms");
    assertThat(provider.parameters()).allSatisfy(spec -> {
      assertThat(spec.type()).isEqualTo(ParameterType.DURATION);
      assertThat(spec.rangeText()).isEqualTo(" in [1ms, 50ms]");
      assertThat(spec.doc()).contains("nvgpu");
    });
  }

  @Test
  void defaultsGiveNvgpusSlices() {
    assertThat(create(Map.of()).slices()).isEqualTo(SliceLengths.nvgpuDefaults());
  }

  @Test
  void eachParameterSetsItsOwnPrioritysSlice() {
    TimeSlicePolicy policy = create(Map.of("slice-kernel", "50ms", "slice-high", "4ms",
        "slice-normal", "2.05ms", "slice-low", "1ms"));

    assertThat(policy.slices())
        .isEqualTo(new SliceLengths(50_000_000, 4_000_000, 2_050_000, 1_000_000));
  }

  @Test
  void rejectsASliceShorterThanOneMillisecond() {
    assertThatThrownBy(() -> create(Map.of("slice-low", "999us")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("slice-low").hasMessageContaining("[1ms, 50ms]");
  }

  @Test
  void rejectsASliceLongerThanFiftyMilliseconds() {
    assertThatThrownBy(() -> create(Map.of("slice-high", "51ms")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("slice-high");
  }
}
