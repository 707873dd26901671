package org.preemptlab.engine;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Blocks on SMs, for block placement ({@link BlockScheduler}): a block's residency starts (its SM's
 * resources and a slot taken, its job's first start told to the launcher), ends (resources
 * freed, the SM time it executed counted to its job and queue) or completes (its job finishes
 * with its last block); the jobs with blocks on an SM, in the order they entered; and the pool of
 * block objects and of spare block-list arrays that lets a long run allocate almost nothing.
 */
final class BlockResidency {
  private final RunServices run;
  private final SmArray sms;
  /** The run's contention, or null when the hardware model has none (one branch per block). */
  private final Contention contention;
  /** The launcher, told when a job starts and finishes ({@link #connect}). */
  private JobLifecycle lifecycle;
  /** The preemptor, told of blocks that a preemption stops ({@link #connect}). */
  private StopPoints stops;
  /** Jobs with blocks on an SM, in the order they entered (linked through the jobs). */
  private final ResidentJobs residentJobs = new ResidentJobs();
  private SimJob firstResident;
  private SimJob lastResident;
  private int residentJobCount;
  /** Arrays of jobs that have no block on an SM, for the next job that has one (see BlockList). */
  private int[][] spareLists = new int[8][];
  private int spareListsSize;
  private long blocksExecuted;

  BlockResidency(RunServices run, SmArray sms, Contention contention) {
    this.run = run;
    this.sms = sms;
    this.contention = contention;
  }

  /** Connects the parts it tells of what happens to blocks; call once, before the run. */
  void connect(JobLifecycle lifecycle, StopPoints stops) {
    this.lifecycle = lifecycle;
    this.stops = stops;
  }

  /** The jobs with a block on an SM, in residency order (live, not a copy). */
  Set<SimJob> residentJobs() {
    return residentJobs;
  }

  /** Whether any job has a block on an SM. */
  boolean anyResident() {
    return residentJobCount > 0;
  }

  /** Blocks that ran to their end so far. */
  long blocksExecuted() {
    return blocksExecuted;
  }

  /** A block for a new residency: a pooled one when there is one, else a new one. */
  ResidentBlock newBlock(SimJob job, int sm, int blockIndex, long realDurationNs,
      long realDoneAtStartNs, long startNs) {
    return run.blocks.take(job, sm, blockIndex, realDurationNs, realDoneAtStartNs, startNs);
  }

  /**
   * Makes a block resident on its SM ({@code allocated}: its resources are already taken); the
   * caller then queues its completion.
   */
  void start(ResidentBlock block, boolean allocated) {
    SimJob job = block.job;
    if (!allocated) {
      sms.allocate(block.sm, job.threads, job.registers, job.shared, run.now());
    }
    block.slot = sms.takeSlot(block.sm);
    if (job.firstStartNs < 0) {
      job.firstStartNs = block.startNs;
      lifecycle.started(job, block.startNs);
    }
    if (job.resident.isEmpty()) {
      addResidentJob(job);
      if (spareListsSize > 0) {
        job.resident.attach(spareLists[--spareListsSize]);
        spareLists[spareListsSize] = null;
      }
    }
    job.addResident(block);
    job.queue.context.residentBlocks++;
    job.queue.residentBlocks++;
    blocksExecuted++;
    if (contention != null) {
      contention.joined(block, run.now());
    }
  }

  /** A block completes: it leaves its SM, and its job finishes with its last block. */
  void complete(ResidentBlock block) {
    if (run.listener() != null) {
      run.listener().blockExecuted(block.sm, block.slot, block.job, block.blockIndex, block.startNs,
          run.now(), EngineListener.BlockEnd.COMPLETED);
    }
    release(block);
    SimJob job = block.job;
    job.finished++;
    if (block.preemption != null) {
      block.preemption.pointReached(run.now());
      stops.blockFreed(block.preemption);
    }
    recycle(block);
    if (job.finished == job.gridBlocks) {
      lifecycle.finish(job);
    }
  }

  /** A block leaves its SM: free its resources and account the SM time it executed. */
  void release(ResidentBlock block) {
    SimJob job = block.job;
    if (contention != null) {
      contention.left(block);
    }
    sms.release(block.sm, job.threads, job.registers, job.shared, run.now());
    sms.freeSlot(block.sm, block.slot);
    job.removeResident(block);
    long executed = block.executedNs(block.execEndNs);
    job.attainedDoneNs += executed;
    job.queue.attainedDoneNs += executed;
    job.queue.context.residentBlocks--;
    job.queue.residentBlocks--;
    if (job.resident.isEmpty()) {
      leftEverySm(job);
    }
    if (job.queue.openSuspension != null) {
      lifecycle.checkQuiet(job.queue);
    }
  }

  /**
   * One of several blocks of a job that complete together frees its slot and is pooled, without
   * the per-block accounting (the caller sums it for {@link #completedTogether}) and without
   * freeing its SM's resources (the caller frees them all at once with {@link #releaseSms});
   * {@code removeFromList}: it leaves its job's list of resident blocks one by one, else the list
   * is emptied at once afterwards.
   *
   * @return the SM time it executed
   */
  long vacate(ResidentBlock block, boolean removeFromList) {
    SimJob job = block.job;
    sms.freeSlot(block.sm, block.slot);
    if (removeFromList) {
      job.removeResident(block);
    }
    long executed = block.executedNs(block.execEndNs);
    recycle(block);
    return executed;
  }

  /**
   * Frees the SM resources of {@code count} vacated blocks of {@code job}, on the SMs {@code
   * smsOfBlocks[0..count)} in the order they completed, in one run ({@link SmArray#releaseRun}):
   * the SMs end as that many single releases in that order would leave them.
   */
  void releaseSms(SimJob job, int[] smsOfBlocks, int count) {
    sms.releaseRun(smsOfBlocks, count, job.threads, job.registers, job.shared, run.now());
  }

  /**
   * {@code count} blocks of {@code job} that completed together have each been vacated ({@link
   * #vacate}): their executed SM time and residency counts are accounted at once, with the results
   * of one {@link #complete} per block, and the job finishes if they were its last.
   *
   * @param wholeList whether they were every resident block of the job (its list is emptied now)
   */
  void completedTogether(SimJob job, int count, long executedNs, boolean wholeList) {
    leftTogether(job, count, executedNs, wholeList);
    job.finished += count;
    if (job.finished == job.gridBlocks) {
      lifecycle.finish(job);
    }
  }

  /**
   * {@code count} blocks of {@code job} that left their SMs together have each been vacated ({@link
   * #vacate}): their executed SM time and residency counts are accounted at once, with the results
   * of one {@link #release} per block.
   *
   * @param wholeList whether they were every resident block of the job (its list is emptied now)
   */
  void leftTogether(SimJob job, int count, long executedNs, boolean wholeList) {
    BlockList resident = job.resident;
    if (wholeList) {
      resident.clear();
    }
    job.attainedDoneNs += executedNs;
    job.queue.attainedDoneNs += executedNs;
    job.queue.context.residentBlocks -= count;
    job.queue.residentBlocks -= count;
    if (resident.isEmpty()) {
      leftEverySm(job);
    }
  }

  /** Returns a block that left its SM and that nothing refers to any more. */
  void recycle(ResidentBlock block) {
    block.preemption = null;
    block.gen++; // no event queued for its last residency may match it again
    run.blocks.recycle(block);
  }

  /**
   * Lets a block that left its SM go without reusing it (a parking may still refer to it).
   */
  void retire(ResidentBlock block) {
    run.blocks.retire(block);
  }

  /** A job's last block left its SM: it is no longer resident, and its list's array is spare. */
  private void leftEverySm(SimJob job) {
    removeResidentJob(job);
    int[] spare = job.resident.detach();
    if (spare != null) {
      if (spareListsSize == spareLists.length) {
        spareLists = Arrays.copyOf(spareLists, spareListsSize * 2);
      }
      spareLists[spareListsSize++] = spare;
    }
  }

  /** Appends a job that now has a block on an SM to the resident jobs. */
  private void addResidentJob(SimJob job) {
    job.previousResident = lastResident;
    job.nextResident = null;
    if (lastResident == null) {
      firstResident = job;
    } else {
      lastResident.nextResident = job;
    }
    lastResident = job;
    residentJobCount++;
  }

  /** Removes a job that has no block on an SM any more from the resident jobs. */
  private void removeResidentJob(SimJob job) {
    SimJob before = job.previousResident;
    SimJob after = job.nextResident;
    if (before == null) {
      firstResident = after;
    } else {
      before.nextResident = after;
    }
    if (after == null) {
      lastResident = before;
    } else {
      after.previousResident = before;
    }
    job.previousResident = null;
    job.nextResident = null;
    residentJobCount--;
  }

  /**
   * The resident jobs as a read-only set, in the order they entered (as a {@code LinkedHashSet}
   * iterates); its iterator must not outlive a change of residency.
   */
  private final class ResidentJobs extends AbstractSet<SimJob> {
    @Override
    public Iterator<SimJob> iterator() {
      return new Iterator<>() {
        private SimJob next = firstResident;

        @Override
        public boolean hasNext() {
          return next != null;
        }

        @Override
        public SimJob next() {
          if (next == null) {
            throw new NoSuchElementException();
          }
          SimJob job = next;
          next = job.nextResident;
          return job;
        }
      };
    }

    @Override
    public int size() {
      return residentJobCount;
    }

    @Override
    public boolean contains(Object o) {
      return o instanceof SimJob job && !job.resident.isEmpty(); // what membership means
    }
  }
}
