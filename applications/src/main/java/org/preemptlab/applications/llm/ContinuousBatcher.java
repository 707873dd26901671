package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The serving loop's scheduler, without the GPU: which requests the next iteration computes, and
 * what each iteration's end does to them (Orca's iteration-level scheduling, Yu et al., OSDI 2022,
 * Sec. 4.1; vLLM's scheduler and paged KV cache, Kwon et al., SOSP 2023, Sec. 4.2 and 4.5; chunked
 * prefill as Sarathi-Serve's stall-free batching, Agrawal et al., OSDI 2024, Sec. 4). The rules are
 * in {@code docs/llm-serving.md} ("Batching rules"):
 *
 * <ul>
 *   <li>Without chunked prefill (prefill first): waiting requests are admitted in arrival order,
 *       each with its whole prompt, while the prompts fit the token budget, the batch the sequence
 *       budget and the prompt's KV blocks the free cache; the first that does not fit stops
 *       admission (first come, first served). Then the running requests' decodes fill what is
 *       left of both budgets, in admission order.
 *   <li>With chunked prefill (decode first): the running requests' decodes first, then the
 *       unfinished prefills of running requests, then new admissions, each prefill taking a chunk
 *       of at most the token budget left.
 *   <li>KV cache: blocks of {@code blockTokens} tokens; admission allocates the blocks of the
 *       whole prompt; a decode that needs a new block when none is free preempts, by recompute, the
 *       most recently admitted running request not in the batch (itself if there is none): its
 *       blocks are freed and it waits at the head of the queue to prefill its prompt and the tokens
 *       it generated again (vLLM's recompute preemption).
 * </ul>
 */
final class ContinuousBatcher {

  /** One request's state in the server. */
  static final class Request {
    final int index;
    final RequestSpec spec;
    int prefillTarget;
    int prefilled;
    int generated;
    long kvTokens;
    long blocks;
    long firstTokenNs = -1;
    long finishNs = -1;
    boolean inBatch;

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

  /** An iteration's requests and the shape its kernels are sized by. */
  record Batch(List<Item> items, BatchShape shape, int prefills, int decodes) {
    boolean isEmpty() {
      return items.isEmpty();
    }
  }

  private final int maxTokens;
  private final int maxSeqs;
  private final boolean chunked;
  private final int blockTokens;
  private final long totalBlocks;
  private final Deque<Request> waiting = new ArrayDeque<>();
  private final List<Request> running = new ArrayList<>();
  private long freeBlocks;
  private long preemptions;

  ContinuousBatcher(int maxTokens, int maxSeqs, boolean chunked, int blockTokens,
      long totalBlocks) {
    checkArgument(maxTokens >= 1 && maxSeqs >= 1 && blockTokens >= 1 && totalBlocks >= 1,
        "budgets and KV blocks must be >= 1");
    this.maxTokens = maxTokens;
    this.maxSeqs = maxSeqs;
    this.chunked = chunked;
    this.blockTokens = blockTokens;
    this.totalBlocks = totalBlocks;
    this.freeBlocks = totalBlocks;
  }

  long blocksFor(long tokens) {
    return (tokens + blockTokens - 1) / blockTokens;
  }

  /** Whether a request can ever run: its largest KV footprint fits the whole cache. */
  boolean fitsCache(RequestSpec spec) {
    return blocksFor(spec.maxKvTokens()) <= totalBlocks;
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
    return waiting.isEmpty() && running.isEmpty();
  }

  long usedBlocks() {
    return totalBlocks - freeBlocks;
  }

  long totalBlocks() {
    return totalBlocks;
  }

  long preemptions() {
    return preemptions;
  }

  /** Chooses the next iteration's requests and allocates their KV blocks. */
  Batch next() {
    List<Item> items = new ArrayList<>();
    int[] budget = {maxTokens, maxSeqs};
    if (chunked) {
      decodes(items, budget);
      ongoingPrefills(items, budget);
      admit(items, budget);
    } else {
      admit(items, budget);
      decodes(items, budget);
    }
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
        prefills, decodes);
  }

  private void admit(List<Item> items, int[] budget) {
    while (!waiting.isEmpty() && budget[1] > 0 && budget[0] > 0) {
      Request r = waiting.peekFirst();
      int chunk = r.prefillTarget;
      if (chunk > budget[0]) {
        if (!chunked) {
          return;
        }
        chunk = budget[0];
      }
      long need = blocksFor(r.prefillTarget);
      if (need > freeBlocks) {
        return;
      }
      waiting.removeFirst();
      freeBlocks -= need;
      r.blocks = need;
      running.add(r);
      schedule(items, budget, r, chunk);
    }
  }

  private void ongoingPrefills(List<Item> items, int[] budget) {
    for (Request r : running) {
      if (budget[0] <= 0 || budget[1] <= 0) {
        return;
      }
      if (!r.inBatch && r.prefilled < r.prefillTarget) {
        schedule(items, budget, r, Math.min(r.prefillTarget - r.prefilled, budget[0]));
      }
    }
  }

  private void decodes(List<Item> items, int[] budget) {
    for (int i = 0; i < running.size(); i++) {
      if (budget[0] <= 0 || budget[1] <= 0) {
        return;
      }
      Request r = running.get(i);
      if (r.inBatch || !r.decoding()) {
        continue;
      }
      long need = blocksFor(r.kvTokens + 1) - r.blocks;
      boolean self = false;
      while (need > freeBlocks) {
        Request victim = null;
        for (int j = running.size() - 1; j >= 0; j--) {
          Request candidate = running.get(j);
          if (!candidate.inBatch && candidate != r) {
            victim = candidate;
            break;
          }
        }
        if (victim == null) {
          int position = running.indexOf(r);
          preempt(r);
          i = position - 1;
          self = true;
          break;
        }
        preempt(victim);
      }
      if (self) {
        continue;
      }
      i = running.indexOf(r);
      freeBlocks -= need;
      r.blocks += need;
      schedule(items, budget, r, 0);
    }
  }

  private void schedule(List<Item> items, int[] budget, Request r, int chunk) {
    r.inBatch = true;
    items.add(new Item(r, chunk, r.kvTokens));
    budget[0] -= chunk == 0 ? 1 : chunk;
    budget[1] -= 1;
  }

  private void preempt(Request r) {
    checkState(running.remove(r), "preempting a request that is not running");
    freeBlocks += r.blocks;
    r.blocks = 0;
    r.kvTokens = 0;
    r.prefilled = 0;
    r.prefillTarget = r.spec.promptTokens() + r.generated;
    waiting.addFirst(r);
    preemptions++;
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
        r.generated += 1;
      } else {
        r.prefilled += item.chunk;
        r.kvTokens += item.chunk;
        if (r.prefilled == r.prefillTarget) {
          r.generated += 1;
          if (r.firstTokenNs < 0) {
            r.firstTokenNs = nowNs;
          }
        }
      }
      if (r.generated == r.spec.outputTokens()) {
        r.finishNs = nowNs;
        freeBlocks += r.blocks;
        r.blocks = 0;
        running.remove(r);
        finished.add(r);
      }
    }
    return finished;
  }
}
