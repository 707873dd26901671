package org.preemptlab.lab.bench;

import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.FinishedJobs;

/**
 * Every finished job's row of a run that streams its records, folded into 128 bits instead of
 * kept: two sums over the jobs of a 64-bit mix of each job's index, every field of its record and
 * its slowdown, each with its own seed. Sums do not depend on the order jobs finish in, so two
 * runs whose rows are equal job by job give equal digests; rows that differ give equal digests
 * only by a collision of both mixes. It keeps no memory per job: what lets {@code bench --llm}
 * compare two runs of an hour of serving (tens of millions of rows) without holding their rows.
 */
final class JobRowDigest implements FinishedJobs {
  private long jobs;
  private long sumA;
  private long sumB;

  @Override
  public void finished(int index, JobRecord r, double slowdown) {
    jobs++;
    sumA += mix(0x243F6A8885A308D3L, index, r, slowdown);
    sumB += mix(0x13198A2E03707344L, index, r, slowdown);
  }

  private static long mix(long seed, int index, JobRecord r, double slowdown) {
    long h = seed;
    h = step(h, index);
    h = step(h, r.jobId());
    h = step(h, r.queueId().hashCode());
    h = step(h, r.contextId().hashCode());
    h = step(h, r.priority().ordinal());
    h = step(h, r.engine().ordinal());
    h = step(h, r.kernel().hashCode());
    h = step(h, r.blocks());
    h = step(h, r.submitNs());
    h = step(h, r.readyNs());
    h = step(h, r.dispatchNs());
    h = step(h, r.firstStartNs());
    h = step(h, r.finishNs());
    h = step(h, r.preemptions());
    h = step(h, r.bytesSaved());
    h = step(h, r.bytesRestored());
    h = step(h, r.lostWorkNs());
    h = step(h, r.deadlineNs());
    h = step(h, Double.doubleToLongBits(slowdown));
    return finish(h);
  }

  private static long step(long h, long value) {
    return finish(h ^ value) * 0x9E3779B97F4A7C15L;
  }

  /** SplitMix64's finalizer (Steele, Lea and Flood, OOPSLA 2014). */
  private static long finish(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Jobs folded in. */
  long jobs() {
    return jobs;
  }

  /** Whether {@code other} folded in the same number of jobs with the same sums. */
  boolean sameAs(JobRowDigest other) {
    return jobs == other.jobs && sumA == other.sumA && sumB == other.sumB;
  }
}
