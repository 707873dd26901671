package org.preemptlab.api.metrics;

import java.util.Map;
import org.preemptlab.api.API;

/**
 * Implemented by an application <em>instance</em> that writes tidy tables of its own into the
 * run's output folder (one row per request of a server, for example), beside the runner's {@code
 * jobs.csv}: asked once, after the simulation has ended, as {@link MetricReporter} is. The runner
 * writes each file as {@code <label>/<name>} in the folder of {@code preemptlab run --out}, {@code
 * <label>} being the application's label in the run ({@code llm-serving}, {@code
 * llm-serving-2}, ...).
 *
 * @since 0.3
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public interface WritesRunFiles {

  /**
   * Each file's plain name ({@code requests.csv}: letters, digits, dots, dashes and underscores,
   * not starting with a dot) and its whole text, in the order to write them; never null.
   */
  Map<String, String> runFiles();
}
