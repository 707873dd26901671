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
 * @param warpSize threads per warp (wavefront), at least 1: 32 on NVIDIA, 64 on AMD GCN and CDNA
 * @param issueSlots warp schedulers (SIMDs) per SM, at least 1
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record IssueSharing(int warpSize, int issueSlots) {

  /** Validates the fields. */
  public IssueSharing {
    checkArgument(warpSize >= 1, "warp size must be >= 1 thread, got %s", warpSize);
    checkArgument(issueSlots >= 1, "issue slots must be >= 1 per SM, got %s", issueSlots);
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
