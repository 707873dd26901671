package org.preemptlab.engine;

/**
 * Test code that breaks the shared-state owner rule on purpose: a state class whose mutable field
 * names no owner. {@code ArchitectureTest} checks that the rule reports it; it is never run.
 */
final class UnownedFieldFixture {
  int changedByAnyone;
  @OwnedBy(Launcher.class) int changedByTheLauncher;
  final int fixed = 1;
}
