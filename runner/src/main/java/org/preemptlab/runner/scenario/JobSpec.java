package org.preemptlab.runner.scenario;

import static org.preemptlab.runner.workload.SpecViolation.check;
import static org.preemptlab.runner.workload.SpecViolation.required;

import java.util.ArrayList;
import java.util.List;

/**
 * One job, or a group of {@code count} jobs named {@code name0}, {@code name1}, ... Job i of a
 * group goes to {@code entities[i % n]}.
 *
 * @param name the job's name, or the group's prefix
 * @param count how many jobs the entry makes; absent for one job named {@code name}
 * @param entity the entity of every job (give this or {@code entities})
 * @param entities the entities job i cycles through (give this or {@code entity})
 * @param credits credits per job, 1 by default; 0 makes {@code drm_sched_job_init} fail with
 *     -EINVAL, which the job's outcome reports
 * @param duration how long the mock runs the job, e.g. {@code 1000us}; 0 (the default) blocks the
 *     scheduler's timeline until advanced
 * @param dependsOn fences of other jobs this job (every job of the group) waits for; in a group,
 *     {@code {i}} in a job name stands for the job's index, so job i of the group can wait for
 *     job i of another group ({@code {job: "x{i}"}})
 * @param chain with {@code count}: job i > 0 also depends on this fence of job i-1
 * @param flags mock job flags
 * @param window with {@code count}: at most this many jobs of the group are submitted and not yet
 *     done; job i + window is submitted when job i is done (the KUnit interleaved worker)
 * @param kernel on SM hardware (a model that is not a serial timeline), the kernel the job runs;
 *     required there, refused on a serial timeline (which runs {@code duration})
 * @param hang with {@code kernel}: the kernel's blocks never finish (a hung kernel), so only the
 *     scheduler's timeout and its reset end the job; false by default
 */
public record JobSpec(String name, Integer count, String entity, List<String> entities,
    Long credits, String duration, List<DependencySpec> dependsOn, DependencySpec.Fence chain,
    List<Flag> flags, Integer window, KernelShape kernel, Boolean hang) {

  /** In a group's dependency, the job's index. */
  static final String INDEX = "{i}";

  /** Flags of a mock job. */
  public enum Flag {
    /** {@code DRM_MOCK_SCHED_JOB_DONT_RESET}: the mock's timeout handler answers NO_HANG. */
    DONT_RESET
  }

  /** Fills defaults and checks values. */
  public JobSpec {
    required(name, "name");
    check(count == null || count >= 1, "count", "must be >= 1, got " + count);
    check(entity == null || entities == null, "entities", "give 'entity' or 'entities', "
        + "not both");
    check(entity != null || entities != null, "entity", "is required");
    entities = entity != null ? List.of(entity) : List.copyOf(entities);
    check(!entities.isEmpty(), "entities", "needs at least one entity");
    credits = credits == null ? 1L : credits;
    check(credits >= 0 && credits <= SchedulerSpec.U32_MAX, "credits",
        "must be in [0, 4294967295], got " + credits);
    duration = duration == null ? "0" : duration;
    Specs.duration(duration, "duration", 0);
    dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
    check(chain == null || count != null, "chain", "needs 'count'");
    check(count != null || dependsOn.stream().noneMatch(d -> d.job().contains(INDEX)),
        "depends-on", "'" + INDEX + "' needs 'count'");
    flags = flags == null ? List.of() : List.copyOf(flags);
    check(window == null || count != null, "window", "needs 'count'");
    check(window == null || window >= 1, "window", "must be >= 1, got " + window);
    hang = hang != null && hang;
    check(!hang || kernel != null, "hang", "needs 'kernel' (a hung kernel's blocks never "
        + "finish; on a serial timeline a job of duration 0 waits until advanced)");
    check(kernel == null || duration.equals("0"), "duration", "give 'duration' (a serial "
        + "timeline) or 'kernel' (SM hardware), not both");
  }

  /** The job's duration in ns. */
  public long durationNs() {
    return Specs.duration(duration, "duration", 0);
  }

  /** One concrete job. */
  public record Instance(String name, String entity, List<DependencySpec> dependsOn,
      String windowPredecessor) {}

  /** The jobs this entry makes, in order. */
  public List<Instance> instances() {
    if (count == null) {
      return List.of(new Instance(name, entities.get(0), dependsOn, null));
    }
    List<Instance> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      List<DependencySpec> deps = new ArrayList<>();
      for (DependencySpec dep : dependsOn) {
        deps.add(new DependencySpec(dep.job().replace(INDEX, Integer.toString(i)), dep.fence()));
      }
      if (chain != null && i > 0) {
        deps.add(new DependencySpec(name + (i - 1), chain));
      }
      String predecessor = window != null && i >= window ? name + (i - window) : null;
      out.add(new Instance(name + i, entities.get(i % entities.size()), deps, predecessor));
    }
    return out;
  }
}
