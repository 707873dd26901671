package org.preemptlab.runner.experiment.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SharingSupport;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.MemoryDomains;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.workload.RandomStreams;

/** The {@code sharing} section: its one-line errors and how each mode maps onto SMs. */
class SharingConfigTest {
  /** An H200-shaped device: 132 SMs, 4,800 GB/s (NVIDIA H200 datasheet). */
  private static final DeviceSpec H200 = new DeviceSpec("h200-like", 132,
      new SmSpec(2048, 32, 65536, 233472, 1024), 1980, DeviceCosts.free(), true, false,
      new MemorySpec(4800));

  /** Contexts lc (queue infer) and train (queues fwd, bwd). */
  private static Workload tenants() {
    Kernel k = new Kernel("k", 1, 128, 32, 0, false, BlockProgram.uniform(1_000, 32, 0),
        new BlockTiming.Exact());
    return new Workload(List.of(new GpuContext("lc", false), new GpuContext("train", false)),
        List.of(new JobQueue("infer", "lc", Priority.NORMAL, 1, EngineKind.COMPUTE, false),
            new JobQueue("fwd", "train", Priority.NORMAL, 1, EngineKind.COMPUTE, false),
            new JobQueue("bwd", "train", Priority.NORMAL, 1, EngineKind.COMPUTE, false)),
        List.of(Job.of(1, "infer", 0, k), Job.of(2, "fwd", 0, k), Job.of(3, "bwd", 0, k)),
        List.of());
  }

  private static SharingConfig sharing(String yaml) {
    return ConfigLoader.parse("sharing:\n" + yaml, "run.yaml").sharing();
  }

  private static final PluginRegistry REGISTRY = PluginRegistry.discover(Optional.empty());

  /**
   * The H200-shaped device with the sharing facts of bundled model {@code id}, as its model file
   * declares them.
   */
  static HardwareModel device(String id) {
    SharingSupport support = REGISTRY.create(PluginType.HARDWARE_MODEL, id, Map.of(),
        (HardwareModel) null, RandomStreams.named(1, "hardware")).sharingSupport();
    return new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return H200;
      }

      @Override
      public SharingSupport sharingSupport() {
        return support;
      }
    };
  }

  private static SharingPlan plan(String yaml, String hardware) {
    return SharingPlan.resolve(sharing(yaml), hardware, device(hardware), tenants());
  }

  @Test
  void pluginDiscoveryReservesExactlyTheBuiltInModes() {
    assertThat(PluginType.SHARING_MODE.reservedIds()).isEqualTo(SharingConfig.modes());
  }

  @Test
  void anUnknownModeIsOneLineNamingTheKeyAndTheValidModes() {
    // a mode that is not built in may be a plugin's: the plan, which knows the plugins, decides
    RunConfig config = ConfigLoader.parse("sharing:\n  mode: msp\n", "run.yaml");
    assertThat(config.sharing()).isEqualTo(SharingConfig.Plugin.of("msp", Map.of()));

    assertThatThrownBy(() -> org.preemptlab.runner.experiment.RunPlan.of(REGISTRY, config))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("sharing.mode: unknown sharing mode 'msp'; did you mean 'mig'? "
            + "valid: green-contexts, mig, mps, time-slice");
  }

  @Test
  void anActiveThreadPercentageOutOfRangeIsOneLine() {
    assertThatThrownBy(() -> sharing("  mode: mps\n  contexts:\n    train: "
        + "{active-thread-percentage: 150}\n"))
        .hasMessageStartingWith("run.yaml:")
        .hasMessageEndingWith("sharing.contexts.train.active-thread-percentage: must be in "
            + "(0, 100], got 150.0")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aSettingOfAnotherModeIsRefusedNamingTheModesOwnKeys() {
    assertThatThrownBy(() -> sharing("  mode: mps\n  contexts:\n    lc: {instance: a}\n"))
        .hasMessageEndingWith("sharing.contexts.lc: unknown key 'instance'; valid: "
            + "active-thread-percentage, client-priority");
    assertThatThrownBy(() -> sharing("  mode: mps\n  instances: [{name: a, profile: 3g}]\n"))
        .hasMessageContaining("sharing: unknown key 'instances'");
    assertThatThrownBy(() -> sharing("  mode: time-slice\n  contexts: {lc: {}}\n"))
        .hasMessageEndingWith("sharing: unknown key 'contexts'; valid: name, slowdown-baseline");
  }

  @Test
  void aMissingModeNamesTheValidModes() {
    assertThatThrownBy(() -> sharing("  name: x\n"))
        .hasMessageEndingWith("sharing.mode: missing 'mode'; valid: green-contexts, mig, mps, "
            + "time-slice");
  }

  @Test
  void anUnknownClientOrderingNamesTheValidOnes() {
    assertThatThrownBy(() -> sharing("  mode: mps\n  client-ordering: fair\n"))
        .hasMessageEndingWith("sharing.client-ordering: unknown client ordering 'fair'; valid: "
            + "compare-stream-priorities, neutral");
  }

  @Test
  void everyModeResolvesToItsOwnMechanismAndStatesIt() {
    // the former resolution sent every mode it did not name to green contexts
    for (String yaml : List.of("  mode: time-slice\n", "  mode: mps\n", "  mode: mig\n  "
        + "instances: [{name: a, profile: 3g}, {name: b, profile: 3g}]\n  contexts: "
        + "{lc: {instance: a}, train: {instance: b}}\n", "  mode: green-contexts\n")) {
      SharingConfig config = sharing(yaml);
      SharingPlan plan = SharingPlan.resolve(config, "h200", device("h200"), tenants());
      assertThat(plan.choices().get(0).value()).as(yaml).isEqualTo(config.mode());
    }
    assertThat(SharingConfig.modes()).containsExactly("green-contexts", "mig", "mps",
        "time-slice");
  }

  @Test
  void everySectionIsWrittenBackAsTheYamlItWasReadFrom() {
    for (String yaml : List.of("  mode: time-slice\n  slowdown-baseline: device\n",
        "  mode: mps\n  name: cap\n  contexts:\n    train: {active-thread-percentage: 75.0, "
            + "client-priority: below-normal}\n  client-ordering: compare-stream-priorities\n",
        "  mode: mig\n  instances: [{name: a, profile: 3g, mps: true}]\n  contexts: "
            + "{lc: {instance: a}, train: {instance: a}}\n",
        "  mode: green-contexts\n  contexts:\n    train:\n      partitions: [{name: p, sms: 8,"
            + " queues: [fwd]}]\n")) {
      SharingConfig config = sharing(yaml);
      String written = org.preemptlab.runner.workload.YamlMappers.strict()
          .convertValue(config.toYaml(), Object.class).toString();
      SharingConfig reread = org.preemptlab.runner.workload.YamlMappers.strict()
          .convertValue(config.toYaml(), SharingConfig.class);
      assertThat(reread).as(written).isEqualTo(config);
      assertThat(config.toYaml().keySet().iterator().next()).isEqualTo("mode");
      assertThat(ConfigLoader.parse(ConfigLoader.toYaml(RunConfig.defaults().withSharing(config)),
          "again.yaml").sharing()).isEqualTo(config);
    }
  }

  @Test
  void anUnknownMigProfileNamesTheDevicesProfiles() {
    assertThatThrownBy(() -> plan("  mode: mig\n  instances: [{name: a, profile: 5g}]\n  "
        + "contexts: {lc: {instance: a}, train: {instance: a}}\n", "h200"))
        .hasMessage("sharing.instances[0].profile: unknown h200 MIG profile '5g'; did you mean "
            + "'1g'? valid: 1g, 1g.18gb, 1g.35gb, 2g, 2g.35gb, 3g, 3g.71gb, 4g, 4g.71gb, 7g, "
            + "7g.141gb");
  }

  @Test
  void aContextInNoMigInstanceIsOneLine() {
    assertThatThrownBy(() -> plan("  mode: mig\n  instances: [{name: a, profile: 3g}]\n  "
        + "contexts: {lc: {instance: a}}\n", "h200"))
        .hasMessage("sharing.contexts.train.instance: context 'train' is in no MIG instance; "
            + "bind it to one of: a");
  }

  @Test
  void twoContextsInOneMigInstanceAreRefusedRatherThanTimeSlicedSilently() {
    assertThatThrownBy(() -> plan("  mode: mig\n  instances: [{name: a, profile: 7g}]\n  "
        + "contexts: {lc: {instance: a}, train: {instance: a}}\n", "h200"))
        .hasMessageStartingWith("sharing.contexts.train.instance: MIG instance 'a' already runs "
            + "context 'lc'");
  }

  @Test
  void migInstancesThatDoNotFitTheDeviceAreRefused() {
    assertThatThrownBy(() -> plan("  mode: mig\n  instances: [{name: a, profile: 4g}, "
        + "{name: b, profile: 4g}]\n  contexts: {lc: {instance: a}, train: {instance: b}}\n",
        "h200"))
        .hasMessage("sharing.instances[1].profile: 'h200' holds at most 1 4g.71gb instance");
    assertThatThrownBy(() -> plan("  mode: mig\n  instances: [{name: a, profile: 4g}, "
        + "{name: b, profile: 7g}]\n  contexts: {lc: {instance: a}, train: {instance: b}}\n",
        "h200"))
        .hasMessageContaining("need 11 of 7 compute slices");
  }

  @Test
  void migOnADeviceWithoutProfilesIsRefused() {
    assertThatThrownBy(() -> plan("  mode: mig\n  instances: [{name: a, profile: 3g}]\n",
        "gtx480"))
        .hasMessage("sharing.mode: hardware 'gtx480' declares no MIG profiles (model-file key "
            + "'mig-profiles'); see docs/sharing.md");
  }

  @Test
  void migInstancesGetTheirProfilesSmsInOrderAndTheirMemorySlicesBandwidth() {
    SharingPlan plan = plan("  mode: mig\n  instances: [{name: small, profile: 3g.71gb}, "
        + "{name: big, profile: 4g}]\n  contexts: {lc: {instance: small}, train: "
        + "{instance: big}}\n", "h200");

    assertThat(plan.sharing().contextPartitions()).containsEntry("lc", SmSet.range(0, 60))
        .containsEntry("train", SmSet.range(60, 124));
    assertThat(plan.sharing().contextsShareSms()).isTrue();
    MemoryDomains domains = plan.memoryDomains(H200).orElseThrow();
    assertThat(domains.domains()).extracting(MemoryDomains.Domain::dramBandwidthBytesPerNs)
        .containsExactly(2400.0, 2400.0);
  }

  @Test
  void anMpsPercentageBecomesThatShareOfTheSmsRoundedUpAndCapsThatSplitTheDeviceAreDisjoint() {
    SharingPlan plan = plan("  mode: mps\n  contexts:\n    lc: {active-thread-percentage: 30}\n"
        + "    train: {active-thread-percentage: 70, client-priority: below-normal}\n", "h200");

    // 30% of 132 = 39.6 -> 40 SMs; 70% = 92.4 -> 93 SMs, from SM 40 on, wrapping to SM 0
    assertThat(plan.sharing().contextPartitions().get("lc")).isEqualTo(SmSet.range(0, 40));
    assertThat(plan.sharing().contextPartitions().get("train").size()).isEqualTo(93);
    assertThat(plan.sharing().contextPartitions().get("train").contains(40)).isTrue();
    assertThat(plan.sharing().belowNormalContexts()).containsExactly("train");
  }

  @Test
  void anUncappedMpsClientIsNotConfined() {
    SharingPlan plan = plan("  mode: mps\n  contexts:\n    train: "
        + "{active-thread-percentage: 50}\n", "h200");

    assertThat(plan.sharing().contextPartitions()).containsOnlyKeys("train");
    assertThat(plan.sharing().contextPartitions().get("train")).isEqualTo(SmSet.range(0, 66));
  }

  @Test
  void anActiveThreadPercentageOnAPreVoltaDeviceIsRefused() {
    assertThatThrownBy(() -> plan("  mode: mps\n  contexts:\n    train: "
        + "{active-thread-percentage: 50}\n", "gtx1080"))
        .hasMessageStartingWith("sharing.contexts.train.active-thread-percentage: hardware "
            + "'gtx1080' has no Volta MPS execution-resource provisioning");
  }

  @Test
  void mpsOnADeviceWithoutMpsIsRefusedNamingTheModelKey() {
    assertThatThrownBy(() -> plan("  mode: mps\n", "mi50"))
        .hasMessageStartingWith("sharing.mode: hardware 'mi50' declares no MPS (model-file key "
            + "'mps'");
  }

  @Test
  void greenContextPartitionsFollowTheDevicesGranularity() {
    SharingPlan plan = plan("  mode: green-contexts\n  contexts:\n    train:\n      partitions:"
        + "\n        - {name: fwd, sms: 64, queues: [fwd]}\n        - {name: bwd, sms: 32, "
        + "queues: [bwd]}\n", "h200");

    assertThat(plan.sharing().queuePartitions()).containsEntry("fwd", SmSet.range(0, 64))
        .containsEntry("bwd", SmSet.range(64, 96));
    assertThat(plan.sharing().contextsShareSms()).isNull(); // contexts: the hardware decides
    assertThatThrownBy(() -> plan("  mode: green-contexts\n  contexts:\n    train:\n      "
        + "partitions: [{name: p, sms: 12, queues: [fwd]}]\n", "h200"))
        .hasMessage("sharing.contexts.train.partitions[0].sms: 12 SMs: a green-context partition"
            + " on 'h200' holds at least 8 SMs and a multiple of 8");
    assertThatThrownBy(() -> plan("  mode: green-contexts\n  contexts:\n    train:\n      "
        + "partitions: [{name: p, sms: 8, queues: [infer]}]\n", "h200"))
        .hasMessage("sharing.contexts.train.partitions[0].queues: queue 'infer' is not in "
            + "context 'train'; valid: fwd, bwd");
  }

  @Test
  void anUnknownContextIsOneLineWithTheValidContexts() {
    assertThatThrownBy(() -> plan("  mode: mps\n  contexts:\n    trian: "
        + "{active-thread-percentage: 50}\n", "h200"))
        .hasMessage("sharing.contexts.trian: unknown context 'trian'; did you mean 'train'? "
            + "valid: lc, train");
  }

  @Test
  void aConfigurationWithoutSharingWritesNoSharingKey() {
    assertThat(ConfigLoader.toYaml(RunConfig.defaults())).doesNotContain("sharing");
    assertThat(ConfigLoader.toYaml(RunConfig.defaults().withSharing(sharing("  mode: mps\n"))))
        .contains("sharing:", "mode: \"mps\"");
  }
}
