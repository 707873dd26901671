package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;

/**
 * vLLM V1's automatic prefix caching over the paged KV cache, as vLLM 0.19.0 runs it
 * (vllm-project/vllm: {@code vllm/v1/core/block_pool.py}, {@code kv_cache_manager.py}, {@code
 * sched/scheduler.py}; the design in {@code docs/design/prefix_caching.md}):
 *
 * <ul>
 *   <li>A full block is known by its tokens and every token before it (a chain of hashes); a
 *       block that has one stays cached after its request frees it, until it is reused.
 *   <li>Free blocks wait in one queue: a block is taken from its head (a cached one is evicted
 *       then) and returned to its tail, a request's blocks last first, so its tail blocks are
 *       evicted first.
 *   <li>A request scheduled from the waiting queue (new, or preempted by recompute) first takes
 *       the longest prefix of its full blocks that is cached, short of its last token, which is
 *       always computed; a cached block in no request's use leaves the free queue.
 *   <li>A request's full blocks are cached when the tokens that fill them are scheduled.
 * </ul>
 *
 * <p>Blocks are keyed by content only over a prompt whose token ids the trace gives ({@link
 * TokenIds}); every other block (a prompt without ids, and every block holding generated tokens)
 * has a key of its own request, so it is found again only by that request, after a preemption.
 */
final class PrefixCache {
  private static final long NO_KEY = Long.MIN_VALUE;
  private static final long NO_PARENT = -1;

  private final int blockTokens;
  private final LinkedHashSet<Integer> freeQueue = new LinkedHashSet<>();
  private final long[] keyOf;
  private final int[] refs;
  private final Map<Long, LinkedHashSet<Integer>> cached = new HashMap<>();
  private final Map<BlockContent, Long> contentKeys = new HashMap<>();
  private long hitTokens;

  /** An empty cache of {@code totalBlocks} blocks of {@code blockTokens} tokens. */
  PrefixCache(int blockTokens, int totalBlocks) {
    checkArgument(blockTokens >= 1 && totalBlocks >= 1, "blocks and their tokens must be >= 1");
    this.blockTokens = blockTokens;
    this.keyOf = new long[totalBlocks];
    this.refs = new int[totalBlocks];
    Arrays.fill(keyOf, NO_KEY);
    for (int b = 0; b < totalBlocks; b++) {
      freeQueue.add(b);
    }
  }

  /** Blocks in the free queue, cached or not: what an allocation may take. */
  int free() {
    return freeQueue.size();
  }

  /** Prompt tokens whose KV was found in the cache instead of computed, over the run. */
  long hitTokens() {
    return hitTokens;
  }

  /**
   * The cached blocks a request scheduled from the waiting queue would take: the longest cached
   * prefix of its full blocks, short of its last token.
   *
   * @param blocks the blocks, in order
   * @param evictable how many of them are in the free queue (in no request's use)
   */
  record Hit(int[] blocks, int evictable) {}

  Hit lookup(ContinuousBatcher.Request r) {
    int most = (r.prefillTarget - 1) / blockTokens;
    int[] blocks = new int[Math.min(most, 16)];
    int n = 0;
    int evictable = 0;
    for (int j = 0; j < most; j++) {
      LinkedHashSet<Integer> holders = cached.get(key(r, j));
      if (holders == null) {
        break;
      }
      int block = holders.iterator().next();
      if (n == blocks.length) {
        blocks = Arrays.copyOf(blocks, Math.min(most, n * 2));
      }
      blocks[n++] = block;
      if (refs[block] == 0) {
        evictable++;
      }
    }
    return new Hit(Arrays.copyOf(blocks, n), evictable);
  }

  /** {@code r} takes the blocks of {@code hit}: their tokens count as computed. */
  void take(ContinuousBatcher.Request r, Hit hit) {
    checkState(r.physicalCount == 0, "a cache hit for a request holding blocks");
    for (int block : hit.blocks()) {
      if (refs[block]++ == 0) {
        freeQueue.remove(block);
      }
      r.addPhysical(block);
    }
    r.cachedBlocks = hit.blocks().length;
    hitTokens += (long) hit.blocks().length * blockTokens;
  }

  /** {@code r} takes {@code count} blocks from the head of the free queue, evicting cached ones. */
  void allocate(ContinuousBatcher.Request r, long count) {
    checkState(count <= freeQueue.size(), "allocating more blocks than are free");
    Iterator<Integer> head = freeQueue.iterator();
    for (long i = 0; i < count; i++) {
      int block = head.next();
      head.remove();
      if (keyOf[block] != NO_KEY) {
        LinkedHashSet<Integer> holders = cached.get(keyOf[block]);
        holders.remove(block);
        if (holders.isEmpty()) {
          cached.remove(keyOf[block]);
        }
        keyOf[block] = NO_KEY;
      }
      refs[block] = 1;
      r.addPhysical(block);
    }
  }

  /** Caches {@code r}'s blocks that {@code tokens} (computed or scheduled) fill. */
  void cacheFull(ContinuousBatcher.Request r, long tokens) {
    long full = Math.min(tokens / blockTokens, r.physicalCount);
    for (int j = r.cachedBlocks; j < full; j++) {
      int block = r.physical[j];
      if (keyOf[block] == NO_KEY) {
        keyOf[block] = key(r, j);
        cached.computeIfAbsent(keyOf[block], k -> new LinkedHashSet<>()).add(block);
      }
      r.cachedBlocks = j + 1;
    }
  }

  /**
   * Frees {@code r}'s blocks, last first; cached ones stay cached.
   *
   * @return how many returned to the free queue (a block another request shares does not)
   */
  int release(ContinuousBatcher.Request r) {
    int returned = 0;
    for (int j = r.physicalCount - 1; j >= 0; j--) {
      int block = r.physical[j];
      if (--refs[block] == 0) {
        freeQueue.add(block);
        returned++;
      }
    }
    r.physicalCount = 0;
    r.cachedBlocks = 0;
    return returned;
  }

  /**
   * The key of {@code r}'s block {@code j}: by content over a prompt with token ids, else the
   * request's own (negative, never {@link #NO_KEY}).
   */
  private long key(ContinuousBatcher.Request r, int j) {
    TokenIds ids = r.spec.promptIds();
    int contentBlocks = ids.isEmpty() ? 0 : r.spec.promptTokens() / blockTokens;
    if (j >= contentBlocks) {
      return -1 - (((long) r.index << 32) | j);
    }
    if (r.promptKeys == null) {
      long[] keys = new long[contentBlocks];
      long parent = NO_PARENT;
      for (int b = 0; b < contentBlocks; b++) {
        BlockContent content = new BlockContent(parent,
            ids.range(b * blockTokens, (b + 1) * blockTokens));
        Long known = contentKeys.get(content);
        if (known == null) {
          known = (long) contentKeys.size();
          contentKeys.put(content, known);
        }
        keys[b] = known;
        parent = known;
      }
      r.promptKeys = keys;
    }
    return r.promptKeys[j];
  }

  /** A full block's tokens and the key of the block before it. */
  private record BlockContent(long parent, int[] tokens) {
    @Override
    public boolean equals(Object o) {
      return o instanceof BlockContent c && c.parent == parent && Arrays.equals(c.tokens, tokens);
    }

    @Override
    public int hashCode() {
      return 31 * Long.hashCode(parent) + Arrays.hashCode(tokens);
    }

    @Override
    public String toString() {
      return "block after " + parent;
    }
  }
}
