package org.preemptlab.runner.scenario;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.Priority;

/**
 * One step of a scenario file as written: exactly one key is given, and {@link #toStep()} turns it
 * into the {@link Step} the script runs.
 *
 * @param submit arm and push these jobs or job groups, in order
 * @param sleep let this much time pass
 * @param expectScheduled {@code wait_scheduled(job, within)} must return {@code value}
 * @param expectFinished {@code wait_finished(job, within)} must return {@code value}
 * @param advance {@code drm_mock_sched_advance(scheduler, count)}, optionally checking its result
 * @param expectFlag a mock job flag must have {@code value}
 * @param expectError a fence of a job must carry {@code error}
 * @param expectAllScheduled every job of these jobs or groups is scheduled within a timeout
 * @param expectAllFinished every job of these jobs or groups is finished ({@code is_finished})
 *     within a timeout
 * @param freeEntity {@code drm_sched_entity_destroy}: wait until the entity's queue is empty, then
 *     kill it
 * @param killEntity {@code drm_sched_entity_kill}
 * @param setPriority {@code drm_sched_entity_set_priority}
 * @param modifySched {@code drm_sched_entity_modify_sched}
 * @param fini {@code drm_sched_fini} of this scheduler
 * @param cyclePriorities repeat: set the next entity's priority to the next lower one (wrapping),
 *     sleep, until a job is finished (KUnit drm_sched_change_priority)
 * @param cycleSchedulers repeat: sleep, move the next entity to the next scheduler, until a job is
 *     finished (KUnit drm_sched_test_modify_sched)
 * @param waitForClients wait until clients ran all their cycles and their last jobs finished
 * @param expectClient a client's statistic must lie within bounds
 */
public record StepSpec(List<String> submit, String sleep, Step.Wait expectScheduled,
    Step.Wait expectFinished, Step.Advance advance, Step.FlagCheck expectFlag,
    Step.ErrorCheck expectError, Step.AllWait expectAllScheduled, Step.AllWait expectAllFinished,
    String freeEntity, String killEntity, Step.SetPriority setPriority,
    Step.ModifySched modifySched, String fini, Step.Cycle cyclePriorities,
    Step.Cycle cycleSchedulers, Step.ClientWait waitForClients, Step.ClientCheck expectClient) {

  /** Checks the sleep's duration; {@link #actions()} is checked with the scenario. */
  public StepSpec {
    if (sleep != null) {
      Specs.duration(sleep, "sleep", 0);
    }
  }

  /** The keys given, in declaration order: a valid step has exactly one. */
  public List<String> actions() {
    List<String> given = new ArrayList<>();
    add(given, submit, "submit");
    add(given, sleep, "sleep");
    add(given, expectScheduled, "expect-scheduled");
    add(given, expectFinished, "expect-finished");
    add(given, advance, "advance");
    add(given, expectFlag, "expect-flag");
    add(given, expectError, "expect-error");
    add(given, expectAllScheduled, "expect-all-scheduled");
    add(given, expectAllFinished, "expect-all-finished");
    add(given, freeEntity, "free-entity");
    add(given, killEntity, "kill-entity");
    add(given, setPriority, "set-priority");
    add(given, modifySched, "modify-sched");
    add(given, fini, "fini");
    add(given, cyclePriorities, "cycle-priorities");
    add(given, cycleSchedulers, "cycle-schedulers");
    add(given, waitForClients, "wait-for-clients");
    add(given, expectClient, "expect-client");
    return given;
  }

  private static void add(List<String> given, Object value, String key) {
    if (value != null) {
      given.add(key);
    }
  }

  /**
   * The step this entry describes; call on a validated entry (exactly one key given).
   *
   * @throws IllegalStateException if no key is given
   */
  public Step toStep() {
    if (submit != null) {
      return new Step.Submit(submit);
    } else if (sleep != null) {
      return new Step.Sleep(Specs.duration(sleep, "sleep", 0));
    } else if (expectScheduled != null) {
      return new Step.ExpectScheduled(expectScheduled);
    } else if (expectFinished != null) {
      return new Step.ExpectFinished(expectFinished);
    } else if (advance != null) {
      return advance;
    } else if (expectFlag != null) {
      return expectFlag;
    } else if (expectError != null) {
      return expectError;
    } else if (expectAllScheduled != null) {
      return new Step.ExpectAllScheduled(expectAllScheduled);
    } else if (expectAllFinished != null) {
      return new Step.ExpectAllFinished(expectAllFinished);
    } else if (freeEntity != null) {
      return new Step.FreeEntity(freeEntity);
    } else if (killEntity != null) {
      return new Step.KillEntity(killEntity);
    } else if (setPriority != null) {
      return setPriority;
    } else if (modifySched != null) {
      return modifySched;
    } else if (fini != null) {
      return new Step.Fini(fini);
    } else if (cyclePriorities != null) {
      return new Step.CyclePriorities(cyclePriorities);
    } else if (cycleSchedulers != null) {
      return new Step.CycleSchedulers(cycleSchedulers);
    } else if (waitForClients != null) {
      return new Step.WaitForClients(waitForClients);
    } else if (expectClient != null) {
      return expectClient;
    }
    throw new IllegalStateException("a step needs one action");
  }
}
