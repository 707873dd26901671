package org.preemptlab.api.hardware;

import java.util.Arrays;

/** {@link ContentionModel#maxMinFair()}: progressive filling over classes sorted by demand. */
enum MaxMinFair implements ContentionModel {
  INSTANCE;

  @Override
  public void rates(double supplyBytesPerNs, double[] demandBytesPerNs, int[] blocks, int classes,
      double[] rates) {
    double total = 0;
    for (int c = 0; c < classes; c++) {
      total += demandBytesPerNs[c] * blocks[c];
    }
    if (total <= supplyBytesPerNs) {
      Arrays.fill(rates, 0, classes, 1.0);
      return;
    }
    // Classes by ascending demand (ties by index): each is served in full while its demand is at
    // most an equal share of what is left; from the first that is not, all get that share.
    Integer[] order = new Integer[classes];
    for (int c = 0; c < classes; c++) {
      order[c] = c;
    }
    Arrays.sort(order, (a, b) -> {
      int byDemand = Double.compare(demandBytesPerNs[a], demandBytesPerNs[b]);
      return byDemand != 0 ? byDemand : Integer.compare(a, b);
    });
    double left = supplyBytesPerNs;
    long blocksLeft = 0;
    for (int c = 0; c < classes; c++) {
      blocksLeft += blocks[c];
    }
    int i = 0;
    for (; i < classes; i++) {
      int c = order[i];
      double share = left / blocksLeft;
      if (demandBytesPerNs[c] > share) {
        break;
      }
      rates[c] = 1.0;
      left -= demandBytesPerNs[c] * blocks[c];
      blocksLeft -= blocks[c];
    }
    double share = left / blocksLeft;
    for (; i < classes; i++) {
      int c = order[i];
      rates[c] = Math.min(1.0, share / demandBytesPerNs[c]);
    }
  }
}
