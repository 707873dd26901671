package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

import org.preemptlab.api.API;

/**
 * How co-resident blocks on one SM (a compute unit on AMD) share its instruction issue (DESIGN.md
 * §3.5): the SM has {@code issueSlots} warp schedulers (SIMDs), each of which issues for one warp
 * at a time, so the SM keeps at most {@code issueSlots} warps issuing at once. A block demands one
 * slot per warp it has, at most {@code issueSlots} (a block alone can keep every scheduler busy,
 * and its extra warps only hide latency); the engine shares each SM's slots among the blocks
 * resident on it with the contention model {@link ContentionModel#maxMinFair()}, so blocks whose
 * demands fit the SM together run undisturbed and blocks that oversubscribe it slow each other.
 *
 * <p>The sources: an NVIDIA SM since Maxwell has four warp schedulers, each dispatching one warp
 * instruction per clock (NVIDIA Tesla V100 GPU Architecture white paper, 2017, "Volta SM"; NVIDIA
 * A100 Tensor Core GPU Architecture white paper, 2020, "A100 SM Architecture"); an AMD GCN or CDNA
 * compute unit has four SIMD units, each running the instructions of one wavefront of 64
 * work-items at a time (AMD Graphics Core Next Architecture white paper, 2012, "Compute Unit
 * Overview"; AMD "Vega" Instruction Set Architecture reference guide, 2017). That a block issues
 * on every slot its warps cover (an issue-bound block) is an assumption: a memory-bound block
 * leaves slots idle that the model still counts as taken, so the rule is an upper bound on this
 * kind of interference.
 *
 * <p>Which blocks the slots go to first is the {@link Order}: shared equally (the default), or to
 * the blocks of the kernel that started first or last (docs/model.md, "Sharing an SM's issue
 * slots").
 *
 * @param warpSize threads per warp (wavefront), at least 1: 32 on NVIDIA, 64 on AMD GCN and CDNA
 * @param issueSlots warp schedulers (SIMDs) per SM, at least 1
 * @param order which kernels' blocks get the slots first, never null
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record IssueSharing(int warpSize, int issueSlots, Order order) {

  /**
   * Which blocks of an SM get its issue slots when they ask for more than it has. A warp
   * scheduler picks among its ready warps by a fixed rule; which rule, between the blocks of two
   * kernels, no vendor documents.
   *
   * @since 0.3
   */
  @API(status = API.Status.EXPERIMENTAL, since = "0.3")
  public enum Order {
    /** Max-min fair among the blocks, whatever their kernel: no warp is favoured. */
    EQUAL("equal"),
    /**
     * The blocks of the kernel that started first (whose first block was placed first: the
     * oldest warps) get all they ask for, then the next kernel's, and so on; a kernel left with no
     * slot waits. The greedy-then-oldest warp scheduler (Rogers,
     * O'Connor and Aamodt, "Cache-Conscious Wavefront Scheduling", MICRO 2012), GPGPU-Sim's and
     * Accel-Sim's default, at the granularity of kernels.
     */
    OLDEST_FIRST("oldest-first"),
    /**
     * As {@link #OLDEST_FIRST}, the kernel that started last first: the greedy-then-youngest issue
     * policy that Huerta et al. measured among the warps of one kernel on Turing and Ampere SMs
     * ("Dissecting and Modeling the Architecture of Modern GPU Cores", MICRO 2025, §5.1.2), read
     * as holding between kernels.
     */
    YOUNGEST_FIRST("youngest-first");

    private final String id;

    Order(String id) {
      this.id = id;
    }

    /** The kebab-case name of the hardware model key {@code issue-order}. */
    public String id() {
      return id;
    }
  }

  /** Validates the fields. */
  public IssueSharing {
    checkArgument(warpSize >= 1, "warp size must be >= 1 thread, got %s", warpSize);
    checkArgument(issueSlots >= 1, "issue slots must be >= 1 per SM, got %s", issueSlots);
    checkArgument(order != null, "the issue order must not be null");
  }

  /** Slots shared equally ({@link Order#EQUAL}). */
  public IssueSharing(int warpSize, int issueSlots) {
    this(warpSize, issueSlots, Order.EQUAL);
  }

  /**
   * The issue slots one block of {@code threadsPerBlock} threads demands: its warps, at most
   * {@link #issueSlots()}.
   */
  public int demand(int threadsPerBlock) {
    checkArgument(threadsPerBlock >= 1, "a block has >= 1 thread, got %s", threadsPerBlock);
    long warps = ((long) threadsPerBlock + warpSize - 1) / warpSize;
    return (int) Math.min(warps, issueSlots);
  }
}
