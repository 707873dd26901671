package org.preemptlab.applications.llm;

import java.util.List;
import java.util.Map;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.testkit.conformance.ApplicationConformance;

/** {@code llm-serving} keeps the application contract, with and without chunked prefill. */
class LlmServingConformanceTest extends ApplicationConformance<LlmServingProvider> {

  @Override
  protected DeviceSpec device() {
    return H200.DEVICE;
  }

  @Override
  protected List<Map<String, String>> parameterSets() {
    return List.of(Map.of("arrival-rate", "20", "duration", "1s"),
        Map.of("arrival-rate", "20", "duration", "1s", "scheduler", "sarathi",
            "max-batch-tokens", "512"),
        Map.of("arrival-rate", "20", "duration", "1s", "scheduler", "vllm-v0",
            "preemption-mode", "swap", "kv-cache-bytes", "2147483648"));
  }
}
