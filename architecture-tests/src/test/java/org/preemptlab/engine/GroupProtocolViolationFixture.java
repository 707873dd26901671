package org.preemptlab.engine;

/**
 * Test code that breaks the block-group rule on purpose: it follows a block's group link outside
 * block placement's {@code BlockGroups}. {@code ArchitectureTest} checks that the rule reports it;
 * it is never run.
 */
final class GroupProtocolViolationFixture {
  private GroupProtocolViolationFixture() {}

  static boolean leadsAGroup(ResidentBlock block) {
    return block.nextInGroup != null;
  }
}
