package org.preemptlab.runner.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Workload;

/**
 * Checks a generated workload for what the record's own validation cannot see: jobs of a queue
 * are dispatched in submission order (submit time, then the order of the job list), so a job that
 * depends on a job behind it in its own queue could never run. Such a workload is refused before
 * the run, naming both jobs, instead of ending with unfinished jobs.
 */
public final class WorkloadChecks {
  private WorkloadChecks() {}

  /**
   * Checks {@code workload}.
   *
   * @throws ConfigurationException naming the job, its dependency and their queue
   */
  public static void check(Workload workload) {
    Map<String, List<Integer>> byQueue = new HashMap<>();
    List<Job> jobs = workload.jobs();
    for (int i = 0; i < jobs.size(); i++) {
      byQueue.computeIfAbsent(jobs.get(i).queueId(), q -> new ArrayList<>()).add(i);
    }
    Map<Long, Integer> position = new HashMap<>();
    for (List<Integer> queue : byQueue.values()) {
      queue.sort(Comparator.comparingLong((Integer i) -> jobs.get(i).submitTimeNs())
          .thenComparingInt(i -> i));
      for (int p = 0; p < queue.size(); p++) {
        position.put(jobs.get(queue.get(p)).id(), p);
      }
    }
    Map<Long, Job> byId = new HashMap<>();
    for (Job job : jobs) {
      byId.put(job.id(), job);
    }
    for (Job job : jobs) {
      for (long dependency : job.dependencies()) {
        Job other = byId.get(dependency);
        if (other != null && other.queueId().equals(job.queueId())
            && position.get(other.id()) > position.get(job.id())) {
          throw new ConfigurationException("job " + job.id() + " (queue '" + job.queueId()
              + "') depends on job " + other.id() + ", which comes after it in the same queue "
              + "(a queue dispatches its jobs in submission order), so neither could run; "
              + "submit job " + other.id() + " first or put it in another queue");
        }
      }
    }
  }
}
