package org.preemptlab.plugins.preemption.instructionlevel;

import java.util.Arrays;
import java.util.List;
import org.preemptlab.api.ConfigurationException;

/**
 * Where the {@code instruction-level} strategy's preemption checks come from: the hardware's
 * native instruction-level preemption, or checks a compiler inserted into the kernel. The id is the
 * value of the strategy's {@code checks} parameter; the level labels the preemptions it serves.
 */
public enum CheckPlacement {
  /** Native instruction-level preemption (Pascal and later): no check instructions, no overhead. */
  HARDWARE("hardware", "instruction"),
  /** A compiled-in check after every instruction. */
  EVERY_INSTRUCTION("every-instruction", "check-every-instruction"),
  /** A compiled-in check after every instruction of a global-memory segment. */
  AFTER_GLOBAL_MEMORY("after-global-memory", "check-after-global-memory"),
  /** A compiled-in check after every N-th instruction of the program (the {@code interval}). */
  EVERY_N("every-n", "check-every-n");

  private final String id;
  private final String level;

  CheckPlacement(String id, String level) {
    this.id = id;
    this.level = level;
  }

  /** The parameter value, e.g. {@code "every-n"}. */
  public String id() {
    return id;
  }

  /** The level label of the preemptions this placement serves, e.g. {@code "check-every-n"}. */
  public String level() {
    return level;
  }

  /** Every parameter value, in declaration order. */
  public static List<String> ids() {
    return Arrays.stream(values()).map(CheckPlacement::id).toList();
  }

  /**
   * The placement with {@code id}.
   *
   * @throws ConfigurationException naming the valid values if there is none
   */
  public static CheckPlacement of(String id) {
    for (CheckPlacement placement : values()) {
      if (placement.id.equals(id)) {
        return placement;
      }
    }
    throw ConfigurationException.unknown("check placement", id, ids());
  }
}
