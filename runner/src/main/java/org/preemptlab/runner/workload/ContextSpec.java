package org.preemptlab.runner.workload;

import org.preemptlab.api.model.GpuContext;

/**
 * A GPU context of a {@link SyntheticSpec}.
 *
 * @param id unique name, letters, digits, '.', '_' or '-'
 * @param handlesYield whether the application answers user-level yield requests (YAML {@code
 *     handles-yield}, default false)
 */
public record ContextSpec(String id, boolean handlesYield) {

  /** Validates the id. */
  public ContextSpec {
    SpecViolation.required(id, "id");
    try {
      new GpuContext(id, handlesYield);
    } catch (IllegalArgumentException e) {
      throw new SpecViolation("id", e.getMessage());
    }
  }

  /** The model value. */
  public GpuContext toContext() {
    return new GpuContext(id, handlesYield);
  }
}
