package org.preemptlab.runner.experiment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginFailureException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.ApplicationFailure;
import org.preemptlab.engine.RunApplication;
import org.preemptlab.runner.workload.RandomStreams;

/**
 * The applications of one run ({@code applications:} of its configuration): their names in
 * messages ({@code applications[0] 'training-loop'}), their random streams, their instances and
 * the workload with their contexts and queues added. Each application draws from the stream
 * {@code application/<id>} (the second of one id {@code application/<id>/2}, and so on), split
 * from the run's root seed by name like every other plugin's, so that neither the workload's
 * stream nor another plugin's depends on the applications (common random numbers).
 */
final class ApplicationSetup {
  private ApplicationSetup() {}

  /** The key of application {@code index} in a configuration. */
  static String key(int index) {
    return "applications[" + index + "]";
  }

  /** How messages name application {@code index}. */
  static String name(int index, String id) {
    return key(index) + " '" + id + "'";
  }

  /**
   * The label of each application in stream names and metric ids: its id, and for the k-th
   * application (k ≥ 2) of an id already used, {@code <id>-k}.
   */
  static List<String> labels(List<PluginChoice> applications) {
    Map<String, Integer> seen = new HashMap<>();
    List<String> labels = new ArrayList<>();
    for (PluginChoice choice : applications) {
      int k = seen.merge(choice.id(), 1, Integer::sum);
      labels.add(k == 1 ? choice.id() : choice.id() + "-" + k);
    }
    return labels;
  }

  /**
   * Fresh instances of a run plan's {@code applications} for one run, each with its own stream,
   * asked for their resources.
   */
  static List<RunApplication> create(PluginRegistry registry,
      List<RunPlan.PlannedPlugin> applications, HardwareModel hardware, long seed) {
    List<RunApplication> created = new ArrayList<>();
    for (int i = 0; i < applications.size(); i++) {
      RunPlan.PlannedPlugin planned = applications.get(i);
      String name = name(i, planned.id());
      Application instance;
      try {
        instance = registry.create(PluginType.APPLICATION, planned.id(), planned.parameters(),
            hardware, RandomStreams.named(seed, "application/" + streamSuffix(planned.label(),
                planned.id())));
      } catch (ConfigurationException e) {
        throw new ConfigurationException(key(i) + ": " + e.getMessage(), e);
      }
      try {
        created.add(RunApplication.of(name, instance));
      } catch (ApplicationFailure e) {
        throw translate(e, planned.descriptor());
      }
    }
    return created;
  }

  /** {@code id} for the first of an id, {@code id/k} for the k-th. */
  private static String streamSuffix(String label, String id) {
    return label.equals(id) ? id : id + "/" + label.substring(id.length() + 1);
  }

  /**
   * {@code workload} with the applications' contexts and queues added after its own.
   *
   * @throws ConfigurationException if an id is the workload's or another application's
   */
  static Workload merge(Workload workload, List<RunApplication> applications) {
    if (applications.isEmpty()) {
      return workload;
    }
    Map<String, String> contextOwner = new HashMap<>();
    workload.contexts().forEach(c -> contextOwner.put(c.id(), "the workload"));
    Map<String, String> queueOwner = new HashMap<>();
    workload.queues().forEach(q -> queueOwner.put(q.id(), "the workload"));
    List<GpuContext> contexts = new ArrayList<>(workload.contexts());
    List<JobQueue> queues = new ArrayList<>(workload.queues());
    for (RunApplication application : applications) {
      Set<String> own = new HashSet<>();
      for (GpuContext context : application.resources().contexts()) {
        String owner = contextOwner.putIfAbsent(context.id(), application.name());
        if (owner != null || !own.add(context.id())) {
          throw clash(application, "context", context.id(), owner);
        }
        contexts.add(context);
      }
      for (JobQueue queue : application.resources().queues()) {
        String owner = queueOwner.putIfAbsent(queue.id(), application.name());
        if (owner != null) {
          throw clash(application, "queue", queue.id(), owner);
        }
        queues.add(queue);
      }
    }
    return new Workload(contexts, queues, workload.jobs(), workload.actions());
  }

  private static ConfigurationException clash(RunApplication application, String what, String id,
      String owner) {
    return new ConfigurationException(application.name() + ": its " + what + " '" + id
        + "' is also " + (owner == null ? "declared twice by it" : owner + "'s") + "; ids of "
        + what + "s must be unique in a run (give the application another one through its "
        + "parameters)");
  }

  /**
   * An application's failure as the command line reports it: its {@link IllegalArgumentException}
   * (a queue that is not its own, a kernel that fits no SM, a bad value from its parameters) is the
   * user's input, a one-line {@link ConfigurationException} naming the application's key;
   * anything else is the plugin's bug.
   */
  static RuntimeException translate(ApplicationFailure failure, PluginDescriptor descriptor) {
    RuntimeException cause = failure.getCause();
    if (cause instanceof IllegalArgumentException || cause instanceof ConfigurationException) {
      String message = cause.getMessage();
      return new ConfigurationException(message != null && message.startsWith(
          failure.application()) ? message : failure.application() + ": " + message, failure);
    }
    return new PluginFailureException(descriptor, failure.callback(), cause);
  }
}
