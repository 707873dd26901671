package org.preemptlab.lab.reproduce;

import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;

/**
 * A preemption-point strategy and context-save strategy with their parameters, applied to a run
 * configuration through {@link Overrides} exactly as {@code --preemption ID --set
 * preemption.K=V} would.
 *
 * @param label how tables and charts name it
 * @param preemption the preemption-point strategy's id
 * @param parameters its parameter values
 * @param contextSave the context-save strategy's id
 */
record Mechanism(String label, String preemption, Map<String, String> parameters,
    String contextSave) {

  /** Copies the parameters into name order. */
  Mechanism {
    parameters = java.util.Collections.unmodifiableMap(new TreeMap<>(parameters));
  }

  /** A strategy with parameters and a full context save. */
  static Mechanism of(String label, String preemption, Map<String, String> parameters) {
    return new Mechanism(label, preemption, parameters, "full");
  }

  /** The same strategy with another context-save strategy. */
  Mechanism saving(String save, String newLabel) {
    return new Mechanism(newLabel, preemption, parameters, save);
  }

  /** {@code base} with this mechanism's plugins and parameters. */
  RunConfig apply(RunConfig base) {
    RunConfig config = Overrides.choose(base, "preemption", preemption);
    config = Overrides.choose(config, "context-save", contextSave);
    for (Map.Entry<String, String> p : parameters.entrySet()) {
      config = Overrides.set(config, "preemption." + p.getKey() + "=" + p.getValue());
    }
    return config;
  }

  /** {@code id k=v ...} as a command line would write it. */
  String describe() {
    StringBuilder sb = new StringBuilder(preemption);
    parameters.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
    return sb.append(", save ").append(contextSave).toString();
  }
}
