package org.preemptlab.runner.engine;

import java.util.Arrays;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;

/**
 * Free resources of every SM, the block-placement rule, and SM-busy accounting for utilisation.
 * Placement follows DESIGN.md §3.3: among the SMs that can hold the block, the one with the most free
 * thread slots, lowest index on ties.
 */
final class SmArray {
  private final int count;
  private final int[] freeThreads;
  private final int[] freeBlocks;
  private final int[] freeRegisters;
  private final int[] freeShared;
  private final int[] residentBlocks;
  private final long[] saveBusyUntil;
  private final int reservedPerBlock;
  private int busySms;
  private long busySince;
  private long busyArea;

  SmArray(DeviceSpec device) {
    SmSpec sm = device.sm();
    count = device.smCount();
    freeThreads = filled(sm.maxThreads());
    freeBlocks = filled(sm.maxBlocks());
    freeRegisters = filled(sm.registers());
    freeShared = filled(sm.sharedMemoryBytes());
    residentBlocks = new int[count];
    saveBusyUntil = new long[count];
    reservedPerBlock = sm.sharedMemoryReservedPerBlock();
  }

  private int[] filled(int value) {
    int[] a = new int[count];
    Arrays.fill(a, value);
    return a;
  }

  /** Shared memory a block occupies: its own plus the system's per-block reservation. */
  int sharedNeed(int sharedPerBlock) {
    return sharedPerBlock + reservedPerBlock;
  }

  /** The SM that should hold a block with these needs, or -1 if none can. */
  int findBest(int threads, int registers, int shared) {
    int best = -1;
    int bestThreads = -1;
    for (int i = 0; i < count; i++) {
      int t = freeThreads[i];
      if (t > bestThreads && t >= threads && freeBlocks[i] > 0 && freeRegisters[i] >= registers
          && freeShared[i] >= shared) {
        best = i;
        bestThreads = t;
      }
    }
    return best;
  }

  /** Whether SM {@code sm} can hold a block with these needs. */
  boolean fits(int sm, int threads, int registers, int shared) {
    return freeThreads[sm] >= threads && freeBlocks[sm] > 0 && freeRegisters[sm] >= registers
        && freeShared[sm] >= shared;
  }

  void allocate(int sm, int threads, int registers, int shared, long now) {
    freeThreads[sm] -= threads;
    freeBlocks[sm]--;
    freeRegisters[sm] -= registers;
    freeShared[sm] -= shared;
    if (residentBlocks[sm]++ == 0) {
      accountBusy(now);
      busySms++;
    }
  }

  void release(int sm, int threads, int registers, int shared, long now) {
    freeThreads[sm] += threads;
    freeBlocks[sm]++;
    freeRegisters[sm] += registers;
    freeShared[sm] += shared;
    if (--residentBlocks[sm] == 0) {
      accountBusy(now);
      busySms--;
    }
  }

  /**
   * Reserves SM {@code sm}'s save channel for {@code durationNs} starting no earlier than {@code
   * from}: saves on one SM are written one after another. Returns when this save ends.
   */
  long reserveSave(int sm, long from, long durationNs) {
    long start = Math.max(from, saveBusyUntil[sm]);
    saveBusyUntil[sm] = start + durationNs;
    return saveBusyUntil[sm];
  }

  private void accountBusy(long now) {
    busyArea += (long) busySms * (now - busySince);
    busySince = now;
  }

  /** SM-time with at least one resident block, in SM·ns, up to {@code now}. */
  long busyArea(long now) {
    accountBusy(now);
    return busyArea;
  }

  int count() {
    return count;
  }
}
