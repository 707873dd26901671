package org.preemptlab.engine;

import org.preemptlab.api.model.QueueAction;

/** The event kinds other than a block's own completion or stop ({@link ResidentBlock}). */
final class Events {
  private Events() {}

  /** The next open-loop job in submission order is submitted. */
  static final Event ARRIVAL = (sim, gen) -> sim.launcher().arrive();

  /** A closed-loop job is submitted after its think time. */
  record Submit(SimJob job) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      sim.launcher().submit(job);
    }
  }

  /** A dispatched job's launch latency has passed: its blocks may be placed. */
  record Launched(SimJob job) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      sim.launcher().launched(job);
    }
  }

  /**
   * A stopped block's context is written: its SM resources are free. Queued with the block's
   * generation: stale if the block left its SM otherwise meanwhile (its job dropped; the block may
   * be reused since).
   */
  record SaveDone(ResidentBlock block) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      if (gen == block.gen) {
        sim.preemptor().saveDone(block);
      }
    }
  }

  /** A policy's wake-up. */
  record Timer(PolicyEngine engine) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      engine.policy().onTimer(engine);
    }
  }

  /** A workload's timed action on a queue. */
  record ActionDue(QueueAction action) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      sim.launcher().queueActions().apply(action);
    }
  }

  /** An application's start, at time 0. */
  record ApplicationStart(ApplicationHost application) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      application.start();
    }
  }

  /** An application's wake-up. */
  record WakeUp(ApplicationHost application) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      application.wakeUp();
    }
  }

  /** An application's job started its first block (for an application that observes starts). */
  record ApplicationJobStarted(SimJob job) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      job.queue.application.started(job);
    }
  }

  /** A context switch's saves and cost are done. */
  record SwitchDone(TimeSlicer slicer, TimeSlicer.Switch done) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      slicer.finishSwitch(done);
    }
  }

  /** The active context's time slice ends (stale if the slice was cancelled since). */
  static final Event SLICE_END = (sim, gen) -> sim.slicer().sliceEnded(gen);
}
