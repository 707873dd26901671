package org.preemptlab.plugins.preemption.useryield;

import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Durations;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProviderBase;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;

/**
 * Provides the {@code user-yield} preemption strategy ({@link UserYieldStrategy}). Parameters:
 * {@code delivery}, {@code poll-interval}, {@code poll-cost}, {@code interrupt-latency}.
 */
public final class UserYieldStrategyProvider extends PluginProviderBase<PreemptionPointStrategy>
    implements PreemptionStrategyProvider {
  /** The plugin id. */
  public static final String ID = "user-yield";
  /** How requests reach the block: polling or interrupt. */
  public static final String DELIVERY = "delivery";
  /** Executed time between polls of the yield flag; 0 = at every yield point. */
  public static final String POLL_INTERVAL = "poll-interval";
  /** Execution time of one poll. */
  public static final String POLL_COST = "poll-cost";
  /** Delivery delay of an interrupt. */
  public static final String INTERRUPT_LATENCY = "interrupt-latency";
  /** Default interrupt latency: XSched's Lv3 (interrupt) P99 preemption latency on GV100. */
  public static final long DEFAULT_INTERRUPT_LATENCY_NS = 32_000;

  private static final long MAX_NS = 1_000_000_000L;
  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.choice(DELIVERY, UserYieldStrategy.Delivery.POLLING.id(),
          UserYieldStrategy.Delivery.ids(),
          "polling = the kernel reads a yield flag in global memory; interrupt = the request"
          + " arrives after interrupt-latency at no execution cost"),
      ParameterSpec.duration(POLL_INTERVAL, 0, 0, MAX_NS,
          "executed time between two polls of the yield flag; 0 = read it at every yield point"),
      ParameterSpec.duration(POLL_COST, 0, 0, MAX_NS,
          "execution time one poll adds (at each yield point when poll-interval is 0); below"
          + " poll-interval"),
      ParameterSpec.duration(INTERRUPT_LATENCY, DEFAULT_INTERRUPT_LATENCY_NS, 0, MAX_NS,
          "with delivery=interrupt: time from the SMs seeing the request to the block noticing"
          + " it (default: XSched Lv3 P99 on GV100)"));

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public UserYieldStrategyProvider() {
    super(ID,
        "Blocks of yielding contexts stop at their next user yield point; others drain.",
        PARAMETERS);
  }

  /**
   * {@inheritDoc}
   *
   * @throws ConfigurationException if a positive poll interval is not longer than the poll cost
   */
  @Override
  public PreemptionPointStrategy create(PluginContext context) {
    Parameters p = context.parameters();
    long interval = p.getDurationNs(POLL_INTERVAL);
    long cost = p.getDurationNs(POLL_COST);
    if (interval > 0 && cost >= interval) {
      throw new ConfigurationException("preemption '" + ID + "': poll-cost "
          + Durations.format(cost) + " must be below poll-interval " + Durations.format(interval)
          + "; lower preemption.poll-cost or raise preemption.poll-interval");
    }
    return new UserYieldStrategy(UserYieldStrategy.Delivery.of(p.getString(DELIVERY)), interval,
        cost, p.getDurationNs(INTERRUPT_LATENCY));
  }
}
