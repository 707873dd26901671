package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.metrics.MetricReporter;

/** The server takes measured profiles through its parameters. */
class MeasuredProfileServingTest {
  /** An RTX PRO 6000's name and SM count (188), with the H200's SM limits and free costs. */
  private static final DeviceSpec RTX_PRO_6000 = new DeviceSpec(
      "NVIDIA RTX PRO 6000 Blackwell Server Edition", 188, H200.DEVICE.sm(), 1980,
      DeviceCosts.free(), true, false);

  @TempDir Path dir;

  @Test
  void theLlmServingSimBundleServesRequestsOnItsDevice() {
    ServerFixture f = new ServerFixture(dir);
    Application app = f.create(Map.of("profile-format", "llmservingsim", "profile-file",
        "../docs/data/llmservingsim/RTXPRO6000/meta-llama/Llama-3.1-8B/bf16", "duration", "1s",
        "arrival-rate", "5", "prompt-tokens", "128", "output-tokens", "8"), RTX_PRO_6000, 3);
    ServerFixture.run(app, RTX_PRO_6000, 2_000_000_000L);
    Map<String, Double> m = ((MetricReporter) app).metricValues();
    assertThat(m.get("requests-finished")).isGreaterThan(0.0);
  }

  @Test
  void aVidurProfileServesOnTheDeviceItIsSaidToBeMeasuredOn() {
    ServerFixture f = new ServerFixture(dir);
    Application app = f.create(Map.of("profile-format", "vidur", "profile-file",
        "../docs/data/vidur/h100/meta-llama/Llama-2-7b-hf", "model", "llama-2-7b",
        "profile-device", "NVIDIA H200 SXM", "duration", "1s", "arrival-rate", "5"),
        H200.DEVICE, 3);
    ServerFixture.run(app, H200.DEVICE, 2_000_000_000L);
    assertThat(((MetricReporter) app).metricValues().get("requests-finished"))
        .isGreaterThan(0.0);
  }

  @Test
  void aVidurProfileWithoutItsDeviceIsRefused() {
    ServerFixture f = new ServerFixture(dir);
    assertThatThrownBy(() -> f.create(Map.of("profile-format", "vidur", "profile-file",
        "../docs/data/vidur/h100/meta-llama/Llama-2-7b-hf", "model", "llama-2-7b"),
        H200.DEVICE, 3)).isInstanceOf(ConfigurationException.class)
        .hasMessage("application 'llm-serving': parameter 'profile-device': a vidur profile "
            + "names no device; give the name of the hardware model it was measured on (the "
            + "run's is 'NVIDIA H200 SXM')");
  }

  @Test
  void aVidurProfileNamedForAnotherDeviceIsRefused() {
    ServerFixture f = new ServerFixture(dir);
    assertThatThrownBy(() -> f.create(Map.of("profile-format", "vidur", "profile-file",
        "../docs/data/vidur/h100/meta-llama/Llama-2-7b-hf", "model", "llama-2-7b",
        "profile-device", "NVIDIA H100 SXM"), H200.DEVICE, 3))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("the profile was built for 'NVIDIA H100 SXM', the run's device is "
            + "'NVIDIA H200 SXM'");
  }
}
