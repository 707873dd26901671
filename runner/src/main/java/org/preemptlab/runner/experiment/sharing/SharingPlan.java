package org.preemptlab.runner.experiment.sharing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.runner.engine.MemoryDomains;
import org.preemptlab.runner.engine.SpatialSharing;

/**
 * A {@link SharingConfig} resolved against the run's hardware model, device and workload: the
 * engine's {@link SpatialSharing}, and for MIG the instances with their SMs and bandwidth shares
 * (the memory domains of the contention model). Every mistake is a one-line {@link
 * ConfigurationException} naming the key and the valid choices.
 *
 * @param sharing what the engine applies
 * @param instances the MIG instances in layout order; empty for the other modes
 */
public record SharingPlan(SpatialSharing sharing, List<Instance> instances) {

  /**
   * A MIG instance as laid out on the device.
   *
   * @param name its name
   * @param profile its profile's name
   * @param sms its SMs
   * @param bandwidthShare its share of the device's DRAM bandwidth, in (0, 1]
   */
  public record Instance(String name, String profile, SmSet sms, double bandwidthShare) {}

  /**
   * Green-context SM granularity per bundled NVIDIA model, from the CUDA driver API's "Green
   * Contexts" section (CUDA 12.4): compute capability 6.x at least 1 SM; 7.x at least 2, a multiple
   * of 2; 8.x at least 4, a multiple of 2; 9.0+ at least 8, a multiple of 8. {min, multiple}.
   */
  private static final Map<String, int[]> GREEN_GRANULARITY = Map.of(
      "gtx1080", new int[] {1, 1}, "v100", new int[] {2, 2}, "a100", new int[] {4, 2},
      "h200", new int[] {8, 8});

  /**
   * Bundled models without Volta MPS execution-resource provisioning (pre-Volta NVIDIA, AMD): an
   * active-thread percentage is refused on them.
   */
  private static final Set<String> NO_MPS_PROVISIONING = Set.of("gtx480", "gtx1080", "mi50",
      "mi100");

  /** Copies the instances. */
  public SharingPlan {
    instances = List.copyOf(instances);
  }

  /**
   * The memory domains of the contention model: one per MIG instance, with its SMs and its share
   * of {@code device}'s DRAM bandwidth; empty for the other modes (the whole device is one domain)
   * or when the device declares no bandwidth (then there is no contention to share).
   */
  public java.util.Optional<MemoryDomains> memoryDomains(DeviceSpec device) {
    if (instances.isEmpty() || !device.memory().declared()) {
      return java.util.Optional.empty();
    }
    List<MemoryDomains.Domain> domains = new ArrayList<>();
    for (Instance instance : instances) {
      domains.add(new MemoryDomains.Domain(instance.name(), instance.sms(),
          instance.bandwidthShare() * device.memory().dramBandwidthBytesPerNs()));
    }
    return java.util.Optional.of(new MemoryDomains(domains));
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
    return new SharingPlan(SpatialSharing.none(), List.of());
  }

  /**
   * Resolves {@code config} (null: no sharing section) for a run on hardware model {@code
   * hardwareId} with {@code device} and {@code workload}.
   *
   * @throws ConfigurationException naming the key and the valid choices
   */
  public static SharingPlan resolve(SharingConfig config, String hardwareId, DeviceSpec device,
      Workload workload) {
    if (config == null) {
      return none();
    }
    Map<String, List<String>> queuesByContext = new LinkedHashMap<>();
    workload.contexts().forEach(c -> queuesByContext.put(c.id(), new ArrayList<>()));
    for (JobQueue queue : workload.queues()) {
      queuesByContext.get(queue.contextId()).add(queue.id());
    }
    if (config.contexts() != null) {
      for (String id : config.contexts().keySet()) {
        if (!queuesByContext.containsKey(id)) {
          throw fail("contexts." + id, ConfigurationException.unknown("context", id,
              queuesByContext.keySet()).getMessage());
        }
      }
    }
    return switch (config.mode()) {
      case "time-slice" -> new SharingPlan(new SpatialSharing(false, Map.of(), Map.of(),
          Set.of()), List.of());
      case "mps" -> mps(config, hardwareId, device, queuesByContext);
      case "mig" -> mig(config, hardwareId, device, queuesByContext);
      default -> green(config, hardwareId, device, queuesByContext);
    };
  }

  /**
   * MPS: contexts co-resident; a context with an active-thread percentage below 100 gets
   * ceil(p/100 x SMs) SMs, laid out one capped context after another from SM 0 (wrapping), so caps
   * that sum to at most 100 give disjoint SM sets, as the MPS documentation says provisioning does
   * when the percentages split the device.
   */
  private static SharingPlan mps(SharingConfig config, String hardwareId, DeviceSpec device,
      Map<String, List<String>> queuesByContext) {
    int n = device.smCount();
    Map<String, SmSet> partitions = new LinkedHashMap<>();
    Set<String> belowNormal = new LinkedHashSet<>();
    int next = 0;
    for (String context : queuesByContext.keySet()) {
      SharingConfig.ContextSharing settings = config.context(context);
      if (settings.belowNormal()) {
        belowNormal.add(context);
      }
      double percentage = settings.percentage();
      if (percentage >= 100) {
        continue;
      }
      if (NO_MPS_PROVISIONING.contains(hardwareId)) {
        throw fail("contexts." + context + ".active-thread-percentage", "hardware '" + hardwareId
            + "' has no Volta MPS execution-resource provisioning (NVIDIA compute capability 7.0"
            + " and later); leave the percentage out");
      }
      int count = Math.max(1, (int) Math.ceil(percentage * n / 100.0 - 1e-9));
      int[] sms = new int[count];
      for (int i = 0; i < count; i++) {
        sms[i] = (next + i) % n;
      }
      next = (next + count) % n;
      partitions.put(context, SmSet.of(sms));
    }
    return new SharingPlan(new SpatialSharing(true, partitions, Map.of(), belowNormal), List.of());
  }

  /**
   * MIG: instances laid out from SM 0 in the order written, one context per instance, or several
   * co-resident on the instance's SMs when it runs MPS.
   */
  private static SharingPlan mig(SharingConfig config, String hardwareId, DeviceSpec device,
      Map<String, List<String>> queuesByContext) {
    List<MigProfiles.Profile> profiles = MigProfiles.of(hardwareId).orElseThrow(() ->
        fail("mode", "hardware '" + hardwareId + "' has no MIG profiles; MIG is modelled for: "
            + String.join(", ", MigProfiles.HARDWARE)));
    List<Instance> instances = new ArrayList<>();
    Map<String, Integer> counts = new LinkedHashMap<>();
    int sms = 0;
    int compute = 0;
    int memory = 0;
    for (int i = 0; i < config.instances().size(); i++) {
      SharingConfig.MigInstance instance = config.instances().get(i);
      String where = "instances[" + i + "].profile";
      MigProfiles.Profile profile = MigProfiles.find(profiles, instance.profile()).orElseThrow(
          () -> fail(where, ConfigurationException.unknown(hardwareId + " MIG profile",
              instance.profile(), MigProfiles.names(profiles)).getMessage()));
      int count = counts.merge(profile.name(), 1, Integer::sum);
      if (count > profile.maxInstances()) {
        throw fail(where, "'" + hardwareId + "' holds at most " + profile.maxInstances() + " "
            + profile.name() + " instance" + (profile.maxInstances() == 1 ? "" : "s"));
      }
      compute += profile.computeSlices();
      memory += profile.memoryEighths();
      if (compute > 7 || memory > 8) {
        throw fail(where, "the instances up to '" + instance.name() + "' need " + compute
            + " of 7 compute slices and " + memory + " of 8 memory slices; '" + hardwareId
            + "' has no room for " + profile.name());
      }
      if (sms + profile.sms() > device.smCount()) {
        throw fail(where, "the instances up to '" + instance.name() + "' need " + (sms
            + profile.sms()) + " SMs; the device has " + device.smCount());
      }
      instances.add(new Instance(instance.name(), profile.name(),
          SmSet.range(sms, sms + profile.sms()), profile.memoryEighths() / 8.0));
      sms += profile.sms();
    }
    List<String> names = instances.stream().map(Instance::name).toList();
    Map<String, SmSet> partitions = new LinkedHashMap<>();
    Map<String, String> holder = new LinkedHashMap<>();
    queuesByContext.forEach((context, queues) -> {
      String instance = config.context(context).instance();
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
    });
    return new SharingPlan(new SpatialSharing(true, partitions, Map.of(), Set.of()), instances);
  }

  /** Green contexts: each context's partitions laid out from SM 0, disjoint within the context. */
  private static SharingPlan green(SharingConfig config, String hardwareId, DeviceSpec device,
      Map<String, List<String>> queuesByContext) {
    int[] granularity = GREEN_GRANULARITY.get(hardwareId);
    Map<String, SmSet> partitions = new LinkedHashMap<>();
    for (String context : queuesByContext.keySet()) {
      List<SharingConfig.GreenPartition> list = config.context(context).partitions();
      if (list == null) {
        continue;
      }
      if (granularity == null) {
        throw fail("contexts." + context + ".partitions", "hardware '" + hardwareId + "' has no "
            + "green contexts modelled; valid: " + String.join(", ",
            new TreeSet<>(GREEN_GRANULARITY.keySet())));
      }
      int next = 0;
      Set<String> names = new LinkedHashSet<>();
      for (int i = 0; i < list.size(); i++) {
        SharingConfig.GreenPartition partition = list.get(i);
        String where = "contexts." + context + ".partitions[" + i + "]";
        if (!names.add(partition.name())) {
          throw fail(where + ".name", "'" + partition.name() + "' appears twice");
        }
        int count = partition.sms();
        if (count < granularity[0] || count % granularity[1] != 0) {
          throw fail(where + ".sms", count + " SMs: a green-context partition on '" + hardwareId
              + "' holds at least " + granularity[0] + " SMs and a multiple of " + granularity[1]);
        }
        if (next + count > device.smCount()) {
          throw fail(where + ".sms", "the partitions of '" + context + "' up to '"
              + partition.name() + "' need " + (next + count) + " SMs; the device has "
              + device.smCount());
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
    return new SharingPlan(new SpatialSharing(null, Map.of(), partitions, Set.of()), List.of());
  }

  private static ConfigurationException fail(String key, String message) {
    return new ConfigurationException("sharing." + key + ": " + message);
  }
}
