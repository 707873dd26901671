package org.preemptlab.hardware;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.ContextOrder;
import org.preemptlab.api.hardware.SharingSupport;
import org.preemptlab.api.hardware.CostDistribution;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.IssueSharing;
import org.preemptlab.api.hardware.SaveKind;

/**
 * The hardware model a model file describes (every bundled model is one).
 *
 * <ul>
 *   <li>A kernel launch costs a draw of {@code launchIdle}, or of {@code launchBusy} when a block is
 *       resident or a launched kernel is unfinished.
 *   <li>A preemption signal and a time-slice context switch cost a draw of their distributions;
 *       the switch is charged once per switch.
 *   <li>One SM's save or restore of {@code bytes} of state of {@code threads} threads costs a fixed
 *       part plus {@code perThread * threads + bytes / (bandwidth / smCount)}, rounded up to whole
 *       ns. The fixed part of a time-slice switch's save is a draw of {@code saveFixed} (restores:
 *       {@code restoreFixed}); the fixed part of a save for a preemption inside a context is a draw
 *       of {@code instructionPreemption}.
 * </ul>
 *
 * <p>Draws come from the simulation's cost stream ({@link #newCostStream()}), a {@link
 * SplittableRandom} seeded by {@code streamSeed}, which the providers take from the run's {@code
 * hardware} random stream; a fixed cost never draws. The medians are the fields of the device's
 * {@link org.preemptlab.api.hardware.DeviceCosts}.
 *
 * @param device the device; its costs carry the medians and the bandwidths; never null
 * @param savePerThreadNs extra save time per resident thread, at least 0
 * @param restorePerThreadNs extra restore time per resident thread, at least 0
 * @param launchIdle launch cost on an idle device
 * @param launchBusy launch cost on a busy device
 * @param signal preemption-signal cost
 * @param contextSwitch cost of one time-slice switch between contexts
 * @param saveFixed fixed part of one SM's save in a context switch
 * @param restoreFixed fixed part of one SM's restore
 * @param instructionPreemption fixed part of one SM's save for a preemption inside a context
 * @param contextOrder the order of time-sliced contexts
 * @param contention how co-resident blocks slow each other down, or empty for no contention (the
 *     device then declares its DRAM bandwidth in {@link DeviceSpec#memory()}); since 0.2
 * @param issueSharing how co-resident blocks on one SM share its issue slots, or empty for no such
 *     sharing; since 0.2
 * @param sustainedClockMhz the SM clock under sustained load, in (0, the device's clock]; turns a
 *     workload's block time in cycles into ns ({@link HardwareModel#sustainedClockMhz()}); since 0.2
 * @param streamSeed seeds each simulation's cost stream
 * @param sharingSupport what the device offers for sharing it in space (MPS, MIG profiles, green
 *     contexts), {@link HardwareModel#sharingSupport()}; since 0.3
 * @since 0.1
 */
public record CostModel(
    DeviceSpec device,
    double savePerThreadNs,
    double restorePerThreadNs,
    CostDistribution launchIdle,
    CostDistribution launchBusy,
    CostDistribution signal,
    CostDistribution contextSwitch,
    CostDistribution saveFixed,
    CostDistribution restoreFixed,
    CostDistribution instructionPreemption,
    ContextOrder contextOrder,
    Optional<ContentionModel> contention,
    Optional<IssueSharing> issueSharing,
    double sustainedClockMhz,
    long streamSeed,
    SharingSupport sharingSupport) implements HardwareModel {

  /**
   * A model that declares nothing for sharing the device in space ({@link SharingSupport#NONE}).
   *
   * @since 0.2
   */
  public CostModel(DeviceSpec device, double savePerThreadNs, double restorePerThreadNs,
      CostDistribution launchIdle, CostDistribution launchBusy, CostDistribution signal,
      CostDistribution contextSwitch, CostDistribution saveFixed, CostDistribution restoreFixed,
      CostDistribution instructionPreemption, ContextOrder contextOrder,
      Optional<ContentionModel> contention, Optional<IssueSharing> issueSharing,
      double sustainedClockMhz, long streamSeed) {
    this(device, savePerThreadNs, restorePerThreadNs, launchIdle, launchBusy, signal,
        contextSwitch, saveFixed, restoreFixed, instructionPreemption, contextOrder, contention,
        issueSharing, sustainedClockMhz, streamSeed, SharingSupport.NONE);
  }

  /**
   * A model whose clock under sustained load is the device's maximum clock.
   *
   * @since 0.2
   */
  public CostModel(DeviceSpec device, double savePerThreadNs, double restorePerThreadNs,
      CostDistribution launchIdle, CostDistribution launchBusy, CostDistribution signal,
      CostDistribution contextSwitch, CostDistribution saveFixed, CostDistribution restoreFixed,
      CostDistribution instructionPreemption, ContextOrder contextOrder,
      Optional<ContentionModel> contention, Optional<IssueSharing> issueSharing,
      long streamSeed) {
    this(device, savePerThreadNs, restorePerThreadNs, launchIdle, launchBusy, signal,
        contextSwitch, saveFixed, restoreFixed, instructionPreemption, contextOrder, contention,
        issueSharing, Objects.requireNonNull(device, "device").clockMhz(), streamSeed);
  }

  /**
   * A model without issue-rate sharing.
   *
   * @since 0.2
   */
  public CostModel(DeviceSpec device, double savePerThreadNs, double restorePerThreadNs,
      CostDistribution launchIdle, CostDistribution launchBusy, CostDistribution signal,
      CostDistribution contextSwitch, CostDistribution saveFixed, CostDistribution restoreFixed,
      CostDistribution instructionPreemption, ContextOrder contextOrder,
      Optional<ContentionModel> contention, long streamSeed) {
    this(device, savePerThreadNs, restorePerThreadNs, launchIdle, launchBusy, signal,
        contextSwitch, saveFixed, restoreFixed, instructionPreemption, contextOrder, contention,
        Optional.empty(), streamSeed);
  }

  /** Checks that nothing is missing and the per-thread terms are finite and not negative. */
  public CostModel {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(launchIdle, "launchIdle");
    Objects.requireNonNull(launchBusy, "launchBusy");
    Objects.requireNonNull(signal, "signal");
    Objects.requireNonNull(contextSwitch, "contextSwitch");
    Objects.requireNonNull(saveFixed, "saveFixed");
    Objects.requireNonNull(restoreFixed, "restoreFixed");
    Objects.requireNonNull(instructionPreemption, "instructionPreemption");
    Objects.requireNonNull(contextOrder, "contextOrder");
    Objects.requireNonNull(contention, "contention");
    Objects.requireNonNull(issueSharing, "issueSharing");
    Objects.requireNonNull(sharingSupport, "sharingSupport");
    checkArgument(contention.isEmpty() || device.memory().declared(),
        "contention needs the device's DRAM bandwidth (DeviceSpec.memory())");
    checkArgument(
        savePerThreadNs >= 0 && restorePerThreadNs >= 0 && !Double.isInfinite(savePerThreadNs)
            && !Double.isInfinite(restorePerThreadNs),
        "per-thread save and restore costs must be finite and >= 0 ns, got %s and %s",
        savePerThreadNs, restorePerThreadNs);
    checkArgument(sustainedClockMhz > 0 && sustainedClockMhz <= device.clockMhz(),
        "the sustained clock must be > 0 and at most the device's clock (%s MHz), got %s MHz",
        device.clockMhz(), sustainedClockMhz);
  }

  /** The median fixed save cost plus the per-thread and per-byte terms for one SM. */
  @Override
  public long saveNs(long bytes, int threads) {
    return saveFixed.medianNs() + variableNs(bytes, threads, savePerThreadNs,
        device.costs().saveBandwidthBytesPerNs());
  }

  /** The median fixed restore cost plus the per-thread and per-byte terms for one SM. */
  @Override
  public long restoreNs(long bytes, int threads) {
    return restoreFixed.medianNs() + variableNs(bytes, threads, restorePerThreadNs,
        device.costs().restoreBandwidthBytesPerNs());
  }

  @Override
  public RandomGenerator newCostStream() {
    return new SplittableRandom(streamSeed);
  }

  @Override
  public long kernelLaunchNs(boolean deviceBusy, RandomGenerator random) {
    return (deviceBusy ? launchBusy : launchIdle).sample(random);
  }

  @Override
  public long preemptionSignalNs(RandomGenerator random) {
    return signal.sample(random);
  }

  @Override
  public long contextSwitchNs(RandomGenerator random) {
    return contextSwitch.sample(random);
  }

  @Override
  public long instructionPreemptionNs(RandomGenerator random) {
    return instructionPreemption.sample(random);
  }

  @Override
  public long saveNs(long bytes, int threads, SaveKind kind, RandomGenerator random) {
    long fixed = kind == SaveKind.PREEMPTION ? instructionPreemption.sample(random)
        : saveFixed.sample(random);
    return fixed + variableNs(bytes, threads, savePerThreadNs,
        device.costs().saveBandwidthBytesPerNs());
  }

  @Override
  public long restoreNs(long bytes, int threads, SaveKind kind, RandomGenerator random) {
    return restoreFixed.sample(random) + variableNs(bytes, threads, restorePerThreadNs,
        device.costs().restoreBandwidthBytesPerNs());
  }

  private long variableNs(long bytes, int threads, double perThreadNs, double deviceBandwidth) {
    double perSmBandwidth = deviceBandwidth / device.smCount();
    return (long) Math.ceil(threads * perThreadNs + bytes / perSmBandwidth);
  }
}
