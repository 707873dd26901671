package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.IssueSharing;
import org.preemptlab.api.hardware.HardwareModelProvider;

/**
 * The keys of the contention models (DESIGN.md §3.5): dram-bandwidth-gbps, contention, warp-size
 * and issue-slots-per-sm.
 */
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
    HardwareModel model = Runs.create(BundledModels.provider("h200"), Map.of("contention", "max-min-fair"));

    assertThat(model.contention()).isEqualTo(Optional.of(ContentionModel.maxMinFair()));
    assertThat(model.device().memory().dramBandwidthBytesPerNs()).isEqualTo(4800);
  }

  @Test
  void theKeysAreParametersWithTheirRangesAndChoices() {
    assertThat(BundledModels.provider("a100").parameters())
        .filteredOn(p -> p.name().equals("dram-bandwidth-gbps")).singleElement()
        .satisfies(p -> {
          assertThat(p.min()).isEqualTo(0.001);
          assertThat(p.max()).isEqualTo(1e6);
          assertThat(p.unit()).isEqualTo("GB/s");
          assertThat(p.defaultValue()).isEqualTo("1555");
        });
    assertThat(BundledModels.provider("a100").parameters()).filteredOn(p -> p.name().equals("contention"))
        .singleElement().extracting(ParameterSpec::doc).asString()
        .contains("none", "max-min-fair");
  }

  @Test
  void anUnknownContentionModelIsAOneLineError() {
    assertThatThrownBy(() -> Runs.create(BundledModels.provider("h200"), Map.of("contention", "fair")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("h200.yaml with overrides contention=fair: contention must be none,"
            + " max-min-fair, memory-system, issue-rate, or one of the first two with issue-rate"
            + " (e.g. 'memory-system, issue-rate'), got 'fair'");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      // warp size and warp schedulers (SIMDs) per SM, from each vendor's white paper
      "h200, 32, 4", "gtx480, 32, 2", "v100, 32, 4", "a100, 32, 4", "gtx1080, 32, 4",
      "mi50, 64, 4", "mi100, 64, 4"})
  void everyBundledModelDeclaresItsIssueSlotsAndShareNothingByDefault(String id, int warp,
      int slots) {
    HardwareModel off = Runs.create(provider(id));
    HardwareModel on = Runs.create(provider(id), Map.of("contention", "issue-rate"));

    assertThat(off.issueSharing()).isEmpty();
    assertThat(on.issueSharing()).contains(new IssueSharing(warp, slots));
    assertThat(on.contention()).isEmpty();
  }

  @Test
  void theIssueOrderIsEqualUnlessTheKeyNamesAnotherAndAnUnknownOneIsAOneLineError() {
    HardwareModel oldest = Runs.create(provider("a100"),
        Map.of("contention", "issue-rate", "issue-order", "oldest-first"));
    HardwareModel youngest = Runs.create(provider("a100"),
        Map.of("contention", "issue-rate", "issue-order", "youngest-first"));

    assertThat(oldest.issueSharing()).contains(
        new IssueSharing(32, 4, IssueSharing.Order.OLDEST_FIRST));
    assertThat(youngest.issueSharing().orElseThrow().order())
        .isEqualTo(IssueSharing.Order.YOUNGEST_FIRST);
    assertThatThrownBy(() -> Runs.create(provider("a100"),
        Map.of("contention", "issue-rate", "issue-order", "oldest")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageEndingWith("issue-order must be equal, oldest-first or youngest-first, got"
            + " 'oldest'");
  }

  @Test
  void bothRulesAreTurnedOnWithACommaSeparatedList() {
    HardwareModel model = Runs.create(BundledModels.provider("mi50"),
        Map.of("contention", "max-min-fair, issue-rate"));

    assertThat(model.contention()).contains(ContentionModel.maxMinFair());
    assertThat(model.issueSharing()).contains(new IssueSharing(64, 4));
  }

  @Test
  void aRuleNamedTwiceOrBesideNoneIsAOneLineError() {
    for (String value : List.of("issue-rate, issue-rate", "none, issue-rate", "issue",
        "max-min-fair, memory-system")) {
      assertThatThrownBy(() -> Runs.create(BundledModels.provider("h200"), Map.of("contention", value)))
          .isInstanceOf(ConfigurationException.class)
          .hasMessageContaining("contention must be none, max-min-fair, memory-system, issue-rate,");
    }
  }

  @Test
  void theMemorySystemSharesTheAchievableBandwidthThatTheModelFileCites() {
    HardwareModel h200 = Runs.create(BundledModels.provider("h200"),
        Map.of("contention", "memory-system, issue-rate"));
    HardwareModel v100 = Runs.create(BundledModels.provider("v100"),
        Map.of("contention", "memory-system"));

    assertThat(h200.contention()).contains(ContentionModel.memorySystem());
    assertThat(h200.issueSharing()).isPresent();
    assertThat(h200.device().memory().achievableBytesPerNs()).isEqualTo(4300);
    assertThat(ContentionModel.memorySystem().supplyBytesPerNs(h200.device().memory()))
        .isEqualTo(4300);
    assertThat(ContentionModel.maxMinFair().supplyBytesPerNs(h200.device().memory()))
        .isEqualTo(4800);
    assertThat(v100.device().memory().dramLatencyNs()).isEqualTo(316);
  }

  @Test
  void theMemorySystemWithoutAnAchievableBandwidthIsAOneLineError() {
    assertThatThrownBy(() -> Runs.create(BundledModels.provider("gtx1080"),
        Map.of("contention", "memory-system")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("gtx1080.yaml with overrides contention=memory-system: contention memory-system"
            + " needs dram-achievable-gbps (the bandwidth a streaming benchmark sustains on the"
            + " device, in GB/s)");
  }

  @Test
  void theQueueingDelayIsOnlyWhereTheModelFileDeclaresIt() {
    HardwareModel v100 = Runs.create(BundledModels.provider("v100"),
        Map.of("contention", "memory-system"));
    HardwareModel h200 = Runs.create(BundledModels.provider("h200"),
        Map.of("contention", "memory-system"));
    HardwareModel v100Without = Runs.create(BundledModels.provider("v100"),
        Map.of("contention", "memory-system", "dram-queueing-ns", "0"));

    assertThat(v100.contention()).contains(ContentionModel.memorySystem(316, 121));
    // absent or 0: the plain rule, the same object as before the key existed
    assertThat(h200.contention().orElseThrow()).isSameAs(ContentionModel.memorySystem());
    assertThat(v100Without.contention().orElseThrow()).isSameAs(ContentionModel.memorySystem());
  }

  @Test
  void aQueueingDelayWithoutALatencyIsAOneLineError() {
    Map<ModelKey, Setting> settings = new java.util.EnumMap<>(
        ModelFile.resource("v100.yaml").settings());
    settings.remove(ModelKey.DRAM_LATENCY_NS);
    settings.put(ModelKey.CONTENTION, new Setting("memory-system", "my-gpu.yaml:20"));

    assertThatThrownBy(() -> ModelBuilder.build("my-gpu.yaml", settings, 0))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("my-gpu.yaml: dram-queueing-ns needs dram-latency-ns (the unloaded DRAM"
            + " latency the queueing delay adds to)");
  }

  @Test
  void anAchievableBandwidthAboveThePeakIsAOneLineError() {
    assertThatThrownBy(() -> Runs.create(BundledModels.provider("v100"),
        Map.of("dram-achievable-gbps", "1000")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("achievable DRAM bandwidth (1000.0 GB/s) must not exceed the peak");
  }

  @Test
  void issueRateWithoutIssueSlotsInAModelFileIsAOneLineError() {
    Map<ModelKey, Setting> settings = new java.util.EnumMap<>(
        ModelFile.resource("a100.yaml").settings());
    settings.remove(ModelKey.ISSUE_SLOTS_PER_SM);
    settings.put(ModelKey.CONTENTION, new Setting("issue-rate", "my-gpu.yaml:20"));

    assertThatThrownBy(() -> ModelBuilder.build("my-gpu.yaml", settings, 0))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("my-gpu.yaml: contention issue-rate needs issue-slots-per-sm (warp schedulers"
            + " or SIMDs per SM, 4 on recent NVIDIA and AMD GPUs)");
  }

  @Test
  void aBlockDemandsItsWarpsUpToTheSmsIssueSlots() {
    IssueSharing amd = new IssueSharing(64, 4);

    assertThat(amd.demand(1)).isEqualTo(1);
    assertThat(amd.demand(64)).isEqualTo(1);
    assertThat(amd.demand(65)).isEqualTo(2);
    assertThat(amd.demand(256)).isEqualTo(4);
    assertThat(amd.demand(1024)).isEqualTo(4);
    assertThatThrownBy(() -> new IssueSharing(32, 0))
        .hasMessage("issue slots must be >= 1 per SM, got 0");
  }

  @Test
  void aBandwidthOutOfRangeIsRejectedWithTheParameterName() {
    assertThatThrownBy(() -> Runs.create(BundledModels.provider("h200"), Map.of("dram-bandwidth-gbps", "0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("'dram-bandwidth-gbps'")
        .hasMessageContaining("'0' is out of range");
  }

  @Test
  void contentionWithoutABandwidthInAModelFileIsAOneLineError() {
    Map<ModelKey, Setting> settings = new java.util.EnumMap<>(
        ModelFile.resource("a100.yaml").settings());
    settings.remove(ModelKey.DRAM_BANDWIDTH_GBPS);
    settings.remove(ModelKey.DRAM_ACHIEVABLE_GBPS);
    settings.remove(ModelKey.DRAM_LATENCY_NS);
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
    settings.remove(ModelKey.DRAM_ACHIEVABLE_GBPS);
    settings.remove(ModelKey.DRAM_LATENCY_NS);
    settings.remove(ModelKey.CONTENTION);

    CostModel model = ModelBuilder.build("my-gpu.yaml", settings, 0);

    assertThat(model.device().memory().declared()).isFalse();
    assertThat(model.contention()).isEmpty();
  }

  private static HardwareModelProvider provider(String id) {
    return BundledModels.provider(id);
  }
}
