package org.preemptlab.runner.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.preemptlab.runner.workload.SpecViolation;

/**
 * A DRM scheduler scenario file: schedulers, entities, jobs, closed-loop clients and the script
 * of steps a test thread runs. The compact constructor checks every cross-reference (unknown
 * scheduler, entity or job; a job submitted twice; dependency cycles), so an impossible scenario
 * fails before anything runs.
 *
 * @param name a label
 * @param description what it reproduces
 * @param policy the scheduling policy id ({@code drm-fifo} by default)
 * @param hardware the hardware model id, {@code drm-mock} (the KUnit mock GPU) by default; a model
 *     that is not a serial timeline, such as {@code h200}, runs each job as its {@code kernel}
 * @param schedulers at least one
 * @param entities the entities
 * @param jobs the jobs; without any {@code submit} step every job is submitted at time 0
 * @param clients closed-loop clients
 * @param steps the script
 * @param end when the simulation stops at the latest, e.g. {@code 2s}; by default it runs until
 *     nothing can happen any more
 */
public record Scenario(String name, String description, String policy, String hardware,
    List<SchedulerSpec> schedulers, List<EntitySpec> entities, List<JobSpec> jobs,
    List<ClientSpec> clients, List<StepSpec> steps, String end) {

  /** The default hardware model: the KUnit mock GPU, a serial timeline per scheduler. */
  public static final String MOCK_HARDWARE = "drm-mock";

  /** Fills defaults and checks every reference. */
  public Scenario {
    name = name == null ? "scenario" : name;
    description = description == null ? "" : description;
    policy = policy == null ? "drm-fifo" : policy;
    hardware = hardware == null ? MOCK_HARDWARE : hardware;
    schedulers = List.copyOf(SpecViolation.required(schedulers, "schedulers"));
    SpecViolation.check(!schedulers.isEmpty(), "schedulers", "needs at least one scheduler");
    entities = entities == null ? List.of() : List.copyOf(entities);
    jobs = jobs == null ? List.of() : List.copyOf(jobs);
    clients = clients == null ? List.of() : List.copyOf(clients);
    steps = steps == null ? List.of() : List.copyOf(steps);
    if (end != null) {
      SpecViolation.check(Specs.duration(end, "end", 0) > 0, "end", "must be > 0");
    }
    new References(schedulers, entities, jobs, clients, steps).check();
  }

  /** The simulation's end in ns, or {@link Long#MAX_VALUE}. */
  public long endNs() {
    return end == null ? Long.MAX_VALUE : Specs.duration(end, "end", 0);
  }

  /** Every concrete entity, in file order. */
  public List<EntitySpec.Instance> entityInstances() {
    return entities.stream().flatMap(e -> e.instances().stream()).toList();
  }

  /** Every concrete job with its entry, in file order. */
  public Map<String, JobSpec> jobsByName() {
    Map<String, JobSpec> out = new LinkedHashMap<>();
    for (JobSpec spec : jobs) {
      spec.instances().forEach(i -> out.put(i.name(), spec));
    }
    return out;
  }

  /** The cross-reference checks. */
  record References(List<SchedulerSpec> schedulers, List<EntitySpec> entities,
      List<JobSpec> jobs, List<ClientSpec> clients, List<StepSpec> steps) {

    void check() {
      Set<String> scheds = unique(schedulers.stream().map(SchedulerSpec::name).toList(),
          "schedulers", "scheduler");
      List<String> entityNames = new ArrayList<>();
      for (int i = 0; i < entities.size(); i++) {
        for (String s : entities.get(i).schedulers()) {
          known(scheds, s, "entities[" + i + "].schedulers", "scheduler");
        }
        entities.get(i).instances().forEach(e -> entityNames.add(e.name()));
      }
      Set<String> ents = unique(entityNames, "entities", "entity");
      Map<String, JobSpec.Instance> all = new LinkedHashMap<>();
      Map<String, Integer> entryOf = new HashMap<>();
      for (int i = 0; i < jobs.size(); i++) {
        for (String e : jobs.get(i).entities()) {
          known(ents, e, "jobs[" + i + "].entity", "entity");
        }
        for (JobSpec.Instance job : jobs.get(i).instances()) {
          SpecViolation.check(all.put(job.name(), job) == null, "jobs[" + i + "].name",
              "job '" + job.name() + "' is defined twice");
          entryOf.put(job.name(), i);
        }
      }
      for (JobSpec.Instance job : all.values()) {
        for (DependencySpec dep : job.dependsOn()) {
          known(all.keySet(), dep.job(), "jobs[" + entryOf.get(job.name()) + "].depends-on",
              "job");
        }
      }
      new DependencyCycles(all).check(name -> "jobs[" + entryOf.get(name) + "].depends-on");
      List<String> clientNames = new ArrayList<>();
      for (int i = 0; i < clients.size(); i++) {
        for (String e : clients.get(i).entities()) {
          known(ents, e, "clients[" + i + "].entity", "entity");
        }
        clients.get(i).instances().forEach(c -> clientNames.add(c.name()));
      }
      Set<String> clientSet = unique(clientNames, "clients", "client");
      Set<String> groups = new LinkedHashSet<>();
      jobs.stream().filter(j -> j.count() != null).forEach(j -> groups.add(j.name()));
      new StepReferences(scheds, ents, all.keySet(), groups, clientSet, steps).check();
    }

    private static Set<String> unique(List<String> names, String key, String what) {
      Set<String> seen = new LinkedHashSet<>();
      for (int i = 0; i < names.size(); i++) {
        SpecViolation.check(seen.add(names.get(i)), key + "[" + i + "]", what + " '" + names.get(i)
            + "' is defined twice");
      }
      return seen;
    }

    static void known(Set<String> valid, String name, String key, String what) {
      if (!valid.contains(name)) {
        throw Specs.unknown(key, what, name, valid);
      }
    }
  }
}
