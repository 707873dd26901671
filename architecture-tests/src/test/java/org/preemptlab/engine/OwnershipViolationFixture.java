package org.preemptlab.engine;

/**
 * Test code that breaks the job-state ownership rule on purpose: it writes a field that only the
 * preemptor owns. {@code ArchitectureTest} checks that the rule reports it; it is never run.
 */
final class OwnershipViolationFixture {
  private OwnershipViolationFixture() {}

  static void countAPreemptionBehindThePreemptorsBack(SimJob job) {
    job.preemptions++;
  }
}
