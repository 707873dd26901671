package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.List;

/**
 * What one serving iteration computes: the four aggregate quantities a {@link ModelProfile}'s
 * table kernels scale by ({@code docs/llm-serving.md}, "Model profiles") and, when built with
 * {@link #of}, every sequence's work, which the measured attention profiles key their times by.
 *
 * @param tokens tokens in the batch: the prefill tokens of every prefill chunk plus one per
 *     decoding sequence
 * @param prefillPairs query-key pairs the prefill chunks' causal attention computes: a chunk of
 *     {@code c} tokens after {@code o} tokens already in the KV cache adds {@code c * o + c * (c +
 *     1) / 2}
 * @param sequences sequences that sample a token at the end of the iteration: the decoding ones
 *     and those whose prefill completes
 * @param contextTokens KV-cache entries the decoding sequences' attention reads: for each, the
 *     tokens in its cache including the one it feeds
 * @param work every sequence's work, in batch order; empty for a shape given by its aggregates
 *     alone
 */
public record BatchShape(long tokens, long prefillPairs, long sequences, long contextTokens,
    List<SequenceWork> work) {

  /** Checks that no quantity is negative. */
  public BatchShape {
    checkArgument(tokens >= 0 && prefillPairs >= 0 && sequences >= 0 && contextTokens >= 0,
        "batch quantities must be >= 0: %s %s %s %s", tokens, prefillPairs, sequences,
        contextTokens);
    work = List.copyOf(work);
  }

  /** A shape by its aggregates alone, without per-sequence work. */
  public BatchShape(long tokens, long prefillPairs, long sequences, long contextTokens) {
    this(tokens, prefillPairs, sequences, contextTokens, List.of());
  }

  /** The shape of an iteration that computes {@code work}, one entry per sequence. */
  public static BatchShape of(List<SequenceWork> work) {
    long tokens = 0;
    long pairs = 0;
    long sequences = 0;
    long context = 0;
    for (SequenceWork w : work) {
      tokens += w.newTokens();
      if (w.decode()) {
        context += w.cachedTokens() + 1;
      } else {
        pairs += w.attentionPairs();
      }
      sequences += w.samples() ? 1 : 0;
    }
    return new BatchShape(tokens, pairs, sequences, context, work);
  }

  /** Whether the shape carries per-sequence work (built by {@link #of}). */
  public boolean hasWork() {
    return !work.isEmpty();
  }

  /** The quantity {@code axis} scales with. */
  public long value(ModelProfile.Axis axis) {
    return switch (axis) {
      case TOKENS -> tokens;
      case PREFILL_PAIRS -> prefillPairs;
      case SEQUENCES -> sequences;
      case CONTEXT_TOKENS -> contextTokens;
    };
  }
}
