package org.preemptlab.runner.workload;

import java.util.Arrays;
import java.util.List;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Kernel;

/**
 * The jobs of one queue before they have workload-wide ids, by column, in order of generation
 * (a job's index in the queue): its submission time (for closed-loop jobs, the earliest possible
 * one), think time, dependencies (queue indices), deadline, kernel and whether it is closed-loop.
 * A column that has the same value for every job so far is not stored (no think time, no
 * dependency, no deadline, one kernel object, open loop), so a Poisson queue of one fixed kernel
 * keeps 8 bytes a job: its submission time (memory per job, docs/performance.md).
 */
final class Drafts {
  private int size;
  private long[] submitNs = new long[16];
  /** Null while every think time is 0. */
  private long[] thinkNs;
  /** Null while no job has a deadline. */
  private long[] deadlineNs;
  /** Null while no job has a dependency. */
  private List<Integer>[] dependencies;
  /** Null while no job is closed-loop. */
  private boolean[] closedLoop;
  /** The kernel of every job while they all share one object, else null. */
  private Kernel onlyKernel;
  /** Each job's kernel once two jobs have different kernel objects, else null. */
  private Kernel[] kernels;

  /** Jobs drafted. */
  int size() {
    return size;
  }

  /** Appends the next job of the queue; its index is the {@link #size()} before. */
  @SuppressWarnings("unchecked")
  void add(long submitTimeNs, long thinkTimeNs, List<Integer> dependsOn, long deadline,
      Kernel kernel, boolean closed) {
    int i = size;
    if (i == submitNs.length) {
      int capacity = i + (i >> 1) + 16;
      submitNs = Arrays.copyOf(submitNs, capacity);
      thinkNs = thinkNs == null ? null : Arrays.copyOf(thinkNs, capacity);
      deadlineNs = deadlineNs == null ? null : Arrays.copyOf(deadlineNs, capacity);
      dependencies = dependencies == null ? null : Arrays.copyOf(dependencies, capacity);
      closedLoop = closedLoop == null ? null : Arrays.copyOf(closedLoop, capacity);
      kernels = kernels == null ? null : Arrays.copyOf(kernels, capacity);
    }
    submitNs[i] = submitTimeNs;
    if (thinkTimeNs != 0 && thinkNs == null) {
      thinkNs = new long[submitNs.length];
    }
    if (thinkNs != null) {
      thinkNs[i] = thinkTimeNs;
    }
    if (deadline != Job.NO_DEADLINE && deadlineNs == null) {
      deadlineNs = new long[submitNs.length];
      Arrays.fill(deadlineNs, 0, i, Job.NO_DEADLINE);
    }
    if (deadlineNs != null) {
      deadlineNs[i] = deadline;
    }
    if (!dependsOn.isEmpty() && dependencies == null) {
      dependencies = new List[submitNs.length];
      Arrays.fill(dependencies, 0, i, List.of());
    }
    if (dependencies != null) {
      dependencies[i] = dependsOn;
    }
    if (closed && closedLoop == null) {
      closedLoop = new boolean[submitNs.length];
    }
    if (closedLoop != null) {
      closedLoop[i] = closed;
    }
    if (i == 0) {
      onlyKernel = kernel;
    } else if (kernels == null && kernel != onlyKernel) {
      kernels = new Kernel[submitNs.length];
      Arrays.fill(kernels, 0, i, onlyKernel);
      onlyKernel = null;
    }
    if (kernels != null) {
      kernels[i] = kernel;
    }
    size++;
  }

  long submitTimeNs(int i) {
    return submitNs[i];
  }

  long thinkTimeNs(int i) {
    return thinkNs == null ? 0 : thinkNs[i];
  }

  long deadlineNs(int i) {
    return deadlineNs == null ? Job.NO_DEADLINE : deadlineNs[i];
  }

  List<Integer> dependencies(int i) {
    return dependencies == null ? List.of() : dependencies[i];
  }

  Kernel kernel(int i) {
    return kernels == null ? onlyKernel : kernels[i];
  }

  boolean closedLoop(int i) {
    return closedLoop != null && closedLoop[i];
  }

  /** Whether any job depends on another. */
  boolean hasDependencies() {
    return dependencies != null;
  }

  /**
   * The jobs' indices in submission order (by submission time, then index), or null when that is
   * the order of generation (open arrivals: times never decrease), so no array is made.
   */
  int[] submissionOrder() {
    for (int i = 1; i < size; i++) {
      if (submitNs[i] < submitNs[i - 1]) {
        return StableOrder.of(submitNs, size);
      }
    }
    return null;
  }

  /** Lets go of job {@code i}'s references (its job exists now): dependencies and kernel. */
  void release(int i) {
    if (dependencies != null) {
      dependencies[i] = null;
    }
    if (kernels != null) {
      kernels[i] = null;
    }
  }
}
