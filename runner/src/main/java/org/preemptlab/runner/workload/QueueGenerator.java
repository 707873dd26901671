package org.preemptlab.runner.workload;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.preemptlab.api.Limits;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Kernel;

/**
 * Generates the jobs of one queue from its spec and its two random streams: one for arrivals
 * (inter-arrival gaps, periodic jitter, think times) and one for kernels (template, grid size, block
 * time, jitter seed). Jobs are numbered by their index in the queue; {@link SyntheticWorkload}
 * turns them into workload-wide ids.
 */
final class QueueGenerator {
  private final QueueSpec queue;
  private final long horizonNs;
  private final RandomGenerator arrivals;
  private final RandomGenerator kernels;
  /** Turns block times in cycles into ns; null when the workload is generated without a clock. */
  private final CycleClock clock;
  private final long limit;
  /** The name of each kernel of the mix without one, made once, not once a job. */
  private final String[] defaultNames;
  private final Drafts drafts = new Drafts();
  /**
   * The last kernel drawn from each template of the mix: a draw equal to it (a template without
   * jitter and with a fixed grid and block time draws the same kernel every time) is replaced by
   * it, so the drafts hold one kernel per distinct draw in a row, not one per job (and no kernel
   * column at all while every draw is the same object).
   */
  private final Kernel[] lastDrawn;

  QueueGenerator(QueueSpec queue, long horizonNs, RandomGenerator arrivals,
      RandomGenerator kernels, CycleClock clock) {
    this.queue = queue;
    this.clock = clock;
    this.horizonNs = horizonNs;
    this.arrivals = arrivals;
    this.kernels = kernels;
    this.limit = queue.jobs() == null ? Long.MAX_VALUE : queue.jobs();
    this.defaultNames = new String[queue.kernels().size()];
    this.lastDrawn = new Kernel[defaultNames.length];
    for (int i = 0; i < defaultNames.length; i++) {
      defaultNames[i] = queue.id() + "-" + i;
    }
  }

  /**
   * Generates the queue's jobs, in order of generation (their index in the queue): the
   * generator's own columns, handed over without a copy.
   */
  Drafts generate() {
    ArrivalSpec arrival = queue.arrival();
    if (arrival instanceof ArrivalSpec.Poisson poisson) {
      checkExpected(poisson.start(), poisson.meanInterval(), "mean-interval");
      long t = poisson.start();
      while (drafts.size() < limit) {
        double gap = -poisson.meanInterval() * Math.log(1 - arrivals.nextDouble());
        t = saturatedAdd(t, Math.round(gap));
        if (t >= horizonNs) {
          break;
        }
        addOpen(t);
      }
    } else if (arrival instanceof ArrivalSpec.Periodic periodic) {
      checkExpected(periodic.start(), periodic.period(), "period");
      for (long k = 0; drafts.size() < limit; k++) {
        long base = saturatedAdd(periodic.start(), saturatedMultiply(k, periodic.period()));
        long t = saturatedAdd(base, (long) Math.floor(periodic.jitter() * periodic.period()
            * arrivals.nextDouble()));
        if (t >= horizonNs) {
          break;
        }
        addOpen(t);
      }
    } else {
      closedLoop((ArrivalSpec.ClosedLoop) arrival);
    }
    return drafts;
  }

  /**
   * Fails before generating when an open queue would submit more than {@link
   * Limits#MAX_GENERATED_JOBS} jobs before the horizon (or its own {@code jobs} limit).
   */
  private void checkExpected(long start, long interval, String key) {
    double expected = Math.min((double) limit,
        Math.max(0, (double) horizonNs - start) / Math.max(1, interval));
    checkArgument(expected <= Limits.MAX_GENERATED_JOBS, "would submit about %s jobs (the "
        + "horizon over the %s), more than the limit of %s jobs of one synthetic workload; "
        + "shorten the duration, "
        + "lengthen the %s or set 'jobs'", String.format(java.util.Locale.ROOT, "%.3g", expected),
        key, Limits.MAX_GENERATED_JOBS, key);
  }

  /** Fails once the queue has submitted {@link Limits#MAX_GENERATED_JOBS} jobs. */
  private void checkCount() {
    checkArgument(drafts.size() < Limits.MAX_GENERATED_JOBS, "would submit more than %s jobs, "
        + "the limit of one synthetic workload; shorten the duration or set 'jobs'",
        Limits.MAX_GENERATED_JOBS);
  }

  private void addOpen(long submitNs) {
    checkCount();
    long deadline = queue.deadline() == null ? Job.NO_DEADLINE
        : saturatedAdd(submitNs, queue.deadline());
    drafts.add(submitNs, 0, List.of(), deadline, drawKernel(), false);
  }

  /**
   * Generates cycles of bursts for every client. A burst's submission time is a lower bound: the
   * previous burst's lower bound plus its shortest possible block plus the think time. Bursts stop
   * when that bound reaches the horizon or the queue's job limit is reached.
   */
  private void closedLoop(ArrivalSpec.ClosedLoop loop) {
    int clients = loop.clients();
    long[] earliestFinish = new long[clients];
    List<List<Integer>> previous = new ArrayList<>();
    boolean[] done = new boolean[clients];
    for (int c = 0; c < clients; c++) {
      previous.add(List.of());
    }
    int active = clients;
    for (int cycle = 0; active > 0 && drafts.size() < limit; cycle++) {
      for (int c = 0; c < clients && drafts.size() < limit; c++) {
        if (done[c]) {
          continue;
        }
        long think = cycle == 0 ? 0 : loop.thinkTime().sample(arrivals);
        long submit = cycle == 0 ? loop.start() : saturatedAdd(earliestFinish[c], think);
        if (submit >= horizonNs) {
          done[c] = true;
          active--;
          continue;
        }
        List<Integer> burst = new ArrayList<>();
        long shortest = 0;
        for (int j = 0; j < loop.burst() && drafts.size() < limit; j++) {
          Kernel kernel = drawKernel();
          checkCount();
          burst.add(drafts.size());
          drafts.add(submit, think, previous.get(c), Job.NO_DEADLINE, kernel, cycle > 0);
          shortest = Math.max(shortest, shortestBlockNs(kernel));
        }
        previous.set(c, List.copyOf(burst));
        earliestFinish[c] = saturatedAdd(submit, shortest);
      }
    }
  }

  private Kernel drawKernel() {
    List<KernelSpec> mix = queue.kernels();
    double total = 0;
    for (KernelSpec k : mix) {
      total += k.weight();
    }
    double pick = kernels.nextDouble() * total;
    int chosen = mix.size() - 1;
    double cumulative = 0;
    for (int i = 0; i < mix.size(); i++) {
      cumulative += mix.get(i).weight();
      if (pick < cumulative) {
        chosen = i;
        break;
      }
    }
    Kernel drawn;
    try {
      drawn = mix.get(chosen).draw(kernels, defaultNames[chosen], clock);
    } catch (SpecViolation e) {
      throw e.under("kernels[" + chosen + "]");
    }
    Kernel last = lastDrawn[chosen];
    if (drawn.equals(last)) {
      return last;
    }
    if (last != null && drawn.program().equals(last.program())) { // e.g. only the seed differs
      drawn = new Kernel(drawn.name(), drawn.gridBlocks(), drawn.threadsPerBlock(),
          drawn.registersPerThread(), drawn.sharedMemoryPerBlock(), drawn.idempotent(),
          last.program(), drawn.timing());
    }
    lastDrawn[chosen] = drawn;
    return drawn;
  }

  /** The shortest any block of the kernel can run, a lower bound of the kernel's run time. */
  static long shortestBlockNs(Kernel kernel) {
    long nominal = kernel.program().durationNs();
    double spread = kernel.timing() instanceof BlockTiming.UniformJitter jitter
        ? jitter.spread() : 0;
    return Math.max(1, (long) Math.floor(nominal * (1 - spread)));
  }

  static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }

  static long saturatedMultiply(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return (high == 0 && low >= 0) ? low : Long.MAX_VALUE;
  }
}
