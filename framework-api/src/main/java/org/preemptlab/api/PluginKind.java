package org.preemptlab.api;

import java.util.Locale;

/**
 * The kinds of plugin PreemptLab composes into one simulation run.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum PluginKind {
  /** Chooses which ready job a hardware engine dispatches next, and whom to preempt. */
  SCHEDULING_POLICY("policy"),
  /** Decides where a resident block of a preempted kernel gives up its SM. */
  PREEMPTION_STRATEGY("preemption"),
  /** Decides how many bytes a stopped block saves and later restores. */
  CONTEXT_SAVE("context-save"),
  /** Describes a device: SMs, occupancy limits and the cost of every hardware action. */
  HARDWARE_MODEL("hardware"),
  /** Generates the contexts, queues and jobs of a run. */
  WORKLOAD("workload"),
  /**
   * Submits jobs while the run goes on, in response to what finishes (an LLM server, a training
   * loop); a run may have several, beside its workload.
   *
   * @since 0.2
   */
  APPLICATION("application"),
  /**
   * A spatial-sharing mode beside the built-in ones (time-slice, mps, mig, green-contexts): turns
   * the run configuration's {@code sharing} section into which contexts share SMs and the SMs each
   * context and queue may use ({@link org.preemptlab.api.sharing.SharingModeProvider}).
   *
   * @since 0.4
   */
  SHARING_MODE("sharing");

  private final String key;

  PluginKind(String key) {
    this.key = key;
  }

  /** The name used for this kind in configuration files and on the command line. */
  public String key() {
    return key;
  }

  @Override
  public String toString() {
    return key;
  }

  /** A readable label, for example {@code "scheduling policy"}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
