package org.preemptlab.api.model;

import java.util.ArrayList;
import java.util.List;

/** Small valid model objects for tests. */
public final class Models {
  private Models() {}

  /** A segment of {@code kind} lasting {@code ns} with one instruction per ns. */
  public static Segment segment(SegmentKind kind, long ns) {
    return new Segment(kind, ns, ns, 16, 0);
  }

  /** A program of the given segments. */
  public static BlockProgram program(Segment... segments) {
    return new BlockProgram(List.of(segments));
  }

  /** A kernel of one block of 128 threads running {@code program}. */
  public static Kernel kernel(BlockProgram program) {
    return new Kernel("k", 1, 128, 32, 1024, true, program, new BlockTiming.Exact());
  }

  /** A kernel of one 1 µs compute block. */
  public static Kernel kernel() {
    return kernel(BlockProgram.uniform(1_000, 32, 1024));
  }

  /** A job on queue {@code q} depending on {@code dependencies}. */
  public static Job job(long id, String queue, Long... dependencies) {
    return new Job(id, queue, 0, 1, List.of(dependencies), Job.NO_DEADLINE, 0, kernel());
  }

  /** A workload with context "c", queue "q" and the given jobs. */
  public static Workload workload(List<Job> jobs) {
    return new Workload(List.of(new GpuContext("c", false)), List.of(queue("q", "c")), jobs);
  }

  /** A normal-priority compute queue. */
  public static JobQueue queue(String id, String context) {
    return new JobQueue(id, context, Priority.NORMAL, 1, EngineKind.COMPUTE, false);
  }

  /** Jobs 0..n-1 where job i depends on job i-1. */
  public static List<Job> chain(int n) {
    List<Job> jobs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      jobs.add(i == 0 ? job(0, "q") : job(i, "q", (long) i - 1));
    }
    return jobs;
  }
}
