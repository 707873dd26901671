package org.preemptlab.runner.engine;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SaveKind;
import org.preemptlab.api.hardware.SmSpec;

/**
 * Free resources of every SM, the block-placement rule, per-SM save channels, and SM-busy
 * accounting for utilisation.
 *
 * <p>Placement follows DESIGN.md §3.3: among the SMs that can hold the block, the one with the most
 * free thread slots, lowest index on ties. A binary tree over the SMs keeps, for every subtree, the
 * largest free amount of each resource, so the search skips subtrees that cannot hold the block or
 * cannot beat the best SM found so far; allocation and release update one root-to-leaf path.
 */
final class SmArray {
  private final int count;
  private final int leaves;
  private final int depth;
  private final int[] freeThreads;
  private final int[] freeBlocks;
  private final int[] freeRegisters;
  private final int[] freeShared;
  // Subtree maxima, heap-indexed: node 1 is the root, leaves start at index `leaves`.
  private final int[] maxThreads;
  private final int[] maxBlocks;
  private final int[] maxRegisters;
  private final int[] maxShared;
  private final int[] stack;
  private final int[] residentBlocks;
  private final long[] saveBusyUntil;
  private final Object[] saveBatch;
  private final long[] saveBatchStart;
  private final long[] saveBatchBytes;
  private final int[] saveBatchThreads;
  /** Seeds the cost draws of each SM's current save batch, so growing a batch redraws nothing. */
  private final long[] saveBatchSeed;
  private final int reservedPerBlock;
  private java.util.BitSet[] slots;
  private int busySms;
  private long busySince;
  private long busyArea;

  SmArray(DeviceSpec device) {
    SmSpec sm = device.sm();
    count = device.smCount();
    int size = 1;
    int d = 0;
    while (size < count) {
      size <<= 1;
      d++;
    }
    leaves = size;
    depth = d;
    freeThreads = filled(sm.maxThreads());
    freeBlocks = filled(sm.maxBlocks());
    freeRegisters = filled(sm.registers());
    freeShared = filled(sm.sharedMemoryBytes());
    maxThreads = new int[2 * leaves];
    maxBlocks = new int[2 * leaves];
    maxRegisters = new int[2 * leaves];
    maxShared = new int[2 * leaves];
    Arrays.fill(maxThreads, -1);
    Arrays.fill(maxBlocks, -1);
    Arrays.fill(maxRegisters, -1);
    Arrays.fill(maxShared, -1);
    for (int i = 0; i < count; i++) {
      maxThreads[leaves + i] = freeThreads[i];
      maxBlocks[leaves + i] = freeBlocks[i];
      maxRegisters[leaves + i] = freeRegisters[i];
      maxShared[leaves + i] = freeShared[i];
    }
    for (int node = leaves - 1; node >= 1; node--) {
      pull(node);
    }
    stack = new int[2 * (depth + 2)];
    residentBlocks = new int[count];
    saveBusyUntil = new long[count];
    saveBatch = new Object[count];
    saveBatchStart = new long[count];
    saveBatchBytes = new long[count];
    saveBatchThreads = new int[count];
    saveBatchSeed = new long[count];
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
    int top = 0;
    stack[top++] = 1;
    while (top > 0) {
      int node = stack[--top];
      int t = maxThreads[node];
      if (t < threads || t < bestThreads || maxBlocks[node] < 1 || maxRegisters[node] < registers
          || maxShared[node] < shared) {
        continue;
      }
      if (node >= leaves) {
        int sm = node - leaves;
        if (t > bestThreads || sm < best) {
          best = sm;
          bestThreads = t;
        }
        continue;
      }
      if (t == bestThreads && firstLeaf(node) > best) {
        continue; // at best a tie with a higher index
      }
      int left = 2 * node;
      int right = left + 1;
      // Visit the child with more free threads first (pushed last), the left one on ties.
      if (maxThreads[right] > maxThreads[left]) {
        stack[top++] = left;
        stack[top++] = right;
      } else {
        stack[top++] = right;
        stack[top++] = left;
      }
    }
    return best;
  }

  /**
   * The SM of {@code allowed} that should hold a block with these needs (most free thread slots,
   * lowest index on ties), or -1 if none can. A linear scan: restricted jobs are the exception.
   */
  int findBestIn(org.preemptlab.api.policy.SmSet allowed, int threads, int registers,
      int shared) {
    int best = -1;
    int end = Math.min(allowed.end(), count);
    for (int sm = 0; sm < end; sm++) {
      if (allowed.contains(sm) && fits(sm, threads, registers, shared)
          && (best < 0 || freeThreads[sm] > freeThreads[best])) {
        best = sm;
      }
    }
    return best;
  }

  /**
   * How many blocks with these needs SM {@code sm} could hold if the given resources were freed on
   * it as well.
   */
  int blocksThatFit(int sm, int threads, int registers, int shared, int plusThreads,
      int plusRegisters, int plusShared, int plusBlocks) {
    long fit = freeBlocks[sm] + (long) plusBlocks;
    fit = Math.min(fit, (freeThreads[sm] + (long) plusThreads) / Math.max(1, threads));
    if (registers > 0) {
      fit = Math.min(fit, (freeRegisters[sm] + (long) plusRegisters) / registers);
    }
    if (shared > 0) {
      fit = Math.min(fit, (freeShared[sm] + (long) plusShared) / shared);
    }
    return (int) Math.max(0, fit);
  }

  private int firstLeaf(int node) {
    int level = 31 - Integer.numberOfLeadingZeros(node);
    return (node << (depth - level)) - leaves;
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
    update(sm);
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
    update(sm);
    if (--residentBlocks[sm] == 0) {
      accountBusy(now);
      busySms--;
    }
  }

  private void update(int sm) {
    int node = leaves + sm;
    maxThreads[node] = freeThreads[sm];
    maxBlocks[node] = freeBlocks[sm];
    maxRegisters[node] = freeRegisters[sm];
    maxShared[node] = freeShared[sm];
    for (node >>= 1; node >= 1; node >>= 1) {
      if (!pull(node)) {
        break;
      }
    }
  }

  /** Recomputes a node's maxima from its children; false if nothing changed. */
  private boolean pull(int node) {
    int l = 2 * node;
    int r = l + 1;
    int t = Math.max(maxThreads[l], maxThreads[r]);
    int b = Math.max(maxBlocks[l], maxBlocks[r]);
    int g = Math.max(maxRegisters[l], maxRegisters[r]);
    int s = Math.max(maxShared[l], maxShared[r]);
    if (t == maxThreads[node] && b == maxBlocks[node] && g == maxRegisters[node]
        && s == maxShared[node]) {
      return false;
    }
    maxThreads[node] = t;
    maxBlocks[node] = b;
    maxRegisters[node] = g;
    maxShared[node] = s;
    return true;
  }

  /**
   * Writes one block's saved context through SM {@code sm}'s save channel and returns when it is
   * written. Saves on one SM are written one after another. Blocks of the same {@code batch} (one
   * preemption) that reach their stop points while the SM is still writing that batch join it as
   * one save of their combined bytes and threads, so a model's fixed cost per save is paid once per
   * SM and preemption, not once per block. The fixed cost is drawn from {@code costs} once per
   * batch.
   */
  long reserveSave(int sm, long now, Object batch, long bytes, int threads,
      HardwareModel hardware, RandomGenerator costs) {
    if (saveBatch[sm] == batch && saveBusyUntil[sm] >= now) {
      saveBatchBytes[sm] += bytes;
      saveBatchThreads[sm] += threads;
    } else {
      saveBatch[sm] = batch;
      saveBatchStart[sm] = Math.max(now, saveBusyUntil[sm]);
      saveBatchBytes[sm] = bytes;
      saveBatchThreads[sm] = threads;
      saveBatchSeed[sm] = costs.nextLong();
    }
    saveBusyUntil[sm] = saveBatchStart[sm]
        + hardware.saveNs(saveBatchBytes[sm], saveBatchThreads[sm], SaveKind.PREEMPTION,
            new SplittableRandom(saveBatchSeed[sm]));
    return saveBusyUntil[sm];
  }

  /** Starts tracking which block slot of its SM each resident block holds (for timelines). */
  void trackSlots() {
    slots = new java.util.BitSet[count];
    for (int i = 0; i < count; i++) {
      slots[i] = new java.util.BitSet();
    }
  }

  /** Takes the lowest free block slot of SM {@code sm}; -1 when slots are not tracked. */
  int takeSlot(int sm) {
    if (slots == null) {
      return -1;
    }
    int slot = slots[sm].nextClearBit(0);
    slots[sm].set(slot);
    return slot;
  }

  /** Frees a slot taken with {@link #takeSlot}. */
  void freeSlot(int sm, int slot) {
    if (slot >= 0) {
      slots[sm].clear(slot);
    }
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
