package org.preemptlab.runner.discovery;

import java.util.List;
import java.util.Objects;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationProvider;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.api.sharing.SharingMode;
import org.preemptlab.api.sharing.SharingModeProvider;
import org.preemptlab.api.workload.WorkloadGenerator;
import org.preemptlab.api.workload.WorkloadProvider;

/**
 * A {@link PluginKind} with the Java types behind it: the provider interface that {@link
 * java.util.ServiceLoader} looks up and the plugin type its providers create. Lets callers of
 * {@link PluginRegistry} get a {@code SchedulingPolicyProvider} or a {@code SchedulingPolicy}
 * without casts.
 *
 * @param <P> the provider interface
 * @param <T> the plugin type
 */
public final class PluginType<P extends PluginProvider<T>, T> {

  /** Scheduling policies. */
  public static final PluginType<SchedulingPolicyProvider, SchedulingPolicy> SCHEDULING_POLICY =
      new PluginType<>(PluginKind.SCHEDULING_POLICY, SchedulingPolicyProvider.class,
          SchedulingPolicy.class);
  /** Preemption-point strategies. */
  public static final PluginType<PreemptionStrategyProvider, PreemptionPointStrategy>
      PREEMPTION_STRATEGY = new PluginType<>(PluginKind.PREEMPTION_STRATEGY,
          PreemptionStrategyProvider.class, PreemptionPointStrategy.class);
  /** Context-save strategies. */
  public static final PluginType<ContextSaveStrategyProvider, ContextSaveStrategy> CONTEXT_SAVE =
      new PluginType<>(PluginKind.CONTEXT_SAVE, ContextSaveStrategyProvider.class,
          ContextSaveStrategy.class);
  /** Hardware models. */
  public static final PluginType<HardwareModelProvider, HardwareModel> HARDWARE_MODEL =
      new PluginType<>(PluginKind.HARDWARE_MODEL, HardwareModelProvider.class,
          HardwareModel.class);
  /** Workload generators. */
  public static final PluginType<WorkloadProvider, WorkloadGenerator> WORKLOAD =
      new PluginType<>(PluginKind.WORKLOAD, WorkloadProvider.class, WorkloadGenerator.class);

  /** Application models. */
  public static final PluginType<ApplicationProvider, Application> APPLICATION =
      new PluginType<>(PluginKind.APPLICATION, ApplicationProvider.class, Application.class);

  /**
   * Spatial-sharing modes beside the built-in ones, whose ids ({@code time-slice}, {@code mps},
   * {@code mig}, {@code green-contexts}) a plugin may not take: a section with such a {@code mode}
   * always gets the built-in mode, so a plugin of that id could never run.
   */
  public static final PluginType<SharingModeProvider, SharingMode> SHARING_MODE =
      new PluginType<>(PluginKind.SHARING_MODE, SharingModeProvider.class, SharingMode.class,
          List.of("green-contexts", "mig", "mps", "time-slice"));

  private static final List<PluginType<?, ?>> ALL = List.of(SCHEDULING_POLICY,
      PREEMPTION_STRATEGY, CONTEXT_SAVE, HARDWARE_MODEL, WORKLOAD, APPLICATION, SHARING_MODE);

  private final PluginKind kind;
  private final Class<P> providerType;
  private final Class<T> pluginType;
  private final List<String> reservedIds;

  private PluginType(PluginKind kind, Class<P> providerType, Class<T> pluginType) {
    this(kind, providerType, pluginType, List.of());
  }

  private PluginType(PluginKind kind, Class<P> providerType, Class<T> pluginType,
      List<String> reservedIds) {
    this.kind = kind;
    this.providerType = providerType;
    this.pluginType = pluginType;
    this.reservedIds = List.copyOf(reservedIds);
  }

  /** The ids of this kind that built-in behaviour owns, sorted; a provider of one is not loaded. */
  public List<String> reservedIds() {
    return reservedIds;
  }

  /** The type of {@code kind}. */
  public static PluginType<?, ?> of(PluginKind kind) {
    Objects.requireNonNull(kind, "kind");
    for (PluginType<?, ?> type : ALL) {
      if (type.kind == kind) {
        return type;
      }
    }
    throw new AssertionError("no plugin type for kind " + kind);
  }

  /** Every type, in {@link PluginKind} order. */
  public static List<PluginType<?, ?>> all() {
    return ALL;
  }

  /** The kind. */
  public PluginKind kind() {
    return kind;
  }

  /** The provider interface registered in {@code META-INF/services}. */
  public Class<P> providerType() {
    return providerType;
  }

  /** The type of the plugin instances the providers create. */
  public Class<T> pluginType() {
    return pluginType;
  }

  @Override
  public String toString() {
    return kind.label();
  }
}
