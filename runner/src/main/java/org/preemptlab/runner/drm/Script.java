package org.preemptlab.runner.drm;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.scenario.FenceError;
import org.preemptlab.runner.scenario.Step;

/**
 * The scenario's test thread: runs the steps in order; a waiting step blocks it until its
 * condition holds or its deadline passes, as {@code wait_for_completion_timeout} does. Each kind of
 * {@link Step} is handled by one branch of {@code execute} (Java 17 has no pattern switch, so the
 * dispatch is an {@code instanceof} chain over the sealed interface).
 */
final class Script {
  private final DrmLayer sim;
  private final List<Step> steps;
  private final List<Check> checks = new ArrayList<>();
  private int next;
  private boolean waiting;
  private BooleanSupplier condition = () -> false;
  private long deadline = Long.MAX_VALUE;
  private Runnable onResume = () -> {};

  Script(DrmLayer sim, List<Step> steps) {
    this.sim = sim;
    this.steps = steps;
  }

  List<Check> checks() {
    return checks;
  }

  /** Whether the thread can run now: it has steps left and is not blocked. */
  boolean canResume() {
    if (waiting) {
      return condition.getAsBoolean() || sim.now() >= deadline;
    }
    return next < steps.size();
  }

  /** When a blocked wait times out, or {@link Long#MAX_VALUE}. */
  long deadline() {
    return waiting ? deadline : Long.MAX_VALUE;
  }

  /** Runs steps until one blocks or none are left. */
  void resume() {
    if (waiting) {
      waiting = false;
      deadline = Long.MAX_VALUE;
      onResume.run();
      if (waiting) {
        return;
      }
    }
    while (next < steps.size() && !waiting) {
      execute(next, steps.get(next));
      next++;
    }
  }

  /** At the end of the run: a thread still blocked means the test would hang. */
  void finish() {
    if (waiting || next < steps.size()) {
      int step = waiting ? next - 1 : next;
      checks.add(new Check(step, sim.now(), "the script completes (blocked at step " + step + ")",
          "completes", "hangs"));
    }
  }

  private void block(BooleanSupplier until, long timeoutNs, Runnable then) {
    if (until.getAsBoolean()) {
      then.run();
      return;
    }
    waiting = true;
    condition = until;
    deadline = timeoutNs == Long.MAX_VALUE ? Long.MAX_VALUE : sim.now() + timeoutNs;
    onResume = then;
  }

  private void execute(int index, Step step) {
    if (step instanceof Step.Submit submit) {
      submit.jobs().forEach(sim::submitByName);
    } else if (step instanceof Step.Sleep sleep) {
      block(() -> false, sleep.ns(), () -> {});
    } else if (step instanceof Step.ExpectScheduled expect) {
      Step.Wait w = expect.until();
      DrmJob job = sim.jobs.get(w.job());
      block(() -> job.scheduledSignalled, w.withinNs(), () -> check(index,
          "wait_scheduled(" + w.job() + ", " + w.within() + ")", w.value(),
          job.scheduledSignalled));
    } else if (step instanceof Step.ExpectFinished expect) {
      Step.Wait w = expect.until();
      DrmJob job = sim.jobs.get(w.job());
      BooleanSupplier done = () -> job.flags.contains(Step.MockFlag.DONE);
      block(done, w.withinNs(), () -> check(index,
          "wait_finished(" + w.job() + ", " + w.within() + ")", w.value(), done.getAsBoolean()));
    } else if (step instanceof Step.Advance a) {
      int found = sim.schedulers.get(a.scheduler()).ring.advance(a.count());
      if (a.expect() != null) {
        checks.add(new Check(index, sim.now(), "advance(" + a.scheduler() + ", " + a.count() + ")",
            Integer.toString(a.expect()), Integer.toString(found)));
      }
    } else if (step instanceof Step.FlagCheck f) {
      check(index, f.flag() + " set on " + f.job(), f.value(),
          sim.jobs.get(f.job()).flags.contains(f.flag()));
    } else if (step instanceof Step.ErrorCheck e) {
      DrmJob job = sim.jobs.get(e.job());
      FenceError observed = e.fence() == Step.FenceKind.HARDWARE ? job.hwError
          : job.finishedError;
      checks.add(new Check(index, sim.now(), e.fence().name().toLowerCase() + " fence error of "
          + e.job(), e.error().name(), observed.name()));
    } else if (step instanceof Step.ExpectAllScheduled all) {
      waitAll(index, "scheduled", all.until(), j -> j.scheduledSignalled);
    } else if (step instanceof Step.ExpectAllFinished all) {
      waitAll(index, "finished", all.until(), j -> j.flags.contains(Step.MockFlag.DONE));
    } else if (step instanceof Step.FreeEntity free) {
      DrmEntity entity = sim.entities.get(free.entity());
      block(entity::idle, Long.MAX_VALUE, () -> sim.recovery.kill(entity));
    } else if (step instanceof Step.KillEntity kill) {
      sim.recovery.kill(sim.entities.get(kill.entity()));
    } else if (step instanceof Step.SetPriority set) {
      sim.entities.get(set.entity()).priority = set.priority();
    } else if (step instanceof Step.ModifySched modify) {
      sim.runQueues.modifySched(sim.entities.get(modify.entity()), modify.schedulers());
    } else if (step instanceof Step.Fini fini) {
      sim.recovery.fini(sim.schedulers.get(fini.scheduler()));
    } else if (step instanceof Step.CyclePriorities cycle) {
      cyclePriorities(cycle.cycle(), 0);
    } else if (step instanceof Step.CycleSchedulers cycle) {
      cycleSchedulers(cycle.cycle(), 0, 0);
    } else if (step instanceof Step.WaitForClients wait) {
      waitForClients(index, wait.until());
    } else if (step instanceof Step.ClientCheck c) {
      double value = sim.clients.get(c.client()).stats().metric(c.metric());
      boolean ok = !Double.isNaN(value) && (c.min() == null || value >= c.min())
          && (c.max() == null || value <= c.max());
      String bounds = (c.min() == null ? "" : c.min() + " <= ") + c.metric().name().toLowerCase()
          + (c.max() == null ? "" : " <= " + c.max());
      checks.add(new Check(index, sim.now(), "client " + c.client() + ": " + bounds
          + " (value " + value + ")", "in bounds", ok ? "in bounds" : "out of bounds"));
    } else {
      throw new AssertionError("unhandled step " + step);
    }
  }

  /** do { set entity[k] to the next priority; k++; sleep } while (!finished). */
  private void cyclePriorities(Step.Cycle cycle, int k) {
    DrmEntity entity = sim.entities.get(cycle.entities().get(k));
    entity.priority = Priority.values()[(entity.priority.ordinal() + 1) % Priority.values().length];
    DrmJob until = sim.jobs.get(cycle.untilFinished());
    block(() -> false, cycle.everyNs(), () -> {
      if (!until.flags.contains(Step.MockFlag.DONE)) {
        cyclePriorities(cycle, (k + 1) % cycle.entities().size());
      }
    });
  }

  /** do { sleep; k++; s++; modify_sched(entity[k], [sched[s]]) } while (!finished). */
  private void cycleSchedulers(Step.Cycle cycle, int k, int s) {
    DrmJob until = sim.jobs.get(cycle.untilFinished());
    block(() -> false, cycle.everyNs(), () -> {
      int nk = (k + 1) % cycle.entities().size();
      int ns = (s + 1) % cycle.schedulers().size();
      sim.runQueues.modifySched(sim.entities.get(cycle.entities().get(nk)),
          List.of(cycle.schedulers().get(ns)));
      if (!until.flags.contains(Step.MockFlag.DONE)) {
        cycleSchedulers(cycle, nk, ns);
      }
    });
  }

  private void waitAll(int index, String what, Step.AllWait wait,
      java.util.function.Predicate<DrmJob> done) {
    List<DrmJob> all = wait.jobs().stream().flatMap(n -> sim.jobsNamed(n).stream()).toList();
    BooleanSupplier allDone = () -> all.stream().allMatch(done);
    block(allDone, wait.withinNs(), () -> checks.add(new Check(index, sim.now(), "jobs " + what
        + " of " + wait.jobs() + " within " + wait.within(), all.size() + "/" + all.size(),
        all.stream().filter(done).count() + "/" + all.size())));
  }

  private void waitForClients(int index, Step.ClientWait wait) {
    List<Client> chosen = wait.clients().isEmpty() ? List.copyOf(sim.clients.values())
        : wait.clients().stream().map(sim.clients::get).toList();
    BooleanSupplier allDone = () -> chosen.stream().allMatch(Client::done);
    String what = "clients " + (wait.clients().isEmpty() ? "(all)" : wait.clients()) + " done"
        + (wait.within() == null ? "" : " within " + wait.within());
    block(allDone, wait.withinNs(), () -> checks.add(new Check(index, sim.now(), what,
        chosen.size() + "/" + chosen.size(),
        chosen.stream().filter(Client::done).count() + "/" + chosen.size())));
  }

  private void check(int index, String what, boolean expected, boolean observed) {
    checks.add(new Check(index, sim.now(), what, Boolean.toString(expected),
        Boolean.toString(observed)));
  }
}
