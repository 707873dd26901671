package org.preemptlab.runner.engine;

/**
 * A plugin broke a rule of the model: a policy selected a job it does not hold, a preemption
 * strategy stopped a block inside a shared-memory, atomic or barrier segment, flushed a kernel that
 * is not idempotent, or a context-save strategy returned a negative size. The run fails with this
 * exception; other runs of a sweep go on.
 */
public final class InvariantViolationException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  InvariantViolationException(String message) {
    super(message);
  }
}
