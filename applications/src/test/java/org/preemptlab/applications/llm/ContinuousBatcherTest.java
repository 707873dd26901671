package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.preemptlab.applications.llm.ContinuousBatcher.Batch;
import org.preemptlab.applications.llm.ContinuousBatcher.Item;
import org.preemptlab.applications.llm.ContinuousBatcher.PreemptionMode;
import org.preemptlab.applications.llm.ContinuousBatcher.Request;
import org.preemptlab.applications.llm.ContinuousBatcher.SchedulerKind;

class ContinuousBatcherTest {
  private int nextIndex;

  private Request request(int prompt, int output) {
    return new Request(nextIndex++, new RequestSpec(0, prompt, output, "test"));
  }

  private static ContinuousBatcher batcher(SchedulerKind kind, int maxTokens, int maxSeqs,
      int blockTokens, long blocks) {
    return new ContinuousBatcher(kind, PreemptionMode.RECOMPUTE, maxTokens, maxSeqs, blockTokens,
        blocks, 0);
  }

  private static List<String> describe(Batch batch) {
    List<String> out = new ArrayList<>();
    for (Item item : batch.items()) {
      out.add("r" + item.request().index + (item.decode() ? " decode" : " prefill "
          + item.chunk()));
    }
    return out;
  }

  @Test
  void vllmV0AnIterationThatAdmitsAPromptCarriesNoDecode() {
    ContinuousBatcher b = batcher(SchedulerKind.VLLM_V0, 100, 10, 16, 1000);
    b.arrive(request(10, 5));
    b.complete(b.next(), 1);
    b.arrive(request(20, 2));

    assertThat(describe(b.next())).containsExactly("r1 prefill 20");
  }

  @Test
  void vllmV0DecodesEveryRunningRequestWhenNoPromptIsAdmitted() {
    ContinuousBatcher b = batcher(SchedulerKind.VLLM_V0, 100, 10, 16, 1000);
    b.arrive(request(10, 5));
    b.arrive(request(20, 5));
    b.complete(b.next(), 1);
    b.arrive(request(100, 2));
    Batch prefill = b.next();
    assertThat(describe(prefill)).containsExactly("r2 prefill 100");
    b.complete(prefill, 2);

    assertThat(describe(b.next())).containsExactly("r0 decode", "r1 decode", "r2 decode");
  }

  @Test
  void vllmV0MaxSeqsCapsTheRunningRequestsNotOnlyABatch() {
    ContinuousBatcher b = batcher(SchedulerKind.VLLM_V0, 1000, 2, 16, 1000);
    b.arrive(request(10, 3));
    b.arrive(request(10, 3));
    b.arrive(request(10, 3));

    Batch first = b.next();
    assertThat(describe(first)).containsExactly("r0 prefill 10", "r1 prefill 10");
    b.complete(first, 1);
    // r2 fits every budget but the cap on running requests: the two decode instead.
    Batch second = b.next();
    assertThat(describe(second)).containsExactly("r0 decode", "r1 decode");
    assertThat(b.runningCount()).isEqualTo(2);
    b.complete(second, 2);
    b.complete(b.next(), 3); // r0 and r1 finish with their third token
    assertThat(describe(b.next())).containsExactly("r2 prefill 10");
  }

  @Test
  void vllmV1RunningRequestsGoFirstThenWaitingOnesInChunksOfOneTokenBudget() {
    ContinuousBatcher b = batcher(SchedulerKind.VLLM_V1, 100, 10, 16, 1000);
    b.arrive(request(10, 5));
    b.complete(b.next(), 1);
    b.arrive(request(250, 2));
    b.arrive(request(30, 2));

    Batch first = b.next();
    assertThat(describe(first)).containsExactly("r0 decode", "r1 prefill 99");
    assertThat(first.shape()).usingRecursiveComparison().ignoringFields("work")
        .isEqualTo(new BatchShape(100, 99 * 100 / 2, 1, 11));
    b.complete(first, 2);
    Batch second = b.next();
    assertThat(describe(second)).containsExactly("r0 decode", "r1 prefill 99");
    // The second chunk attends to the 99 tokens already cached: 99 * 99 + 99 * 100 / 2 pairs.
    assertThat(second.shape().prefillPairs()).isEqualTo(99 * 99 + 99 * 100 / 2);
    b.complete(second, 3);
    // r1's last 52 tokens leave 47 of the budget: r2's first chunk.
    Batch third = b.next();
    assertThat(describe(third)).containsExactly("r0 decode", "r1 prefill 52", "r2 prefill 30");
    assertThat(third.shape().sequences()).isEqualTo(3);
  }

  @Test
  void vllmV1AllocatesKvBlocksChunkByChunk() {
    ContinuousBatcher b = batcher(SchedulerKind.VLLM_V1, 100, 10, 10, 1000);
    b.arrive(request(250, 2));

    b.complete(b.next(), 1);
    assertThat(b.usedBlocks()).isEqualTo(10);
    b.complete(b.next(), 2);
    assertThat(b.usedBlocks()).isEqualTo(20);
  }

  @Test
  void vllmV1MaxSeqsCapsTheRunningRequests() {
    ContinuousBatcher b = batcher(SchedulerKind.VLLM_V1, 1000, 2, 16, 1000);
    for (int i = 0; i < 3; i++) {
      b.arrive(request(10, 3));
    }
    b.complete(b.next(), 1);

    assertThat(describe(b.next())).containsExactly("r0 decode", "r1 decode");
  }

  @Test
  void vllmV1APreemptionByRecomputeTakesTheLastRunningRequestAndAdmitsNone() {
    // 11 blocks: 10 for the requests, 1 vLLM V1's null block
    ContinuousBatcher b = batcher(SchedulerKind.VLLM_V1, 1000, 10, 10, 11);
    b.arrive(request(50, 30));
    b.arrive(request(50, 30));
    b.complete(b.next(), 1);
    assertThat(b.usedBlocks()).isEqualTo(10);
    b.arrive(request(5, 2));

    // Both hold 50 tokens in 5 full blocks; r0's next token needs a sixth: r1 is preempted.
    Batch batch = b.next();

    assertThat(describe(batch)).containsExactly("r0 decode");
    assertThat(b.preemptions()).isEqualTo(1);
    assertThat(b.waitingCount()).isEqualTo(2);
    assertThat(b.usedBlocks()).isEqualTo(6);
    b.complete(batch, 2);
    // r1 waits at the head of the queue to prefill its prompt and its token again: 51 tokens.
    assertThat(describe(b.next())).containsExactly("r0 decode");
  }

  @Test
  void sarathiDecodesFirstThenRunningPromptsThenWaitingOnesWithinTheChunk() {
    ContinuousBatcher b = batcher(SchedulerKind.SARATHI, 100, 10, 10, 1000);
    b.arrive(request(10, 5));
    b.arrive(request(150, 5));
    Batch first = b.next();
    assertThat(describe(first)).containsExactly("r0 prefill 10", "r1 prefill 90");
    // The whole prompt's blocks are allocated on admission: 1 + 15.
    assertThat(b.usedBlocks()).isEqualTo(16);
    b.complete(first, 1);
    b.arrive(request(40, 2));

    assertThat(describe(b.next())).containsExactly("r0 decode", "r1 prefill 60",
        "r2 prefill 39");
  }

  @Test
  void vllmV0SwapsAPreemptedRequestOutAndBackBeforeAdmittingNewPrompts() {
    ContinuousBatcher b = new ContinuousBatcher(SchedulerKind.VLLM_V0, PreemptionMode.SWAP,
        1000, 10, 10, 10, 100);
    b.arrive(request(50, 30));
    b.arrive(request(50, 30));
    b.complete(b.next(), 1);

    Batch swapOut = b.next();
    assertThat(describe(swapOut)).containsExactly("r0 decode");
    assertThat(swapOut.swapOutBlocks()).isEqualTo(5);
    assertThat(b.swapPreemptions()).isEqualTo(1);
    b.complete(swapOut, 2);
    // While r1 is swapped out, no prompt is admitted, though this one fits.
    b.arrive(request(5, 2));
    Batch next = b.next();
    assertThat(describe(next)).containsExactly("r0 decode");
    assertThat(next.swapInBlocks()).isZero();
  }

  @Test
  void vllmV0SwapsInWhenTheCacheHasRoomAgain() {
    ContinuousBatcher b = new ContinuousBatcher(SchedulerKind.VLLM_V0, PreemptionMode.SWAP,
        1000, 10, 10, 10, 100);
    b.arrive(request(50, 2));
    b.arrive(request(49, 30));
    b.complete(b.next(), 1);
    // r0 needs a sixth block: r1 (5 blocks) is swapped out; r0 then finishes.
    b.complete(b.next(), 2);
    assertThat(b.usedBlocks()).isZero();

    Batch swapIn = b.next();
    assertThat(describe(swapIn)).containsExactly("r1 decode");
    assertThat(swapIn.swapInBlocks()).isEqualTo(5);
    assertThat(swapIn.shape().contextTokens()).isEqualTo(50);
  }

  @ParameterizedTest
  @EnumSource(SchedulerKind.class)
  void noBatchExceedsItsBudgetsOrTheKvCacheAndEveryRequestFinishes(SchedulerKind kind) {
    int maxTokens = 256;
    int maxSeqs = 8;
    long blocks = 100;
    ContinuousBatcher b = batcher(kind, maxTokens, maxSeqs, 4, blocks);
    SplittableRandom random = new SplittableRandom(11);
    List<Request> all = new ArrayList<>();
    long maxUsed = 0;
    for (int step = 0; step < 200_000 && (step < 400 || !b.idle()); step++) {
      if (step < 400) {
        for (int k = random.nextInt(3); k > 0; k--) {
          Request r = request(1 + random.nextInt(kind.chunked() ? 300 : 190),
              1 + random.nextInt(60));
          all.add(r);
          b.arrive(r);
        }
      }
      Batch batch = b.next();
      assertThat(batch.shape().tokens()).isLessThanOrEqualTo(maxTokens);
      assertThat(b.runningCount()).isLessThanOrEqualTo(maxSeqs);
      assertThat(b.usedBlocks()).isBetween(0L, b.usableBlocks());
      if (kind == SchedulerKind.VLLM_V0) {
        assertThat(batch.prefills() == 0 || batch.decodes() == 0).isTrue();
      }
      for (Item item : batch.items()) {
        // Every request in the batch holds the blocks of what it will have cached afterwards.
        long after = item.contextBefore() + (item.decode() ? 1 : item.chunk());
        assertThat(item.request().blocks).isGreaterThanOrEqualTo(b.blocksFor(after));
      }
      maxUsed = Math.max(maxUsed, b.usedBlocks());
      b.complete(batch, step);
    }
    assertThat(b.idle()).isTrue();
    assertThat(all).allSatisfy(r -> assertThat(r.finished()).isTrue());
    assertThat(all).allSatisfy(r -> assertThat(r.tokenTimes()).hasSize(r.spec.outputTokens()));
    // every block but vLLM V1's null block
    assertThat(maxUsed).isEqualTo(kind == SchedulerKind.VLLM_V1 ? blocks - 1 : blocks);
    assertThat(b.preemptions()).isPositive();
  }

  @Test
  void vllmV1KeepsOneBlockOfTheCacheOutOfUseAsItsNullBlock() {
    // two prompts of 50 tokens need 5 blocks each: a cache of 10 blocks admits only the first
    // under vLLM V1 (9 usable), both under V0 and Sarathi-Serve
    for (SchedulerKind kind : SchedulerKind.values()) {
      ContinuousBatcher b = batcher(kind, 1000, 10, 10, 10);
      b.arrive(request(50, 30));
      b.arrive(request(50, 30));
      b.next();
      assertThat(b.runningCount()).as(kind.id()).isEqualTo(kind == SchedulerKind.VLLM_V1 ? 1 : 2);
      assertThat(b.usableBlocks()).as(kind.id())
          .isEqualTo(kind == SchedulerKind.VLLM_V1 ? 9 : 10);
      assertThat(b.totalBlocks()).isEqualTo(10);
    }
    assertThat(batcher(SchedulerKind.VLLM_V1, 1000, 10, 10, 10)
        .fitsCache(new RequestSpec(0, 80, 11, "test"))).isTrue();
    assertThat(batcher(SchedulerKind.VLLM_V1, 1000, 10, 10, 10)
        .fitsCache(new RequestSpec(0, 80, 12, "test"))).isFalse();
  }
}
