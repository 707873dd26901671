package org.preemptlab.runner.scenario;

import static org.preemptlab.runner.workload.SpecViolation.check;
import static org.preemptlab.runner.workload.SpecViolation.required;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.Priority;

/**
 * One step of a scenario's script, run in order by a simulated test thread (as a KUnit test body).
 * Waiting steps ({@link Sleep}, {@link ExpectScheduled}, {@link ExpectFinished}, the all-waits,
 * {@link FreeEntity}, the cycles) let simulated time pass; the others act at once. A scenario file
 * writes each as an entry with one key ({@link StepSpec}).
 */
public sealed interface Step {

  /** Arm and push these jobs or job groups, in order. */
  record Submit(List<String> jobs) implements Step {
    /** Copies the list. */
    public Submit {
      jobs = List.copyOf(jobs);
    }
  }

  /** Let this much time pass. */
  record Sleep(long ns) implements Step {}

  /** {@code wait_scheduled(job, within)} must return the wait's value. */
  record ExpectScheduled(Wait until) implements Step {}

  /** {@code wait_finished(job, within)} must return the wait's value. */
  record ExpectFinished(Wait until) implements Step {}

  /** Every job of these jobs or groups is scheduled within a timeout. */
  record ExpectAllScheduled(AllWait until) implements Step {}

  /** Every job of these jobs or groups is finished ({@code is_finished}) within a timeout. */
  record ExpectAllFinished(AllWait until) implements Step {}

  /**
   * Wait until these clients (all when the list is empty) ran their cycles and their last jobs
   * finished, as the kernel's client tests wait for every {@code client->done}.
   */
  record WaitForClients(ClientWait until) implements Step {}

  /** {@code drm_sched_entity_destroy}: wait until the entity's queue is empty, then kill it. */
  record FreeEntity(String entity) implements Step {}

  /** {@code drm_sched_entity_kill}. */
  record KillEntity(String entity) implements Step {}

  /** {@code drm_sched_fini} of this scheduler. */
  record Fini(String scheduler) implements Step {}

  /**
   * Repeat: set the next entity's priority to the next lower one (wrapping), sleep, until a job is
   * finished (KUnit drm_sched_change_priority).
   */
  record CyclePriorities(Cycle cycle) implements Step {}

  /**
   * Repeat: sleep, move the next entity to the next scheduler, until a job is finished (KUnit
   * drm_sched_test_modify_sched).
   */
  record CycleSchedulers(Cycle cycle) implements Step {}

  /**
   * A wait with a timeout and its expected result.
   *
   * @param job the job
   * @param within the timeout, e.g. {@code 1s}
   * @param value the expected result (default true)
   */
  public record Wait(String job, String within, Boolean value) {
    /** Checks values. */
    public Wait {
      required(job, "job");
      Specs.duration(required(within, "within"), "within", 0);
      value = value == null || value;
    }

    /** The timeout in ns. */
    public long withinNs() {
      return Specs.duration(within, "within", 0);
    }
  }

  /**
   * A wait for every job of several jobs or job groups.
   *
   * @param jobs the jobs or groups
   * @param within how long to wait at most (default 0: check once the current instant's work
   *     is done)
   */
  public record AllWait(List<String> jobs, String within) {
    /** Checks values. */
    public AllWait {
      jobs = List.copyOf(required(jobs, "jobs"));
      check(!jobs.isEmpty(), "jobs", "needs at least one job or group");
      within = within == null ? "0" : within;
      Specs.duration(within, "within", 0);
    }

    /** The timeout in ns. */
    public long withinNs() {
      return Specs.duration(within, "within", 0);
    }
  }

  /**
   * Advances a scheduler's mock timeline.
   *
   * @param scheduler the scheduler
   * @param count how many hardware seqnos to advance (default 1)
   * @param expect the expected number of jobs completed, if checked
   */
  public record Advance(String scheduler, Integer count, Integer expect) implements Step {
    /** Checks values. */
    public Advance {
      required(scheduler, "scheduler");
      count = count == null ? 1 : count;
      check(count >= 0, "count", "must be >= 0, got " + count);
    }
  }

  /** The mock job flags. */
  public enum MockFlag {
    /** Completed by the mock timeline. */
    DONE,
    /** Its timeout handler reset it. */
    TIMEDOUT,
    /** Its timeout handler answered NO_HANG (DONT_RESET). */
    RESET_SKIPPED
  }

  /**
   * A flag check.
   *
   * @param job the job
   * @param flag the flag
   * @param value whether it must be set (default true)
   */
  public record FlagCheck(String job, MockFlag flag, Boolean value) implements Step {
    /** Checks values. */
    public FlagCheck {
      required(job, "job");
      required(flag, "flag");
      value = value == null || value;
    }
  }

  /** Which fence an error check reads. */
  public enum FenceKind {
    /** The hardware fence returned by {@code run_job}. */
    HARDWARE,
    /** The scheduler's finished fence. */
    FINISHED
  }

  /**
   * A fence error check.
   *
   * @param job the job
   * @param fence which fence (default finished)
   * @param error the expected error, {@code NONE} for none
   */
  public record ErrorCheck(String job, FenceKind fence, FenceError error) implements Step {
    /** Checks values. */
    public ErrorCheck {
      required(job, "job");
      fence = fence == null ? FenceKind.FINISHED : fence;
      required(error, "error");
    }
  }

  /**
   * A priority change.
   *
   * @param entity the entity
   * @param priority its new priority
   */
  public record SetPriority(String entity, Priority priority) implements Step {
    /** Checks values. */
    public SetPriority {
      required(entity, "entity");
      required(priority, "priority");
    }
  }

  /**
   * A new scheduler list for an entity.
   *
   * @param entity the entity
   * @param schedulers its new {@code sched_list}
   */
  public record ModifySched(String entity, List<String> schedulers) implements Step {
    /** Checks values. */
    public ModifySched {
      required(entity, "entity");
      schedulers = List.copyOf(required(schedulers, "schedulers"));
      check(!schedulers.isEmpty(), "schedulers", "needs at least one scheduler");
    }
  }

  /**
   * A repeated change until a job is finished.
   *
   * @param entities the entities changed in turn
   * @param schedulers for cycle-schedulers: the schedulers assigned in turn
   * @param every the sleep of each iteration (default 350us, the middle of usleep_range(200,
   *     500))
   * @param untilFinished the job whose completion ends the loop
   */
  public record Cycle(List<String> entities, List<String> schedulers, String every,
      String untilFinished) {
    /** Checks values. */
    public Cycle {
      entities = List.copyOf(required(entities, "entities"));
      check(!entities.isEmpty(), "entities", "needs at least one entity");
      schedulers = schedulers == null ? List.of() : List.copyOf(schedulers);
      every = every == null ? "350us" : every;
      check(Specs.duration(every, "every", 0) > 0, "every", "must be > 0");
      required(untilFinished, "until-finished");
    }

    /** The period in ns. */
    public long everyNs() {
      return Specs.duration(every, "every", 0);
    }
  }

  /**
   * A wait for clients.
   *
   * @param clients the clients; empty or absent for every client
   * @param within how long to wait at most (default: without limit; a client that never ends
   *     leaves the script blocked, which fails the run's "the script completes")
   */
  record ClientWait(List<String> clients, String within) {
    /** Checks values. */
    public ClientWait {
      clients = clients == null ? List.of() : List.copyOf(clients);
      if (within != null) {
        Specs.duration(within, "within", 0);
      }
    }

    /** The timeout in ns ({@link Long#MAX_VALUE} when none is given). */
    public long withinNs() {
      return within == null ? Long.MAX_VALUE : Specs.duration(within, "within", 0);
    }
  }

  /**
   * An assertion on a client's statistics now: {@code min <= value <= max}.
   *
   * @param client the client
   * @param metric the statistic (µs for times)
   * @param min the lowest value allowed, if bounded below
   * @param max the highest value allowed, if bounded above
   */
  record ClientCheck(String client, ClientMetric metric, Double min, Double max)
      implements Step {
    /** Checks values. */
    public ClientCheck {
      required(client, "client");
      required(metric, "metric");
      check(min != null || max != null, "min", "give 'min', 'max' or both");
      check(min == null || max == null || min <= max, "max",
          "must be >= min, got " + max + " < " + min);
    }
  }
}
