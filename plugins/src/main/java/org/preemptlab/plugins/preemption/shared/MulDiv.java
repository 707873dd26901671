package org.preemptlab.plugins.preemption.shared;

import java.math.BigInteger;
import java.math.RoundingMode;

/** Exact {@code a × b / c} on non-negative longs, without overflow in the product. */
public final class MulDiv {
  private MulDiv() {}

  /** {@code floor(a × b / c)} for {@code a, b >= 0}, {@code c > 0}; saturates at Long.MAX_VALUE. */
  public static long floor(long a, long b, long c) {
    return divide(a, b, c, RoundingMode.FLOOR);
  }

  /** {@code ceil(a × b / c)} for {@code a, b >= 0}, {@code c > 0}; saturates at Long.MAX_VALUE. */
  public static long ceil(long a, long b, long c) {
    return divide(a, b, c, RoundingMode.CEILING);
  }

  private static long divide(long a, long b, long c, RoundingMode mode) {
    if (a < 0 || b < 0 || c <= 0) {
      throw new IllegalArgumentException("need a, b >= 0 and c > 0, got " + a + ", " + b + ", "
          + c);
    }
    if (Math.multiplyHigh(a, b) == 0 && a * b >= 0) {
      long product = a * b;
      return mode == RoundingMode.FLOOR ? product / c : -Math.floorDiv(-product, c);
    }
    BigInteger result = new java.math.BigDecimal(BigInteger.valueOf(a).multiply(
        BigInteger.valueOf(b))).divide(new java.math.BigDecimal(c), 0, mode).toBigIntegerExact();
    return result.bitLength() < 64 ? result.longValueExact() : Long.MAX_VALUE;
  }

  /** {@code a + b} for non-negative values, saturating at Long.MAX_VALUE. */
  public static long addSaturated(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }
}
