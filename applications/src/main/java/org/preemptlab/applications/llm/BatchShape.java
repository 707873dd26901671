package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * What one serving iteration computes, in the four quantities a {@link ModelProfile} scales its
 * kernels by ({@code docs/llm-serving.md}, "Model profiles").
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
 */
public record BatchShape(long tokens, long prefillPairs, long sequences, long contextTokens) {

  /** Checks that no quantity is negative. */
  public BatchShape {
    checkArgument(tokens >= 0 && prefillPairs >= 0 && sequences >= 0 && contextTokens >= 0,
        "batch quantities must be >= 0: %s %s %s %s", tokens, prefillPairs, sequences,
        contextTokens);
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
