package org.preemptlab.hardware;

import static org.preemptlab.hardware.ModelKey.*;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.ContextOrder;
import org.preemptlab.api.hardware.CostDistribution;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.IssueSharing;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.hardware.SmSpec;

/**
 * Turns the settings of a model file (and any overrides) into a {@link HardwareModel}: checks that
 * every required key is present, parses each value and checks the combination. Every error is a
 * {@link ConfigurationException} naming the file, and the line where there is one.
 */
final class ModelBuilder {
  private final String source;
  private final Map<ModelKey, Object> values = new EnumMap<>(ModelKey.class);

  private ModelBuilder(String source) {
    this.source = source;
  }

  /**
   * Builds the model described by {@code settings}.
   *
   * <p>The model is a {@link CostModel}; absent per-thread terms are 0, an absent {@code
   * kernel-launch-busy} is {@code kernel-launch}, an absent {@code instruction-preemption} is
   * {@code save-fixed} and an absent {@code sustained-clock-mhz} is {@code clock-mhz}.
   *
   * @param source names the file (and overrides) in messages about the whole model
   * @param settings the value of each key and where it was written
   * @param streamSeed seeds the model's cost stream (from the run's hardware random stream)
   */
  static CostModel build(String source, Map<ModelKey, Setting> settings, long streamSeed) {
    return parsed(source, settings).model(streamSeed);
  }

  /**
   * The parsed values of {@code settings}, from which {@link #model} builds a model per run
   * without parsing them again (the values are immutable).
   *
   * @param source names the file (and overrides) in messages about the whole model
   * @param settings the value of each key and where it was written
   */
  static ModelBuilder parsed(String source, Map<ModelKey, Setting> settings) {
    return new ModelBuilder(source).parse(settings);
  }

  private ModelBuilder parse(Map<ModelKey, Setting> settings) {
    List<String> missing = Arrays.stream(ModelKey.values())
        .filter(key -> key.required() && !settings.containsKey(key))
        .map(ModelKey::id)
        .toList();
    if (!missing.isEmpty()) {
      String keys = missing.stream().map(k -> "'" + k + "'").collect(Collectors.joining(", "));
      throw new ConfigurationException(
          source + ": missing key" + (missing.size() > 1 ? "s " : " ") + keys);
    }
    settings.forEach((key, setting) -> {
      try {
        values.put(key, key.parse(setting.text()));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(
            setting.origin() + ": " + key.id() + ": " + e.getMessage(), e);
      }
    });
    return this;
  }

  /**
   * Builds the model from the parsed values.
   *
   * @param streamSeed seeds the model's cost stream (from the run's hardware random stream)
   */
  CostModel model(long streamSeed) {
    int shared = whole(SHARED_MEMORY_PER_SM);
    int reserved = whole(SHARED_MEMORY_RESERVED_PER_BLOCK);
    if (reserved > shared) {
      throw new ConfigurationException(source + ": " + SHARED_MEMORY_RESERVED_PER_BLOCK.id() + " ("
          + reserved + " B) exceeds " + SHARED_MEMORY_PER_SM.id() + " (" + shared
          + " B), so no block could ever be resident");
    }
    double clock = real(CLOCK_MHZ);
    double sustainedClock = values.containsKey(SUSTAINED_CLOCK_MHZ) ? real(SUSTAINED_CLOCK_MHZ)
        : clock;
    if (sustainedClock > clock) {
      throw new ConfigurationException(source + ": " + SUSTAINED_CLOCK_MHZ.id() + " ("
          + number(sustainedClock) + " MHz) exceeds " + CLOCK_MHZ.id() + " ("
          + number(clock) + " MHz); the clock under load is at most the maximum clock");
    }
    if (values.containsKey(DRAM_ACHIEVABLE_GBPS) && !values.containsKey(DRAM_BANDWIDTH_GBPS)) {
      throw new ConfigurationException(source + ": " + DRAM_ACHIEVABLE_GBPS.id() + " needs "
          + DRAM_BANDWIDTH_GBPS.id() + " (the device's datasheet peak DRAM bandwidth in GB/s,"
          + " which the achievable bandwidth must not exceed)");
    }
    DeviceSpec device;
    try {
      SmSpec sm = new SmSpec(whole(MAX_THREADS_PER_SM), whole(MAX_BLOCKS_PER_SM),
          whole(REGISTERS_PER_SM), shared, reserved);
      DeviceCosts costs = new DeviceCosts(cost(KERNEL_LAUNCH).medianNs(), ns(BLOCK_DISPATCH),
          cost(PREEMPTION_SIGNAL).medianNs(), real(SAVE_BANDWIDTH_GBPS),
          cost(SAVE_FIXED).medianNs(), real(RESTORE_BANDWIDTH_GBPS),
          cost(RESTORE_FIXED).medianNs(), cost(CONTEXT_SWITCH).medianNs(), ns(TIME_SLICE),
          real(PREEMPTION_CHECK_CYCLES));
      device = new DeviceSpec((String) values.get(NAME), whole(SM_COUNT), sm, real(CLOCK_MHZ),
          costs, flag(INSTRUCTION_LEVEL_PREEMPTION), flag(CONCURRENT_CONTEXTS),
          new MemorySpec(real(DRAM_BANDWIDTH_GBPS), real(DRAM_ACHIEVABLE_GBPS),
              real(DRAM_LATENCY_NS), Math.round(real(MEMORY_CAPACITY_GB) * 1e9)));
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(source + ": invalid model: " + e.getMessage(), e);
    }
    return new CostModel(device, real(SAVE_PER_THREAD_NS), real(RESTORE_PER_THREAD_NS),
        cost(KERNEL_LAUNCH), costOr(KERNEL_LAUNCH_BUSY, KERNEL_LAUNCH), cost(PREEMPTION_SIGNAL),
        cost(CONTEXT_SWITCH), cost(SAVE_FIXED), cost(RESTORE_FIXED),
        costOr(INSTRUCTION_PREEMPTION, SAVE_FIXED), contextOrder(), contention(device),
        issueSharing(), sustainedClock, streamSeed, SharingKeys.read(source,
            (String) values.get(MPS), (String) values.get(MIG_PROFILES),
            (Integer) values.get(GREEN_CONTEXT_MIN_SMS),
            (Integer) values.get(GREEN_CONTEXT_SM_MULTIPLE)));
  }

  /**
   * The rules the {@code contention} key names: none, or at most one DRAM rule (max-min-fair,
   * memory-system) and issue-rate.
   */
  private List<String> contentionRules() {
    Object text = values.get(CONTENTION);
    String choice = text == null ? "none" : text.toString().trim();
    List<String> rules = Arrays.stream(choice.split(",")).map(String::trim).toList();
    boolean valid = rules.equals(List.of("none")) || (!rules.isEmpty()
        && rules.stream().allMatch(r -> r.equals("max-min-fair") || r.equals("memory-system")
            || r.equals("issue-rate"))
        && rules.stream().distinct().count() == rules.size()
        && !(rules.contains("max-min-fair") && rules.contains("memory-system")));
    if (!valid) {
      throw new ConfigurationException(source + ": " + CONTENTION.id() + " must be none,"
          + " max-min-fair, memory-system, issue-rate, or one of the first two with issue-rate"
          + " (e.g. 'memory-system, issue-rate'), got '" + choice + "'");
    }
    return rules;
  }

  /** The {@code issue-rate} rule of the {@code contention} key, with the keys it needs. */
  private Optional<IssueSharing> issueSharing() {
    if (!contentionRules().contains("issue-rate")) {
      return Optional.empty();
    }
    for (ModelKey key : List.of(WARP_SIZE, ISSUE_SLOTS_PER_SM)) {
      if (!values.containsKey(key)) {
        throw new ConfigurationException(source + ": " + CONTENTION.id() + " issue-rate needs "
            + key.id() + " (" + (key == WARP_SIZE ? "threads per warp: 32 on NVIDIA, 64 on AMD"
            : "warp schedulers or SIMDs per SM, 4 on recent NVIDIA and AMD GPUs") + ")");
      }
    }
    return Optional.of(new IssueSharing(whole(WARP_SIZE), whole(ISSUE_SLOTS_PER_SM),
        issueOrder()));
  }

  /** The {@code issue-order} key: equal if absent. */
  private IssueSharing.Order issueOrder() {
    Object text = values.get(ISSUE_ORDER);
    String choice = text == null ? "equal" : text.toString().trim();
    return Arrays.stream(IssueSharing.Order.values()).filter(o -> o.id().equals(choice))
        .findFirst().orElseThrow(() -> new ConfigurationException(source + ": "
            + ISSUE_ORDER.id() + " must be equal, oldest-first or youngest-first, got '" + choice
            + "'"));
  }

  /**
   * The DRAM rule of the {@code contention} key: {@code max-min-fair}, which needs the peak
   * bandwidth, or {@code memory-system}, which needs the achievable one too.
   */
  private Optional<ContentionModel> contention(DeviceSpec device) {
    List<String> rules = contentionRules();
    String rule = rules.contains("max-min-fair") ? "max-min-fair"
        : rules.contains("memory-system") ? "memory-system" : null;
    if (rule == null) {
      return Optional.empty();
    }
    if (!device.memory().declared()) {
      throw new ConfigurationException(source + ": " + CONTENTION.id() + " " + rule + " needs "
          + DRAM_BANDWIDTH_GBPS.id() + " (the device's DRAM bandwidth in GB/s)");
    }
    if (rule.equals("memory-system")) {
      if (!device.memory().achievableDeclared()) {
        throw new ConfigurationException(source + ": " + CONTENTION.id() + " memory-system needs "
            + DRAM_ACHIEVABLE_GBPS.id() + " (the bandwidth a streaming benchmark sustains on the"
            + " device, in GB/s)");
      }
      double queueing = real(DRAM_QUEUEING_NS);
      if (queueing > 0) {
        if (device.memory().dramLatencyNs() <= 0) {
          throw new ConfigurationException(source + ": " + DRAM_QUEUEING_NS.id() + " needs "
              + DRAM_LATENCY_NS.id() + " (the unloaded DRAM latency the queueing delay adds to)");
        }
        return Optional.of(ContentionModel.memorySystem(device.memory().dramLatencyNs(),
            queueing));
      }
      return Optional.of(ContentionModel.memorySystem());
    }
    return Optional.of(ContentionModel.maxMinFair());
  }

  private ContextOrder contextOrder() {
    Object text = values.get(CONTEXT_ORDER);
    if (text == null) {
      return ContextOrder.RUNLIST;
    }
    return switch (text.toString().trim()) {
      case "runlist" -> ContextOrder.RUNLIST;
      case "fcfs" -> ContextOrder.FCFS;
      default -> throw new ConfigurationException(source + ": " + CONTEXT_ORDER.id() + " must be "
          + "runlist or fcfs, got '" + text + "'");
    };
  }

  /** A number as a user wrote it: {@code 1980}, not {@code 1980.0}. */
  private static String number(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }

  private CostDistribution cost(ModelKey key) {
    return (CostDistribution) values.get(key);
  }

  private CostDistribution costOr(ModelKey key, ModelKey fallback) {
    return values.containsKey(key) ? cost(key) : cost(fallback);
  }

  private int whole(ModelKey key) {
    return (Integer) values.get(key);
  }

  private double real(ModelKey key) {
    return (Double) values.getOrDefault(key, 0.0);
  }

  private long ns(ModelKey key) {
    return (Long) values.get(key);
  }

  private boolean flag(ModelKey key) {
    return (Boolean) values.get(key);
  }
}
