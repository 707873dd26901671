package org.preemptlab.runner.scenario;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.preemptlab.runner.workload.SpecViolation;

/** Checks that every step names schedulers, entities and jobs that exist. */
record StepReferences(Set<String> schedulers, Set<String> entities, Set<String> jobs,
    Set<String> groups, Set<String> clients, List<StepSpec> steps) {

  void check() {
    Set<String> submitted = new HashSet<>();
    for (int i = 0; i < steps.size(); i++) {
      StepSpec step = steps.get(i);
      String at = "steps[" + i + "].";
      List<String> actions = step.actions();
      SpecViolation.check(!actions.isEmpty(), "steps[" + i + "]",
          "a step needs one action, e.g. submit, advance, expect-finished");
      if (actions.size() > 1) {
        SpecViolation.check(false, at + actions.get(1), "a step takes exactly one action, got "
            + actions);
      }
      if (step.submit() != null) {
        for (int k = 0; k < step.submit().size(); k++) {
          String name = step.submit().get(k);
          String key = at + "submit[" + k + "]";
          if (!jobs.contains(name) && !groups.contains(name)) {
            Set<String> valid = new HashSet<>(jobs);
            valid.addAll(groups);
            throw Specs.unknown(key, "job or job group", name, valid);
          }
          SpecViolation.check(submitted.add(name), key, "'" + name + "' is submitted twice");
        }
      }
      job(step.expectScheduled() == null ? null : step.expectScheduled().job(),
          at + "expect-scheduled.job");
      job(step.expectFinished() == null ? null : step.expectFinished().job(),
          at + "expect-finished.job");
      job(step.expectFlag() == null ? null : step.expectFlag().job(), at + "expect-flag.job");
      job(step.expectError() == null ? null : step.expectError().job(), at + "expect-error.job");
      if (step.expectAllScheduled() != null) {
        jobsOrGroups(step.expectAllScheduled().jobs(), at + "expect-all-scheduled.jobs");
      }
      if (step.expectAllFinished() != null) {
        jobsOrGroups(step.expectAllFinished().jobs(), at + "expect-all-finished.jobs");
      }
      sched(step.advance() == null ? null : step.advance().scheduler(),
          at + "advance.scheduler");
      sched(step.fini(), at + "fini");
      entity(step.freeEntity(), at + "free-entity");
      entity(step.killEntity(), at + "kill-entity");
      if (step.setPriority() != null) {
        entity(step.setPriority().entity(), at + "set-priority.entity");
      }
      if (step.modifySched() != null) {
        entity(step.modifySched().entity(), at + "modify-sched.entity");
        step.modifySched().schedulers().forEach(s -> sched(s, at + "modify-sched.schedulers"));
      }
      if (step.waitForClients() != null) {
        step.waitForClients().clients().forEach(c -> Scenario.References.known(clients, c,
            at + "wait-for-clients.clients", "client"));
      }
      if (step.expectClient() != null) {
        Scenario.References.known(clients, step.expectClient().client(),
            at + "expect-client.client", "client");
      }
      cycle(step.cyclePriorities(), at + "cycle-priorities");
      cycle(step.cycleSchedulers(), at + "cycle-schedulers");
      if (step.cycleSchedulers() != null) {
        SpecViolation.check(!step.cycleSchedulers().schedulers().isEmpty(),
            at + "cycle-schedulers.schedulers", "needs at least one scheduler");
      }
    }
  }

  private void jobsOrGroups(List<String> names, String key) {
    if (names == null) {
      return;
    }
    for (int k = 0; k < names.size(); k++) {
      if (!jobs.contains(names.get(k)) && !groups.contains(names.get(k))) {
        Set<String> valid = new HashSet<>(jobs);
        valid.addAll(groups);
        throw Specs.unknown(key + "[" + k + "]", "job or job group", names.get(k), valid);
      }
    }
  }

  private void cycle(Step.Cycle cycle, String key) {
    if (cycle != null) {
      cycle.entities().forEach(e -> entity(e, key + ".entities"));
      cycle.schedulers().forEach(s -> sched(s, key + ".schedulers"));
      job(cycle.untilFinished(), key + ".until-finished");
    }
  }

  private void job(String name, String key) {
    if (name != null) {
      Scenario.References.known(jobs, name, key, "job");
    }
  }

  private void sched(String name, String key) {
    if (name != null) {
      Scenario.References.known(schedulers, name, key, "scheduler");
    }
  }

  private void entity(String name, String key) {
    if (name != null) {
      Scenario.References.known(entities, name, key, "entity");
    }
  }
}
