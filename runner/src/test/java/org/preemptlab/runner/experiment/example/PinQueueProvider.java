package org.preemptlab.runner.experiment.example;

import java.util.List;
import java.util.Map;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.api.sharing.SharingLayout;
import org.preemptlab.api.sharing.SharingMode;
import org.preemptlab.api.sharing.SharingModeProvider;

/**
 * A sharing mode for the runner's tests: confines one queue to SMs 0 to {@code sms - 1}, without
 * checking the queue (so the runner's own check of a layout shows).
 */
public final class PinQueueProvider implements SharingModeProvider {
  @Override
  public String id() {
    return "pin";
  }

  @Override
  public String description() {
    return "Confines one queue to the first SMs (a test mode)";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.text("queue", "", "the queue to confine; none when empty"),
        ParameterSpec.integer("sms", 1, 1, 100_000, "SMs", "how many SMs, from SM 0"));
  }

  @Override
  public SharingMode create(PluginContext context) {
    String queue = context.parameters().getString("queue");
    int sms = context.parameters().getInt("sms");
    return request -> SharingLayout.ofQueues(null, queue.isEmpty() ? Map.of()
        : Map.of(queue, SmSet.range(0, sms)), List.of(new SharingLayout.Choice("sharing", "pin",
            "one queue on the first " + sms + " SMs", "assumption")));
  }
}
