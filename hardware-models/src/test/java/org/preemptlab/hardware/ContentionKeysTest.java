package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;

/** The keys of the contention model: dram-bandwidth-gbps and contention (DESIGN.md §3.5). */
class ContentionKeysTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      // the datasheet bandwidth of every bundled device, in GB/s
      "h200, 4800", "gtx480, 177.4", "v100, 900", "a100, 1555", "gtx1080, 320", "mi50, 1024",
      "mi100, 1228.8"})
  void everyBundledModelDeclaresItsDatasheetBandwidthAndNoContention(String id, double gbps) {
    HardwareModel model = Runs.create(provider(id));

    assertThat(model.device().memory().dramBandwidthBytesPerNs()).isEqualTo(gbps);
    assertThat(model.contention()).isEmpty();
  }

  @Test
  void contentionIsTurnedOnWithOneOverride() {
    HardwareModel model = Runs.create(new H200Provider(), Map.of("contention", "max-min-fair"));

    assertThat(model.contention()).isEqualTo(Optional.of(ContentionModel.maxMinFair()));
    assertThat(model.device().memory().dramBandwidthBytesPerNs()).isEqualTo(4800);
  }

  @Test
  void theKeysAreParametersWithTheirRangesAndChoices() {
    assertThat(new A100Provider().parameters())
        .filteredOn(p -> p.name().equals("dram-bandwidth-gbps")).singleElement()
        .satisfies(p -> {
          assertThat(p.min()).isEqualTo(0.001);
          assertThat(p.max()).isEqualTo(1e6);
          assertThat(p.unit()).isEqualTo("GB/s");
          assertThat(p.defaultValue()).isEqualTo("1555");
        });
    assertThat(new A100Provider().parameters()).filteredOn(p -> p.name().equals("contention"))
        .singleElement().extracting(ParameterSpec::doc).asString()
        .contains("none", "max-min-fair");
  }

  @Test
  void anUnknownContentionModelIsAOneLineError() {
    assertThatThrownBy(() -> Runs.create(new H200Provider(), Map.of("contention", "fair")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("h200.yaml with overrides contention=fair: contention must be none or"
            + " max-min-fair, got 'fair'");
  }

  @Test
  void aBandwidthOutOfRangeIsRejectedWithTheParameterName() {
    assertThatThrownBy(() -> Runs.create(new H200Provider(), Map.of("dram-bandwidth-gbps", "0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("'dram-bandwidth-gbps'")
        .hasMessageContaining("'0' is out of range");
  }

  @Test
  void contentionWithoutABandwidthInAModelFileIsAOneLineError() {
    Map<ModelKey, Setting> settings = new java.util.EnumMap<>(
        ModelFile.resource("a100.yaml").settings());
    settings.remove(ModelKey.DRAM_BANDWIDTH_GBPS);
    settings.put(ModelKey.CONTENTION, new Setting("max-min-fair", "my-gpu.yaml:20"));

    assertThatThrownBy(() -> ModelBuilder.build("my-gpu.yaml", settings, 0))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("my-gpu.yaml: contention max-min-fair needs dram-bandwidth-gbps (the"
            + " device's DRAM bandwidth in GB/s)");
  }

  @Test
  void aModelFileWithoutTheKeysHasNoBandwidthAndNoContention() {
    Map<ModelKey, Setting> settings = new java.util.EnumMap<>(
        ModelFile.resource("a100.yaml").settings());
    settings.remove(ModelKey.DRAM_BANDWIDTH_GBPS);
    settings.remove(ModelKey.CONTENTION);

    CostModel model = ModelBuilder.build("my-gpu.yaml", settings, 0);

    assertThat(model.device().memory().declared()).isFalse();
    assertThat(model.contention()).isEmpty();
  }

  private static HardwareModelProvider provider(String id) {
    return switch (id) {
      case "h200" -> new H200Provider();
      case "gtx480" -> new Gtx480Provider();
      case "v100" -> new V100Provider();
      case "a100" -> new A100Provider();
      case "gtx1080" -> new Gtx1080Provider();
      case "mi50" -> new Mi50Provider();
      case "mi100" -> new Mi100Provider();
      default -> throw new IllegalArgumentException(id);
    };
  }
}
