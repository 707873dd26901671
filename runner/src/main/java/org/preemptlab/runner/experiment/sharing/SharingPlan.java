package org.preemptlab.runner.experiment.sharing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.ModellingChoice;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SharingSupport;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.api.sharing.SharingLayout;
import org.preemptlab.api.sharing.SharingMode;
import org.preemptlab.api.sharing.SharingRequest;
import org.preemptlab.engine.MemoryDomains;
import org.preemptlab.engine.SpatialSharing;

/**
 * A {@link SharingConfig} resolved against the run's hardware model, device and workload: the
 * engine's {@link SpatialSharing}, and for MIG the instances with their SMs and bandwidth shares
 * (the memory domains of the contention model). What a mode needs of the device (MPS, MIG
 * profiles, green-context granularity) comes from the hardware model's {@link SharingSupport}, so
 * a model file of the user's own can use every mode. Every mistake is a one-line {@link
 * ConfigurationException} naming the key and the valid choices.
 *
 * @param sharing what the engine applies
 * @param instances the MIG instances in layout order; empty for the other modes
 * @param choices the modelling choices that decided the sharing, for the run's summary
 */
public record SharingPlan(SpatialSharing sharing, List<Instance> instances,
    List<ModellingChoice> choices) {

  /**
   * A MIG instance as laid out on the device.
   *
   * @param name its name
   * @param profile its profile's name
   * @param sms its SMs
   * @param bandwidthShare its share of the device's DRAM bandwidth, in (0, 1]
   */
  public record Instance(String name, String profile, SmSet sms, double bandwidthShare) {}

  /** Copies the lists. */
  public SharingPlan {
    instances = List.copyOf(instances);
    choices = List.copyOf(choices);
  }

  /**
   * The memory domains of the contention model: one per MIG instance, with its SMs and its share
   * of {@code device}'s DRAM bandwidth; empty for the other modes (the whole device is one domain)
   * or when the device declares no bandwidth (then there is no contention to share).
   */
  public Optional<MemoryDomains> memoryDomains(DeviceSpec device) {
    if (instances.isEmpty() || !device.memory().declared()) {
      return Optional.empty();
    }
    List<MemoryDomains.Domain> domains = new ArrayList<>();
    for (Instance instance : instances) {
      domains.add(new MemoryDomains.Domain(instance.name(), instance.sms(),
          instance.bandwidthShare() * device.memory().dramBandwidthBytesPerNs()));
    }
    return Optional.of(new MemoryDomains(domains));
  }

  /**
   * The SMs a queue of the run is confined to (its green context, else its context's MPS share or
   * MIG instance), or null when it may use every SM.
   */
  public SmSet partitionOf(String queueId, String contextId) {
    SmSet partition = sharing.queuePartitions().get(queueId);
    return partition != null ? partition : sharing.contextPartitions().get(contextId);
  }

  /** No spatial sharing: the hardware model decides. */
  public static SharingPlan none() {
    return new SharingPlan(SpatialSharing.none(), List.of(), List.of(new ModellingChoice(
        "sharing", "none", "no sharing section: the hardware model's concurrent-contexts decides",
        "docs/time-slicing.md")));
  }

  /**
   * Resolves {@code config} (null: no sharing section) for a run on hardware model {@code
   * hardwareId} ({@code hardware}) with {@code workload}.
   *
   * @throws ConfigurationException naming the key and the valid choices
   */
  public static SharingPlan resolve(SharingConfig config, String hardwareId,
      HardwareModel hardware, Workload workload) {
    return resolve(config, hardwareId, hardware, workload, plugin -> {
      throw new IllegalStateException("sharing mode '" + plugin.mode() + "' is a plugin: resolve "
          + "it with the run's plugins");
    });
  }

  /**
   * Resolves {@code config} as {@link #resolve(SharingConfig, String, HardwareModel, Workload)}
   * does; a plugin mode ({@link SharingConfig.Plugin}) through the instance {@code plugins}
   * creates for it, whose layout is checked against the workload and the device.
   *
   * @throws ConfigurationException naming the key and the valid choices
   */
  public static SharingPlan resolve(SharingConfig config, String hardwareId,
      HardwareModel hardware, Workload workload,
      Function<SharingConfig.Plugin, SharingMode> plugins) {
    if (config == null) {
      return none();
    }
    Map<String, List<String>> queuesByContext = new LinkedHashMap<>();
    workload.contexts().forEach(c -> queuesByContext.put(c.id(), new ArrayList<>()));
    for (JobQueue queue : workload.queues()) {
      queuesByContext.get(queue.contextId()).add(queue.id());
    }
    Device device = new Device(hardwareId, hardware.device(), hardware.sharingSupport());
    // each mode its own resolution; no mode falls through to another's (Java 17: no pattern
    // switch, so a mode added to SharingConfig without a branch here fails loudly)
    if (config instanceof SharingConfig.TimeSlice timeSlice) {
      return timeSlice(timeSlice, queuesByContext);
    } else if (config instanceof SharingConfig.Mps mps) {
      return mps(mps, device, queuesByContext);
    } else if (config instanceof SharingConfig.Mig mig) {
      return mig(mig, device, queuesByContext);
    } else if (config instanceof SharingConfig.GreenContexts green) {
      return green(green, device, queuesByContext);
    } else if (config instanceof SharingConfig.Plugin plugin) {
      return plugin(plugin, plugins.apply(plugin), device, queuesByContext);
    }
    throw new IllegalStateException("sharing mode '" + config.mode() + "' has no resolution");
  }

  /** The device as the modes see it. */
  private record Device(String id, DeviceSpec spec, SharingSupport support) {}

  private static SharingPlan timeSlice(SharingConfig.TimeSlice config,
      Map<String, List<String>> queuesByContext) {
    return new SharingPlan(new SpatialSharing(false, Map.of(), Map.of(), Set.of()), List.of(),
        List.of(new ModellingChoice("sharing", "time-slice", "contexts take turns by time slices,"
            + " whatever concurrent-contexts says", "docs/time-slicing.md")));
  }

  private static void checkContexts(Map<String, ?> given,
      Map<String, List<String>> queuesByContext) {
    if (given == null) {
      return;
    }
    for (String id : given.keySet()) {
      if (!queuesByContext.containsKey(id)) {
        throw fail("contexts." + id, ConfigurationException.unknown("context", id,
            queuesByContext.keySet()).getMessage());
      }
    }
  }

  /**
   * MPS: contexts co-resident; a context with an active-thread percentage below 100 gets
   * ceil(p/100 x SMs) SMs, laid out one capped context after another from SM 0 (wrapping), so caps
   * that sum to at most 100 give disjoint SM sets, as the MPS documentation says provisioning does
   * when the percentages split the device.
   */
  private static SharingPlan mps(SharingConfig.Mps config, Device device,
      Map<String, List<String>> queuesByContext) {
    checkContexts(config.contexts(), queuesByContext);
    if (device.support().mps() == SharingSupport.Mps.NONE) {
      throw fail("mode", "hardware '" + device.id() + "' declares no MPS (model-file key 'mps':"
          + " none or absent); set mps: pre-volta or volta in a model of the device, or leave the"
          + " sharing section out");
    }
    int n = device.spec().smCount();
    Map<String, SmSet> partitions = new LinkedHashMap<>();
    Set<String> belowNormal = new LinkedHashSet<>();
    int next = 0;
    for (String context : queuesByContext.keySet()) {
      SharingConfig.MpsClient settings = config.client(context);
      if (settings.belowNormal()) {
        belowNormal.add(context);
      }
      double percentage = settings.percentage();
      if (percentage >= 100) {
        continue;
      }
      if (device.support().mps() != SharingSupport.Mps.VOLTA) {
        throw fail("contexts." + context + ".active-thread-percentage", "hardware '"
            + device.id() + "' has no Volta MPS execution-resource provisioning (model-file key "
            + "'mps' is not volta); leave the percentage out");
      }
      int count = Math.max(1, (int) Math.ceil(percentage * n / 100.0 - 1e-9));
      int[] sms = new int[count];
      for (int i = 0; i < count; i++) {
        sms[i] = (next + i) % n;
      }
      next = (next + count) % n;
      partitions.put(context, SmSet.of(sms));
    }
    boolean neutral = !config.comparesStreamPriorities();
    List<ModellingChoice> choices = List.of(
        new ModellingChoice("sharing", "mps", "clients co-resident on the SMs, no time slices;"
            + " an active-thread percentage caps a client's SMs", "NVIDIA MPS documentation"),
        new ModellingChoice("mps client ordering", neutral ? "neutral"
            : "compare-stream-priorities", neutral
            ? "each client's jobs by its own stream priorities; between clients, first launched"
                + " first (the documentation does not say that clients' stream priorities compare)"
            : "one stream-priority order across clients (an assumption: not stated by NVIDIA)",
            "docs/sharing.md#client-ordering"));
    return new SharingPlan(new SpatialSharing(true, partitions, Map.of(), belowNormal, Map.of(),
        neutral), List.of(), choices);
  }

  /**
   * MIG: instances laid out from SM 0 in the order written, one context per instance, or several
   * co-resident on the instance's SMs when it runs MPS.
   */
  private static SharingPlan mig(SharingConfig.Mig config, Device device,
      Map<String, List<String>> queuesByContext) {
    checkContexts(config.contexts(), queuesByContext);
    SharingSupport support = device.support();
    if (!support.mig()) {
      throw fail("mode", "hardware '" + device.id() + "' declares no MIG profiles (model-file key"
          + " 'mig-profiles'); see docs/sharing.md");
    }
    List<SharingSupport.MigProfile> profiles = support.migProfiles();
    int computeSlices = support.migComputeSlices();
    int memorySlices = profiles.get(0).deviceMemorySlices();
    List<Instance> instances = new ArrayList<>();
    Map<String, Integer> counts = new LinkedHashMap<>();
    int sms = 0;
    int compute = 0;
    int memory = 0;
    for (int i = 0; i < config.instances().size(); i++) {
      SharingConfig.MigInstance instance = config.instances().get(i);
      String where = "instances[" + i + "].profile";
      SharingSupport.MigProfile profile = find(profiles, instance.profile()).orElseThrow(
          () -> fail(where, ConfigurationException.unknown(device.id() + " MIG profile",
              instance.profile(), names(profiles)).getMessage()));
      int count = counts.merge(profile.name(), 1, Integer::sum);
      if (count > profile.maxInstances()) {
        throw fail(where, "'" + device.id() + "' holds at most " + profile.maxInstances() + " "
            + profile.name() + " instance" + (profile.maxInstances() == 1 ? "" : "s"));
      }
      compute += profile.computeSlices();
      memory += profile.memorySlices();
      if (compute > computeSlices || memory > memorySlices) {
        throw fail(where, "the instances up to '" + instance.name() + "' need " + compute
            + " of " + computeSlices + " compute slices and " + memory + " of " + memorySlices
            + " memory slices; '" + device.id() + "' has no room for " + profile.name());
      }
      if (sms + profile.sms() > device.spec().smCount()) {
        throw fail(where, "the instances up to '" + instance.name() + "' need " + (sms
            + profile.sms()) + " SMs; the device has " + device.spec().smCount());
      }
      instances.add(new Instance(instance.name(), profile.name(),
          SmSet.range(sms, sms + profile.sms()), profile.bandwidthShare()));
      sms += profile.sms();
    }
    List<String> names = instances.stream().map(Instance::name).toList();
    Map<String, SmSet> partitions = new LinkedHashMap<>();
    Map<String, String> groups = new LinkedHashMap<>();
    Map<String, String> holder = new LinkedHashMap<>();
    queuesByContext.forEach((context, queues) -> {
      String instance = config.instanceOf(context);
      if (instance == null) {
        if (queues.isEmpty()) {
          return;
        }
        throw fail("contexts." + context + ".instance", "context '" + context + "' is in no MIG "
            + "instance; bind it to one of: " + String.join(", ", names));
      }
      int index = names.indexOf(instance);
      if (index < 0) {
        throw fail("contexts." + context + ".instance", ConfigurationException.unknown(
            "MIG instance", instance, names).getMessage());
      }
      String other = holder.putIfAbsent(instance, context);
      if (other != null && !config.instances().get(index).runsMps()) {
        throw fail("contexts." + context + ".instance", "MIG instance '" + instance + "' already "
            + "runs context '" + other + "'; time slicing inside an instance is not modelled: "
            + "give each context its own instance, or run MPS in it (mps: true)");
      }
      partitions.put(context, instances.get(index).sms());
      groups.put(context, instance);
    });
    // an MPS server in an instance orders its clients as mode mps does by default (neutral);
    // across instances the order places nothing differently (no SM is shared)
    boolean serversInInstances = config.instances().stream()
        .anyMatch(SharingConfig.MigInstance::runsMps);
    List<ModellingChoice> choices = new ArrayList<>(List.of(new ModellingChoice("sharing", "mig",
        "instances isolated in SMs, launch latency (busy only by the instance's own work) and"
            + " DRAM bandwidth (the instance's memory slices)", "NVIDIA MIG user guide")));
    if (serversInInstances) {
      choices.add(new ModellingChoice("mps client ordering", "neutral", "inside an instance that"
          + " runs MPS: each client's jobs by its own stream priorities; between clients, first"
          + " launched first", "docs/sharing.md#client-ordering"));
    }
    return new SharingPlan(new SpatialSharing(true, partitions, Map.of(), Set.of(), groups,
        serversInInstances), instances, choices);
  }

  /** Green contexts: each context's partitions laid out from SM 0, disjoint within the context. */
  private static SharingPlan green(SharingConfig.GreenContexts config, Device device,
      Map<String, List<String>> queuesByContext) {
    checkContexts(config.contexts(), queuesByContext);
    Optional<SharingSupport.GreenContextGranularity> granularity =
        device.support().greenContexts();
    Map<String, SmSet> partitions = new LinkedHashMap<>();
    for (String context : queuesByContext.keySet()) {
      List<SharingConfig.GreenPartition> list = config.partitionsOf(context);
      if (list.isEmpty()) {
        continue;
      }
      if (granularity.isEmpty()) {
        throw fail("contexts." + context + ".partitions", "hardware '" + device.id() + "' "
            + "declares no green contexts (model-file keys 'green-context-min-sms' and "
            + "'green-context-sm-multiple')");
      }
      int min = granularity.get().minSms();
      int multiple = granularity.get().smMultiple();
      int next = 0;
      Set<String> names = new LinkedHashSet<>();
      for (int i = 0; i < list.size(); i++) {
        SharingConfig.GreenPartition partition = list.get(i);
        String where = "contexts." + context + ".partitions[" + i + "]";
        if (!names.add(partition.name())) {
          throw fail(where + ".name", "'" + partition.name() + "' appears twice");
        }
        int count = partition.sms();
        if (count < min || count % multiple != 0) {
          throw fail(where + ".sms", count + " SMs: a green-context partition on '" + device.id()
              + "' holds at least " + min + " SMs and a multiple of " + multiple);
        }
        if (next + count > device.spec().smCount()) {
          throw fail(where + ".sms", "the partitions of '" + context + "' up to '"
              + partition.name() + "' need " + (next + count) + " SMs; the device has "
              + device.spec().smCount());
        }
        SmSet sms = SmSet.range(next, next + count);
        next += count;
        for (String queue : partition.queues()) {
          if (!queuesByContext.get(context).contains(queue)) {
            throw fail(where + ".queues", "queue '" + queue + "' is not in context '" + context
                + "'; valid: " + String.join(", ", queuesByContext.get(context)));
          }
          if (partitions.putIfAbsent(queue, sms) != null) {
            throw fail(where + ".queues", "queue '" + queue + "' is already in another "
                + "partition; a stream belongs to one green context");
          }
        }
      }
    }
    List<ModellingChoice> choices = List.of(new ModellingChoice("sharing", "green-contexts",
        "a context's streams confined to its SM partitions; between contexts the hardware model"
            + " decides", "CUDA driver API, Green Contexts"));
    return new SharingPlan(new SpatialSharing(null, Map.of(), partitions, Set.of()), List.of(),
        choices);
  }

  /**
   * A plugin mode: its layout of the run's contexts and queues, checked (every id one of the run's,
   * every SM on the device, no empty set) and converted to the engine's terms; its modelling
   * choices follow the mode's own ({@code sharing: ID}).
   */
  private static SharingPlan plugin(SharingConfig.Plugin config, SharingMode mode, Device device,
      Map<String, List<String>> queuesByContext) {
    SharingLayout layout;
    try {
      layout = mode.layout(new SharingRequest(device.id(), device.spec(), device.support(),
          queuesByContext));
    } catch (ConfigurationException e) {
      throw new ConfigurationException("sharing." + e.getMessage(), e);
    }
    String what = "sharing mode '" + config.mode() + "' ";
    List<String> queues = queuesByContext.values().stream().flatMap(List::stream).toList();
    int smCount = device.spec().smCount();
    checkLayout(what + "confines context", layout.contextPartitions(), queuesByContext.keySet(),
        smCount);
    checkLayout(what + "confines queue", layout.queuePartitions(), queues, smCount);
    for (String context : layout.belowNormalContexts()) {
      checkId(what + "lowers context", context, queuesByContext.keySet());
    }
    for (String context : layout.isolationGroups().keySet()) {
      checkId(what + "isolates context", context, queuesByContext.keySet());
    }
    List<ModellingChoice> choices = new ArrayList<>();
    for (SharingLayout.Choice choice : layout.choices()) {
      choices.add(new ModellingChoice(choice.topic(), choice.value(), choice.meaning(),
          choice.source()));
    }
    return new SharingPlan(SpatialSharing.of(layout), List.of(), choices);
  }

  /** A plugin's partitions name ids of the run and hold SMs of the device. */
  private static void checkLayout(String what, Map<String, SmSet> partitions,
      java.util.Collection<String> ids, int smCount) {
    partitions.forEach((id, sms) -> {
      checkId(what, id, ids);
      if (sms.isEmpty() || sms.end() > smCount) {
        throw new ConfigurationException("sharing: " + what + " '" + id + "' to SMs " + sms
            + "; the device has "
            + smCount + " SMs (0-" + (smCount - 1) + ") and a partition holds one at least");
      }
    });
  }

  private static void checkId(String what, String id, java.util.Collection<String> ids) {
    if (!ids.contains(id)) {
      throw new ConfigurationException("sharing: " + what + " '" + id + "', which is not in the "
          + "run; the run has "
          + String.join(", ", ids));
    }
  }

  /**
   * The profile named {@code name} ({@code 3g.71gb}, or {@code 3g} for the one with the least
   * memory) among {@code profiles}, or empty.
   */
  private static Optional<SharingSupport.MigProfile> find(
      List<SharingSupport.MigProfile> profiles, String name) {
    SharingSupport.MigProfile least = null;
    for (SharingSupport.MigProfile profile : profiles) {
      if (profile.name().equals(name)) {
        return Optional.of(profile);
      }
      if ((profile.computeSlices() + "g").equals(name)
          && (least == null || profile.memoryGb() < least.memoryGb())) {
        least = profile;
      }
    }
    return Optional.ofNullable(least);
  }

  /** Every name {@link #find} accepts, for errors: the short names, then the full ones. */
  private static List<String> names(List<SharingSupport.MigProfile> profiles) {
    List<String> names = new ArrayList<>();
    for (SharingSupport.MigProfile profile : profiles) {
      String shortName = profile.computeSlices() + "g";
      if (!names.contains(shortName)) {
        names.add(shortName);
      }
    }
    profiles.forEach(p -> names.add(p.name()));
    return names;
  }

  private static ConfigurationException fail(String key, String message) {
    return new ConfigurationException("sharing." + key + ": " + message);
  }
}
