package org.preemptlab.engine;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;

import java.util.Arrays;
import java.util.Optional;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.IssueSharing;

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
 *
 * <p><b>Issue slots.</b> With the hardware model's {@link IssueSharing}, a second resource is
 * shared the same way: each SM is a domain whose supply is its issue slots, a class is one job's
 * blocks on one SM, and a block demands {@link IssueSharing#demand} slots (its warps, at most the
 * SM's slots); the rule is {@link ContentionModel#maxMinFair()}, or, with an {@link
 * IssueSharing#order()} by age, the slots go to the classes in the order their jobs started on
 * the device ({@link SimJob#firstStartNs}: the first block placed, the age of its warps; ties by
 * launch) until none is left: a class that gets none progresses at rate 0 (its end is {@link
 * Long#MAX_VALUE}) until a class ahead of it on its SM leaves. A block asked to stop at a point
 * ahead while at rate 0 drains instead (the preemptor sees its stop at {@link Long#MAX_VALUE}).
 * The two resources are settled independently (bandwidth domains first, then SMs in index order)
 * and a block progresses at the lower of its two classes' rates: the scarcer resource bounds it,
 * as under a roofline. Without issue sharing every step above is exactly as it was.
 */
final class Contention {

  /** One class of the model: a job's blocks in one memory domain (or, for issue slots, one SM). */
  static final class Share {
    final SimJob job;
    final int domain;
    /** What one block demands at full speed: DRAM bytes per ns, or issue slots. */
    final double perBlockDemand;
    /** Blocks that count in it now. */
    int blocks;
    /** The rate the model last gave it (1 until then). */
    double rate = 1.0;
    /** Its position in its domain's list, or -1 when not listed. */
    int index = -1;

    Share(SimJob job, int domain, double perBlockDemand) {
      this.job = job;
      this.domain = domain;
      this.perBlockDemand = perBlockDemand;
    }
  }

  /**
   * One shared resource: its domains (which SMs share one supply), the supply of each, and the
   * classes resident in each. DRAM bandwidth has memory domains; issue slots have one domain per
   * SM, whose demand is a block's issue slots instead of its bytes per ns.
   */
  private static final class Resource {
    final ContentionModel model;
    int[] domainOfSm;
    double[] supply;
    /** Per domain, its classes that have (or had, until the next settlement) blocks. */
    Share[][] classes;
    int[] classCount;
    boolean[] dirty;
    boolean anyDirty;

    Resource(ContentionModel model) {
      this.model = model;
    }

    void domains(int[] domainOfSm, double[] supply) {
      this.domainOfSm = domainOfSm;
      this.supply = supply;
      int n = supply.length;
      classes = new Share[n][4];
      classCount = new int[n];
      dirty = new boolean[n];
    }

    /** Lists {@code share} in its domain if it is not listed, counts one block and marks it. */
    void join(Share share) {
      int d = share.domain;
      if (share.index < 0) {
        if (classCount[d] == classes[d].length) {
          classes[d] = Arrays.copyOf(classes[d], classCount[d] * 2);
        }
        share.index = classCount[d];
        classes[d][classCount[d]++] = share;
      }
      share.blocks++;
      markDirty(d);
    }

    void markDirty(int d) {
      dirty[d] = true;
      anyDirty = true;
    }
  }

  private final EventQueue events;
  private final int smCount;
  /** DRAM bandwidth by memory domain, or null when the model has no contention for it. */
  private final Resource dram;
  /** Issue slots by SM, or null without issue sharing. */
  private final Resource issue;
  private final IssueSharing issueSharing;
  /**
   * What the DRAM rule shares of each domain's datasheet bandwidth: 1 for the peak, the achievable
   * over the peak for {@link ContentionModel#memorySystem()}.
   */
  private final double supplyScale;
  private boolean settled;
  private double[] demand = new double[8];
  private int[] blocks = new int[8];
  private double[] rates = new double[8];
  /** Class indices in issue order, for {@link #byAge} (grown with {@link #demand}). */
  private int[] ageOrder = new int[8];
  /** Blocks re-anchored so far. */
  private long blocksMoved;

  /**
   * The contention of a run on {@code device}: for DRAM bandwidth with {@code model} (its whole
   * memory as one domain until {@link #useDomains} says otherwise), and for each SM's issue slots
   * with {@code issueSharing}; either may be absent, not both.
   *
   * @throws ConfigurationException if bandwidth is shared and the device declares none
   */
  Contention(Optional<ContentionModel> model, Optional<IssueSharing> issueSharing,
      DeviceSpec device, EventQueue events) {
    checkArgument(model.isPresent() || issueSharing.isPresent(), "nothing to share");
    this.events = events;
    this.smCount = device.smCount();
    this.dram = model.map(Resource::new).orElse(null);
    this.issueSharing = issueSharing.orElse(null);
    this.issue = issueSharing.isPresent() ? new Resource(ContentionModel.maxMinFair()) : null;
    if (dram != null) {
      if (!device.memory().declared()) {
        throw new ConfigurationException("device '" + device.name() + "': the hardware model"
            + " turns contention on but declares no DRAM bandwidth (set dram-bandwidth-gbps, or"
            + " contention: none)");
      }
      double supply;
      try {
        supply = model.get().supplyBytesPerNs(device.memory());
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("device '" + device.name() + "': " + e.getMessage()
            + " (set dram-achievable-gbps, or another contention rule)", e);
      }
      double peak = device.memory().dramBandwidthBytesPerNs();
      checkArgument(supply > 0 && supply <= peak,
          "the contention model's supply %s GB/s must lie in (0, peak %s GB/s]", supply, peak);
      this.supplyScale = supply / peak;
      useDomains(MemoryDomains.wholeDevice(device));
    } else {
      this.supplyScale = 1.0;
    }
    if (issue != null) {
      int[] smDomains = new int[smCount];
      double[] slots = new double[smCount];
      for (int sm = 0; sm < smCount; sm++) {
        smDomains[sm] = sm;
        slots[sm] = this.issueSharing.issueSlots();
      }
      issue.domains(smDomains, slots);
    }
  }

  /**
   * Shares bandwidth by {@code domains} instead; only before the run places its first block.
   * Without contention for bandwidth it changes nothing.
   */
  void useDomains(MemoryDomains domains) {
    if (dram == null) {
      return;
    }
    checkState(!settled && (dram.classCount == null
        || Arrays.stream(dram.classCount).allMatch(c -> c == 0)),
        "memory domains are set before the run");
    int n = domains.domains().size();
    double[] supply = new double[n];
    for (int d = 0; d < n; d++) { // a domain's share of the peak, times the rule's share of it
      supply[d] = domains.domains().get(d).dramBandwidthBytesPerNs() * supplyScale;
    }
    dram.domains(domains.domainOfSm(smCount), supply);
  }

  /**
   * A block is placed: it counts in its job's class of its SM's domain (and of its SM, with issue
   * sharing), and starts at the lower of those classes' rates. Call before its end is queued.
   */
  void joined(ResidentBlock block, long now) {
    SimJob job = block.job;
    if (dram != null) {
      int d = dram.domainOfSm[block.sm];
      if (d >= 0) {
        if (job.shares == null) {
          job.shares = new Share[dram.supply.length];
        }
        Share share = job.shares[d];
        if (share == null) {
          share = new Share(job, d, job.program.dramBytesPerNs());
          job.shares[d] = share;
        }
        dram.join(share);
        block.share = share;
      }
    }
    if (issue != null) {
      if (job.issueShares == null) {
        job.issueShares = new Share[smCount];
      }
      Share share = job.issueShares[block.sm];
      if (share == null) {
        share = new Share(job, block.sm, issueSharing.demand(job.threads));
        job.issueShares[block.sm] = share;
      }
      issue.join(share);
      block.issueShare = share;
    }
    double rate = rateOf(block);
    if (rate != 1.0) {
      block.reanchor(now, rate);
    }
  }

  /** A block's rate: the lower of its classes' rates (1 in none). */
  private static double rateOf(ResidentBlock block) {
    double rate = block.share == null ? 1.0 : block.share.rate;
    return block.issueShare == null ? rate : Math.min(rate, block.issueShare.rate);
  }

  /** A block stops executing its program (or leaves its SM): it no longer counts. */
  void left(ResidentBlock block) {
    Share share = block.share;
    if (share != null) {
      block.share = null;
      share.blocks--;
      dram.markDirty(share.domain);
    }
    Share slots = block.issueShare;
    if (slots != null) {
      block.issueShare = null;
      slots.blocks--;
      issue.markDirty(slots.domain);
    }
  }

  /**
   * The instant's residency is final: each dirty domain gets new rates, and the blocks of every
   * class whose rate changed are re-anchored at {@code now} with their ends queued again.
   *
   * @throws InvariantViolationException if the model gives a rate outside (0, 1]
   */
  void settle(long now) {
    settle(dram, now);
    settle(issue, now);
  }

  private void settle(Resource resource, long now) {
    if (resource == null || !resource.anyDirty) {
      return;
    }
    settled = true;
    resource.anyDirty = false;
    boolean[] dirty = resource.dirty;
    for (int d = 0; d < dirty.length; d++) {
      if (dirty[d]) {
        dirty[d] = false;
        settleDomain(resource, d, now);
      }
    }
  }

  private void settleDomain(Resource resource, int d, long now) {
    Share[] list = resource.classes[d];
    int[] classCount = resource.classCount;
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
      ageOrder = new int[demand.length];
    }
    for (int c = 0; c < n; c++) {
      demand[c] = list[c].perBlockDemand;
      blocks[c] = list[c].blocks;
    }
    boolean ordered = resource == issue && issueSharing.order() != IssueSharing.Order.EQUAL;
    if (ordered) {
      byAge(resource.supply[d], list, n,
          issueSharing.order() == IssueSharing.Order.OLDEST_FIRST);
    } else {
      resource.model.rates(resource.supply[d], demand, blocks, n, rates);
    }
    for (int c = 0; c < n; c++) {
      Share share = list[c];
      double rate = rates[c];
      if (!((rate > 0 || ordered && rate == 0) && rate <= 1)) {
        throw new InvariantViolationException("the hardware model's contention model gave "
            + share.job + " the rate " + rate + " at " + now + " ns; a rate must lie in (0, 1]");
      }
      if (rate != share.rate) {
        share.rate = rate;
        move(share, now);
      }
    }
  }

  /**
   * The issue slots of one SM given by start order ({@link IssueSharing.Order#OLDEST_FIRST} or
   * the reverse): each class in turn, the kernel that started first (or last) first, gets all its
   * blocks ask for, as far as the slots go; a class left with none gets the rate 0 and waits until
   * a class ahead of it leaves. Fills {@link #rates} for {@code list[0..n)}.
   */
  private void byAge(double supply, Share[] list, int n, boolean oldestFirst) {
    // a stable insertion sort of the few classes of one SM, without allocating: a job's age is
    // when its first block started (its warps' age); a job placed in the same instant as another
    // is younger if launched later
    int[] order = ageOrder;
    for (int c = 0; c < n; c++) {
      int at = c;
      while (at > 0 && issuesBefore(list[c].job, list[order[at - 1]].job, oldestFirst)) {
        order[at] = order[at - 1];
        at--;
      }
      order[at] = c;
    }
    double left = supply;
    for (int k = 0; k < n; k++) {
      int c = order[k];
      double want = demand[c] * blocks[c];
      double given = Math.min(want, left);
      left -= given;
      rates[c] = want <= 0 ? 1.0 : given / want;
    }
  }

  /** Whether job {@code a} strictly precedes job {@code b} in issue order. */
  private static boolean issuesBefore(SimJob a, SimJob b, boolean oldestFirst) {
    int byAge = a.firstStartNs != b.firstStartNs ? Long.compare(a.firstStartNs, b.firstStartNs)
        : Long.compare(a.dispatchSeq, b.dispatchSeq);
    return oldestFirst ? byAge < 0 : byAge > 0;
  }

  /**
   * Re-anchors the class's running and draining blocks at their new rate (the lower of their
   * classes' rates) and queues their ends; a block whose rate the other resource keeps is left.
   */
  private void move(Share share, long now) {
    BlockList resident = share.job.resident;
    for (int i = 0, size = resident.size(); i < size; i++) {
      ResidentBlock block = resident.get(i);
      if ((block.share == share || block.issueShare == share)
          && (block.state == ResidentBlock.RUNNING || block.state == ResidentBlock.DRAINING)) {
        double rate = rateOf(block);
        if (rate != block.rate) {
          block.reanchor(now, rate);
          events.pushBlock(block.endNs, block);
          blocksMoved++;
        }
      }
    }
  }

  /** Blocks re-anchored by a change of rate so far. */
  long blocksMoved() {
    return blocksMoved;
  }
}
