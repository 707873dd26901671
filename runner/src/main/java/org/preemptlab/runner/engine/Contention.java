package org.preemptlab.runner.engine;

import static com.google.common.base.Preconditions.checkState;

import java.util.Arrays;
import java.util.Objects;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.DeviceSpec;

/**
 * Contention for device-memory bandwidth (DESIGN.md §3.5): the engine part that gives each
 * resident block its rate of progress from the hardware model's {@link ContentionModel}.
 *
 * <p><b>Classes.</b> A class of the model is one job's blocks in one memory domain ({@link
 * MemoryDomains}: the whole device, or one MIG instance). All blocks of a job run the same
 * program, so they share one demand: the program's {@link
 * org.preemptlab.api.model.BlockProgram#dramBytesPerNs() DRAM bytes per ns} when it runs
 * undisturbed (the instrumented program, as the job executes it; its nominal duration, not a
 * block's jittered one). A job whose blocks sit in two domains forms a class in each.
 *
 * <p><b>Who counts.</b> A block counts in its class from its placement (dispatch latency and
 * restore included) until it stops executing its program: it completes, reaches its stop point
 * (its save then writes through the save channel, not as program traffic), is flushed or dropped,
 * or, switched out by a time slice, leaves when the switch finishes. Blocks on an SM outside
 * every domain count nowhere and run at rate 1.
 *
 * <p><b>Once per instant.</b> Joining and leaving only mark the block's domain dirty; after the
 * instant's events, dispatch and placement ({@link #settle}), each dirty domain asks the model
 * for its classes' rates once, in domain order. For each class whose rate changed, its running and
 * draining blocks are re-anchored at the instant ({@link ResidentBlock#reanchor}) and their
 * completions queued again; the old events are stale by generation. A completion and a placement
 * at one instant that leave a domain's residency as it was change no rate and move nothing.
 *
 * <p><b>Preemption under way.</b> A block whose stop, flush or switch-out is decided keeps the
 * rate it had at the decision (its stop time was computed from it and stays), and still counts as
 * demand until it leaves, as above. A draining block is an ordinary running block: a change of
 * rate moves its end.
 *
 * <p>Blocks of a class that joins at a known rate start at that rate, so a new block in a class
 * whose rate the settlement leaves unchanged is queued once.
 */
final class Contention {

  /** One class of the model: a job's blocks in one memory domain. */
  static final class Share {
    final SimJob job;
    final int domain;
    /** DRAM bytes per ns of one block at full speed. */
    final double demandBytesPerNs;
    /** Blocks that count in it now. */
    int blocks;
    /** The rate the model last gave it (1 until then). */
    double rate = 1.0;
    /** Its position in its domain's list, or -1 when not listed. */
    int index = -1;

    Share(SimJob job, int domain, double demandBytesPerNs) {
      this.job = job;
      this.domain = domain;
      this.demandBytesPerNs = demandBytesPerNs;
    }
  }

  private final ContentionModel model;
  private final EventQueue events;
  private final int smCount;
  private int[] domainOfSm;
  private double[] supply;
  /** Per domain, its classes that have (or had, until the next settlement) blocks. */
  private Share[][] classes;
  private int[] classCount;
  private boolean[] dirty;
  private boolean anyDirty;
  private boolean settled;
  private double[] demand = new double[8];
  private int[] blocks = new int[8];
  private double[] rates = new double[8];
  /** Changes of a class's rate so far (each re-anchors that class's running blocks). */
  long rateChanges;
  /** Blocks re-anchored so far. */
  long blocksMoved;

  /**
   * The contention of a run on {@code device}, its whole memory as one domain until {@link
   * #useDomains} says otherwise.
   *
   * @throws ConfigurationException if the device declares no DRAM bandwidth
   */
  Contention(ContentionModel model, DeviceSpec device, EventQueue events) {
    this.model = Objects.requireNonNull(model, "model");
    this.events = events;
    this.smCount = device.smCount();
    if (!device.memory().declared()) {
      throw new ConfigurationException("device '" + device.name() + "': the hardware model turns"
          + " contention on but declares no DRAM bandwidth (set dram-bandwidth-gbps, or"
          + " contention: none)");
    }
    useDomains(MemoryDomains.wholeDevice(device));
  }

  /** Shares bandwidth by {@code domains} instead; only before the run places its first block. */
  void useDomains(MemoryDomains domains) {
    checkState(!settled && (classCount == null || Arrays.stream(classCount).allMatch(c -> c == 0)),
        "memory domains are set before the run");
    int n = domains.domains().size();
    domainOfSm = domains.domainOfSm(smCount);
    supply = new double[n];
    for (int d = 0; d < n; d++) {
      supply[d] = domains.domains().get(d).dramBandwidthBytesPerNs();
    }
    classes = new Share[n][4];
    classCount = new int[n];
    dirty = new boolean[n];
  }

  /**
   * A block is placed: it counts in its job's class of its SM's domain, and starts at that class's
   * rate. Call before its end is queued.
   */
  void joined(ResidentBlock block, long now) {
    int d = domainOfSm[block.sm];
    if (d < 0) {
      return;
    }
    SimJob job = block.job;
    if (job.shares == null) {
      job.shares = new Share[supply.length];
    }
    Share share = job.shares[d];
    if (share == null) {
      share = new Share(job, d, job.program.dramBytesPerNs());
      job.shares[d] = share;
    }
    if (share.index < 0) {
      if (classCount[d] == classes[d].length) {
        classes[d] = Arrays.copyOf(classes[d], classCount[d] * 2);
      }
      share.index = classCount[d];
      classes[d][classCount[d]++] = share;
    }
    share.blocks++;
    block.share = share;
    if (share.rate != 1.0) {
      block.reanchor(now, share.rate);
    }
    markDirty(d);
  }

  /** A block stops executing its program (or leaves its SM): it no longer counts. */
  void left(ResidentBlock block) {
    Share share = block.share;
    if (share != null) {
      block.share = null;
      share.blocks--;
      markDirty(share.domain);
    }
  }

  private void markDirty(int d) {
    dirty[d] = true;
    anyDirty = true;
  }

  /**
   * The instant's residency is final: each dirty domain gets new rates, and the blocks of every
   * class whose rate changed are re-anchored at {@code now} with their ends queued again.
   *
   * @throws InvariantViolationException if the model gives a rate outside (0, 1]
   */
  void settle(long now) {
    if (!anyDirty) {
      return;
    }
    settled = true;
    anyDirty = false;
    for (int d = 0; d < dirty.length; d++) {
      if (dirty[d]) {
        dirty[d] = false;
        settleDomain(d, now);
      }
    }
  }

  private void settleDomain(int d, long now) {
    Share[] list = classes[d];
    int n = 0;
    for (int i = 0; i < classCount[d]; i++) { // drop the classes left without blocks, in order
      Share share = list[i];
      if (share.blocks > 0) {
        share.index = n;
        list[n++] = share;
      } else {
        share.index = -1;
      }
    }
    Arrays.fill(list, n, classCount[d], null);
    classCount[d] = n;
    if (n == 0) {
      return;
    }
    if (demand.length < n) {
      demand = new double[Math.max(n, demand.length * 2)];
      blocks = new int[demand.length];
      rates = new double[demand.length];
    }
    for (int c = 0; c < n; c++) {
      demand[c] = list[c].demandBytesPerNs;
      blocks[c] = list[c].blocks;
    }
    model.rates(supply[d], demand, blocks, n, rates);
    for (int c = 0; c < n; c++) {
      Share share = list[c];
      double rate = rates[c];
      if (!(rate > 0 && rate <= 1)) {
        throw new InvariantViolationException("the hardware model's contention model gave "
            + share.job + " the rate " + rate + " at " + now + " ns; a rate must lie in (0, 1]");
      }
      if (rate != share.rate) {
        share.rate = rate;
        rateChanges++;
        move(share, now);
      }
    }
  }

  /** Re-anchors the class's running and draining blocks at its new rate and queues their ends. */
  private void move(Share share, long now) {
    BlockList resident = share.job.resident;
    for (int i = 0, size = resident.size(); i < size; i++) {
      ResidentBlock block = resident.get(i);
      if (block.share == share && (block.state == ResidentBlock.RUNNING
          || block.state == ResidentBlock.DRAINING)) {
        block.reanchor(now, share.rate);
        events.push(block.endNs, block, block.gen);
        blocksMoved++;
      }
    }
  }
}
