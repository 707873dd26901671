package org.preemptlab.runner.discovery;

/** Java sources of small providers, compiled into test jars by {@link TestJar}. */
final class ProviderSources {
  private ProviderSources() {}

  /**
   * A scheduling-policy provider whose policy dispatches nothing.
   *
   * @param className fully qualified class name
   * @param id what {@code id()} returns
   * @param members extra members of the class, e.g. a constructor or a {@code parameters()}
   */
  static String policy(String className, String id, String members) {
    return provider(className, "org.preemptlab.api.policy.SchedulingPolicyProvider",
        "org.preemptlab.api.policy.SchedulingPolicy", id, """
            new org.preemptlab.api.policy.SchedulingPolicy() {
                  public void onJobReady(org.preemptlab.api.policy.JobView job,
                      org.preemptlab.api.policy.SchedulerView scheduler) {}
                  public org.preemptlab.api.policy.JobView selectNext(
                      org.preemptlab.api.policy.SchedulerView scheduler) { return null; }
                  public void onJobDispatched(org.preemptlab.api.policy.JobView job,
                      org.preemptlab.api.policy.SchedulerView scheduler) {}
                }""", members);
  }

  /** A policy provider without extra members. */
  static String policy(String className, String id) {
    return policy(className, id, "");
  }

  /** A preemption-strategy provider whose strategy returns null decisions. */
  static String preemption(String className, String id) {
    return provider(className, "org.preemptlab.api.preemption.PreemptionStrategyProvider",
        "org.preemptlab.api.preemption.PreemptionPointStrategy", id, "block -> null", "");
  }

  /** A context-save provider whose strategy saves nothing. */
  static String contextSave(String className, String id) {
    return provider(className, "org.preemptlab.api.preemption.ContextSaveStrategyProvider",
        "org.preemptlab.api.preemption.ContextSaveStrategy", id, "point -> 0L", "");
  }

  /** A hardware-model provider whose model has no device. */
  static String hardware(String className, String id) {
    return provider(className, "org.preemptlab.api.hardware.HardwareModelProvider",
        "org.preemptlab.api.hardware.HardwareModel", id, "() -> null", "");
  }

  /** A workload provider whose generator returns no workload. */
  static String workload(String className, String id) {
    return provider(className, "org.preemptlab.api.workload.WorkloadProvider",
        "org.preemptlab.api.workload.WorkloadGenerator", id, "() -> null", "");
  }

  static String application(String className, String id) {
    return provider(className, "org.preemptlab.api.application.ApplicationProvider",
        "org.preemptlab.api.application.Application", id, "null", "");
  }

  static String sharingMode(String className, String id) {
    return provider(className, "org.preemptlab.api.sharing.SharingModeProvider",
        "org.preemptlab.api.sharing.SharingMode", id, "null", "");
  }

  private static String provider(String className, String providerInterface, String pluginType,
      String id, String instance, String members) {
    int dot = className.lastIndexOf('.');
    return "package " + className.substring(0, dot) + ";\n"
        + "public class " + className.substring(dot + 1) + " implements " + providerInterface
        + " {\n"
        + "  public String id() { return \"" + id + "\"; }\n"
        + "  public String description() { return \"Test plugin " + id + ".\"; }\n"
        + "  public " + pluginType + " create(org.preemptlab.api.PluginContext context) {\n"
        + "    return " + instance + ";\n"
        + "  }\n"
        + members + "\n"
        + "}\n";
  }
}
