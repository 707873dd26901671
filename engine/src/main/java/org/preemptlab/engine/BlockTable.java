package org.preemptlab.engine;

import java.util.Arrays;

/**
 * The run's {@link ResidentBlock} objects by id, and the pool of those free for a next residency.
 * The per-block bookkeeping (a job's {@link BlockList}, the pool) stores these int ids, not
 * references: under the G1 collector every reference stored into a long-lived array pays a
 * card-marking barrier with a memory fence, while an int is a plain store.
 *
 * <p>A block that completed is pooled ({@link #recycle}) and its object reused by a later
 * residency, and so is a preempted block once its save is written or it is flushed (it leaves
 * then, to resume later as a new residency). A block that left its SM while something may still
 * refer to it (a parked context) is retired ({@link #retire}): its object is never reused, and
 * only its id is, by a new block (until then {@link #get} still returns it). The {@link
 * EventQueue} names a block's events by id and generation, so an id's generation keeps growing
 * across the objects that hold it: an event left queued for an earlier holder never matches a
 * later one.
 */
final class BlockTable {
  private ResidentBlock[] blocks = new ResidentBlock[64];
  /** Ids handed out so far. */
  private int used;
  /** Ids whose block completed and may be reused, most recent last. */
  private int[] pooled = new int[64];
  private int pooledCount;
  /** Ids of retired blocks, free for a new block. */
  private int[] vacant = new int[8];
  private int vacantCount;
  /** Per id: the generation its next new holder starts at (after a retired one's). */
  private int[] nextGen = new int[64];

  /** The block with this id. */
  ResidentBlock get(int id) {
    return blocks[id];
  }

  /** A block for a new residency: the last one pooled, reused, else a new one. */
  ResidentBlock take(SimJob job, int sm, int blockIndex, long realDurationNs,
      long realDoneAtStartNs, long startNs) {
    if (pooledCount > 0) {
      ResidentBlock block = blocks[pooled[--pooledCount]];
      block.reuse(job, sm, blockIndex, realDurationNs, realDoneAtStartNs, startNs);
      return block;
    }
    ResidentBlock block = new ResidentBlock(job, sm, blockIndex, realDurationNs,
        realDoneAtStartNs, startNs);
    if (vacantCount > 0) {
      block.id = vacant[--vacantCount];
      block.gen = nextGen[block.id];
    } else {
      if (used == blocks.length) {
        blocks = Arrays.copyOf(blocks, 2 * used);
        nextGen = Arrays.copyOf(nextGen, 2 * used);
      }
      block.id = used++;
    }
    blocks[block.id] = block;
    return block;
  }

  /** Pools a block that left its SM and that nothing refers to any more. */
  void recycle(ResidentBlock block) {
    if (pooledCount == pooled.length) {
      pooled = Arrays.copyOf(pooled, 2 * pooledCount);
    }
    pooled[pooledCount++] = block.id;
  }

  /** Lets go of a block that left its SM but may still be referred to; its id is reused. */
  void retire(ResidentBlock block) {
    nextGen[block.id] = block.gen + 1;
    if (vacantCount == vacant.length) {
      vacant = Arrays.copyOf(vacant, 2 * vacantCount);
    }
    vacant[vacantCount++] = block.id;
  }
}
