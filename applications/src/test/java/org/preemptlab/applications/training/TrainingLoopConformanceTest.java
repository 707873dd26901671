package org.preemptlab.applications.training;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.testkit.conformance.ApplicationConformance;

/** {@code training-loop} keeps the application contract, by iterations and by duration. */
class TrainingLoopConformanceTest extends ApplicationConformance<TrainingLoopProvider> {

  @Override
  protected List<Map<String, String>> parameterSets() {
    Map<String, String> byIterations = new HashMap<>();
    for (String phase : TrainingLoopProvider.PHASES) {
      byIterations.put(phase + "-grid", "60");
      byIterations.put(phase + "-threads", "256");
      byIterations.put(phase + "-registers", "64");
      byIterations.put(phase + "-block-time", "80us");
    }
    Map<String, String> byDuration = new HashMap<>(byIterations);
    byDuration.put("duration", "50ms");
    byDuration.put("forward-kernels", "3");
    return List.of(byIterations, byDuration);
  }
}
