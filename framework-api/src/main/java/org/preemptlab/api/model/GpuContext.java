package org.preemptlab.api.model;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * A process's GPU context (address space). Contexts are time-sliced against each other unless the
 * hardware lets them share SMs.
 *
 * @param id unique name of the context
 * @param handlesYield whether the application answers user-level yield requests at its kernels'
 *     yield points
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record GpuContext(String id, boolean handlesYield) {
  /** Validates the id. */
  public GpuContext {
    Ids.check("context", id);
  }
}
