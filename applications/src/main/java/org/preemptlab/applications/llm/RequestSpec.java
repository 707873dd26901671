package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Objects;

/**
 * One inference request as it arrives: when, how many prompt tokens it brings and how many tokens
 * it will generate.
 *
 * @param arrivalNs arrival time in ns of simulated time, at least 0
 * @param promptTokens prompt (context) tokens, at least 1
 * @param outputTokens tokens to generate, at least 1 (the first comes with the prefill)
 * @param where where it was written (for example {@code trace.csv:12}), or {@code poisson}
 * @param promptIds the prompt's token ids when the trace gives them (then exactly {@code
 *     promptTokens} of them), else {@link TokenIds#NONE}
 */
public record RequestSpec(long arrivalNs, int promptTokens, int outputTokens, String where,
    TokenIds promptIds) {

  /** Checks the counts. */
  public RequestSpec {
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(promptIds, "promptIds");
    checkArgument(arrivalNs >= 0 && promptTokens >= 1 && outputTokens >= 1,
        "%s: invalid request %s / %s / %s", where, arrivalNs, promptTokens, outputTokens);
    checkArgument(promptIds.isEmpty() || promptIds.length() == promptTokens,
        "%s: %s for a prompt of %s tokens", where, promptIds, promptTokens);
  }

  /** A request whose trace gives no token ids. */
  public RequestSpec(long arrivalNs, int promptTokens, int outputTokens, String where) {
    this(arrivalNs, promptTokens, outputTokens, where, TokenIds.NONE);
  }

  /** The most tokens its KV cache holds: the prompt and every generated token but the last. */
  public long maxKvTokens() {
    return (long) promptTokens + outputTokens - 1;
  }
}
