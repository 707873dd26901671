package org.preemptlab.api.hardware;

import org.preemptlab.api.API;

/**
 * How co-resident blocks slow each other down (DESIGN.md §3.5): given the blocks resident in one
 * memory domain (the whole device, or one MIG instance) grouped into classes of equal demand, the
 * rate at which each class progresses, 1 being its undisturbed speed. The engine asks again at
 * every change of residency and moves the affected completions; nothing is stepped in time.
 *
 * <p>A model must be a pure function of its arguments (the same inputs give the same rates) and
 * give every class a rate in {@code (0, 1]}; a class whose demand is 0 never slows down.
 *
 * @since 0.2
 */
@FunctionalInterface
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface ContentionModel {

  /**
   * Fills {@code rates[0..classes)}.
   *
   * @param supplyBytesPerNs the domain's DRAM bandwidth, > 0
   * @param demandBytesPerNs per class, the DRAM demand of one of its blocks at full speed, >= 0
   * @param blocks per class, its resident blocks, >= 1
   * @param classes the number of classes
   * @param rates out: per class, the progress rate in (0, 1]
   */
  void rates(double supplyBytesPerNs, double[] demandBytesPerNs, int[] blocks, int classes,
      double[] rates);

  /**
   * Max-min fair sharing of the bandwidth among blocks (progressive filling): blocks that demand
   * less than an equal share get all they demand, the others split what remains equally, and a
   * block that gets {@code s} of its demand {@code d} progresses at {@code s / d}. When the total
   * demand fits the supply nothing slows down. The bandwidth-sharing rule of flow-level network
   * and memory simulators (SimGrid's max-min solver: Velho and Legrand, "Accuracy study and
   * improvement of network simulation in the SimGrid framework", SIMUTools 2009).
   */
  static ContentionModel maxMinFair() {
    return MaxMinFair.INSTANCE;
  }

  /**
   * The bandwidth this rule shares among the blocks of a domain that is the whole device: by
   * default the datasheet peak ({@link MemorySpec#dramBandwidthBytesPerNs()}). A domain that is a
   * part of the device (a MIG instance) gets the same fraction of it as of the peak.
   *
   * @param memory the device's memory, with a declared peak
   * @since 0.2
   */
  default double supplyBytesPerNs(MemorySpec memory) {
    return memory.dramBandwidthBytesPerNs();
  }

  /**
   * The scale of the DRAM queueing delay this rule adds under load, in ns: that of {@link
   * #memorySystem(double, double)}, 0 for every other rule.
   *
   * @since 0.3
   */
  default double queueingNs() {
    return 0;
  }

  /**
   * The memory system from measurable parameters (docs/model.md, "The memory system"): max-min
   * fair sharing, as {@link #maxMinFair()}, of the device's <em>achievable</em> bandwidth ({@link
   * MemorySpec#achievableBytesPerNs()}, what a streaming benchmark sustains) instead of the
   * datasheet peak. A block's own limit is its program: its duration is its time when its traffic
   * flows at its memory-level-parallelism cap ({@link MemorySpec#blockBytesPerNs}) or less, and a
   * block never runs faster than its program. So a kernel alone moves what its resident blocks keep
   * in flight, at most the achievable bandwidth, and co-runners share the achievable bandwidth:
   * one kernel alone and two side by side come out of the same parameters.
   *
   * @since 0.2
   */
  static ContentionModel memorySystem() {
    return MemorySystemRule.INSTANCE;
  }

  /**
   * {@link #memorySystem()} whose DRAM latency rises with the traffic (loaded latency): each
   * access takes {@code dramLatencyNs + queueingNs x U / (1 - U)}, {@code U} the share of the
   * achievable bandwidth in use (a single-server queue's mean waiting time, M/M/1), and blocks that
   * move DRAM bytes, taken to be latency-bound, progress at {@code dramLatencyNs} over that; the
   * bandwidth they then ask for is shared max-min fairly as by {@link #memorySystem()}. The
   * hardware model key {@code dram-queueing-ns} turns it on (docs/model.md, "The memory system").
   *
   * @param dramLatencyNs the unloaded DRAM latency (a pointer chase), > 0
   * @param queueingNs the queueing delay's scale, > 0: the extra latency at half the achievable
   *     bandwidth
   * @since 0.3
   */
  static ContentionModel memorySystem(double dramLatencyNs, double queueingNs) {
    return new QueueingMemorySystem(dramLatencyNs, queueingNs);
  }
}
