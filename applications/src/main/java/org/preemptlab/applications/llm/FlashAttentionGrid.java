package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.List;

/**
 * The thread blocks (CTAs) of one attention call as vLLM's FlashAttention backend launches it on
 * GPUs other than Hopper: FlashAttention-2's forward kernel over a paged KV cache, one call for
 * every sequence of the batch ({@code flash_attn_varlen_func}), preceded by the kernel that
 * writes the new keys and values into the cache ({@code reshape_and_cache_flash}).
 *
 * <p>From FlashAttention-2's source (Dao-AILab/flash-attention @0251105, {@code
 * csrc/flash_attn/flash_api.cpp}, {@code mha_varlen_fwd}, and {@code
 * src/flash_fwd_launch_template.h}, {@code run_mha_fwd_splitkv_dispatch}; vLLM's fork
 * vllm-project/flash-attention @04325b6 regroups and splits decodes in its {@code mha_varlen_fwd}
 * the same way, its tile sizes not checked): a paged KV cache runs the split-KV kernel, whose tiles are
 * {@link #BLOCK_M} query rows by {@link #BLOCK_N} keys for a head dimension of 128, 4 warps; its
 * grid is query blocks of the longest query × sequences × query heads. A batch of decodes only
 * (longest query 1) is regrouped: the query heads of one KV head become the rows of one tile
 * ({@code seqlenq_ngroups_swapped}), the grid is sequences × KV heads, and the keys are split
 * over several CTAs by the library's heuristic ({@link #splits}), whose partial results a second
 * kernel combines. A sequence shorter than the longest query leaves its surplus query blocks
 * empty: they start, find no rows and exit.
 */
public final class FlashAttentionGrid {
  /** Query rows of one tile (the split-KV kernel's {@code kBlockM}, every head dimension). */
  public static final int BLOCK_M = 64;
  /** Keys of one tile step for a head dimension of at most 128 ({@code kBlockN}). */
  public static final int BLOCK_N = 128;
  /** Threads of one CTA (4 warps). */
  public static final int THREADS = 128;

  /**
   * CTAs of one kind.
   *
   * @param count how many
   * @param flops tensor FLOPs of one (padded query rows included)
   * @param scores attention scores one computes: its tile's query rows ({@link #BLOCK_M}, padded
   *     rows included) × the keys it visits; each passes through the softmax, and each key and
   *     value row it visits is read from shared memory by every warp of the CTA
   * @param bytes bytes one streams: its keys and values, its query rows and output
   */
  public record Tiles(long count, double flops, double scores, double bytes) {}

  /**
   * The launch of one attention call.
   *
   * @param tiles the CTAs that compute
   * @param emptyCtas CTAs of surplus query blocks, which exit at once
   * @param kernels kernels of the call: the cache write, the attention, and the combine where
   *     keys are split
   * @param sharedMemoryPerCta bytes of shared memory one CTA holds: its query tile and a key
   *     and a value tile ({@code kSmemSize} of {@code csrc/flash_attn/src/kernel_traits.h})
   * @param dramBytes bytes the call must move to and from DRAM: every sequence's keys and values
   *     once per KV head, its queries and outputs (the query blocks of one head read the same keys
   *     and values one after another, so their repeated reads are taken to hit the L2 cache)
   * @param rereadBytes key and value bytes read again by the other query heads of a KV head when
   *     each query head has its own CTAs (every batch with a prefill): launched a whole pass over
   *     the batch apart, they may or may not still be in the L2 cache; 0 for decodes only, whose
   *     CTAs serve all the query heads of a KV head at once
   */
  public record Launch(List<Tiles> tiles, long emptyCtas, int kernels, long sharedMemoryPerCta,
      double dramBytes, double rereadBytes) {
    /** Copies the list. */
    public Launch {
      tiles = List.copyOf(tiles);
    }
  }

  private FlashAttentionGrid() {}

  /**
   * The launch for {@code work} (every sequence of one batch, one layer) of {@code arch} at
   * tensor-parallel degree 1 on a device of {@code sms} SMs.
   */
  public static Launch of(List<SequenceWork> work, ModelArchitecture arch, int sms) {
    return of(work, arch, 1, sms);
  }

  /**
   * The launch for {@code work} of {@code arch} at tensor-parallel degree {@code tp} (one rank's
   * share: {@code heads / tp} query heads, {@code max(1, kvHeads / tp)} KV heads, as vLLM splits
   * them) on a device of {@code sms} SMs.
   */
  public static Launch of(List<SequenceWork> work, ModelArchitecture arch, int tp, int sms) {
    checkArgument(!work.isEmpty(), "an attention call needs >= 1 sequence");
    checkArgument(arch.headDim() <= BLOCK_N, "model '%s': head dimension %s above the %s the "
        + "tiles here are for", arch.id(), arch.headDim(), BLOCK_N);
    checkArgument(tp >= 1 && arch.heads() % tp == 0, "model '%s': %s query heads do not split "
        + "over a tensor-parallel degree of %s", arch.id(), arch.heads(), tp);
    long heads = arch.heads() / tp;
    long kvHeads = Math.max(1, arch.kvHeads() / tp);
    double d = arch.headDim();
    double b = arch.bytesPerValue();
    long longestQuery = work.stream().mapToLong(SequenceWork::newTokens).max().orElseThrow();
    List<Tiles> tiles = new ArrayList<>();
    if (longestQuery == 1) {
      // decodes only: query heads regrouped per KV head, keys split over CTAs
      long groups = heads / kvHeads;
      long ctas = work.size() * kvHeads;
      long longestKeys = work.stream().mapToLong(w -> w.cachedTokens() + 1).max().orElseThrow();
      int splits = splits(ctas, 2 * sms, ceil(longestKeys, BLOCK_N));
      for (SequenceWork w : work) {
        long keys = w.cachedTokens() + 1;
        long perSplit = Math.min(keys, ceil(ceil(keys, BLOCK_N), splits) * BLOCK_N);
        tiles.add(new Tiles(kvHeads * (long) splits, 4.0 * BLOCK_M * perSplit * d,
            (double) BLOCK_M * perSplit, b * (2 * perSplit * d + 2 * groups * d)));
      }
      return new Launch(merge(tiles), 0, splits > 1 ? 3 : 2, sharedMemory(arch),
          dramBytes(work, heads, kvHeads, d, b), 0);
    }
    long queryBlocks = ceil(longestQuery, BLOCK_M);
    long empty = 0;
    for (SequenceWork w : work) {
      long blocks = ceil(w.newTokens(), BLOCK_M);
      empty += (queryBlocks - blocks) * heads;
      for (long m = 0; m < blocks; m++) {
        // causal: query block m sees the cached keys and the chunk's keys up to its last row
        long keys = w.cachedTokens() + Math.min((m + 1) * BLOCK_M, w.newTokens());
        long rows = Math.min(BLOCK_M, w.newTokens() - m * BLOCK_M);
        tiles.add(new Tiles(heads, 4.0 * BLOCK_M * keys * d, (double) BLOCK_M * keys,
            b * (2 * keys * d + 2 * rows * d)));
      }
    }
    double kvBytes = 0;
    for (SequenceWork w : work) {
      kvBytes += 2.0 * kvHeads * (w.cachedTokens() + w.newTokens()) * d * b;
    }
    return new Launch(merge(tiles), empty, 2, sharedMemory(arch),
        dramBytes(work, heads, kvHeads, d, b), kvBytes * (heads / kvHeads - 1));
  }

  private static double dramBytes(List<SequenceWork> work, long heads, long kvHeads, double d,
      double b) {
    double total = 0;
    for (SequenceWork w : work) {
      total += 2.0 * kvHeads * (w.cachedTokens() + w.newTokens()) + 2.0 * heads * w.newTokens();
    }
    return total * d * b;
  }

  private static long sharedMemory(ModelArchitecture arch) {
    return (long) ((BLOCK_M + 2L * BLOCK_N) * arch.headDim() * arch.bytesPerValue());
  }

  /**
   * FlashAttention-2's split count for {@code ctas} CTAs of {@code keyBlocks} key blocks on
   * {@code slots} CTA slots ({@code num_splits_heuristic}, flash_api.cpp; the library passes
   * twice the SMs): one split if the CTAs nearly fill the slots (at least 80 %); else, of the
   * split counts up to 128 (and at most the slots and the key blocks) that change the blocks per
   * split, the smallest whose wave efficiency ({@code waves / ceil(waves)}) is at least 85 % of
   * the best.
   */
  static int splits(long ctas, int slots, long keyBlocks) {
    if (ctas >= 0.8 * slots) {
      return 1;
    }
    int most = (int) Math.min(Math.min(128, slots), keyBlocks);
    double[] efficiency = new double[most + 1];
    double best = 0;
    for (int s = 1; s <= most; s++) {
      if (s == 1 || ceil(keyBlocks, s) != ceil(keyBlocks, s - 1)) {
        double waves = (double) (ctas * s) / slots;
        efficiency[s] = waves / Math.ceil(waves);
        best = Math.max(best, efficiency[s]);
      }
    }
    for (int s = 1; s <= most; s++) {
      if ((s == 1 || ceil(keyBlocks, s) != ceil(keyBlocks, s - 1))
          && efficiency[s] >= 0.85 * best) {
        return s;
      }
    }
    return 1;
  }

  /** Tiles of equal work merged into one kind, in first-seen order. */
  private static List<Tiles> merge(List<Tiles> tiles) {
    List<Tiles> merged = new ArrayList<>();
    for (Tiles t : tiles) {
      int same = -1;
      for (int i = 0; i < merged.size(); i++) {
        if (merged.get(i).flops() == t.flops() && merged.get(i).scores() == t.scores()
            && merged.get(i).bytes() == t.bytes()) {
          same = i;
          break;
        }
      }
      if (same < 0) {
        merged.add(t);
      } else {
        Tiles m = merged.get(same);
        merged.set(same, new Tiles(m.count() + t.count(), m.flops(), m.scores(), m.bytes()));
      }
    }
    return merged;
  }

  private static long ceil(long a, long b) {
    return (a + b - 1) / b;
  }
}
