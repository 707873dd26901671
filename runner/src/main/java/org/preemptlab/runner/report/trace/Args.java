package org.preemptlab.runner.report.trace;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/** Writes the fields of one event's {@code args} object. */
@FunctionalInterface
interface Args {
  /** No arguments. */
  Args NONE = json -> { };

  /** Writes the fields into the open {@code args} object. */
  void write(JsonGenerator json) throws IOException;
}
