package org.preemptlab.api.policy;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * The engine's answer to an action a policy asked for: accepted, or refused with the reason.
 * Actions that cannot be taken are answered, never silently ignored.
 *
 * @param accepted whether the engine took the action
 * @param reason why it was refused; empty when accepted
 * @param blocks for a preemption, how many resident blocks it covers; 0 otherwise
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record ActionOutcome(boolean accepted, String reason, int blocks) {

  /** Validates the fields. */
  public ActionOutcome {
    Objects.requireNonNull(reason, "reason");
    checkArgument(accepted == reason.isEmpty(), "an accepted action has no reason, a refused one "
        + "has one");
    checkArgument(blocks >= 0, "blocks must be >= 0, got %s", blocks);
  }

  /** An accepted action (not a preemption). */
  public static ActionOutcome done() {
    return new ActionOutcome(true, "", 0);
  }

  /** An accepted preemption covering {@code blocks} resident blocks. */
  public static ActionOutcome preempting(int blocks) {
    return new ActionOutcome(true, "", blocks);
  }

  /** A refused action. */
  public static ActionOutcome refused(String reason) {
    return new ActionOutcome(false, reason, 0);
  }
}
