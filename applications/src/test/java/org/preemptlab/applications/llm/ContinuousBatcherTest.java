package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.applications.llm.ContinuousBatcher.Batch;
import org.preemptlab.applications.llm.ContinuousBatcher.Item;
import org.preemptlab.applications.llm.ContinuousBatcher.Request;

class ContinuousBatcherTest {
  private int nextIndex;

  private Request request(int prompt, int output) {
    return new Request(nextIndex++, new RequestSpec(0, prompt, output, "test"));
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
  void withoutChunkingAWaitingPrefillGoesBeforeTheRunningDecodes() {
    ContinuousBatcher b = new ContinuousBatcher(100, 10, false, 16, 1000);
    Request r0 = request(10, 5);
    b.arrive(r0);
    b.complete(b.next(), 1);
    b.arrive(request(100, 2));

    Batch batch = b.next();

    assertThat(describe(batch)).containsExactly("r1 prefill 100");
    b.complete(batch, 2);
    assertThat(describe(b.next())).containsExactly("r0 decode", "r1 decode");
  }

  @Test
  void withoutChunkingDecodesFillWhatThePrefillsLeave() {
    ContinuousBatcher b = new ContinuousBatcher(100, 10, false, 16, 1000);
    b.arrive(request(10, 5));
    b.arrive(request(10, 5));
    b.complete(b.next(), 1);
    b.arrive(request(99, 2));

    assertThat(describe(b.next())).containsExactly("r2 prefill 99", "r0 decode");
  }

  @Test
  void withChunkingDecodesGoFirstAndAPromptTakesTheBudgetLeftInChunks() {
    ContinuousBatcher b = new ContinuousBatcher(100, 10, true, 16, 1000);
    b.arrive(request(10, 5));
    b.complete(b.next(), 1);
    b.arrive(request(250, 2));

    Batch first = b.next();
    assertThat(describe(first)).containsExactly("r0 decode", "r1 prefill 99");
    assertThat(first.shape()).usingRecursiveComparison().ignoringFields("work")
        .isEqualTo(new BatchShape(100, 99 * 100 / 2, 1, 11));
    b.complete(first, 2);
    Batch second = b.next();
    assertThat(describe(second)).containsExactly("r0 decode", "r1 prefill 99");
    // The second chunk attends to the 99 tokens already cached: 99 * 99 + 99 * 100 / 2 pairs.
    assertThat(second.shape().prefillPairs()).isEqualTo(99 * 99 + 99 * 100 / 2);
    assertThat(second.shape().sequences()).isEqualTo(1);
    b.complete(second, 3);
    Batch third = b.next();
    assertThat(describe(third)).containsExactly("r0 decode", "r1 prefill 52");
    assertThat(third.shape().sequences()).isEqualTo(2);
  }

  @Test
  void aRequestWaitsWhileTheKvCacheCannotHoldItsPrompt() {
    ContinuousBatcher b = new ContinuousBatcher(1000, 10, false, 10, 10);
    b.arrive(request(60, 2));
    b.arrive(request(60, 2));

    Batch first = b.next();
    assertThat(describe(first)).containsExactly("r0 prefill 60");
    assertThat(b.usedBlocks()).isEqualTo(6);
    b.complete(first, 1);
    Batch second = b.next();
    assertThat(describe(second)).containsExactly("r0 decode");
    b.complete(second, 2);
    assertThat(b.usedBlocks()).isZero();
    assertThat(describe(b.next())).containsExactly("r1 prefill 60");
  }

  @Test
  void aDecodeThatFindsTheCacheFullPreemptsTheLatestRequestByRecompute() {
    ContinuousBatcher b = new ContinuousBatcher(1000, 10, false, 10, 10);
    b.arrive(request(50, 30));
    b.arrive(request(50, 30));
    b.complete(b.next(), 1);
    assertThat(b.usedBlocks()).isEqualTo(10);

    // Both hold 50 tokens in 5 full blocks; r0's next token needs a sixth: r1 is preempted.
    Batch batch = b.next();

    assertThat(describe(batch)).containsExactly("r0 decode");
    assertThat(b.preemptions()).isEqualTo(1);
    assertThat(b.waitingCount()).isEqualTo(1);
    assertThat(b.usedBlocks()).isEqualTo(6);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void noBatchExceedsItsBudgetsOrTheKvCacheAndEveryRequestFinishes(boolean chunked) {
    int maxTokens = 256;
    int maxSeqs = 8;
    long blocks = 100;
    ContinuousBatcher b = new ContinuousBatcher(maxTokens, maxSeqs, chunked, 4, blocks);
    SplittableRandom random = new SplittableRandom(11);
    List<Request> all = new ArrayList<>();
    long maxUsed = 0;
    for (int step = 0; step < 200_000 && (step < 400 || !b.idle()); step++) {
      if (step < 400) {
        for (int k = random.nextInt(3); k > 0; k--) {
          Request r = request(1 + random.nextInt(chunked ? 300 : 190), 1 + random.nextInt(60));
          all.add(r);
          b.arrive(r);
        }
      }
      Batch batch = b.next();
      assertThat(batch.shape().tokens()).isLessThanOrEqualTo(maxTokens);
      assertThat(batch.items().size()).isLessThanOrEqualTo(maxSeqs);
      assertThat(b.usedBlocks()).isBetween(0L, blocks);
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
    assertThat(maxUsed).isEqualTo(blocks);
  }
}
