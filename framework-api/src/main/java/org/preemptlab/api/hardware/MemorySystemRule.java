package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

/**
 * {@link ContentionModel#memorySystem()}: {@link ContentionModel#maxMinFair()} over the device's
 * achievable bandwidth.
 */
enum MemorySystemRule implements ContentionModel {
  INSTANCE;

  @Override
  public void rates(double supplyBytesPerNs, double[] demandBytesPerNs, int[] blocks, int classes,
      double[] rates) {
    MaxMinFair.INSTANCE.rates(supplyBytesPerNs, demandBytesPerNs, blocks, classes, rates);
  }

  @Override
  public double supplyBytesPerNs(MemorySpec memory) {
    checkArgument(memory.achievableDeclared(),
        "the memory system needs the device's achievable DRAM bandwidth");
    return memory.achievableBytesPerNs();
  }
}
