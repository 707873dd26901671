package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PercentilesTest {

  @Test
  void percentilesOfAnOwnedArraySortItInPlaceAndAnswerAsThoseOfACopy() {
    long[] owned = {50, 10, 40, 20, 30};
    Percentiles copied = Percentiles.of(owned.clone());
    Percentiles inPlace = Percentiles.ofOwned(owned);

    assertThat(owned).containsExactly(10, 20, 30, 40, 50);
    for (double p : new double[] {0, 20, 21, 50, 99, 100}) {
      assertThat(inPlace.at(p)).isEqualTo(copied.at(p));
    }
    assertThat(inPlace.mean()).isEqualTo(copied.mean());
  }

  @Test
  void nearestRankOnFiveSamplesIsTheSampleAtRankCeilPTimesN() {
    Percentiles p = Percentiles.of(new long[] {50, 10, 40, 20, 30});

    assertThat(p.at(0)).isEqualTo(10);
    assertThat(p.at(20)).isEqualTo(10);
    assertThat(p.at(21)).isEqualTo(20);
    assertThat(p.at(40)).isEqualTo(20);
    assertThat(p.at(50)).isEqualTo(30);
    assertThat(p.at(60)).isEqualTo(30);
    assertThat(p.at(61)).isEqualTo(40);
    assertThat(p.at(99)).isEqualTo(50);
    assertThat(p.at(100)).isEqualTo(50);
  }

  @Test
  void theMedianOfAnEvenCountIsTheLowerMiddleSampleNotAnInterpolation() {
    Percentiles p = Percentiles.of(new long[] {1, 2, 3, 100});

    assertThat(p.at(50)).isEqualTo(2);
    assertThat(p.at(51)).isEqualTo(3);
    assertThat(p.at(75)).isEqualTo(3);
    assertThat(p.at(76)).isEqualTo(100);
  }

  @Test
  void percentilesOfOneHundredSamplesAreExactRanks() {
    long[] samples = new long[100];
    for (int i = 0; i < 100; i++) {
      samples[i] = 100 - i; // 100 .. 1, unsorted
    }
    Percentiles p = Percentiles.of(samples);

    assertThat(p.at(50)).isEqualTo(50);
    assertThat(p.at(95)).isEqualTo(95);
    assertThat(p.at(99)).isEqualTo(99);
    assertThat(p.at(99.5)).isEqualTo(100);
  }

  @Test
  void percentilesAreExactRanksForEveryCountUpToAThousand() {
    for (int n = 1; n <= 1000; n++) {
      long[] samples = new long[n];
      for (int i = 0; i < n; i++) {
        samples[i] = i + 1;
      }
      Percentiles p = Percentiles.of(samples);
      for (int pct : new int[] {50, 90, 95, 99}) {
        long rank = (pct * (long) n + 99) / 100; // ceil(pct * n / 100) in integers
        assertThat(p.at(pct)).as("p%d of %d samples", pct, n).isEqualTo(rank);
      }
    }
  }

  @Test
  void meanMaxAndCount() {
    Percentiles p = Percentiles.of(new long[] {3, 1, 2, 10});

    assertThat(p.mean()).isEqualTo(4.0);
    assertThat(p.max()).isEqualTo(10);
    assertThat(p.count()).isEqualTo(4);
  }

  @Test
  void theSamplesGivenAreNotReordered() {
    long[] samples = {3, 1, 2};

    Percentiles.of(samples);

    assertThat(samples).containsExactly(3, 1, 2);
  }

  @Test
  void noSamplesGiveZeroEverywhere() {
    Percentiles p = Percentiles.of(new long[0]);

    assertThat(p.count()).isZero();
    assertThat(p.at(50)).isZero();
    assertThat(p.at(99)).isZero();
    assertThat(p.mean()).isZero();
    assertThat(p.max()).isZero();
  }
}
