package org.preemptlab.runner.reproduce;

import java.util.List;
import java.util.Optional;

/** Every reproduction {@code preemptlab reproduce} knows, in listing order. */
public final class Reproductions {
  private Reproductions() {}

  /** All reproductions. Add a new one to this list. */
  public static List<Reproduction> all() {
    return List.of(
        // entries: one per line
        new DrmKunitReproduction(),
        new GPreempt(),
        new Chimera(),
        new Reef(),
        new LinSc16(),
        new XSchedLevels(),
        new XSchedPolicies(),
        new Orion(),
        new SeedGranularity(),
        new H200E1Calibration()
    );
  }

  /** The reproduction with this id. */
  public static Optional<Reproduction> find(String id) {
    return all().stream().filter(r -> r.id().equals(id)).findFirst();
  }
}
