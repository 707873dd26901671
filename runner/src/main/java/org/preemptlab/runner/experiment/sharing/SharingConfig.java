package org.preemptlab.runner.experiment.sharing;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.workload.SpecViolation;

/**
 * The {@code sharing} section of a run configuration: how contexts share the device in space
 * (format and sources in {@code docs/sharing.md}). What can be checked without the workload and
 * the device is checked here, so that the error names the file and line; {@link SharingPlan}
 * checks the rest (context and queue ids, MIG profiles, SM counts).
 *
 * @param mode {@code time-slice}, {@code mps}, {@code mig} or {@code green-contexts}; required
 * @param name a label for reports (a sweep shows it as the value of {@code sharing}); default the
 *     mode
 * @param contexts per context id, its settings in this mode; default none
 * @param instances the MIG instances, in the order their SMs are laid out ({@code mig} only)
 * @param slowdownBaseline where a job runs alone for its slowdown's denominator: {@code
 *     partition} (default: alone on the idle device within its queue's partition, an MPS cap, a
 *     MIG instance with its bandwidth share, a green context) or {@code device} (alone on the
 *     whole idle device)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SharingConfig(String mode, String name, Map<String, ContextSharing> contexts,
    List<MigInstance> instances, String slowdownBaseline) {

  /** The valid modes. */
  public static final List<String> MODES = List.of("time-slice", "mps", "mig", "green-contexts");
  /** The valid values of {@code slowdown-baseline}. */
  public static final List<String> SLOWDOWN_BASELINES = List.of("partition", "device");

  /** Checks the mode and that each setting belongs to it. */
  public SharingConfig {
    if (mode == null) {
      throw new SpecViolation("mode", "is required; valid: " + String.join(", ", MODES));
    }
    if (!MODES.contains(mode)) {
      throw new SpecViolation("mode", ConfigurationException.unknown("sharing mode", mode, MODES)
          .getMessage());
    }
    if (name != null && !name.matches("[A-Za-z0-9._+-]+")) {
      throw new SpecViolation("name", "may hold letters, digits, '.', '_', '+' and '-' only, got '"
          + name + "'");
    }
    if (slowdownBaseline != null && !SLOWDOWN_BASELINES.contains(slowdownBaseline)) {
      throw new SpecViolation("slowdown-baseline", ConfigurationException.unknown(
          "slowdown baseline", slowdownBaseline, SLOWDOWN_BASELINES).getMessage());
    }
    contexts = contexts == null ? null
        : Collections.unmodifiableMap(new LinkedHashMap<>(contexts));
    instances = instances == null ? null : List.copyOf(instances);
    if (instances != null && !mode.equals("mig")) {
      throw new SpecViolation("instances", "only for mode mig (this is " + mode + ")");
    }
    if (mode.equals("mig") && (instances == null || instances.isEmpty())) {
      throw new SpecViolation("instances", "mode mig needs at least one instance, e.g. "
          + "instances: [{name: a, profile: 3g}]");
    }
    if (instances != null) {
      for (int i = 0; i < instances.size(); i++) {
        for (int j = 0; j < i; j++) {
          if (instances.get(j).name().equals(instances.get(i).name())) {
            throw new SpecViolation("instances[" + i + "].name", "'" + instances.get(i).name()
                + "' appears twice");
          }
        }
      }
    }
    if (contexts != null) {
      for (Map.Entry<String, ContextSharing> entry : contexts.entrySet()) {
        entry.getValue().checkMode(mode, "contexts." + entry.getKey());
      }
    }
    if (mode.equals("time-slice") && contexts != null && !contexts.isEmpty()) {
      throw new SpecViolation("contexts", "mode time-slice has no per-context settings");
    }
  }

  /** The label reports show: the name, else the mode. */
  @JsonIgnore
  public String label() {
    return name != null ? name : mode;
  }

  /**
   * Whether a job's isolated run (its slowdown's denominator) is confined to its partition, as
   * {@code slowdown-baseline: partition} (the default) says.
   */
  @JsonIgnore
  public boolean aloneInPartition() {
    return !"device".equals(slowdownBaseline);
  }

  /** The settings of {@code contextId}, or the defaults. */
  ContextSharing context(String contextId) {
    ContextSharing settings = contexts == null ? null : contexts.get(contextId);
    return settings == null ? ContextSharing.DEFAULTS : settings;
  }

  /**
   * One context's settings.
   *
   * @param activeThreadPercentage ({@code mps}) the share of the device's threads, and so of its
   *     SMs, the context's kernels may use ({@code CUDA_MPS_ACTIVE_THREAD_PERCENTAGE}), in (0,
   *     100]; default 100
   * @param clientPriority ({@code mps}) {@code normal} or {@code below-normal} ({@code
   *     CUDA_MPS_CLIENT_PRIORITY} 0 or 1); default normal
   * @param instance ({@code mig}) the name of the MIG instance the context runs in; required for
   *     every context with queues
   * @param partitions ({@code green-contexts}) the context's green contexts: SM partitions, each
   *     with the queues (streams) created on it
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ContextSharing(Double activeThreadPercentage, String clientPriority,
      String instance, List<GreenPartition> partitions) {
    static final ContextSharing DEFAULTS = new ContextSharing(null, null, null, null);
    /** The valid client priorities. */
    public static final List<String> CLIENT_PRIORITIES = List.of("normal", "below-normal");

    /** Checks the values that need no workload. */
    public ContextSharing {
      if (activeThreadPercentage != null && !(activeThreadPercentage > 0
          && activeThreadPercentage <= 100)) {
        throw new SpecViolation("active-thread-percentage", "must be in (0, 100], got "
            + activeThreadPercentage);
      }
      if (clientPriority != null && !CLIENT_PRIORITIES.contains(clientPriority)) {
        throw new SpecViolation("client-priority", ConfigurationException.unknown(
            "client priority", clientPriority, CLIENT_PRIORITIES).getMessage());
      }
      partitions = partitions == null ? null : List.copyOf(partitions);
    }

    private void checkMode(String mode, String where) {
      only(activeThreadPercentage != null, "mps", mode, where + ".active-thread-percentage");
      only(clientPriority != null, "mps", mode, where + ".client-priority");
      only(instance != null, "mig", mode, where + ".instance");
      only(partitions != null, "green-contexts", mode, where + ".partitions");
    }

    private static void only(boolean given, String needed, String mode, String where) {
      if (given && !needed.equals(mode)) {
        throw new SpecViolation(where, "only for mode " + needed + " (this is " + mode + ")");
      }
    }

    /** The percentage, 100 when not given. */
    double percentage() {
      return activeThreadPercentage == null ? 100 : activeThreadPercentage;
    }

    /** Whether the client priority is below normal. */
    boolean belowNormal() {
      return "below-normal".equals(clientPriority);
    }
  }

  /**
   * One MIG instance.
   *
   * @param name its name, which contexts bind to
   * @param profile its GPU instance profile: a full name such as {@code 3g.71gb} or the compute
   *     slices alone ({@code 3g}, the profile with the least memory)
   * @param mps whether an MPS server runs in the instance, so that several contexts bound to it
   *     are co-resident on its SMs (NVIDIA MIG user guide, "MIG with CUDA MPS"); default false: one
   *     context per instance
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record MigInstance(String name, String profile, Boolean mps) {
    /** Checks that both are given. */
    public MigInstance {
      if (name == null || name.isBlank()) {
        throw new SpecViolation("name", "is required");
      }
      if (profile == null || profile.isBlank()) {
        throw new SpecViolation("profile", "is required, e.g. 3g");
      }
    }

    /** Whether the instance runs an MPS server ({@code mps: true}). */
    boolean runsMps() {
      return Boolean.TRUE.equals(mps);
    }
  }

  /**
   * One green context: a partition of the SMs and the queues created on it.
   *
   * @param name its name, for errors and reports
   * @param sms how many SMs it holds, at least 1 (and the device's granularity)
   * @param queues the ids of the context's queues (streams) it runs, at least one
   */
  public record GreenPartition(String name, Integer sms, List<String> queues) {
    /** Checks the fields. */
    public GreenPartition {
      if (name == null || name.isBlank()) {
        throw new SpecViolation("name", "is required");
      }
      if (sms == null || sms < 1) {
        throw new SpecViolation("sms", "must be >= 1, got " + sms);
      }
      if (queues == null || queues.isEmpty()) {
        throw new SpecViolation("queues", "needs at least one queue id");
      }
      queues = List.copyOf(queues);
    }
  }
}
