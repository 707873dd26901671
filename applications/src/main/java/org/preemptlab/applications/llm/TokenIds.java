package org.preemptlab.applications.llm;

import java.util.Arrays;

/**
 * A request's prompt as token ids, when its trace gives them: what prefix caching hashes (two
 * prompts share a KV block when they agree on every token up to its end). Immutable; equal by
 * content.
 */
public final class TokenIds {
  /** No token ids: the trace gives only the prompt's length. */
  public static final TokenIds NONE = new TokenIds(new int[0]);

  private final int[] ids;

  private TokenIds(int[] ids) {
    this.ids = ids;
  }

  /** The ids, copied. */
  public static TokenIds of(int... ids) {
    return ids.length == 0 ? NONE : new TokenIds(ids.clone());
  }

  /** How many ids (0 for {@link #NONE}). */
  public int length() {
    return ids.length;
  }

  /** Whether the trace gave no ids. */
  public boolean isEmpty() {
    return ids.length == 0;
  }

  /** The ids, copied. */
  public int[] toArray() {
    return ids.clone();
  }

  /** The ids from {@code from} (inclusive) to {@code to} (exclusive), copied. */
  int[] range(int from, int to) {
    return Arrays.copyOfRange(ids, from, to);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TokenIds t && Arrays.equals(ids, t.ids);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(ids);
  }

  @Override
  public String toString() {
    return ids.length + " token ids";
  }
}
