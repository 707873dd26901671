package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * The serving loop's scheduler, without the GPU: which requests the next iteration computes, and
 * what each iteration's end does to them, as one of three serving engines' schedulers decides it
 * ({@link SchedulerKind}; the rules, each with the engine's code it follows, are in {@code
 * docs/llm-serving.md}, "Batching rules"). Common to all three: iteration-level scheduling (Yu et
 * al., "Orca", OSDI 2022, Sec. 4.1), a paged KV cache of {@code blockTokens}-token blocks (Kwon et
 * al., "vLLM", SOSP 2023, Sec. 4), first come first served, {@code maxSeqs} caps the requests
 * RUNNING (holding KV blocks), and a request that finds the cache full preempts the running request
 * that came last:
 *
 * <ul>
 *   <li>{@link SchedulerKind#VLLM_V0} (vLLM's V0 default, {@code Scheduler._schedule_default}):
 *       waiting prompts are admitted whole, in order, while they fit the token budget, the running
 *       cap and the free cache; an iteration that admits a prompt carries no decode. Otherwise the
 *       running requests decode, and if none was preempted swapped-out requests swap back in.
 *   <li>{@link SchedulerKind#VLLM_V1} (vLLM V1's {@code Scheduler.schedule}): one token budget;
 *       the running requests first, in order, each taking its next token or its prompt's next
 *       chunk (KV blocks allocated chunk by chunk), then, if none was preempted, waiting requests
 *       in chunks of what is left.
 *   <li>{@link SchedulerKind#SARATHI} (Sarathi-Serve's {@code SarathiScheduler._schedule}): every
 *       running decode first, then the running requests' unfinished prompts, then waiting ones,
 *       each prompt chunk taking what is left of a chunk of {@code maxTokens} tokens; a prompt's
 *       blocks are allocated whole on admission.
 * </ul>
 *
 * <p>Preemption by recompute frees the victim's blocks and puts it at the head of the waiting
 * queue to prefill its prompt and generated tokens again; by swap (V0 only), its blocks move to
 * host memory (while {@code swapBlocks} hold them) and come back before it decodes again. With
 * vLLM V1's automatic prefix caching ({@link PrefixCache}), a request admitted from the waiting
 * queue first takes the cached blocks of its prefix, so a preempted request finds its own blocks
 * again unless they were reused meanwhile, and prompts that share a prefix share its blocks.
 *
 * <p>vLLM V1 keeps one block of its cache out of use: its block pool takes block 0 as a
 * placeholder, the null block, that no request ever holds (vllm-project/vllm, {@code
 * vllm/v1/core/block_pool.py}, {@code BlockPool.__init__}: {@code self.null_block =
 * self.free_block_queue.popleft()}). So {@link SchedulerKind#VLLM_V1}'s requests share {@code
 * totalBlocks - 1} blocks.
 */
final class ContinuousBatcher {

  /** The serving engine whose scheduler decides the batches. */
  enum SchedulerKind {
    /** vLLM's V0 default scheduler: prefill-only iterations, then decodes. */
    VLLM_V0("vllm-v0"),
    /** vLLM V1's default scheduler: chunked prefill, one token budget, running requests first. */
    VLLM_V1("vllm-v1"),
    /** Sarathi-Serve's stall-free batching: decodes, then chunks of prompts. */
    SARATHI("sarathi");

    private final String id;

    SchedulerKind(String id) {
      this.id = id;
    }

    /** The parameter value naming it. */
    String id() {
      return id;
    }

    /** Whether prompts are split into chunks (all but V0). */
    boolean chunked() {
      return this != VLLM_V0;
    }

    /** Blocks of the cache no request may hold: vLLM V1's null block (1), else 0. */
    int reservedBlocks() {
      return this == VLLM_V1 ? 1 : 0;
    }

    static SchedulerKind of(String id) {
      return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst().orElseThrow();
    }

    static List<String> ids() {
      return Arrays.stream(values()).map(SchedulerKind::id).toList();
    }
  }

  /** How a request that finds the KV cache full is preempted. */
  enum PreemptionMode {
    /** Free its blocks; it prefills its prompt and generated tokens again. */
    RECOMPUTE,
    /** Copy its blocks to host memory and back before it decodes again (vLLM V0). */
    SWAP
  }

  /** One request's state in the server. */
  static final class Request {
    final int index;
    final RequestSpec spec;
    int prefillTarget;
    int prefilled;
    int generated;
    long kvTokens;
    long blocks;
    long swappedBlocks;
    int preemptions;
    long firstScheduledNs = -1;
    long firstTokenNs = -1;
    long finishNs = -1;
    boolean inBatch;
    private long[] tokenNs = new long[4];
    // with prefix caching (PrefixCache): the physical blocks held, in order, how many of them are
    // cached, and the content keys of the prompt's full blocks, made on first use
    int[] physical = new int[0];
    int physicalCount;
    int cachedBlocks;
    long[] promptKeys;

    Request(int index, RequestSpec spec) {
      this.index = index;
      this.spec = spec;
      this.prefillTarget = spec.promptTokens();
    }

    boolean decoding() {
      return prefilled == prefillTarget && generated >= 1;
    }

    boolean finished() {
      return finishNs >= 0;
    }

    /** The time of each token sampled so far, in order. */
    long[] tokenTimes() {
      return Arrays.copyOf(tokenNs, generated);
    }

    void addPhysical(int block) {
      if (physicalCount == physical.length) {
        physical = Arrays.copyOf(physical, Math.max(4, physicalCount * 2));
      }
      physical[physicalCount++] = block;
    }

    private void sample(long nowNs) {
      if (generated == tokenNs.length) {
        tokenNs = Arrays.copyOf(tokenNs, generated * 2);
      }
      tokenNs[generated++] = nowNs;
    }
  }

  /**
   * One request's part of an iteration.
   *
   * @param request the request
   * @param chunk prefill tokens it computes, or 0 for a decode step
   * @param contextBefore KV tokens it has before the iteration
   */
  record Item(Request request, int chunk, long contextBefore) {
    boolean decode() {
      return chunk == 0;
    }
  }

  /**
   * An iteration's requests, the shape its kernels are sized by, and the KV blocks it copies
   * between host and device memory before it runs (swap preemption).
   */
  record Batch(List<Item> items, BatchShape shape, int prefills, int decodes, long swapInBlocks,
      long swapOutBlocks) {
    boolean isEmpty() {
      return items.isEmpty();
    }
  }

  private static final Comparator<Request> ARRIVAL = Comparator.comparingInt(r -> r.index);

  private final int maxTokens;
  private final int maxSeqs;
  private final SchedulerKind kind;
  private final PreemptionMode mode;
  private final int blockTokens;
  private final long totalBlocks;
  private final Deque<Request> waiting = new ArrayDeque<>();
  private final List<Request> running = new ArrayList<>();
  private final List<Request> swapped = new ArrayList<>();
  private final PrefixCache cache; // null without prefix caching
  private long freeBlocks;
  private long freeSwapBlocks;
  private long preemptions;
  private long swapPreemptions;
  // set while a batch is formed
  private boolean preemptedThisStep;
  private long swapIn;
  private long swapOut;

  /**
   * A scheduler of {@code kind} with a token budget, a cap on running requests and a KV cache of
   * {@code totalBlocks} blocks (and {@code swapBlocks} blocks of host memory for swapping).
   */
  ContinuousBatcher(SchedulerKind kind, PreemptionMode mode, int maxTokens, int maxSeqs,
      int blockTokens, long totalBlocks, long swapBlocks) {
    this(kind, mode, maxTokens, maxSeqs, blockTokens, totalBlocks, swapBlocks, false);
  }

  /**
   * As above, with vLLM V1's automatic prefix caching ({@link PrefixCache}) when {@code
   * prefixCaching} (vLLM V1's scheduler only; at most {@link #MAX_CACHED_BLOCKS} blocks).
   */
  ContinuousBatcher(SchedulerKind kind, PreemptionMode mode, int maxTokens, int maxSeqs,
      int blockTokens, long totalBlocks, long swapBlocks, boolean prefixCaching) {
    checkArgument(maxTokens >= 1 && maxSeqs >= 1 && blockTokens >= 1
        && totalBlocks >= 1 + kind.reservedBlocks() && swapBlocks >= 0,
        "budgets and KV blocks must be >= 1 (>= 2 for vLLM V1, whose null block is reserved)");
    checkArgument(mode == PreemptionMode.RECOMPUTE || kind == SchedulerKind.VLLM_V0,
        "swap preemption is vLLM V0's only");
    this.kind = kind;
    this.mode = mode;
    this.maxTokens = maxTokens;
    this.maxSeqs = maxSeqs;
    this.blockTokens = blockTokens;
    this.totalBlocks = totalBlocks;
    this.freeBlocks = usableBlocks();
    this.freeSwapBlocks = swapBlocks;
    checkArgument(!prefixCaching || kind == SchedulerKind.VLLM_V1 && totalBlocks
        <= MAX_CACHED_BLOCKS, "prefix caching is vLLM V1's, over at most 2^26 blocks");
    this.cache = prefixCaching ? new PrefixCache(blockTokens, (int) usableBlocks()) : null;
  }

  /** The most KV blocks a cache with prefix caching may have: 2^26. */
  static final long MAX_CACHED_BLOCKS = 1L << 26;

  /** Prompt tokens taken from the prefix cache instead of computed (0 without caching). */
  long prefixHitTokens() {
    return cache == null ? 0 : cache.hitTokens();
  }

  long blocksFor(long tokens) {
    return (tokens + blockTokens - 1) / blockTokens;
  }

  /** Whether a request can ever run: its largest KV footprint fits the blocks it may use. */
  boolean fitsCache(RequestSpec spec) {
    return blocksFor(spec.maxKvTokens()) <= usableBlocks();
  }

  /** The blocks requests may hold: the cache's, less those reserved ({@link #totalBlocks}). */
  long usableBlocks() {
    return totalBlocks - kind.reservedBlocks();
  }

  /** A request arrives: it waits for admission. */
  void arrive(Request request) {
    waiting.addLast(request);
  }

  int waitingCount() {
    return waiting.size();
  }

  int runningCount() {
    return running.size();
  }

  boolean idle() {
    return waiting.isEmpty() && running.isEmpty() && swapped.isEmpty();
  }

  /** The blocks requests hold (the reserved ones not counted). */
  long usedBlocks() {
    return usableBlocks() - freeBlocks;
  }

  /** The cache's blocks, the reserved ones included. */
  long totalBlocks() {
    return totalBlocks;
  }

  /** Preemptions by recompute and by swap. */
  long preemptions() {
    return preemptions;
  }

  /** Preemptions by swap. */
  long swapPreemptions() {
    return swapPreemptions;
  }

  /**
   * Chooses the next iteration's requests and allocates their KV blocks. An attempt that only
   * preempts (the one running request preempting itself) is followed by another, so the batch is
   * empty only when nothing can run.
   */
  Batch next() {
    checkState(cache == null || cache.free() == freeBlocks, "free KV blocks out of step");
    swapIn = 0;
    swapOut = 0;
    List<Item> items = new ArrayList<>();
    do {
      preemptedThisStep = false;
      switch (kind) {
        case VLLM_V0 -> formV0(items);
        case VLLM_V1 -> formV1(items);
        case SARATHI -> formSarathi(items);
        default -> throw new IllegalStateException(kind.toString());
      }
    } while (items.isEmpty() && preemptedThisStep);
    long tokens = 0;
    long pairs = 0;
    long sequences = 0;
    long context = 0;
    int prefills = 0;
    int decodes = 0;
    for (Item item : items) {
      Request r = item.request;
      if (item.decode()) {
        tokens += 1;
        sequences += 1;
        context += item.contextBefore + 1;
        decodes++;
      } else {
        long c = item.chunk;
        long o = item.contextBefore;
        tokens += c;
        pairs += c * o + c * (c + 1) / 2;
        if (r.prefilled + item.chunk == r.prefillTarget) {
          sequences += 1;
        }
        prefills++;
      }
    }
    return new Batch(List.copyOf(items), BatchShape.of(items.stream().map(i -> i.decode() ? SequenceWork.decode(i.contextBefore) : SequenceWork.prefill(i.chunk, i.contextBefore, i.request.prefilled + i.chunk == i.request.prefillTarget)).toList()),
        prefills, decodes, swapIn, swapOut);
  }

  // vLLM V0, Scheduler._schedule_default: prefills (whole prompts) only if nothing is swapped out;
  // decodes only if no prefill was scheduled; swap-ins only if no decode preempted.
  private void formV0(List<Item> items) {
    int tokenBudget = maxTokens;
    if (swapped.isEmpty()) {
      while (!waiting.isEmpty()) {
        Request r = waiting.peekFirst();
        long need = blocksFor(r.prefillTarget);
        if (need > freeBlocks || r.prefillTarget > tokenBudget || running.size() + 1 > maxSeqs) {
          break;
        }
        admit(r, need);
        tokenBudget -= r.prefillTarget;
        schedule(items, r, r.prefillTarget);
      }
    }
    if (!items.isEmpty()) {
      return;
    }
    running.sort(ARRIVAL);
    decodeRunning(items);
    if (!preemptedThisStep) {
      swapped.sort(ARRIVAL);
      while (!swapped.isEmpty()) {
        Request r = swapped.get(0);
        long need = blocksFor(r.kvTokens + 1);
        if (need > freeBlocks || running.size() + 1 > maxSeqs) {
          break;
        }
        swapped.remove(0);
        freeSwapBlocks += r.swappedBlocks;
        swapIn += r.swappedBlocks;
        freeBlocks -= need;
        r.blocks = need;
        r.swappedBlocks = 0;
        running.add(r);
        running.sort(ARRIVAL);
        schedule(items, r, 0);
      }
    }
  }

  // The running requests' decodes in order; one that needs a block when none is free preempts the
  // last running request not yet scheduled, or itself when there is none (V0 _schedule_running,
  // Sarathi's first phase).
  private void decodeRunning(List<Item> items) {
    for (int i = 0; i < running.size(); i++) {
      Request r = running.get(i);
      if (r.inBatch || !r.decoding()) {
        continue;
      }
      if (!makeRoom(r, blocksFor(r.kvTokens + 1) - r.blocks)) {
        break; // it preempted itself: every request after it was preempted already
      }
      schedule(items, r, 0);
    }
  }

  // vLLM V1, Scheduler.schedule: running requests in order, then (if none was preempted)
  // waiting ones, all within one token budget; blocks allocated for the tokens computed.
  private void formV1(List<Item> items) {
    int tokenBudget = maxTokens;
    for (int i = 0; i < running.size() && tokenBudget > 0; i++) {
      Request r = running.get(i);
      int chunk = r.decoding() ? 1 : Math.min(r.prefillTarget - r.prefilled, tokenBudget);
      if (r.inBatch || chunk == 0) {
        continue;
      }
      if (!makeRoom(r, blocksFor(r.kvTokens + chunk) - r.blocks)) {
        break;
      }
      if (cache != null) {
        cache.cacheFull(r, r.kvTokens + chunk);
      }
      schedule(items, r, r.decoding() ? 0 : chunk);
      tokenBudget -= chunk;
    }
    if (preemptedThisStep) {
      return;
    }
    while (!waiting.isEmpty() && tokenBudget > 0 && running.size() < maxSeqs) {
      Request r = waiting.peekFirst();
      if (cache != null) {
        if (!admitCached(items, r, tokenBudget)) {
          break;
        }
        tokenBudget -= items.get(items.size() - 1).chunk();
        continue;
      }
      int chunk = Math.min(r.prefillTarget, tokenBudget);
      long need = blocksFor(chunk);
      if (need > freeBlocks) {
        break;
      }
      admit(r, need);
      schedule(items, r, chunk);
      tokenBudget -= chunk;
    }
  }

  // vLLM V1 with prefix caching: a waiting request first takes its cached prefix
  // (KVCacheManager.get_computed_blocks), then is admitted if the blocks its chunk needs, and the
  // cached blocks it takes out of the free queue, are free (allocate_slots).
  private boolean admitCached(List<Item> items, Request r, int tokenBudget) {
    PrefixCache.Hit hit = cache.lookup(r);
    int computed = hit.blocks().length * blockTokens;
    int chunk = Math.min(r.prefillTarget - computed, tokenBudget);
    long fresh = blocksFor((long) computed + chunk) - hit.blocks().length;
    if (fresh + hit.evictable() > freeBlocks) {
      return false;
    }
    checkState(waiting.removeFirst() == r, "admitting a request not at the head of the queue");
    cache.take(r, hit);
    cache.allocate(r, fresh);
    freeBlocks -= fresh + hit.evictable();
    r.blocks = hit.blocks().length + fresh;
    r.prefilled = computed;
    r.kvTokens = computed;
    running.add(r);
    cache.cacheFull(r, (long) computed + chunk);
    schedule(items, r, chunk);
    return true;
  }

  // Sarathi-Serve, SarathiScheduler._schedule: decodes, then the running requests' prompt chunks,
  // then waiting prompts, while the chunk of maxTokens has room and fewer than maxSeqs run.
  private void formSarathi(List<Item> items) {
    running.sort(ARRIVAL);
    decodeRunning(items);
    int batched = items.size();
    for (Request r : List.copyOf(running)) {
      int chunk = Math.min(r.prefillTarget - r.prefilled, maxTokens - batched);
      if (r.inBatch || r.decoding() || chunk <= 0) {
        continue;
      }
      schedule(items, r, chunk);
      batched += chunk;
    }
    while (!waiting.isEmpty() && running.size() < maxSeqs) {
      Request r = waiting.peekFirst();
      long need = blocksFor(r.prefillTarget);
      int chunk = Math.min(r.prefillTarget, maxTokens - batched);
      if (need > freeBlocks || chunk <= 0) {
        break;
      }
      admit(r, need);
      schedule(items, r, chunk);
      batched += chunk;
    }
  }

  private void admit(Request r, long blocks) {
    checkState(waiting.removeFirst() == r, "admitting a request not at the head of the queue");
    freeBlocks -= blocks;
    r.blocks = blocks;
    running.add(r);
  }

  /**
   * Frees {@code need} blocks for {@code r} by preempting the last running request, which comes
   * after {@code r} in the running order and is not yet in the batch, or {@code r} itself when
   * none comes after it; allocates them to {@code r}. False when {@code r} itself was preempted.
   */
  private boolean makeRoom(Request r, long need) {
    while (need > freeBlocks) {
      Request last = running.get(running.size() - 1);
      checkState(last == r || !last.inBatch, "preempting a request already in the batch");
      preempt(last);
      if (last == r) {
        return false;
      }
    }
    if (cache != null) {
      cache.allocate(r, need);
    }
    freeBlocks -= need;
    r.blocks += need;
    return true;
  }

  private void schedule(List<Item> items, Request r, int chunk) {
    r.inBatch = true;
    items.add(new Item(r, chunk, r.kvTokens));
  }

  private void preempt(Request r) {
    checkState(running.remove(r), "preempting a request that is not running");
    preemptedThisStep = true;
    preemptions++;
    r.preemptions++;
    freeBlocks += cache != null ? cache.release(r) : r.blocks;
    if (mode == PreemptionMode.SWAP && r.decoding() && r.blocks <= freeSwapBlocks) {
      freeSwapBlocks -= r.blocks;
      swapOut += r.blocks;
      r.swappedBlocks = r.blocks;
      r.blocks = 0;
      swapped.add(r);
      swapPreemptions++;
      return;
    }
    r.blocks = 0;
    r.kvTokens = 0;
    r.prefilled = 0;
    r.prefillTarget = r.spec.promptTokens() + r.generated;
    waiting.addFirst(r);
  }

  /**
   * The iteration has ended at {@code nowNs}: prefills advance, each sequence that samples gets
   * its token, and finished requests free their blocks.
   *
   * @return the requests that finished, in batch order
   */
  List<Request> complete(Batch batch, long nowNs) {
    List<Request> finished = new ArrayList<>();
    for (Item item : batch.items()) {
      Request r = item.request;
      r.inBatch = false;
      if (item.decode()) {
        r.kvTokens += 1;
        r.sample(nowNs);
      } else {
        r.prefilled += item.chunk;
        r.kvTokens += item.chunk;
        if (r.prefilled == r.prefillTarget) {
          r.sample(nowNs);
          if (r.firstTokenNs < 0) {
            r.firstTokenNs = nowNs;
          }
        }
      }
      if (r.generated == r.spec.outputTokens()) {
        r.finishNs = nowNs;
        freeBlocks += cache != null ? cache.release(r) : r.blocks;
        r.blocks = 0;
        running.remove(r);
        finished.add(r);
      }
    }
    return finished;
  }
}
