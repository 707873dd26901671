package org.preemptlab.engine;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.policy.JobView;

/**
 * Observes a simulation as it runs, for timelines and debugging. The engine calls it synchronously,
 * in simulated-time order of the calls' first time argument where one exists; every method has an
 * empty default. A listener must not change anything it is handed. Subscribe any number with
 * {@link Simulator#listen}: each signal reaches every subscriber, in the order they subscribed.
 */
public interface EngineListener {

  /**
   * Marks a signal that carries a block's slot: the engine tracks slots only when a subscriber
   * overrides one of these ({@link EngineSignals#observesBlocks}). A new per-block signal needs
   * only this mark to be seen there.
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @interface PerBlock {}

  /** How a block's stay on an SM ended. */
  enum BlockEnd {
    /** It ran to its end. */
    COMPLETED,
    /** It stopped at a preemption point to save its context. */
    STOPPED,
    /** Its progress was discarded by a flush. */
    FLUSHED,
    /** A time-slice context switch saved it. */
    SWITCHED_OUT
  }

  /** A job was submitted. */
  default void jobSubmitted(long timeNs, JobView job) {}

  /** A job was dispatched by its engine's policy. */
  default void jobDispatched(long timeNs, JobView job) {}

  /** A job's last block completed. */
  default void jobFinished(long timeNs, JobView job) {}

  /**
   * A block executed on SM {@code sm} in block slot {@code slot} (0 ≤ slot < the SM's block limit;
   * two blocks resident at once on one SM never share a slot) from {@code startNs} to {@code endNs}.
   */
  @PerBlock
  default void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, BlockEnd end) {}

  /** A stopped block's context was written from {@code startNs} to {@code endNs}, in its slot. */
  @PerBlock
  default void contextSaved(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, long bytes) {}

  /** A resuming block's context was read back from {@code startNs} to {@code endNs}. */
  @PerBlock
  default void contextRestored(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, long bytes) {}

  /** A policy asked to preempt {@code victim}. */
  default void preemptionRequested(long timeNs, JobView victim) {}

  /** The device switched from context {@code from} to context {@code to} (time slicing). */
  default void contextSwitched(long startNs, long endNs, String from, String to) {}

  /**
   * The number of jobs ready but not dispatched, or dispatched but unfinished, changed on {@code
   * engine}.
   */
  default void engineLoad(long timeNs, EngineKind engine, int readyJobs, int dispatchedJobs) {}
}
