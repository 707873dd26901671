package org.preemptlab.engine;

import java.util.Objects;
import java.util.Optional;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.ExpectedWork;
import org.preemptlab.api.application.MemoryDemand;

/**
 * One application of a run, as the engine hosts it: the instance, the name its messages use and
 * the contexts and queues it declared (asked once, by {@link #of}). Its queues must be among the
 * workload's the {@link Simulator} is given: the run's configuration adds them before the engine
 * starts, so that every part of the engine (and every isolated run) sees one list of queues.
 *
 * @param name how messages name it, e.g. {@code applications[0] 'training-loop'}
 * @param application the instance, fresh for this run
 * @param resources its contexts and queues
 */
public record RunApplication(String name, Application application,
    ApplicationResources resources) {

  /** Checks that nothing is null. */
  public RunApplication {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(application, "application");
    Objects.requireNonNull(resources, "resources");
  }

  /**
   * Asks {@code application} for its resources.
   *
   * @throws ApplicationFailure if {@code resources()} throws or returns null
   */
  public static RunApplication of(String name, Application application) {
    ApplicationResources resources;
    try {
      resources = application.resources();
    } catch (RuntimeException e) {
      throw new ApplicationFailure(name, "resources()", e);
    }
    if (resources == null) {
      throw new ApplicationFailure(name, "resources()",
          new NullPointerException("resources() returned null"));
    }
    return new RunApplication(name, application, resources);
  }

  /**
   * The jobs and blocks the application expects to submit ({@link Application#expectedWork()}).
   *
   * @throws ApplicationFailure if it throws or returns null
   */
  public ExpectedWork expectedWork() {
    ExpectedWork expected;
    try {
      expected = application.expectedWork();
    } catch (RuntimeException e) {
      throw new ApplicationFailure(name, "expectedWork()", e);
    }
    if (expected == null) {
      throw new ApplicationFailure(name, "expectedWork()",
          new NullPointerException("expectedWork() returned null"));
    }
    return expected;
  }

  /**
   * The device memory the application holds ({@link Application#memoryDemand()}).
   *
   * @throws ApplicationFailure if it throws or returns null
   */
  public Optional<MemoryDemand> memoryDemand() {
    Optional<MemoryDemand> demand;
    try {
      demand = application.memoryDemand();
    } catch (RuntimeException e) {
      throw new ApplicationFailure(name, "memoryDemand()", e);
    }
    if (demand == null) {
      throw new ApplicationFailure(name, "memoryDemand()",
          new NullPointerException("memoryDemand() returned null"));
    }
    return demand;
  }
}
