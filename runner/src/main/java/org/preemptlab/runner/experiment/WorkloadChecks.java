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
    checkNoWaitCycle(jobs, ascending ? null : byId, ids);
  }

  /**
   * Refuses a cycle through dependencies and queue order together: a job waits for its
   * dependencies to finish and for the job before it in its queue to be dispatched, so jobs of
   * several queues whose waits close a loop (A behind B in one queue, B depending on C, C behind A's
   * dependant in another) could never run. Kahn's algorithm over both kinds of edge, linear in jobs
   * and dependencies; whatever it cannot order lies on or behind a cycle.
   */
  private static void checkNoWaitCycle(JobList jobs, Map<Long, Integer> byId, long[] ids) {
    int n = jobs.size();
    // Each job's successor in its queue's submission order (submit time, then list index).
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> {
      int byQueue = jobs.queueId(a).compareTo(jobs.queueId(b));
      if (byQueue != 0) {
        return byQueue;
      }
      int byTime = Long.compare(jobs.submitTimeNs(a), jobs.submitTimeNs(b));
      return byTime != 0 ? byTime : Integer.compare(a, b);
    });
    int[] nextInQueue = new int[n];
    Arrays.fill(nextInQueue, -1);
    int[] waits = new int[n];
    for (int k = 1; k < n; k++) {
      if (jobs.queueId(order[k - 1]).equals(jobs.queueId(order[k]))) {
        nextInQueue[order[k - 1]] = order[k];
        waits[order[k]]++;
      }
    }
    // Dependants of each job, as index lists in one array (counts, then offsets).
    int[] dependencyOf = new int[n + 1];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < jobs.dependencyCount(i); k++) {
        int d = index(jobs.dependency(i, k), byId, ids);
        if (d >= 0) {
          dependencyOf[d + 1]++;
          waits[i]++;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      dependencyOf[i + 1] += dependencyOf[i];
    }
    int[] dependants = new int[dependencyOf[n]];
    int[] fill = Arrays.copyOf(dependencyOf, n);
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < jobs.dependencyCount(i); k++) {
        int d = index(jobs.dependency(i, k), byId, ids);
        if (d >= 0) {
          dependants[fill[d]++] = i;
        }
      }
    }
    int[] ready = new int[n];
    int head = 0;
    int tail = 0;
    for (int i = 0; i < n; i++) {
      if (waits[i] == 0) {
        ready[tail++] = i;
      }
    }
    while (head < tail) {
      int j = ready[head++];
      if (nextInQueue[j] >= 0 && --waits[nextInQueue[j]] == 0) {
        ready[tail++] = nextInQueue[j];
      }
      for (int k = dependencyOf[j]; k < dependencyOf[j + 1]; k++) {
        if (--waits[dependants[k]] == 0) {
          ready[tail++] = dependants[k];
        }
      }
    }
    if (tail == n) {
      return;
    }
    int stuck = 0; // the first job in list order that can never run
    while (waits[stuck] == 0) {
      stuck++;
    }
    throw new ConfigurationException("job " + jobs.id(stuck) + " (queue '" + jobs.queueId(stuck)
        + "') and " + (n - tail - 1) + " other jobs could never run: their dependencies and their "
        + "queues' submission order wait on each other in a cycle (a queue dispatches its jobs in "
        + "submission order, and a job waits for the jobs it depends on to finish); check the "
        + "dependencies and submit times of the jobs involved");
  }

  private static int index(long id, Map<Long, Integer> byId, long[] ids) {
    return byId == null ? Arrays.binarySearch(ids, id) : byId.getOrDefault(id, -1);
  }
}
