package org.preemptlab.engine;

/**
 * Exact aggregation of block completions ({@link EngineOptions#aggregateBlocks()}), a protocol
 * internal to block placement ({@link BlockScheduler}). Blocks of one job placed one after another
 * in one placement pass (fresh, or resumed after a preemption), with equal start and equal end,
 * would be queued with consecutive sequence numbers and complete one right after the other at
 * their common end, with nothing in between. Such blocks form a group: the first (the leader)
 * queues its completion event, each later member only takes its sequence number ({@link
 * EventQueue#skipSeq}), and when the leader's event fires every member completes in turn, exactly
 * as their own events would have had them (each still counts as an event). Every member stays a
 * resident block on its SM, so what reads residency (views, attained time, listeners) sees the
 * same blocks. What could treat members differently first splits the group ({@link #split}): each
 * member then gets its own event with the sequence number it reserved, as in block-by-block
 * simulation. Placement splits a job's
 * groups before a preemption of it, a time-slice switch of its context or a reset. With a
 * contention model (rates change per block at every change of residency) blocks are not grouped.
 */
final class BlockGroups {
  private final RunServices run;
  /** Where a group's blocks complete. */
  private final BlockResidency residency;
  /** Whether blocks may complete in groups (the engine option, and no contention model). */
  private final boolean aggregate;
  /** The leader of the group that the next fresh block may join, or null. */
  private ResidentBlock groupLeader;
  /** The leader's generation when it was queued (a later change ends its group). */
  private int groupLeaderGen;
  /** The instant the group was formed. */
  private long groupNow;
  /** The sequence number the next member of the group would have had as its own event. */
  private long groupNextSeq;
  /** Blocks that completed as members of a group, without an event of their own (a measure). */
  private long groupedCompletions;
  /** Members of groups that were given their own event by a split (a measure). */
  private long splitMembers;
  /** Blocks that joined a group resuming with progress from an earlier residency (a measure). */
  private long resumedMembers;
  /** Where a split group's members' events are queued. */
  private final EventRuns runs;
  /** The SMs of the group {@link #completeTogether} completes, in completion order. */
  private int[] groupSms = new int[64];

  /**
   * @param aggregate whether blocks may complete in groups
   * @param runs where a split group's members are queued, as one entry
   */
  BlockGroups(RunServices run, BlockResidency residency, boolean aggregate, EventRuns runs) {
    this.run = run;
    this.residency = residency;
    this.aggregate = aggregate;
    this.runs = runs;
  }

  /** Blocks that completed as members of a group, without an event of their own. */
  long groupedCompletions() {
    return groupedCompletions;
  }

  /** Members of groups that a split gave their own event. */
  long splitMembers() {
    return splitMembers;
  }

  /** Blocks that joined a group as they resumed with progress from an earlier residency. */
  long resumedMembers() {
    return resumedMembers;
  }

  /**
   * Queues a block's completion at its end; {@code groupable}: placement placed it (a fresh block,
   * or a preempted one resumed), so it may join the group of the block placed just before it.
   */
  void queueCompletion(ResidentBlock block, boolean groupable) {
    if (aggregate && groupable) {
      queueGrouped(block);
    } else {
      run.events.pushBlock(block.endNs, block);
    }
  }

  /**
   * Queues a placed block's completion: it joins the current group if it is the same job's, placed
   * at the same instant right after the group's last member (no event queued in between) with the
   * same start and end; otherwise it queues its own event and leads a new group. Whether the block
   * is fresh or resumes where a preemption stopped it does not matter: its event would still come
   * right after the previous member's, at the same time, with nothing in between (the blocks of a
   * wave stopped at one progress and resumed together share their start and end).
   */
  private void queueGrouped(ResidentBlock block) {
    ResidentBlock leader = groupLeader;
    EventQueue events = run.events;
    if (leader != null && leader.job == block.job && leader.gen == groupLeaderGen
        && groupNow == run.now() && events.nextSeq() == groupNextSeq
        && leader.state == ResidentBlock.RUNNING && leader.endNs == block.endNs
        && leader.startNs == block.startNs) {
      leader.lastInGroup.nextInGroup = block;
      leader.lastInGroup = block;
      leader.groupSize++;
      events.skipSeq();
      if (block.anchorDoneNs > 0) {
        resumedMembers++;
      }
    } else {
      groupLeader = block;
      groupLeaderGen = block.gen;
      groupNow = run.now();
      block.lastInGroup = block;
      block.groupSize = 1;
      block.groupSeq = events.nextSeq();
      events.pushBlock(block.endNs, block);
    }
    groupNextSeq = events.nextSeq();
  }

  /**
   * Gives every member of each group of {@code job} its own completion event, with the sequence
   * number it reserved: from now on they are simulated block by block, exactly as if they had never
   * been grouped. Call before anything treats the job's resident blocks one by one.
   */
  void split(SimJob job) {
    if (!aggregate) {
      return;
    }
    BlockList resident = job.resident;
    for (int i = 0, n = resident.size(); i < n; i++) {
      ResidentBlock block = resident.get(i);
      if (block.nextInGroup != null && block.lastInGroup != null) {
        split(block);
      }
    }
  }

  private void split(ResidentBlock leader) {
    long seq = leader.groupSeq;
    for (ResidentBlock member = leader.nextInGroup; member != null; ) {
      ResidentBlock next = member.nextInGroup;
      member.nextInGroup = null;
      runs.pushReservedBlock(member.endNs, member, ++seq);
      splitMembers++;
      member = next;
    }
    runs.queueReserved();
    leader.nextInGroup = null;
    leader.lastInGroup = null;
    if (groupLeader == leader) {
      groupLeader = null;
    }
  }

  /** A running or draining block's event: it completes, and so does its group if it leads one. */
  void completionDue(ResidentBlock block) {
    if (block.nextInGroup == null) {
      residency.complete(block);
    } else {
      completeGroup(block);
    }
  }

  /**
   * A group's event: the leader and then each member complete, in the order their own events
   * would have fired, each counted as an event. Without a listener or an open suspension of the
   * job's queue, nothing can observe the device between two members, and the group completes at
   * once ({@link #completeTogether}).
   */
  private void completeGroup(ResidentBlock leader) {
    ResidentBlock member = leader.nextInGroup;
    int size = leader.groupSize;
    leader.nextInGroup = null;
    leader.lastInGroup = null;
    if (groupLeader == leader) {
      groupLeader = null;
    }
    if (run.listener() == null && leader.job.queue.openSuspension == null) {
      completeTogether(leader, member, size);
      return;
    }
    residency.complete(leader);
    while (member != null) {
      ResidentBlock next = member.nextInGroup;
      member.nextInGroup = null;
      run.countEvent();
      groupedCompletions++;
      residency.complete(member);
      member = next;
    }
  }

  /**
   * Completes a group's {@code size} blocks, the leader first, with the results of one {@link
   * BlockResidency#complete} per block: each block leaves its SM in the same order (the SMs' free
   * lists and the job's list of resident blocks end as they would; the SMs' resources are freed in
   * one run, {@link SmArray#releaseRun}, with the state that order leaves), each member counts as
   * an event, and what is summed (attained time, residency counts, finished blocks) is added once.
   * Nothing runs between two members of a group: a member carries no preemption (a preemption
   * splits its victim's groups first), nothing listens, no suspension of the queue awaits its
   * quiet, and the job can finish only at its group's last block. When the group is every
   * resident block of the job, its list is emptied at once instead of block by block.
   */
  private void completeTogether(ResidentBlock leader, ResidentBlock firstMember, int size) {
    SimJob job = leader.job;
    boolean wholeList = job.resident.size() == size;
    long executed = 0;
    if (groupSms.length < size) {
      groupSms = new int[Math.max(size, 2 * groupSms.length)];
    }
    int[] smsOfGroup = groupSms;
    int i = 0;
    for (ResidentBlock block = leader, next; block != null; block = next) {
      next = block == leader ? firstMember : block.nextInGroup;
      block.nextInGroup = null;
      if (block != leader) {
        run.countEvent();
      }
      smsOfGroup[i++] = block.sm;
      executed += residency.vacate(block, !wholeList);
    }
    residency.releaseSms(job, smsOfGroup, size);
    groupedCompletions += size - 1;
    residency.completedTogether(job, size, executed, wholeList);
  }
}
