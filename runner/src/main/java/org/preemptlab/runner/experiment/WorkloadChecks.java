package org.preemptlab.runner.experiment;

import java.util.Arrays;
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
    List<Job> jobs = workload.jobs();
    if (jobs.stream().allMatch(job -> job.dependencies().isEmpty())) {
      return;
    }
    // A queue's submission order is (submit time, then list index), so no positions need be
    // computed: comparing the two jobs' keys is the same. Ids that ascend in list order are found
    // by binary search, others through a map (memory per job).
    long[] ids = new long[jobs.size()];
    boolean ascending = true;
    for (int i = 0; i < ids.length; i++) {
      ids[i] = jobs.get(i).id();
      ascending &= i == 0 || ids[i - 1] < ids[i];
    }
    Map<Long, Integer> byId = null;
    if (!ascending) {
      byId = new HashMap<>();
      for (int i = 0; i < ids.length; i++) {
        byId.put(ids[i], i);
      }
    }
    for (int i = 0; i < ids.length; i++) {
      Job job = jobs.get(i);
      for (long dependency : job.dependencies()) {
        int o = ascending ? Arrays.binarySearch(ids, dependency)
            : byId.getOrDefault(dependency, -1);
        if (o < 0) {
          continue;
        }
        Job other = jobs.get(o);
        boolean behind = other.submitTimeNs() > job.submitTimeNs()
            || other.submitTimeNs() == job.submitTimeNs() && o > i;
        if (other.queueId().equals(job.queueId()) && behind) {
          throw new ConfigurationException("job " + job.id() + " (queue '" + job.queueId()
              + "') depends on job " + other.id() + ", which comes after it in the same queue "
              + "(a queue dispatches its jobs in submission order), so neither could run; "
              + "submit job " + other.id() + " first or put it in another queue");
        }
      }
    }
  }
}
