package org.preemptlab.engine;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.policy.JobState;

/**
 * The run's jobs, for the launcher ({@link Launcher}): the workload's, read by column, and the
 * engine's state of each job while it is in flight. A job's state ({@link SimJob}) is created
 * when it is submitted or scheduled to be and let go when it finishes, so that memory grows with
 * the jobs in flight, not with all jobs of the run. The workload's jobs come first; the jobs
 * applications submit during the run are appended after them, so the table grows while the run
 * goes on. Each kernel's program is instrumented by the preemption strategy once, before the run
 * (checking first that a block of it fits an SM).
 */
final class RunJobs {
  private final RunServices run;
  /** The SMs, for a kernel's shared-memory need. */
  private final SmArray sms;
  /** The queues by id, for a job's queue. */
  private final Map<String, SimQueue> queueById;
  /**
   * The workload's jobs, in its order (the index of a job everywhere below); a {@link Job} record
   * is built only when the job is submitted.
   */
  private final JobList specs;
  /** The engine's state of each job while it is in flight, by index; null before and after. */
  private SimJob[] jobs;
  /** Jobs known to the run: the workload's, then those the applications have submitted so far. */
  private int size;
  /** The workload's number of jobs: indices from here on are applications' jobs. */
  private final int workloadJobs;
  /** Each job's program as the preemption strategy instrumented it, until it is submitted. */
  private final BlockProgram[] programs;
  /** The jobs that have finished, by index. */
  private final BitSet finished;
  /** Jobs in {@link #jobs}: submitted (or scheduled to be) and unfinished. */
  private int held;
  private int unfinished;

  /**
   * Reads the workload's jobs and instruments each kernel's program.
   *
   * @throws ConfigurationException if a block of a job's kernel fits no SM of the device
   */
  RunJobs(RunServices run, SmArray sms, java.util.List<Job> workloadList,
      Map<String, SimQueue> queueById) {
    this.run = run;
    this.sms = sms;
    this.queueById = queueById;
    specs = JobList.copyOf(workloadList);
    int n = specs.size();
    workloadJobs = n;
    size = n;
    jobs = new SimJob[n];
    programs = new BlockProgram[n];
    finished = new BitSet(n);
    unfinished = n;
    // PreemptionPointStrategy.instrument is called once per kernel (it may depend on the kernel's
    // shape), so the cache is keyed by kernel, not by program: kernels may share a program.
    IdentityHashMap<Kernel, BlockProgram> instrumented = new IdentityHashMap<>();
    for (int i = 0; i < n; i++) {
      int first = i; // the first job of its kernel: whether it fits depends on the kernel only
      programs[i] = instrumented.computeIfAbsent(specs.kernel(i), k -> {
        checkFits(specs.get(first));
        return instrumented(k);
      });
    }
  }

  /** The workload's jobs, by column. */
  JobList specs() {
    return specs;
  }

  /** The workload's number of jobs: indices from here on are applications' jobs. */
  int workloadJobs() {
    return workloadJobs;
  }

  /** The job of this index while it is in flight (submitted, unfinished), else null. */
  SimJob job(int index) {
    return jobs[index];
  }

  /** Jobs of the run (the workload's and the applications'). */
  int size() {
    return size;
  }

  /** Jobs not finished yet. */
  int unfinished() {
    return unfinished;
  }

  /** Jobs whose state is held now. */
  int held() {
    return held;
  }

  /** Whether the job of this index has finished. */
  boolean isFinished(int index) {
    return finished.get(index);
  }

  /** Creates the engine's state of workload job {@code i}, when it is submitted or scheduled to be. */
  SimJob materialize(int i) {
    Job job = specs.get(i);
    SimQueue queue = queueById.get(job.queueId());
    int credits = Math.min(job.credits(), run.options.creditLimit());
    SimJob simJob = new SimJob(job, i, queue, credits,
        sms.sharedNeed(job.kernel().sharedMemoryPerBlock()), run.blocks);
    simJob.program = programs[i];
    simJob.nominalNs = simJob.program.durationNs();
    programs[i] = null;
    jobs[i] = simJob;
    held++;
    return simJob;
  }

  /**
   * Appends a job an application submits now, with one credit and its instrumented program: its
   * index is the next after every job known so far.
   */
  SimJob append(Job job, SimQueue queue, BlockProgram program) {
    int index = size++;
    if (index == jobs.length) {
      jobs = Arrays.copyOf(jobs, Math.max(16, jobs.length + (jobs.length >> 1)));
    }
    SimJob simJob = new SimJob(job, index, queue, 1,
        sms.sharedNeed(job.kernel().sharedMemoryPerBlock()), run.blocks);
    simJob.program = program;
    simJob.nominalNs = program.durationNs();
    jobs[index] = simJob;
    held++;
    unfinished++;
    return simJob;
  }

  /** A job finishes: it no longer counts as unfinished (its state is still held). */
  void finishing() {
    unfinished--;
  }

  /** A finished job's record is taken: its state is let go. */
  void letGo(SimJob job) {
    jobs[job.index] = null;
    held--;
    finished.set(job.index);
  }

  /**
   * The job to name when a run ends with jobs unfinished: a READY one (its policy never selected
   * it) rather than one that merely waits behind it, else the first unfinished (as it would have
   * been if it was never submitted).
   */
  SimJob stuckJob() {
    int first = finished.nextClearBit(0);
    return Arrays.stream(jobs).filter(j -> j != null && j.state == JobState.READY)
        .findFirst().orElseGet(() -> jobs[first] != null ? jobs[first] : materialize(first));
  }

  /** Job indices (ascending) ordered by submission time, then index. */
  int[] bySubmission(int[] indices) {
    boolean sorted = true;
    for (int p = 1; p < indices.length && sorted; p++) {
      sorted = specs.submitTimeNs(indices[p - 1]) <= specs.submitTimeNs(indices[p]);
    }
    if (sorted) {
      return indices;
    }
    return Arrays.stream(indices).boxed()
        .sorted(Comparator.comparingLong((Integer i) -> specs.submitTimeNs(i))
            .thenComparingInt(i -> i))
        .mapToInt(Integer::intValue).toArray();
  }

  /** Fails if a block of {@code job}'s kernel cannot fit on an empty SM of the device. */
  void checkFits(Job job) {
    Kernel k = job.kernel();
    SmSpec sm = run.device.sm();
    long shared = (long) k.sharedMemoryPerBlock() + sm.sharedMemoryReservedPerBlock();
    if (k.threadsPerBlock() <= sm.maxThreads() && k.registersPerBlock() <= sm.registers()
        && shared <= sm.sharedMemoryBytes()) {
      return; // the usual case: no message to build
    }
    String where = "job " + job.id() + " (queue '" + job.queueId() + "', kernel '" + k.name()
        + "'): a block needs ";
    String on = " but an SM of '" + run.device.name() + "' holds at most ";
    if (k.threadsPerBlock() > sm.maxThreads()) {
      throw new ConfigurationException(where + k.threadsPerBlock() + " threads" + on
          + sm.maxThreads());
    }
    if (k.registersPerBlock() > sm.registers()) {
      throw new ConfigurationException(where + k.registersPerBlock() + " registers ("
          + k.registersPerThread() + " x " + k.threadsPerBlock() + " threads)" + on
          + sm.registers());
    }
    throw new ConfigurationException(where + shared
        + " bytes of shared memory (including " + sm.sharedMemoryReservedPerBlock()
        + " reserved)" + on + sm.sharedMemoryBytes());
  }

  /** The preemption-point strategy's program for {@code kernel}, never null. */
  BlockProgram instrumented(Kernel kernel) {
    return PluginReturns.notNull(run.plugins.preemption().instrument(kernel, kernel.program(),
        run.device), org.preemptlab.api.PluginKind.PREEMPTION_STRATEGY, "preemption strategy '"
        + run.plugins.preemptionId() + "'", run.plugins.preemption(), "instrument");
  }
}
