package org.preemptlab.examples.sjf;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Provides the {@code shortest-job-first} policy. Registered in {@code
 * META-INF/services/org.preemptlab.api.policy.SchedulingPolicyProvider}; found by the runner with
 * {@link java.util.ServiceLoader}, so it must be public with a public no-argument constructor.
 * It holds no state: every run gets a fresh {@link ShortestJobFirst} from {@link #create}.
 */
public final class ShortestJobFirstProvider implements SchedulingPolicyProvider {

  /** The policy's id, as written on the command line: {@code --policy shortest-job-first}. */
  public static final String ID = "shortest-job-first";

  /** The name of the aging parameter. */
  public static final String MAX_WAIT = "max-wait";

  private static final long ONE_HOUR_NS = 3_600_000_000_000L;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Dispatches the ready job with the least total work (grid blocks x nominal block time) "
        + "first and gives freed SM slots to the launched job with the least remaining work; "
        + "non-preemptive.";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.duration(MAX_WAIT, 0, 0, ONE_HOUR_NS,
        "A job that has been ready this long is served before shorter ones (aging against "
            + "starvation); 0 turns aging off."));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new ShortestJobFirst(context.parameters().getDurationNs(MAX_WAIT));
  }
}
