package org.preemptlab.api.preemption;

import org.preemptlab.api.API;

/**
 * Decides how many bytes a stopped block writes when it saves its context, and how many it reads
 * back when it resumes. One instance per run.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface ContextSaveStrategy {

  /** Bytes written to save the block stopped at {@code point}; at least 0. */
  long bytesToSave(StopPoint point);

  /** Bytes read to restore it; by default the bytes saved. */
  default long bytesToRestore(StopPoint point) {
    return bytesToSave(point);
  }
}
