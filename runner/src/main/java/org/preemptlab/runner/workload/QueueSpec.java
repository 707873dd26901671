package org.preemptlab.runner.workload;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.List;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;

/**
 * A queue of a {@link SyntheticSpec}: its place in the model, how its jobs arrive and what kernels
 * they run.
 *
 * @param id unique name
 * @param context the id of its context
 * @param priority its priority (default NORMAL)
 * @param weight nice/weight for weighted policies, at least 1 (default 1)
 * @param engine the engine its jobs run on (default COMPUTE)
 * @param serial whether each job also waits for the previous one (default false)
 * @param credits credits each job holds while dispatched, at least 1 (default 1)
 * @param jobs the most jobs the queue submits, or null for no limit but the spec's duration
 * @param deadline each job's deadline relative to its submission, in ns, or null for none; not
 *     allowed with a closed-loop arrival, whose submission times are only known at run time
 * @param arrival how jobs arrive
 * @param kernels the kernel mix, at least one template
 * @param launchWindow the queue's own in-flight window ({@code launch-window}, XSched's per-XQueue
 *     threshold), at least 1, or null for the engine's {@code engine.launch-window}
 * @param launchBatch the queue's own launch batch ({@code launch-batch}, XSched's per-XQueue batch
 *     size), at least 1 and at most its window, or null for the engine's {@code engine.launch-batch}
 */
public record QueueSpec(
    String id,
    String context,
    Priority priority,
    Integer weight,
    EngineKind engine,
    boolean serial,
    Integer credits,
    Long jobs,
    @JsonSerialize(using = SpecSerializers.DurationText.class)
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long deadline,
    ArrivalSpec arrival,
    List<KernelSpec> kernels,
    Integer launchWindow,
    Integer launchBatch) {

  /** Fills in defaults and validates the fields. */
  public QueueSpec {
    SpecViolation.required(id, "id");
    SpecViolation.required(context, "context");
    priority = priority == null ? Priority.NORMAL : priority;
    weight = weight == null ? 1 : weight;
    engine = engine == null ? EngineKind.COMPUTE : engine;
    credits = credits == null ? 1 : credits;
    SpecViolation.check(weight >= 1, "weight", "must be >= 1, got " + weight);
    SpecViolation.check(credits >= 1, "credits", "must be >= 1, got " + credits);
    SpecViolation.check(jobs == null || jobs >= 1, "jobs", "must be >= 1, got " + jobs);
    SpecViolation.required(arrival, "arrival");
    SpecViolation.check(deadline == null || !(arrival instanceof ArrivalSpec.ClosedLoop),
        "deadline", "not allowed with a closed-loop arrival (submission times are not known "
            + "before the run)");
    SpecViolation.required(kernels, "kernels");
    kernels = List.copyOf(kernels);
    SpecViolation.check(!kernels.isEmpty(), "kernels", "needs at least one kernel template");
    SpecViolation.check(launchWindow == null || launchWindow >= 1, "launch-window",
        "must be >= 1, got " + launchWindow);
    SpecViolation.check(launchBatch == null || launchBatch >= 1, "launch-batch",
        "must be >= 1, got " + launchBatch);
    SpecViolation.check(launchWindow == null || launchBatch == null || launchBatch <= launchWindow,
        "launch-batch", "must not exceed launch-window (" + launchWindow + "), got " + launchBatch);
    try {
      new JobQueue(id, context, priority, weight, engine, serial,
          launchWindow == null ? 0 : launchWindow, launchBatch == null ? 0 : launchBatch);
    } catch (IllegalArgumentException e) {
      throw new SpecViolation("id", e.getMessage());
    }
  }

  /** The model value. */
  public JobQueue toQueue() {
    return new JobQueue(id, context, priority, weight, engine, serial,
        launchWindow == null ? 0 : launchWindow, launchBatch == null ? 0 : launchBatch);
  }
}
