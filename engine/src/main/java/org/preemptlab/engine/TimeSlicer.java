package org.preemptlab.engine;

import java.util.List;
import org.preemptlab.api.hardware.ContextOrder;

/**
 * Time slicing between contexts that may not share SMs (DESIGN §3.3): one context has the device;
 * when another has work, the active one keeps it for its time slice (asked of the policy of its
 * highest-priority queue), then the device switches: every resident block of the outgoing context
 * is saved (instruction-level, per SM in one save), the switch cost is paid, and the incoming
 * context's saved blocks are restored on the SMs they left. The next context is chosen by the
 * hardware model's {@link ContextOrder}.
 */
final class TimeSlicer implements Slicing {
  private final RunServices run;
  /** Block placement, which parks and restores the contexts' blocks. */
  private final ContextResidency residency;
  private final List<SimContext> contexts;
  private final ContextOrder order;
  /** Whether contexts take turns; set once before the run (spatial sharing may turn it off). */
  private boolean slicing;
  private SimContext active;
  private boolean switching;
  private boolean sliceArmed;
  private int sliceGen;
  private long activeSinceNs;
  private int contextSwitches;

  TimeSlicer(RunServices run, ContextResidency residency, List<SimContext> contexts,
      boolean slicing, ContextOrder order) {
    this.run = run;
    this.residency = residency;
    this.contexts = contexts;
    this.slicing = slicing;
    this.order = order;
  }
  @Override
  public boolean slicing() {
    return slicing;
  }

  /** Contexts take turns, or not: set once spatial sharing says whether they share SMs. */
  void setSlicing(boolean value) {
    slicing = value;
  }

  /** The context that has the device, while slicing. */
  SimContext active() {
    return active;
  }

  /** Whether a switch between contexts is under way. */
  boolean switching() {
    return switching;
  }

  /** Switches between contexts so far. */
  int contextSwitches() {
    return contextSwitches;
  }


  /** Before each placement pass: start a slice, or a switch if the active context is idle. */
  void manage() {
    if (switching) {
      return;
    }
    if (active == null) {
      if (residency.nothingToPlace()) {
        return;
      }
      active = residency.firstContextToPlace();
      activeSinceNs = run.now();
    }
    SimContext next = nextContextWithWork();
    if (next == null) {
      return;
    }
    if (!residency.hasResidentBlocks(active) && !residency.hasPlaceableWork(active)
        && !active.keptRunnable) {
      startSwitch(next);
    } else if (!sliceArmed) {
      sliceArmed = true;
      run.events.push(Math.max(run.now(), activeSinceNs + sliceLength(active)), Events.SLICE_END,
          ++sliceGen);
    }
  }

  void sliceEnded(int gen) {
    if (gen != sliceGen) {
      return;
    }
    sliceArmed = false;
    SimContext next = nextContextWithWork();
    if (next != null && !switching) {
      startSwitch(next);
    }
  }

  /** The active context's time slice, as its highest-priority queue's engine policy sets it. */
  private long sliceLength(SimContext context) {
    PolicyEngine engine = context.topQueue.engine;
    long slice = engine.policy().timeSliceNs(context.spec, context.topQueue.priority, engine);
    if (slice < 1) {
      throw new InvariantViolationException("policy '" + run.plugins.policyId() + "' gave context '"
          + context.spec.id() + "' a time slice of " + slice + " ns; it must be >= 1");
    }
    if (slice != run.device.costs().timeSliceNs()) {
      run.decisions.timeSlicesChanged++;
    }
    return slice;
  }

  private SimContext nextContextWithWork() {
    int n = contexts.size();
    SimContext best = null;
    for (int i = 1; i < n; i++) {
      SimContext candidate = contexts.get((active.index + i) % n);
      if (!residency.hasParkedBlocks(candidate) && !residency.hasPlaceableWork(candidate)
          && !candidate.keptRunnable) {
        continue;
      }
      if (order == ContextOrder.RUNLIST) {
        return candidate;
      }
      if (best == null || candidate.runnableSinceNs < best.runnableSinceNs) {
        best = candidate;
      }
    }
    return best;
  }

  private void startSwitch(SimContext next) {
    switching = true;
    sliceArmed = false;
    sliceGen++;
    contextSwitches++;
    long reaction = run.now() + PluginReturns.hardwareTime(
        run.hardware.preemptionSignalNs(run.costs), run.hardware, "preemptionSignalNs");
    ContextResidency.Parking parking = residency.park(active, reaction);
    long done = parking.savedAtNs() + PluginReturns.hardwareTime(
        run.hardware.contextSwitchNs(run.costs), run.hardware, "contextSwitchNs");
    if (run.listener() != null) {
      run.listener().contextSwitched(run.now(), done, active.spec.id(), next.spec.id());
    }
    run.events.push(done, new Events.SwitchDone(this, new Switch(parking, next)), 0);
  }

  /** The switch's saves and its cost are done: the incoming context's blocks are restored. */
  void finishSwitch(Switch done) {
    residency.parked(done.parking());
    done.parking().context().runnableSinceNs = run.now();
    active = done.incoming();
    switching = false;
    // The incoming context's slice starts once the slowest SM has restored its blocks (NVIDIA's
    // TSG time slice excludes the switch).
    activeSinceNs = residency.unpark(active);
  }

  /** A context switch under way: the outgoing context's blocks being parked, and the next one. */
  record Switch(ContextResidency.Parking parking, SimContext incoming) {}
}
