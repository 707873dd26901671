package org.preemptlab.runner.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.preemptlab.runner.engine.JobRecord;

/**
 * Statistics of one group of jobs: a queue, a context or a priority level.
 *
 * @param dimension what the group is, {@code queue}, {@code context} or {@code priority}
 * @param group the group's name
 * @param jobs jobs in the group
 * @param throughputJobsPerSec finished jobs per simulated second over the group's own span, from
 *     its first submission to its last completion
 * @param turnaroundMeanNs mean turnaround (finish − submit)
 * @param turnaroundP50Ns median turnaround
 * @param turnaroundP95Ns 95th percentile turnaround
 * @param turnaroundP99Ns 99th percentile turnaround
 * @param waitingMeanNs mean waiting time (first start − submit)
 * @param slowdownMean mean slowdown against the job run alone
 * @param preemptions preemptions suffered by the group's jobs
 * @param deadlineMisses jobs that finished after their deadline
 */
public record GroupStats(
    String dimension,
    String group,
    int jobs,
    double throughputJobsPerSec,
    double turnaroundMeanNs,
    long turnaroundP50Ns,
    long turnaroundP95Ns,
    long turnaroundP99Ns,
    double waitingMeanNs,
    double slowdownMean,
    int preemptions,
    int deadlineMisses) {

  /** Statistics per queue, per context and per priority, in that order, each sorted by name. */
  static List<GroupStats> of(List<JobRecord> jobs, Map<Long, Double> slowdowns) {
    List<GroupStats> all = new ArrayList<>();
    all.addAll(by("queue", JobRecord::queueId, jobs, slowdowns));
    all.addAll(by("context", JobRecord::contextId, jobs, slowdowns));
    all.addAll(by("priority", j -> j.priority().name(), jobs, slowdowns));
    return all;
  }

  private static List<GroupStats> by(String dimension, Function<JobRecord, String> key,
      List<JobRecord> jobs, Map<Long, Double> slowdowns) {
    Map<String, List<JobRecord>> groups = new TreeMap<>();
    for (JobRecord job : jobs) {
      groups.computeIfAbsent(key.apply(job), k -> new ArrayList<>()).add(job);
    }
    List<GroupStats> stats = new ArrayList<>();
    groups.forEach((name, members) -> stats.add(of(dimension, name, members, slowdowns)));
    return stats;
  }

  private static GroupStats of(String dimension, String name, List<JobRecord> members,
      Map<Long, Double> slowdowns) {
    Percentiles turnaround = Percentiles.of(members.stream()
        .mapToLong(JobRecord::turnaroundNs).toArray());
    Percentiles waiting = Percentiles.of(members.stream().mapToLong(JobRecord::waitingNs)
        .toArray());
    double slowdown = members.stream().mapToDouble(j -> slowdowns.get(j.jobId())).average()
        .orElse(0);
    long first = members.stream().mapToLong(JobRecord::submitNs).min().orElse(0);
    long last = members.stream().mapToLong(JobRecord::finishNs).max().orElse(0);
    double throughput = last <= first ? 0 : members.size() * 1e9 / (last - first);
    int preemptions = members.stream().mapToInt(JobRecord::preemptions).sum();
    int misses = (int) members.stream().filter(JobRecord::missedDeadline).count();
    return new GroupStats(dimension, name, members.size(), throughput, turnaround.mean(),
        turnaround.at(50), turnaround.at(95), turnaround.at(99), waiting.mean(), slowdown,
        preemptions, misses);
  }
}
