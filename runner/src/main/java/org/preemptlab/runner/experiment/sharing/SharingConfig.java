package org.preemptlab.runner.experiment.sharing;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.DatabindContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.annotation.JsonTypeIdResolver;
import com.fasterxml.jackson.databind.jsontype.impl.TypeIdResolverBase;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.workload.SpecViolation;

/**
 * The {@code sharing} section of a run configuration: how contexts share the device in space
 * (format and sources in {@code docs/sharing.md}). In YAML the {@code mode} key picks the kind:
 * {@code time-slice}, {@code mps}, {@code mig} or {@code green-contexts}; each kind checks its own
 * settings, so that the error names the file and line. Any other mode is a {@link Plugin}: the
 * sharing-mode plugin of that id ({@link org.preemptlab.api.sharing.SharingModeProvider}), with
 * the section's other keys as its parameters, looked up when the run is planned. {@link
 * SharingPlan} checks what needs the workload and the device (context and queue ids, MIG profiles,
 * SM counts).
 *
 * <p>Every kind keeps the values as written (an absent optional key stays absent), so that {@link
 * #toYaml()} and the configuration writer give back the section it was read from; the accessors
 * without a {@code raw} prefix apply the defaults.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.CUSTOM, property = "mode", visible = true)
@JsonTypeIdResolver(SharingConfig.ModeResolver.class)
@JsonClassDescription("sharing mode")
@JsonSubTypes({
    @JsonSubTypes.Type(value = SharingConfig.TimeSlice.class, name = "time-slice"),
    @JsonSubTypes.Type(value = SharingConfig.Mps.class, name = "mps"),
    @JsonSubTypes.Type(value = SharingConfig.Mig.class, name = "mig"),
    @JsonSubTypes.Type(value = SharingConfig.GreenContexts.class, name = "green-contexts")})
@JsonInclude(JsonInclude.Include.NON_NULL)
public sealed interface SharingConfig permits SharingConfig.TimeSlice, SharingConfig.Mps,
    SharingConfig.Mig, SharingConfig.GreenContexts, SharingConfig.Plugin {
  /** The valid values of {@code slowdown-baseline}. */
  List<String> SLOWDOWN_BASELINES = List.of("partition", "device");

  /** The built-in modes, as written after {@code mode:}, sorted. */
  static List<String> modes() {
    return Arrays.stream(SharingConfig.class.getAnnotation(JsonSubTypes.class).value())
        .map(JsonSubTypes.Type::name).sorted().toList();
  }

  /** The error for a mode that is none of {@link #modes()}, with the valid ones. */
  static String unknownMode(String mode) {
    return unknownMode(mode, List.of());
  }

  /**
   * The error for a mode that is neither built in nor one of {@code pluginModes}, with the valid
   * ones: the built-in modes and the plugins', sorted.
   */
  static String unknownMode(String mode, java.util.Collection<String> pluginModes) {
    java.util.SortedSet<String> valid = new java.util.TreeSet<>(modes());
    valid.addAll(pluginModes);
    return mode == null ? "missing 'mode'; valid: " + String.join(", ", valid)
        : ConfigurationException.unknown("sharing mode", mode, valid).getMessage();
  }

  /**
   * Maps a {@code mode} to its type: a built-in mode to its record, any other to {@link Plugin}
   * (whether a plugin of that id exists is checked when the run is planned, where the plugins are
   * known); writes a section's {@link #mode()} back as its {@code mode}.
   */
  final class ModeResolver extends TypeIdResolverBase {
    @Override
    public String idFromValue(Object value) {
      return ((SharingConfig) value).mode();
    }

    @Override
    public String idFromValueAndType(Object value, Class<?> type) {
      return idFromValue(value);
    }

    @Override
    public JsonTypeInfo.Id getMechanism() {
      return JsonTypeInfo.Id.CUSTOM;
    }

    @Override
    public JavaType typeFromId(DatabindContext context, String id) {
      for (JsonSubTypes.Type type : SharingConfig.class.getAnnotation(JsonSubTypes.class)
          .value()) {
        if (type.name().equals(id)) {
          return context.constructType(type.value());
        }
      }
      return context.constructType(Plugin.class);
    }

    @Override
    public String getDescForKnownTypeIds() {
      return String.join(", ", modes());
    }
  }

  /** The mode's name, as written after {@code mode:}. */
  @JsonIgnore
  default String mode() {
    for (JsonSubTypes.Type type : SharingConfig.class.getAnnotation(JsonSubTypes.class).value()) {
      if (type.value() == getClass()) {
        return type.name();
      }
    }
    throw new IllegalStateException("unregistered sharing mode " + getClass());
  }

  /** A label for reports (a sweep shows it as the value of {@code sharing}), or null. */
  String name();

  /** {@code partition}, {@code device}, or null for the default ({@code partition}). */
  String slowdownBaseline();

  /** The label reports show: the name, else the mode. */
  @JsonIgnore
  default String label() {
    return name() != null ? name() : mode();
  }

  /**
   * Whether a job's isolated run (its slowdown's denominator) is confined to its partition, as
   * {@code slowdown-baseline: partition} (the default) says.
   */
  @JsonIgnore
  default boolean aloneInPartition() {
    return !"device".equals(slowdownBaseline());
  }

  /**
   * The section as the YAML mapping it was read from: {@code mode} first, then the keys given, in
   * the format's order; reading it back gives an equal section.
   */
  Map<String, Object> toYaml();

  /**
   * Time slicing: contexts take turns whatever the hardware model's {@code concurrent-contexts}
   * says. No per-context settings.
   *
   * @param name a label for reports, or null
   * @param slowdownBaseline {@code partition} or {@code device}, or null
   */
  @JsonIgnoreProperties("mode") // the type id, read by ModeResolver
  record TimeSlice(String name, String slowdownBaseline) implements SharingConfig {
    /** Checks the common keys. */
    public TimeSlice {
      checkCommon(name, slowdownBaseline);
    }

    @Override
    public Map<String, Object> toYaml() {
      return yaml(this, Map.of());
    }
  }

  /**
   * MPS: contexts are clients of one MPS server, co-resident on the SMs.
   *
   * @param name a label for reports, or null
   * @param contexts per context id, its client settings; null when none given
   * @param clientOrdering how the block scheduler orders different clients' jobs: {@code neutral}
   *     (default) or {@code compare-stream-priorities}; null when not given
   * @param slowdownBaseline {@code partition} or {@code device}, or null
   */
  @JsonIgnoreProperties("mode") // the type id, read by ModeResolver
  record Mps(String name, Map<String, MpsClient> contexts, String clientOrdering,
      String slowdownBaseline) implements SharingConfig {
    /** The valid values of {@code client-ordering}, the default first. */
    public static final List<String> CLIENT_ORDERINGS = List.of("neutral",
        "compare-stream-priorities");

    /** Checks the common keys and the client ordering; copies the contexts. */
    public Mps {
      checkCommon(name, slowdownBaseline);
      if (clientOrdering != null && !CLIENT_ORDERINGS.contains(clientOrdering)) {
        throw new SpecViolation("client-ordering", ConfigurationException.unknown(
            "client ordering", clientOrdering, CLIENT_ORDERINGS).getMessage());
      }
      contexts = copy(contexts);
    }

    /** MPS with every default: clients uncapped, normal priority, neutral ordering. */
    public static Mps defaults() {
      return new Mps(null, null, null, null);
    }

    /** The settings of {@code contextId}, or the defaults. */
    MpsClient client(String contextId) {
      MpsClient client = contexts == null ? null : contexts.get(contextId);
      return client == null ? MpsClient.DEFAULTS : client;
    }

    /** Whether stream priorities of different clients are compared (not the default). */
    @JsonIgnore
    public boolean comparesStreamPriorities() {
      return "compare-stream-priorities".equals(clientOrdering);
    }

    @Override
    public Map<String, Object> toYaml() {
      Map<String, Object> keys = new LinkedHashMap<>();
      if (contexts != null) {
        Map<String, Object> clients = new LinkedHashMap<>();
        contexts.forEach((id, client) -> clients.put(id, client.toYaml()));
        keys.put("contexts", clients);
      }
      put(keys, "client-ordering", clientOrdering);
      return yaml(this, keys);
    }
  }

  /**
   * One MPS client's settings.
   *
   * @param activeThreadPercentage the share of the device's threads, and so of its SMs, the
   *     client's kernels may use ({@code CUDA_MPS_ACTIVE_THREAD_PERCENTAGE}), in (0, 100]; null
   *     for 100
   * @param clientPriority {@code normal} or {@code below-normal} ({@code CUDA_MPS_CLIENT_PRIORITY}
   *     0 or 1); null for normal
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record MpsClient(Double activeThreadPercentage, String clientPriority) {
    /** The valid client priorities. */
    public static final List<String> CLIENT_PRIORITIES = List.of("normal", "below-normal");
    static final MpsClient DEFAULTS = new MpsClient(null, null);

    /** Checks the values. */
    public MpsClient {
      SpecViolation.check(activeThreadPercentage == null || (activeThreadPercentage > 0
          && activeThreadPercentage <= 100), "active-thread-percentage",
          "must be in (0, 100], got " + activeThreadPercentage);
      if (clientPriority != null && !CLIENT_PRIORITIES.contains(clientPriority)) {
        throw new SpecViolation("client-priority", ConfigurationException.unknown(
            "client priority", clientPriority, CLIENT_PRIORITIES).getMessage());
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

    Map<String, Object> toYaml() {
      Map<String, Object> keys = new LinkedHashMap<>();
      put(keys, "active-thread-percentage", activeThreadPercentage);
      put(keys, "client-priority", clientPriority);
      return keys;
    }
  }

  /**
   * MIG: static GPU instances from the device's profiles; each context with queues is bound to
   * one.
   *
   * @param name a label for reports, or null
   * @param contexts per context id, the instance it runs in
   * @param instances the instances, in the order their SMs are laid out; at least one
   * @param slowdownBaseline {@code partition} or {@code device}, or null
   */
  @JsonIgnoreProperties("mode") // the type id, read by ModeResolver
  record Mig(String name, Map<String, MigBinding> contexts, List<MigInstance> instances,
      String slowdownBaseline) implements SharingConfig {
    /** Checks the common keys and the instances; copies the collections. */
    public Mig {
      checkCommon(name, slowdownBaseline);
      SpecViolation.check(instances != null && !instances.isEmpty(), "instances",
          "mode mig needs at least one instance, e.g. instances: [{name: a, profile: 3g}]");
      instances = List.copyOf(instances);
      for (int i = 0; i < instances.size(); i++) {
        for (int j = 0; j < i; j++) {
          SpecViolation.check(!instances.get(j).name().equals(instances.get(i).name()),
              "instances[" + i + "].name", "'" + instances.get(i).name() + "' appears twice");
        }
      }
      contexts = copy(contexts);
    }

    /** The instance {@code contextId} is bound to, or null. */
    String instanceOf(String contextId) {
      MigBinding binding = contexts == null ? null : contexts.get(contextId);
      return binding == null ? null : binding.instance();
    }

    @Override
    public Map<String, Object> toYaml() {
      Map<String, Object> keys = new LinkedHashMap<>();
      if (contexts != null) {
        Map<String, Object> bindings = new LinkedHashMap<>();
        contexts.forEach((id, binding) -> bindings.put(id, Map.of("instance",
            binding.instance())));
        keys.put("contexts", bindings);
      }
      keys.put("instances", instances.stream().map(MigInstance::toYaml).toList());
      return yaml(this, keys);
    }
  }

  /**
   * A context's MIG instance.
   *
   * @param instance the name of the MIG instance the context runs in
   */
  record MigBinding(String instance) {
    /** Checks that the instance is given. */
    public MigBinding {
      SpecViolation.check(instance != null && !instance.isBlank(), "instance",
          "is required: the name of one of the instances");
    }
  }

  /**
   * One MIG instance.
   *
   * @param name its name, which contexts bind to
   * @param profile its GPU instance profile: a full name such as {@code 3g.71gb} or the compute
   *     slices alone ({@code 3g}, the profile with the least memory)
   * @param mps whether an MPS server runs in the instance, so that several contexts bound to it
   *     are co-resident on its SMs (NVIDIA MIG user guide, "MIG with CUDA MPS"); null for false:
   *     one context per instance
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record MigInstance(String name, String profile, Boolean mps) {
    /** Checks that both are given. */
    public MigInstance {
      SpecViolation.check(name != null && !name.isBlank(), "name", "is required");
      SpecViolation.check(profile != null && !profile.isBlank(), "profile",
          "is required, e.g. 3g");
    }

    /** Whether the instance runs an MPS server ({@code mps: true}). */
    boolean runsMps() {
      return Boolean.TRUE.equals(mps);
    }

    Map<String, Object> toYaml() {
      Map<String, Object> keys = new LinkedHashMap<>();
      keys.put("name", name);
      keys.put("profile", profile);
      put(keys, "mps", mps);
      return keys;
    }
  }

  /**
   * Green contexts: a context's queues (streams) on SM partitions of its own.
   *
   * @param name a label for reports, or null
   * @param contexts per context id, its green contexts; null when none given
   * @param slowdownBaseline {@code partition} or {@code device}, or null
   */
  @JsonIgnoreProperties("mode") // the type id, read by ModeResolver
  record GreenContexts(String name, Map<String, GreenContextSet> contexts,
      String slowdownBaseline) implements SharingConfig {
    /** Checks the common keys; copies the contexts. */
    public GreenContexts {
      checkCommon(name, slowdownBaseline);
      contexts = copy(contexts);
    }

    /** The partitions of {@code contextId}, or an empty list. */
    List<GreenPartition> partitionsOf(String contextId) {
      GreenContextSet set = contexts == null ? null : contexts.get(contextId);
      return set == null ? List.of() : set.partitions();
    }

    @Override
    public Map<String, Object> toYaml() {
      Map<String, Object> keys = new LinkedHashMap<>();
      if (contexts != null) {
        Map<String, Object> sets = new LinkedHashMap<>();
        contexts.forEach((id, set) -> sets.put(id, Map.of("partitions",
            set.partitions().stream().map(GreenPartition::toYaml).toList())));
        keys.put("contexts", sets);
      }
      return yaml(this, keys);
    }
  }

  /**
   * One context's green contexts.
   *
   * @param partitions its SM partitions, each with the queues (streams) created on it; at least one
   */
  record GreenContextSet(List<GreenPartition> partitions) {
    /** Checks and copies the partitions. */
    public GreenContextSet {
      SpecViolation.check(partitions != null && !partitions.isEmpty(), "partitions",
          "needs at least one partition, e.g. partitions: [{name: a, sms: 8, queues: [q]}]");
      partitions = List.copyOf(partitions);
    }
  }

  /**
   * One green context: a partition of the SMs and the queues created on it.
   *
   * @param name its name, for errors and reports
   * @param sms how many SMs it holds, at least 1 (and the device's granularity)
   * @param queues the ids of the context's queues (streams) it runs, at least one
   */
  record GreenPartition(String name, Integer sms, List<String> queues) {
    /** Checks the fields. */
    public GreenPartition {
      SpecViolation.check(name != null && !name.isBlank(), "name", "is required");
      SpecViolation.check(sms != null && sms >= 1, "sms", "must be >= 1, got " + sms);
      SpecViolation.check(queues != null && !queues.isEmpty(), "queues",
          "needs at least one queue id");
      queues = List.copyOf(queues);
    }

    Map<String, Object> toYaml() {
      Map<String, Object> keys = new LinkedHashMap<>();
      keys.put("name", name);
      keys.put("sms", sms);
      keys.put("queues", queues);
      return keys;
    }
  }

  /**
   * A mode that is none of the built-in ones: the sharing-mode plugin of that id, with the
   * section's other keys as its parameters (scalar values, as every plugin's parameters).
   *
   * @param mode the plugin's id, as written after {@code mode:}
   * @param name a label for reports, or null
   * @param slowdownBaseline {@code partition} or {@code device}, or null
   * @param parameters the other keys and their values as text, in the order written
   */
  record Plugin(@JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String mode, String name,
      String slowdownBaseline, @JsonAnySetter @JsonAnyGetter Map<String, Object> parameters)
      implements SharingConfig {
    /** Checks the common keys and that every parameter is a scalar; copies them as text. */
    public Plugin {
      checkCommon(name, slowdownBaseline);
      Map<String, Object> text = new LinkedHashMap<>();
      if (parameters != null) {
        parameters.forEach((key, value) -> {
          SpecViolation.check(value != null && !(value instanceof Map<?, ?>)
              && !(value instanceof java.util.Collection<?>), key, "a parameter of sharing mode '"
              + mode + "' is one value (a number, a word or a quoted text), got " + value
              + builtInHint(mode, key));
          text.put(key, String.valueOf(value));
        });
      }
      parameters = Collections.unmodifiableMap(text);
    }

    /**
     * For a parameter that is no single value but a key of the built-in modes ({@code contexts},
     * {@code instances}): the mode is likely a built-in one misspelt, so the hint names the
     * built-in modes (and the closest).
     */
    private static String builtInHint(String mode, String key) {
      return mode == null || !List.of("contexts", "instances").contains(key) ? ""
          : "; a built-in mode's key: " + ConfigurationException.unknown("sharing mode", mode,
              modes()).getMessage();
    }

    /** A plugin mode with the parameter values {@code parameters} and no other key. */
    public static Plugin of(String mode, Map<String, String> parameters) {
      return new Plugin(mode, null, null, new LinkedHashMap<>(parameters));
    }

    @JsonIgnore
    @Override
    public String mode() {
      return mode;
    }

    /** The parameter values as text, for the plugin registry. */
    @JsonIgnore
    public Map<String, String> values() {
      Map<String, String> values = new LinkedHashMap<>();
      parameters.forEach((key, value) -> values.put(key, (String) value));
      return values;
    }

    @Override
    public Map<String, Object> toYaml() {
      return yaml(this, new LinkedHashMap<>(parameters));
    }
  }

  private static void checkCommon(String name, String slowdownBaseline) {
    SpecViolation.check(name == null || name.matches("[A-Za-z0-9._+-]+"), "name",
        "may hold letters, digits, '.', '_', '+' and '-' only, got '" + name + "'");
    if (slowdownBaseline != null && !SLOWDOWN_BASELINES.contains(slowdownBaseline)) {
      throw new SpecViolation("slowdown-baseline", ConfigurationException.unknown(
          "slowdown baseline", slowdownBaseline, SLOWDOWN_BASELINES).getMessage());
    }
  }

  private static <V> Map<String, V> copy(Map<String, V> map) {
    return map == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }

  private static void put(Map<String, Object> keys, String key, Object value) {
    if (value != null) {
      keys.put(key, value);
    }
  }

  /** {@code mode}, {@code name}, the mode's own keys, then {@code slowdown-baseline}. */
  private static Map<String, Object> yaml(SharingConfig config, Map<String, Object> own) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("mode", config.mode());
    put(keys, "name", config.name());
    keys.putAll(own);
    put(keys, "slowdown-baseline", config.slowdownBaseline());
    return Collections.unmodifiableMap(keys);
  }
}
