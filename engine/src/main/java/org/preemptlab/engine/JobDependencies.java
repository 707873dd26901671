package org.preemptlab.engine;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.preemptlab.api.model.JobList;

/**
 * What each job waits for before it may become ready, for the launcher ({@link Launcher}): the
 * jobs it declares a dependency on, and in a serial queue the queue's previous job (unless it
 * declares that one anyway). When a job finishes, each job whose last dependency it was is handed
 * to the launcher, which submits or offers it.
 */
final class JobDependencies {
  /** The workload's jobs, for their declared dependencies. */
  private final JobList specs;
  /** The workload's number of jobs: indices from here on are applications' jobs. */
  private final int workloadJobs;
  /** Told of each job whose last dependency finished, by index. */
  private final IntConsumer whenMet;
  /** Each job's unfinished dependencies, by index; grows with the applications' jobs. */
  private int[] dependenciesLeft;
  /**
   * The jobs that declare a dependency on each job, ascending, or null for none; the array itself
   * is null when no job declares one.
   */
  private int[][] dependents;

  /**
   * Counts every workload job's dependencies: those it declares, and its predecessor in a serial
   * queue ({@code queues}, each in its order).
   */
  JobDependencies(JobList specs, List<SimQueue> queues, IntConsumer whenMet) {
    this.specs = specs;
    this.workloadJobs = specs.size();
    this.whenMet = whenMet;
    int n = specs.size();
    dependenciesLeft = new int[n];
    boolean declared = false;
    for (int i = 0; i < n && !declared; i++) {
      declared = specs.dependencyCount(i) > 0;
    }
    if (declared) {
      linkDeclared();
    }
    for (SimQueue queue : queues) {
      if (queue.spec.serial()) {
        for (int p = 1; p < queue.orderSize; p++) {
          if (!followsDeclared(queue.order[p - 1], queue.order[p])) {
            dependenciesLeft[queue.order[p]]++;
          }
        }
      }
    }
  }

  /** Counts every job's declared dependencies and lists each job's dependants. */
  private void linkDeclared() {
    int n = specs.size();
    dependents = new int[n][];
    Map<Long, Integer> indexById = new HashMap<>();
    for (int i = 0; i < n; i++) {
      indexById.put(specs.id(i), i);
    }
    int[] count = new int[n];
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < specs.dependencyCount(j); k++) {
        count[indexById.get(specs.dependency(j, k))]++;
      }
    }
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < specs.dependencyCount(j); k++) {
        int d = indexById.get(specs.dependency(j, k));
        if (dependents[d] == null) {
          dependents[d] = new int[count[d]];
          count[d] = 0;
        }
        dependents[d][count[d]++] = j;
        dependenciesLeft[j]++;
      }
    }
  }

  /** Whether job {@code next} declares a dependency on job {@code previous}. */
  private boolean followsDeclared(int previous, int next) {
    if (next >= workloadJobs) {
      return false; // an application's job declares none
    }
    long id = specs.id(previous);
    for (int k = 0; k < specs.dependencyCount(next); k++) {
      if (specs.dependency(next, k) == id) {
        return true;
      }
    }
    return false;
  }

  /** Whether the job of this index still waits for a dependency. */
  boolean waits(int index) {
    return dependenciesLeft[index] > 0;
  }

  /**
   * An application's job is appended at {@code index}; {@code waitsForPrevious}: it waits for its
   * serial queue's previous job to finish (an application's job declares no dependency).
   */
  void appended(int index, boolean waitsForPrevious) {
    if (index >= dependenciesLeft.length) {
      dependenciesLeft = Arrays.copyOf(dependenciesLeft,
          Math.max(16, dependenciesLeft.length + (dependenciesLeft.length >> 1)));
    }
    if (waitsForPrevious) {
      dependenciesLeft[index] = 1; // released when the previous job of its queue finishes
    }
  }

  /**
   * {@code job} finished: the jobs that declared a dependency on it (in ascending order), then
   * its serial queue's next job, each lose one dependency; those left with none are handed on.
   */
  void finished(SimJob job) {
    int[] declared = dependents == null || job.index >= workloadJobs ? null
        : dependents[job.index]; // an application's job has no dependants
    if (declared != null) {
      dependents[job.index] = null;
      for (int d : declared) {
        release(d);
      }
    }
    int next = job.queuePos + 1;
    if (job.queue.spec.serial() && next < job.queue.orderSize
        && !followsDeclared(job.index, job.queue.order[next])) {
      release(job.queue.order[next]);
    }
  }

  /** One dependency of job {@code d} finished: it is handed on if it was the last. */
  private void release(int d) {
    if (--dependenciesLeft[d] == 0) {
      whenMet.accept(d);
    }
  }
}
