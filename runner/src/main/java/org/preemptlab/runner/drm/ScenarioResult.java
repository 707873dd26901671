package org.preemptlab.runner.drm;

import java.util.List;

/**
 * Everything a DRM scenario run observed.
 *
 * @param scenario the scenario's name
 * @param policy the policy id
 * @param endNs the simulated time at the end
 * @param jobs every job's outcome, static jobs in file order then client jobs
 * @param checks every expectation, in script order
 * @param clients every client's statistics
 * @param log warnings and notable events, each prefixed with its time
 */
public record ScenarioResult(String scenario, String policy, long endNs, List<JobOutcome> jobs,
    List<Check> checks, List<ClientStats> clients, List<String> log) {

  /** Copies the lists. */
  public ScenarioResult {
    jobs = List.copyOf(jobs);
    checks = List.copyOf(checks);
    clients = List.copyOf(clients);
    log = List.copyOf(log);
  }

  /** Whether every expectation held. */
  public boolean passed() {
    return checks.stream().allMatch(Check::passed);
  }

  /** The outcome of a job by name. */
  public JobOutcome job(String name) {
    return jobs.stream().filter(j -> j.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no job '" + name + "'"));
  }

  /** A client's statistics by name. */
  public ClientStats client(String name) {
    return clients.stream().filter(c -> c.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no client '" + name + "'"));
  }
}
