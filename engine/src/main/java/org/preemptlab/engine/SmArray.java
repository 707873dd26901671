package org.preemptlab.engine;

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
 * free thread slots, lowest index on ties. The search uses an index of the SMs that can hold one
 * block of a given shape (threads, registers, shared memory), by their exact number of free thread
 * slots: one bit set of SMs per value ({@code bucketBits}, allocated at the first search) and a
 * two-level bit set of the values that have an SM ({@code nonEmpty}, {@code summary}); the best
 * indexed SM is the lowest SM of the highest non-empty value. A search for another shape first
 * rebuilds the index by testing every SM (O(SMs), as a linear scan would). Placement serves one job
 * after another, so the shape changes about once per job.
 *
 * <p>An allocation re-tests the one SM it changes and moves its bit (O(1)). A release instead
 * takes the SM out of the index and lists it as <b>freed</b>: the next search tests each freed SM
 * itself against the best indexed one. A freed SM that cannot hold the block is settled (out of
 * the index, where it belongs, until it changes again); the one chosen stays listed (it is about
 * to be allocated, which leaves a listed SM to the next search too); the others go into the index.
 * On a busy device a completion frees room on one SM, the search finds it in the list and places a
 * block there, and the SM, full again, is settled by the next search without ever entering the
 * index (docs/performance-log.md, "Freed SMs"). Each SM is listed once at most, and the answer is the
 * same as a scan of every SM.
 */
final class SmArray {
  private final int count;
  private final int words;
  private final int maxThreads;
  private final int[] freeThreads;
  private final int[] freeBlocks;
  private final int[] freeRegisters;
  private final int[] freeShared;
  /**
   * For free-thread value v, the bit set of the indexed SMs that have it: words {@code v * words}
   * to {@code (v + 1) * words - 1}. Allocated at the first search.
   */
  private long[] bucketBits;
  /** For free-thread value v, how many indexed SMs have it. */
  private int[] bucketCounts;
  /** Bit v: some indexed SM has exactly v free thread slots. */
  private final long[] nonEmpty;
  /** Bit w: word w of {@link #nonEmpty} is not zero. */
  private final long[] summary;
  /**
   * The free-thread value under which an SM is in the index (it can hold one block of the indexed
   * shape), or -1 when it is not in the index.
   */
  private final int[] indexedAt;
  /**
   * SMs released since the last search, and the SM that search chose from them: out of the index,
   * each tested by the next search itself.
   */
  private final int[] freed;
  private int freedCount;
  /** Whether an SM is in {@link #freed}. */
  private final boolean[] isFreed;
  private boolean hasShape;
  private int shapeThreads;
  private int shapeRegisters;
  private int shapeShared;
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
  /**
   * Per SM, how many blocks the current {@link #releaseRun} frees on it; all zero between calls.
   */
  private final int[] runCounts;
  private int busySms;
  private long busySince;
  private long busyArea;

  SmArray(DeviceSpec device) {
    SmSpec sm = device.sm();
    count = device.smCount();
    words = (count + 63) >>> 6;
    maxThreads = sm.maxThreads();
    freeThreads = filled(sm.maxThreads());
    freeBlocks = filled(sm.maxBlocks());
    freeRegisters = filled(sm.registers());
    freeShared = filled(sm.sharedMemoryBytes());
    nonEmpty = new long[(maxThreads >>> 6) + 1];
    summary = new long[(nonEmpty.length + 63) >>> 6];
    indexedAt = filled(-1);
    freed = new int[count];
    isFreed = new boolean[count];
    residentBlocks = new int[count];
    runCounts = new int[count];
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
    if (!hasShape || threads != shapeThreads || registers != shapeRegisters
        || shared != shapeShared) {
      index(threads, registers, shared);
    }
    int best = -1;
    int bestThreads = -1;
    int v = highestValue();
    if (v >= 0) {
      long[] bits = bucketBits;
      for (int w = v * words; ; w++) {
        long word = bits[w];
        if (word != 0) {
          best = ((w - v * words) << 6) + Long.numberOfTrailingZeros(word);
          bestThreads = v;
          break;
        }
      }
    }
    for (int i = 0; i < freedCount; ) {
      int sm = freed[i];
      if (fits(sm, threads, registers, shared)) {
        int free = freeThreads[sm];
        if (free > bestThreads || (free == bestThreads && sm < best)) {
          best = sm;
          bestThreads = free;
        }
        i++;
      } else { // settled: out of the index, where it belongs, until it changes again
        unlistFreed(i);
      }
    }
    // The others that can hold one go into the index, so that a device filling up does not test
    // them again at every search; the one chosen stays listed.
    for (int i = 0; i < freedCount; ) {
      int sm = freed[i];
      if (sm == best) {
        i++;
      } else {
        unlistFreed(i);
        addToIndex(sm);
      }
    }
    return best;
  }

  /**
   * Places up to {@code maxBlocks} blocks of one shape, one after another, each on the SM that
   * {@link #findBest} would choose after the allocations before it, and allocates them; writes
   * the SMs in placement order to {@code out} and returns how many were placed (fewer than {@code
   * maxBlocks} when no SM can hold the next). The same SMs and the same resources as that many
   * calls of {@link #findBest} and {@link #allocate}, without a search per block: the freed SMs are
   * settled once, and the highest non-empty value holds as long as its bucket does (an allocation
   * only moves an SM to a lower value).
   */
  int allocateRun(int threads, int registers, int shared, int maxBlocks, int[] out, long now) {
    if (!hasShape || threads != shapeThreads || registers != shapeRegisters
        || shared != shapeShared) {
      index(threads, registers, shared);
    }
    while (freedCount > 0) { // every SM that can hold the block is indexed from here on
      int sm = freed[freedCount - 1];
      unlistFreed(freedCount - 1);
      if (fits(sm, threads, registers, shared)) {
        addToIndex(sm);
      }
    }
    long[] bits = bucketBits;
    int placed = 0;
    int v = -1;
    int w = 0;
    while (placed < maxBlocks) {
      if (v < 0 || bucketCounts[v] == 0) {
        v = highestValue();
        if (v < 0) {
          break;
        }
        w = v * words;
      }
      while (bits[w] == 0) { // the bucket's lower words were emptied by this run
        w++;
      }
      int sm = ((w - v * words) << 6) + Long.numberOfTrailingZeros(bits[w]);
      removeFromBucket(sm, v);
      indexedAt[sm] = -1;
      freeThreads[sm] -= threads;
      freeBlocks[sm]--;
      freeRegisters[sm] -= registers;
      freeShared[sm] -= shared;
      if (fits(sm, threads, registers, shared)) {
        addToIndex(sm);
      }
      if (residentBlocks[sm]++ == 0) {
        accountBusy(now);
        busySms++;
      }
      out[placed++] = sm;
    }
    return placed;
  }

  /** Takes the freed SM at position {@code i} of the list off it (the last one takes its place). */
  private void unlistFreed(int i) {
    isFreed[freed[i]] = false;
    freed[i] = freed[--freedCount];
  }

  /** Rebuilds the index for blocks of this shape: every SM that can hold one. */
  private void index(int threads, int registers, int shared) {
    if (bucketBits == null) {
      bucketBits = new long[(maxThreads + 1) * words];
      bucketCounts = new int[maxThreads + 1];
    }
    for (int sm = 0; sm < count; sm++) {
      unindex(sm);
    }
    while (freedCount > 0) {
      unlistFreed(freedCount - 1);
    }
    hasShape = true;
    shapeThreads = threads;
    shapeRegisters = registers;
    shapeShared = shared;
    for (int sm = 0; sm < count; sm++) {
      reindex(sm);
    }
  }

  /** Takes SM {@code sm} out of the index before its resources change. */
  private void unindex(int sm) {
    int value = indexedAt[sm];
    if (value >= 0) {
      removeFromBucket(sm, value);
      indexedAt[sm] = -1;
    }
  }

  /** Puts SM {@code sm} back in the index if it can hold a block of the indexed shape. */
  private void reindex(int sm) {
    if (hasShape && fits(sm, shapeThreads, shapeRegisters, shapeShared)) {
      addToIndex(sm);
    }
  }

  /** Puts SM {@code sm}, which can hold a block of the indexed shape, in the index. */
  private void addToIndex(int sm) {
    int value = freeThreads[sm];
    addToBucket(sm, value);
    indexedAt[sm] = value;
  }

  /** The highest free-thread value that some indexed SM has, or -1. */
  private int highestValue() {
    for (int s = summary.length - 1; s >= 0; s--) {
      long sumBits = summary[s];
      if (sumBits != 0) {
        int word = (s << 6) + 63 - Long.numberOfLeadingZeros(sumBits);
        return (word << 6) + 63 - Long.numberOfLeadingZeros(nonEmpty[word]);
      }
    }
    return -1;
  }

  private void addToBucket(int sm, int value) {
    bucketBits[value * words + (sm >>> 6)] |= 1L << sm;
    if (bucketCounts[value]++ == 0) {
      int w = value >>> 6;
      if (nonEmpty[w] == 0) {
        summary[w >>> 6] |= 1L << w;
      }
      nonEmpty[w] |= 1L << value;
    }
  }

  private void removeFromBucket(int sm, int value) {
    bucketBits[value * words + (sm >>> 6)] &= ~(1L << sm);
    if (--bucketCounts[value] == 0) {
      int w = value >>> 6;
      nonEmpty[w] &= ~(1L << value);
      if (nonEmpty[w] == 0) {
        summary[w >>> 6] &= ~(1L << w);
      }
    }
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

  /** Whether SM {@code sm} can hold a block with these needs. */
  boolean fits(int sm, int threads, int registers, int shared) {
    return freeThreads[sm] >= threads && freeBlocks[sm] > 0 && freeRegisters[sm] >= registers
        && freeShared[sm] >= shared;
  }

  void allocate(int sm, int threads, int registers, int shared, long now) {
    boolean listed = isFreed[sm]; // a listed SM is tested by the next search itself
    if (!listed) {
      unindex(sm);
    }
    freeThreads[sm] -= threads;
    freeBlocks[sm]--;
    freeRegisters[sm] -= registers;
    freeShared[sm] -= shared;
    if (!listed) {
      reindex(sm);
    }
    if (residentBlocks[sm]++ == 0) {
      accountBusy(now);
      busySms++;
    }
  }

  void release(int sm, int threads, int registers, int shared, long now) {
    if (!isFreed[sm]) {
      unindex(sm);
      isFreed[sm] = true;
      freed[freedCount++] = sm;
    }
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
   * Releases {@code n} blocks of one shape, on the SMs {@code smsOfRun[0..n)} in that order (an SM
   * may come more than once), leaving this array exactly as that many calls of {@link #release}
   * in the same order would: each SM that was not listed as freed is taken out of the index and
   * listed, in the order of its first release; then each SM's resources grow by its count of
   * blocks times the shape, once per SM, and an SM left without blocks stops counting as busy at
   * {@code now} (several such SMs at one instant add the busy area once, as their single releases
   * would, the later ones adding nothing).
   */
  void releaseRun(int[] smsOfRun, int n, int threads, int registers, int shared, long now) {
    int[] counts = runCounts;
    for (int i = 0; i < n; i++) {
      int sm = smsOfRun[i];
      if (counts[sm]++ == 0 && !isFreed[sm]) {
        unindex(sm);
        isFreed[sm] = true;
        freed[freedCount++] = sm;
      }
    }
    for (int i = 0; i < n; i++) {
      int sm = smsOfRun[i];
      int k = counts[sm];
      if (k == 0) { // a later block on an SM already released
        continue;
      }
      counts[sm] = 0;
      freeThreads[sm] += k * threads;
      freeBlocks[sm] += k;
      freeRegisters[sm] += k * registers;
      freeShared[sm] += k * shared;
      if ((residentBlocks[sm] -= k) == 0) {
        accountBusy(now);
        busySms--;
      }
    }
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
        + PluginReturns.hardwareTime(hardware.saveNs(saveBatchBytes[sm], saveBatchThreads[sm],
            SaveKind.PREEMPTION, new SplittableRandom(saveBatchSeed[sm])), hardware, "saveNs");
    return saveBusyUntil[sm];
  }

  /** Starts tracking which block slot of its SM each resident block holds (for timelines). */
  void trackSlots() {
    if (slots != null) {
      return;
    }
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
