package org.preemptlab.api.hardware;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.preemptlab.api.API;

/**
 * A hardware model: a device and the functions that turn hardware actions into time. Only {@link
 * #device()} is abstract; the defaults charge the fixed costs of {@link DeviceCosts} and give each
 * SM an equal share of the device's save and restore bandwidth, since all SMs save at once when a
 * context is preempted.
 *
 * <p>The engine asks for every cost through the methods that take a {@link RandomGenerator}: it
 * passes the stream it got from {@link #newCostStream()} at the start of each simulation, so a
 * model whose costs are distributions ({@link CostDistribution}) draws them deterministically per
 * seed, and a model of fixed costs never draws at all. The two-argument {@link #saveNs(long, int)}
 * and {@link #restoreNs(long, int)} are the typical (median) costs, for plugins that estimate.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface HardwareModel {

  /** The device this model describes. Never null. */
  DeviceSpec device();

  /**
   * Typical time to save {@code bytes} of state held by {@code threads} resident threads on one SM.
   *
   * @param bytes bytes written, at least 0
   * @param threads the threads whose state it is, at least 0
   */
  default long saveNs(long bytes, int threads) {
    DeviceSpec d = device();
    double perSm = d.costs().saveBandwidthBytesPerNs() / d.smCount();
    return d.costs().saveFixedNs() + (long) Math.ceil(bytes / perSm);
  }

  /**
   * The SM clock the device holds under sustained load, in MHz: what turns a block time given in
   * cycles (a workload's {@code block-cycles}) into ns. A kernel that spins for a number of cycles
   * runs longer when the device runs below its {@link DeviceSpec#clockMhz() maximum clock}. The
   * default is that maximum clock; a model that knows its clock under load returns it (at most
   * the maximum). Costs given in cycles ({@link DeviceCosts#preemptionCheckCycles()}) still
   * convert at {@link DeviceSpec#cyclesToNs(double)}.
   *
   * @since 0.2
   */
  default double sustainedClockMhz() {
    return device().clockMhz();
  }

  /**
   * The order in which time-sliced contexts are served. {@link ContextOrder#RUNLIST} by default.
   *
   * @since 0.1
   */
  default ContextOrder contextOrder() {
    return ContextOrder.RUNLIST;
  }

  /**
   * What the device offers for sharing it in space: MPS, MIG profiles, green-context granularity.
   * {@link SharingSupport#NONE} by default; a run's {@code sharing} section may use only what its
   * model declares here.
   *
   * @since 0.3
   */
  default SharingSupport sharingSupport() {
    return SharingSupport.NONE;
  }

  /** Typical time to restore {@code bytes} of state of {@code threads} threads on one SM. */
  default long restoreNs(long bytes, int threads) {
    DeviceSpec d = device();
    double perSm = d.costs().restoreBandwidthBytesPerNs() / d.smCount();
    return d.costs().restoreFixedNs() + (long) Math.ceil(bytes / perSm);
  }

  /**
   * A fresh generator for the hardware costs of one simulation. Every simulation of a run (the run
   * itself and the runs that measure each job alone) gets the same sequence, derived from the
   * run's {@code hardware} random stream. The default is a constant stream, which only matters to
   * a model that draws.
   *
   * @since 0.1
   */
  default RandomGenerator newCostStream() {
    return new SplittableRandom(0x5EED_C057L);
  }

  /**
   * Time from dispatching a kernel until its first block can be placed.
   *
   * @param deviceBusy whether any block is resident or any launched kernel is unfinished when the
   *     kernel is dispatched (a launch that finds the device busy may cost more than on an idle one)
   * @param random the simulation's cost stream
   * @since 0.1
   */
  default long kernelLaunchNs(boolean deviceBusy, RandomGenerator random) {
    return device().costs().kernelLaunchNs();
  }

  /**
   * Time from a preemption request (or a time slice's end) until the SMs see it.
   *
   * @since 0.1
   */
  default long preemptionSignalNs(RandomGenerator random) {
    return device().costs().preemptionSignalNs();
  }

  /**
   * Fixed cost of one time-slice switch between contexts, charged once per switch, between the
   * outgoing context's saves and the incoming context's restores.
   *
   * @since 0.1
   */
  default long contextSwitchNs(RandomGenerator random) {
    return device().costs().contextSwitchNs();
  }

  /**
   * Fixed cost, on one SM, of stopping blocks for a preemption inside one context (the trap and
   * hand-off before the state is written), charged in place of {@link DeviceCosts#saveFixedNs()}
   * for saves of {@link SaveKind#PREEMPTION}. The default is the save's fixed cost.
   *
   * @since 0.1
   */
  default long instructionPreemptionNs(RandomGenerator random) {
    return device().costs().saveFixedNs();
  }

  /**
   * Time to save {@code bytes} of state of {@code threads} threads on one SM, for a save of {@code
   * kind}. The default is {@link #saveNs(long, int)} whatever the kind.
   *
   * @since 0.1
   */
  default long saveNs(long bytes, int threads, SaveKind kind, RandomGenerator random) {
    return saveNs(bytes, threads);
  }

  /**
   * Time to restore {@code bytes} of state of {@code threads} threads on one SM, for a restore of
   * {@code kind}. The default is {@link #restoreNs(long, int)} whatever the kind.
   *
   * @since 0.1
   */
  default long restoreNs(long bytes, int threads, SaveKind kind, RandomGenerator random) {
    return restoreNs(bytes, threads);
  }

  /**
   * Whether the device is a serial timeline per scheduler, as the mock GPU of the Linux DRM
   * scheduler's KUnit tests (torvalds/linux drivers/gpu/drm/scheduler/tests/mock_scheduler.c): each
   * job the engine's DRM scheduler layer hands to a ring runs for its own duration after the
   * previous job of that ring, with no SMs, blocks or kernels below, and a job of duration 0 runs
   * until the scenario advances the timeline. A model that says so gets the mock ring; any other
   * model runs the layer's jobs as kernels on its SMs. False by default.
   *
   * @since 0.1
   */
  default boolean serialTimeline() {
    return false;
  }

  /**
   * How co-resident blocks slow each other down, or empty for no contention: a block then lasts
   * exactly its program, whatever else runs (the default, so that every result without contention
   * stays as it was). A model that returns one must declare {@link DeviceSpec#memory()}.
   *
   * @since 0.2
   */
  default java.util.Optional<ContentionModel> contention() {
    return java.util.Optional.empty();
  }

  /**
   * How co-resident blocks on one SM share its instruction issue, or empty for no such sharing (the
   * default: a block then runs at the speed its program says whoever shares its SM, so that every
   * result without it stays as it was). With both this and {@link #contention()}, a block
   * progresses at the lower of its two rates (docs/model.md).
   *
   * @since 0.2
   */
  default java.util.Optional<IssueSharing> issueSharing() {
    return java.util.Optional.empty();
  }
}
