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
 */
public record RequestSpec(long arrivalNs, int promptTokens, int outputTokens, String where) {

  /** Checks the counts. */
  public RequestSpec {
    Objects.requireNonNull(where, "where");
    checkArgument(arrivalNs >= 0 && promptTokens >= 1 && outputTokens >= 1,
        "%s: invalid request %s / %s / %s", where, arrivalNs, promptTokens, outputTokens);
  }

  /** The most tokens its KV cache holds: the prompt and every generated token but the last. */
  public long maxKvTokens() {
    return (long) promptTokens + outputTokens - 1;
  }
}
