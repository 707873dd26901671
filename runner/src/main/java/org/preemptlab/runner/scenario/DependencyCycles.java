package org.preemptlab.runner.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Finds a cycle in the jobs' dependency graph, which would make them wait for each other forever. */
final class DependencyCycles {
  private final Map<String, JobSpec.Instance> jobs;
  private final Map<String, Integer> state = new HashMap<>();
  private final List<String> path = new ArrayList<>();

  DependencyCycles(Map<String, JobSpec.Instance> jobs) {
    this.jobs = jobs;
  }

  /** Throws a violation at the key {@code keyOf(job)} of a job on a cycle, naming the cycle. */
  void check(Function<String, String> keyOf) {
    for (String job : jobs.keySet()) {
      List<String> cycle = visit(job);
      if (cycle != null) {
        throw new org.preemptlab.runner.workload.SpecViolation(keyOf.apply(cycle.get(0)),
            "dependency cycle: " + String.join(" -> ", cycle));
      }
    }
  }

  /** Iterative depth-first search; returns a cycle as a list of names or null. */
  private List<String> visit(String start) {
    if (state.getOrDefault(start, 0) == 2) {
      return null;
    }
    Map<String, Integer> nextIndex = new HashMap<>();
    path.clear();
    path.add(start);
    state.put(start, 1);
    while (!path.isEmpty()) {
      String top = path.get(path.size() - 1);
      List<DependencySpec> deps = jobs.get(top).dependsOn();
      int i = nextIndex.getOrDefault(top, 0);
      if (i == deps.size()) {
        state.put(top, 2);
        path.remove(path.size() - 1);
        continue;
      }
      nextIndex.put(top, i + 1);
      String dep = deps.get(i).job();
      int s = state.getOrDefault(dep, 0);
      if (s == 1) {
        List<String> cycle = new ArrayList<>(path.subList(path.indexOf(dep), path.size()));
        cycle.add(dep);
        return cycle;
      }
      if (s == 0) {
        state.put(dep, 1);
        path.add(dep);
      }
    }
    return null;
  }
}
