package org.preemptlab.api.policy;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.BitSet;
import java.util.stream.IntStream;
import org.preemptlab.api.API;

/**
 * An immutable set of SM indices: the SMs a job or queue may use (a CU or TPC mask, an MPS-like
 * share) or the SMs a preemption should free.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SmSet {
  private final BitSet bits;

  private SmSet(BitSet bits) {
    this.bits = bits;
  }

  /** The given SMs; each index at least 0. */
  public static SmSet of(int... sms) {
    BitSet bits = new BitSet();
    for (int sm : sms) {
      checkArgument(sm >= 0, "SM index must be >= 0, got %s", sm);
      bits.set(sm);
    }
    return new SmSet(bits);
  }

  /** SMs {@code from} (inclusive) to {@code to} (exclusive), {@code 0 <= from <= to}. */
  public static SmSet range(int from, int to) {
    checkArgument(from >= 0 && to >= from, "SM range must satisfy 0 <= from <= to, got [%s, %s)",
        from, to);
    BitSet bits = new BitSet();
    bits.set(from, to);
    return new SmSet(bits);
  }

  /** Whether SM {@code sm} is in the set. */
  public boolean contains(int sm) {
    return sm >= 0 && bits.get(sm);
  }

  /** How many SMs the set holds. */
  public int size() {
    return bits.cardinality();
  }

  /** Whether the set is empty. */
  public boolean isEmpty() {
    return bits.isEmpty();
  }

  /** The largest index in the set plus one, 0 if empty. */
  public int end() {
    return bits.length();
  }

  /** The SM indices in ascending order. */
  public IntStream stream() {
    return bits.stream();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SmSet set && set.bits.equals(bits);
  }

  @Override
  public int hashCode() {
    return bits.hashCode();
  }

  @Override
  public String toString() {
    return "SMs " + bits;
  }
}
