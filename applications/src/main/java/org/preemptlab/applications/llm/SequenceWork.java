package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * What one sequence of a serving iteration computes: a decode step, or a prefill chunk. The
 * measured attention profiles key their times by these per-sequence quantities (Vidur: decode
 * batch size and KV length, prefill chunk and its KV offset; LLMServingSim 2.0: prefill chunk,
 * its KV history, decodes and their KV length).
 *
 * @param decode whether this is a decode step (one new token of a sequence whose prompt is
 *     prefilled) rather than a prefill chunk
 * @param newTokens tokens computed in this iteration: 1 for a decode, the chunk for a prefill
 * @param cachedTokens tokens already in the sequence's KV cache before this iteration (the
 *     chunk's KV offset; a decode's context before its new token)
 * @param samples whether the sequence samples a token at the end of the iteration (every decode,
 *     and the prefill chunk that completes its prompt)
 */
public record SequenceWork(boolean decode, long newTokens, long cachedTokens, boolean samples) {

  /** Checks the counts. */
  public SequenceWork {
    checkArgument(newTokens >= 1, "a sequence computes >= 1 new token, got %s", newTokens);
    checkArgument(cachedTokens >= 0, "cached tokens must be >= 0, got %s", cachedTokens);
    checkArgument(!decode || newTokens == 1 && samples,
        "a decode computes one token and samples it, got %s tokens", newTokens);
  }

  /** A decode step of a sequence with {@code cachedTokens} tokens in its KV cache. */
  public static SequenceWork decode(long cachedTokens) {
    return new SequenceWork(true, 1, cachedTokens, true);
  }

  /** A prefill chunk of {@code chunk} tokens after {@code cachedTokens} cached ones. */
  public static SequenceWork prefill(long chunk, long cachedTokens, boolean completes) {
    return new SequenceWork(false, chunk, cachedTokens, completes);
  }

  /** Query-key pairs of this chunk's causal attention: {@code c·o + c(c+1)/2}. */
  public long attentionPairs() {
    return decode ? cachedTokens + 1 : newTokens * cachedTokens + newTokens * (newTokens + 1) / 2;
  }
}
