package org.preemptlab.engine;

/**
 * Test code that breaks the engine module's boundary on purpose: it calls the runner's command
 * line from the engine's package. {@code ArchitectureTest} checks that the module rule reports
 * it; it is never run.
 */
final class ModuleBoundaryViolationFixture {
  private ModuleBoundaryViolationFixture() {}

  static void runTheCommandLineFromTheEngine() {
    org.preemptlab.runner.cli.Main.main(new String[0]);
  }
}
