package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BlockTimingTest {
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  /** splitmix64 exactly as docs/standard-workload.md writes it, on unsigned BigIntegers. */
  private static BigInteger splitmix64(BigInteger x) {
    BigInteger z = x.add(new BigInteger("9E3779B97F4A7C15", 16)).mod(TWO_64);
    z = z.xor(z.shiftRight(30)).multiply(new BigInteger("BF58476D1CE4E5B9", 16)).mod(TWO_64);
    z = z.xor(z.shiftRight(27)).multiply(new BigInteger("94D049BB133111EB", 16)).mod(TWO_64);
    return z.xor(z.shiftRight(31));
  }

  private static BigInteger unsigned(long value) {
    return new BigInteger(Long.toUnsignedString(value));
  }

  /** Block b lasts base + splitmix64(r ^ b) % base, % unsigned. */
  private static long referenceDuration(long r, int block, long base) {
    BigInteger x = unsigned(r).xor(BigInteger.valueOf(block));
    BigInteger b = BigInteger.valueOf(base);
    return b.add(splitmix64(x).mod(b)).longValueExact();
  }

  @Test
  void exactTimingReturnsTheNominalDurationForEveryBlock() {
    BlockTiming exact = new BlockTiming.Exact();

    assertThat(exact.durationNs(0, 1_234)).isEqualTo(1_234);
    assertThat(exact.durationNs(99_999, 7)).isEqualTo(7);
  }

  @Test
  void splitMixFinaliserGivesThePublishedSplitMix64OutputsForSeedZero() {
    // The first three outputs of the reference splitmix64 generator seeded with 0.
    assertThat(BlockTiming.SplitMix.mix(0)).isEqualTo(0xE220A8397B1DCDAFL);
    assertThat(BlockTiming.SplitMix.mix(0x9E3779B97F4A7C15L)).isEqualTo(0x6E789E6AA1B965F4L);
    assertThat(BlockTiming.SplitMix.mix(0x9E3779B97F4A7C15L * 2)).isEqualTo(0x06C45D188009454FL);
  }

  @Test
  void splitMixMatchesTheStandardWorkloadForItsFirstTwoKernels() {
    // Computed by hand from standard-workload.md: r = splitmix64(42 * 1000003 + k),
    // base = 5000 + (r >>> 40) % 45000, block b lasts base + splitmix64(r ^ b) % base.
    long r0 = 0xDD74F6C8B1E9725FL;
    long r1 = 0x2328E1A5084EE695L;
    assertThat(BlockTiming.SplitMix.mix(42L * 1_000_003)).isEqualTo(r0);
    assertThat(BlockTiming.SplitMix.mix(42L * 1_000_003 + 1)).isEqualTo(r1);

    BlockTiming k0 = new BlockTiming.SplitMix(r0);
    assertThat(k0.durationNs(0, 28_398)).isEqualTo(32_339);
    assertThat(k0.durationNs(1, 28_398)).isEqualTo(37_358);
    assertThat(k0.durationNs(2, 28_398)).isEqualTo(44_199);
    BlockTiming k1 = new BlockTiming.SplitMix(r1);
    assertThat(k1.durationNs(0, 14_225)).isEqualTo(17_447);
    assertThat(k1.durationNs(1, 14_225)).isEqualTo(16_600);
    assertThat(k1.durationNs(2, 14_225)).isEqualTo(15_652);
  }

  @Test
  void splitMixUsesTheUnsignedRemainderForNegativeHashes() {
    // splitmix64(~0) = 0xE4D971771B652C20 is negative as a long.
    BlockTiming timing = new BlockTiming.SplitMix(-1L);

    assertThat(timing.durationNs(0, 1_000)).isEqualTo(1_936);
    assertThat(timing.durationNs(1, 1_000)).isEqualTo(1_313);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {0, 1, 42, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x123456789ABCDEFL})
  void splitMixEqualsABigIntegerImplementationOfTheFormula(long seed) {
    BlockTiming timing = new BlockTiming.SplitMix(seed);
    for (int block = 0; block < 200; block++) {
      for (long base : new long[] {1, 2, 3, 5_000, 49_999, 1L << 40}) {
        long expected = referenceDuration(seed, block, base);
        assertThat(timing.durationNs(block, base)).as("block %d base %d", block, base)
            .isEqualTo(expected)
            .isBetween(base, 2 * base - 1);
      }
    }
  }

  @Test
  void uniformJitterStaysWithinTheSpreadAroundTheNominalDuration() {
    long nominal = 1_000_000;
    double spread = 0.25;
    BlockTiming timing = new BlockTiming.UniformJitter(spread, 7);
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int block = 0; block < 20_000; block++) {
      long d = timing.durationNs(block, nominal);
      min = Math.min(min, d);
      max = Math.max(max, d);
    }

    assertThat(min).isGreaterThanOrEqualTo(750_000);
    assertThat(max).isLessThanOrEqualTo(1_250_000);
    // 20,000 uniform draws reach within 0.1% of both ends.
    assertThat(min).isLessThan(751_000);
    assertThat(max).isGreaterThan(1_249_000);
  }

  @Test
  void uniformJitterIsAPureFunctionOfSeedAndBlock() {
    BlockTiming a = new BlockTiming.UniformJitter(0.5, 99);
    BlockTiming b = new BlockTiming.UniformJitter(0.5, 99);
    BlockTiming otherSeed = new BlockTiming.UniformJitter(0.5, 100);
    int differences = 0;
    for (int block = 999; block >= 0; block--) {
      assertThat(a.durationNs(block, 10_000)).isEqualTo(b.durationNs(block, 10_000));
      if (a.durationNs(block, 10_000) != otherSeed.durationNs(block, 10_000)) {
        differences++;
      }
    }
    assertThat(differences).isGreaterThan(900);
  }

  @Test
  void uniformJitterVariesFromBlockToBlock() {
    BlockTiming timing = new BlockTiming.UniformJitter(0.5, 3);

    assertThat(java.util.stream.IntStream.range(0, 100)
        .mapToLong(b -> timing.durationNs(b, 1_000_000)).distinct().count())
        .isGreaterThan(90);
  }

  @Test
  void uniformJitterWithZeroSpreadIsExact() {
    BlockTiming timing = new BlockTiming.UniformJitter(0, 5);

    for (int block = 0; block < 100; block++) {
      assertThat(timing.durationNs(block, 12_345)).isEqualTo(12_345);
    }
  }

  @Test
  void uniformJitterNeverGivesLessThanOneNanosecond() {
    BlockTiming timing = new BlockTiming.UniformJitter(0.99, 11);

    for (int block = 0; block < 1_000; block++) {
      assertThat(timing.durationNs(block, 1)).isBetween(1L, 2L);
    }
  }

  @ParameterizedTest(name = "spread {0}")
  @ValueSource(doubles = {-0.1, 1.0, 1.5, Double.NaN, Double.POSITIVE_INFINITY})
  void uniformJitterRejectsASpreadOutsideZeroToOne(double spread) {
    assertThatThrownBy(() -> new BlockTiming.UniformJitter(spread, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("jitter spread must be in [0, 1), got " + spread);
  }
}
