package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.preemptlab.applications.llm.ContinuousBatcher.Batch;
import org.preemptlab.applications.llm.ContinuousBatcher.Item;
import org.preemptlab.applications.llm.ContinuousBatcher.PreemptionMode;
import org.preemptlab.applications.llm.ContinuousBatcher.Request;
import org.preemptlab.applications.llm.ContinuousBatcher.SchedulerKind;

/** vLLM V1's automatic prefix caching in the batcher, against hand-computed batches. */
class PrefixCachingTest {
  private int nextIndex;

  private Request request(int prompt, int output, TokenIds ids) {
    return new Request(nextIndex++, new RequestSpec(0, prompt, output, "test", ids));
  }

  private static TokenIds ids(int from, int count) {
    return TokenIds.of(IntStream.range(from, from + count).toArray());
  }

  private static ContinuousBatcher cached(int maxTokens, int blockTokens, long blocks) {
    return new ContinuousBatcher(SchedulerKind.VLLM_V1, PreemptionMode.RECOMPUTE, maxTokens, 8,
        blockTokens, blocks, 0, true);
  }

  private static List<String> describe(Batch batch) {
    List<String> out = new ArrayList<>();
    for (Item item : batch.items()) {
      out.add("r" + item.request().index + (item.decode() ? " decode" : " prefill "
          + item.chunk() + " after " + item.contextBefore()));
    }
    return out;
  }

  private static void runToEnd(ContinuousBatcher b) {
    for (long t = 1; !b.idle(); t++) {
      b.complete(b.next(), t);
    }
  }

  @Test
  void aPromptSharingAnEarlierPromptsFullBlocksComputesOnlyTheRest() {
    ContinuousBatcher b = cached(100, 16, 100);
    b.arrive(request(40, 1, ids(0, 40)));
    runToEnd(b); // 40 tokens: blocks 0 and 1 full and cached, block 2 holds 8
    b.arrive(request(40, 1, ids(0, 40)));

    assertThat(describe(b.next())).containsExactly("r1 prefill 8 after 32");
    assertThat(b.prefixHitTokens()).isEqualTo(32);
  }

  @Test
  void theLastPromptTokenIsAlwaysComputedSoAWholeBlockHitStopsOneBlockShort() {
    ContinuousBatcher b = cached(100, 16, 100);
    b.arrive(request(32, 1, ids(0, 32)));
    runToEnd(b);
    b.arrive(request(32, 1, ids(0, 32)));

    // (32 - 1) / 16 = 1 block may hit; the second is computed again with the last token.
    assertThat(describe(b.next())).containsExactly("r1 prefill 16 after 16");
  }

  @Test
  void promptsThatDifferInAnEarlierBlockShareNothingAfterIt() {
    ContinuousBatcher b = cached(100, 16, 100);
    b.arrive(request(40, 1, ids(0, 40)));
    runToEnd(b);
    int[] other = IntStream.range(0, 40).toArray();
    other[3] = 999; // block 0 differs, block 1 is equal token by token but not as a prefix
    b.arrive(request(40, 1, TokenIds.of(other)));

    assertThat(describe(b.next())).containsExactly("r1 prefill 40 after 0");
    assertThat(b.prefixHitTokens()).isZero();
  }

  @Test
  void promptsWithoutTokenIdsNeverShareBlocks() {
    ContinuousBatcher b = cached(100, 16, 100);
    b.arrive(request(40, 1, TokenIds.NONE));
    runToEnd(b);
    b.arrive(request(40, 1, TokenIds.NONE));

    assertThat(describe(b.next())).containsExactly("r1 prefill 40 after 0");
  }

  @Test
  void aRunningRequestsCachedBlocksAreSharedNotCopied() {
    ContinuousBatcher b = cached(100, 16, 100);
    b.arrive(request(40, 5, ids(0, 40)));
    b.complete(b.next(), 1); // r0 prefilled: 3 blocks in use
    b.arrive(request(40, 5, ids(0, 40)));
    Batch batch = b.next();

    assertThat(describe(batch)).containsExactly("r0 decode", "r1 prefill 8 after 32");
    // r1 takes r0's two full blocks without leaving the free queue and allocates one of its own.
    assertThat(b.usedBlocks()).isEqualTo(4);
  }

  @Test
  void freedBlocksAreEvictedTailFirstSoAPrefixOutlivesItsTail() {
    // Four blocks of 4 tokens (and vLLM V1's null block, which no request holds). r0 fills
    // blocks 0, 1 and 2 (12 tokens, all cached) and frees them last first: the free queue is then
    // [3, 2, 1, 0].
    ContinuousBatcher b = cached(100, 4, 5);
    b.arrive(request(11, 2, ids(0, 11)));
    runToEnd(b);
    // r1, without ids, takes two blocks from the head: block 3, never used, and r0's block 2,
    // evicted.
    b.arrive(request(5, 1, TokenIds.NONE));
    runToEnd(b);
    b.arrive(request(12, 1, ids(0, 12)));

    // r2 shares r0's first 11 tokens: blocks 0 and 1 hit (at most (12 - 1) / 4 = 2 may); it
    // computes tokens 8-11. Had the queue taken r0's blocks first to last, block 0 would be gone.
    assertThat(describe(b.next())).containsExactly("r2 prefill 4 after 8");
    assertThat(b.prefixHitTokens()).isEqualTo(8);
  }

  @Test
  void aRequestPreemptedByRecomputeFindsItsOwnBlocksThatWereNotReused() {
    // Four blocks of 4 tokens (and vLLM V1's null block). r0 (prompt 4, 8 tokens out) takes
    // block 0; r1 (prompt 6) blocks 1 and 2, block 1 full and cached. r0's first decode takes
    // block 3; r1's block 2 fills (cached) at its third token, and its fourth finds no block: r1,
    // the later, preempts itself and frees blocks 2 then 1 to the free queue, to come back with
    // 6 + 3 tokens to prefill.
    ContinuousBatcher b = cached(100, 4, 5);
    Request r0 = request(4, 8, TokenIds.NONE);
    Request r1 = request(6, 20, TokenIds.NONE);
    b.arrive(r0);
    b.arrive(r1);
    List<List<String>> batches = new ArrayList<>();
    for (long t = 1; !r1.inBatch || batches.size() < 2; t++) {
      Batch batch = b.next();
      batches.add(describe(batch));
      if (!r1.inBatch || t < 5) {
        b.complete(batch, t);
      }
    }
    assertThat(b.preemptions()).isEqualTo(1);
    // r0's second block (at its ninth KV token) took block 2 from the head: r1's block of tokens
    // 4-7 was evicted. When r0 finishes, r1 takes its block 1 (tokens 0-3) back and computes
    // tokens 4-8.
    assertThat(batches.get(3)).containsExactly("r0 decode");
    assertThat(batches.get(batches.size() - 1)).containsExactly("r1 prefill 5 after 4");
    assertThat(b.prefixHitTokens()).isEqualTo(4);
  }

  @Test
  void withoutTokenIdsOrPreemptionsCachingChangesNoBatch() {
    SplittableRandom random = new SplittableRandom(42);
    for (int trial = 0; trial < 50; trial++) {
      ContinuousBatcher plain = new ContinuousBatcher(SchedulerKind.VLLM_V1,
          PreemptionMode.RECOMPUTE, 64, 8, 16, 10_000, 0);
      ContinuousBatcher withCache = cached(64, 16, 10_000);
      List<Request> a = new ArrayList<>();
      List<Request> c = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        int prompt = 1 + random.nextInt(200);
        int output = 1 + random.nextInt(30);
        a.add(new Request(i, new RequestSpec(0, prompt, output, "x")));
        c.add(new Request(i, new RequestSpec(0, prompt, output, "x")));
      }
      int next = 0;
      for (long t = 1; next < a.size() || !plain.idle(); t++) {
        if (next < a.size() && random.nextBoolean()) {
          plain.arrive(a.get(next));
          withCache.arrive(c.get(next++));
        }
        Batch x = plain.next();
        Batch y = withCache.next();
        assertThat(describe(y)).isEqualTo(describe(x));
        plain.complete(x, t);
        withCache.complete(y, t);
        assertThat(withCache.usedBlocks()).isEqualTo(plain.usedBlocks());
      }
    }
  }
}
