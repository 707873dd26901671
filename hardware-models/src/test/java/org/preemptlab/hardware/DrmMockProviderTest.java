package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.HardwareModel;

class DrmMockProviderTest {

  @Test
  void drmMockHasNoParametersAndAPlaceholderDeviceWithFreeCosts() {
    DrmMockProvider provider = new DrmMockProvider();
    HardwareModel model = provider.create(new PluginContext(
        Parameters.of(List.of(), Map.of()), null, new SplittableRandom(1), null));

    assertThat(provider.id()).isEqualTo("drm-mock");
    assertThat(provider.parameters()).isEmpty();
    assertThat(model.device().name()).contains("mock");
    assertThat(model.device().costs().kernelLaunchNs()).isZero();
    assertThat(model.saveNs(0, 0)).isZero();
  }

  @Test
  void drmMockIsASerialTimelineDeviceAndModelsAreNotByDefault() {
    HardwareModel mock = new DrmMockProvider().create(new PluginContext(
        Parameters.of(List.of(), Map.of()), null, new SplittableRandom(1), null));
    HardwareModel plain = () -> DrmMockProvider.DEVICE;

    assertThat(mock.serialTimeline()).isTrue();
    assertThat(plain.serialTimeline()).isFalse();
  }
}
