package org.preemptlab.runner.experiment;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.JobList;
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
    JobList jobs = JobList.copyOf(workload.jobs()); // read by column: no record built per job
    if (!jobs.anyDependency()) {
      return;
    }
    // A queue's submission order is (submit time, then list index), so no positions need be
    // computed: comparing the two jobs' keys is the same. Ids that ascend in list order are found
    // by binary search, others through a map (memory per job).
    long[] ids = new long[jobs.size()];
    boolean ascending = true;
    for (int i = 0; i < ids.length; i++) {
      ids[i] = jobs.id(i);
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
      for (int k = 0; k < jobs.dependencyCount(i); k++) {
        long dependency = jobs.dependency(i, k);
        int o = ascending ? Arrays.binarySearch(ids, dependency)
            : byId.getOrDefault(dependency, -1);
        if (o < 0) {
          continue;
        }
        boolean behind = jobs.submitTimeNs(o) > jobs.submitTimeNs(i)
            || jobs.submitTimeNs(o) == jobs.submitTimeNs(i) && o > i;
        if (jobs.queueId(o).equals(jobs.queueId(i)) && behind) {
          throw new ConfigurationException("job " + jobs.id(i) + " (queue '" + jobs.queueId(i)
              + "') depends on job " + jobs.id(o) + ", which comes after it in the same queue "
              + "(a queue dispatches its jobs in submission order), so neither could run; "
              + "submit job " + jobs.id(o) + " first or put it in another queue");
        }
      }
    }
  }
}
