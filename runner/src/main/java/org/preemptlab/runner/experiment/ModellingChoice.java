package org.preemptlab.runner.experiment;

import java.util.Objects;

/**
 * One modelling choice that decided a run's results, as its summary and console state it: which
 * mechanism or rule the model applied, and where the rule comes from. The sharing plan gives its
 * own (the sharing mode, how MPS clients are ordered); other parts of the model (the contention
 * rule, the bandwidth used) add theirs to the same list.
 *
 * @param topic what was chosen, e.g. {@code mps client ordering}
 * @param value the choice, e.g. {@code neutral}
 * @param meaning one sentence of what the choice does
 * @param source where the rule comes from (a document, or a section of the project's docs)
 */
public record ModellingChoice(String topic, String value, String meaning, String source) {
  /** Checks that every field is given. */
  public ModellingChoice {
    Objects.requireNonNull(topic, "topic");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(meaning, "meaning");
    Objects.requireNonNull(source, "source");
  }

  /** The choice as one console line: {@code topic: value (meaning; source)}. */
  public String line() {
    return topic + ": " + value + " (" + meaning + "; " + source + ")";
  }
}
