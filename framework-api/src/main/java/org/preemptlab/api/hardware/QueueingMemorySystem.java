package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

/**
 * {@link ContentionModel#memorySystem(double, double)}: the memory system whose latency rises with
 * its utilisation (loaded latency), then max-min fair sharing of the achievable bandwidth.
 *
 * <p>Every class that moves DRAM bytes is taken to be latency-bound: its program's time is its
 * traffic at its unloaded cap (bytes in flight over {@code latencyNs}), so when each access takes
 * {@code latencyNs + queueing(U)} it progresses at {@code f = latencyNs / (latencyNs +
 * queueing(U))}. The queueing delay has the form of a single-server queue's mean waiting time,
 * {@code queueing(U) = queueingNs x U / (1 - U)} (M/M/1; the Pollaczek-Khinchine mean waiting
 * time of M/D/1 is the same form with half the scale: Kleinrock, "Queueing Systems, Volume 1",
 * 1975, chapter 3 on M/M/1 and chapter 5 on M/G/1 and its Pollaczek-Khinchine mean-value
 * formula), where {@code U} is the bandwidth the classes then move over the
 * domain's supply. {@code f} is the fixed point of these two relations (found by bisection; {@code
 * f} is unique because the left side grows and the right side falls with it). The classes'
 * demands scaled by {@code f} are then shared max-min fairly over the supply, as {@link
 * ContentionModel#maxMinFair()} does, so the supply still binds. Classes without DRAM demand run
 * at rate 1.
 */
record QueueingMemorySystem(double latencyNs, double queueingNs) implements ContentionModel {

  /** Bisection steps: the rate is then exact to about 1e-15, far below a ns of progress. */
  private static final int STEPS = 60;

  QueueingMemorySystem {
    checkArgument(Double.isFinite(latencyNs) && latencyNs > 0,
        "the memory system's queueing needs a DRAM latency > 0 ns, got %s", latencyNs);
    checkArgument(Double.isFinite(queueingNs) && queueingNs > 0,
        "the queueing delay scale must be > 0 ns, got %s", queueingNs);
  }

  @Override
  public void rates(double supplyBytesPerNs, double[] demandBytesPerNs, int[] blocks, int classes,
      double[] rates) {
    double total = 0;
    for (int c = 0; c < classes; c++) {
      total += demandBytesPerNs[c] * blocks[c];
    }
    double f = total > 0 ? latencyFactor(total / supplyBytesPerNs) : 1.0;
    double[] scaled = new double[classes];
    for (int c = 0; c < classes; c++) {
      scaled[c] = demandBytesPerNs[c] * f;
    }
    MaxMinFair.INSTANCE.rates(supplyBytesPerNs, scaled, blocks, classes, rates);
    for (int c = 0; c < classes; c++) {
      if (demandBytesPerNs[c] > 0) {
        rates[c] = Math.max(Double.MIN_NORMAL, rates[c] * f);
      }
    }
  }

  /**
   * The rate {@code f} at which latency-bound blocks progress when, at full speed, they would ask
   * for {@code load} times the supply: the root of {@code f (latency + queueing(min(f load, 1)))
   * = latency}, where {@code queueing(U) = queueingNs U / (1 - U)}; at {@code U >= 1} the delay is
   * unbounded, so the root has {@code f load < 1}.
   */
  double latencyFactor(double load) {
    double low = 0;
    double high = 1;
    for (int i = 0; i < STEPS; i++) {
      double f = (low + high) / 2;
      double u = f * load;
      boolean tooFast = u >= 1 || f * (latencyNs + queueingNs * u / (1 - u)) > latencyNs;
      if (tooFast) {
        high = f;
      } else {
        low = f;
      }
    }
    return low > 0 ? low : high;
  }

  @Override
  public double supplyBytesPerNs(MemorySpec memory) {
    return MemorySystemRule.INSTANCE.supplyBytesPerNs(memory);
  }
}
