package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs of block events ({@link EventRuns}) settle their members in the order, and with the event
 * count, of one queued event per member, here with members that only log (the engine's own are
 * compared with block-by-block runs in the runner's {@code AggregationDifferentialTest}).
 */
class EventRunsTest {
  private final RunServices run = new RunServices(
      Sim.hw(Sim.device(4, Sim.bigSm(), Sim.costs())), null, EngineOptions.defaults());
  private final List<String> log = new ArrayList<>();

  /** A logged event that is not a block's. */
  private Event logged(String name) {
    return (sim, gen) -> log.add(name);
  }

  private ResidentBlock block(int index) {
    return run.blocks.take(null, 0, index, 10, 0, 0);
  }

  /** Pops and fires every event, as the simulator's loop does, counting each. */
  private void drain() {
    EventQueue events = run.events;
    while (!events.isEmpty()) {
      run.startInstant(events.peekTime());
      Event event = events.peekEvent();
      int gen = events.peekGen();
      events.pop();
      run.countEvent();
      event.fire(null, gen);
    }
  }

  @Test
  void membersAtOneInstantFormOneEntryAndFireInOrderEachCountedAndStaleOnesDoNothing() {
    EventRuns runs = new EventRuns(run, true,
        (save, block, gen, sim) -> {
          if (gen == block.gen) {
            log.add((save ? "saved " : "block ") + block.blockIndex);
          }
        });
    ResidentBlock[] blocks = {block(0), block(1), block(2), block(3)};
    runs.pushBlock(100, blocks[0]);
    runs.pushBlock(100, blocks[1]);
    runs.pushBlock(100, blocks[2]);
    run.events.push(100, logged("other"), 0); // ends the run: a later stop cannot join
    runs.pushBlock(100, blocks[3]);
    runs.pushSaveDone(200, blocks[0]);
    runs.pushSaveDone(200, blocks[1]);
    runs.pushSaveDone(300, blocks[2]); // another instant: a run of its own
    assertThat(run.events.size()).isEqualTo(5);
    blocks[1].gen++; // its queued events are stale now

    drain();

    assertThat(log).containsExactly("block 0", "block 2", "other", "block 3", "saved 0",
        "saved 2");
    assertThat(run.eventCount()).isEqualTo(8);
    assertThat(runs.blockMembers()).isEqualTo(2);
    assertThat(runs.saveMembers()).isEqualTo(1);
  }

  @Test
  void anEventReservedEarlierAndQueuedDuringARunComesBeforeTheRunsLaterMembers() {
    long reserved = run.events.nextSeq();
    run.events.skipSeq(); // as a group's member reserves its place
    ResidentBlock[] blocks = {block(0), block(1), block(2)};
    EventRuns runs = new EventRuns(run, true,
        (save, block, gen, sim) -> {
          log.add("block " + block.blockIndex);
          if (block == blocks[0]) {
            run.events.pushWithSeq(100, logged("reserved"), 0, reserved);
          }
        });
    for (ResidentBlock block : blocks) {
      runs.pushBlock(100, block);
    }
    assertThat(run.events.size()).isEqualTo(1);

    drain();

    assertThat(log).containsExactly("block 0", "reserved", "block 1", "block 2");
    assertThat(run.eventCount()).isEqualTo(4);
  }

  @Test
  void aSplitGroupsReservedNumbersFormRunsOfConsecutiveNumbersAtOneTime() {
    EventRuns runs = new EventRuns(run, true,
        (save, block, gen, sim) -> log.add("block " + block.blockIndex));
    long first = run.events.nextSeq();
    for (int i = 0; i < 4; i++) {
      run.events.skipSeq();
    }
    run.events.push(100, logged("after"), 0);
    runs.pushReservedBlock(100, block(0), first);
    runs.pushReservedBlock(100, block(1), first + 1);
    runs.pushReservedBlock(90, block(2), first + 2); // another time: another run
    runs.pushReservedBlock(90, block(3), first + 3);
    runs.queueReserved();
    assertThat(run.events.size()).isEqualTo(3);

    drain();

    assertThat(log).containsExactly("block 2", "block 3", "block 0", "block 1", "after");
    assertThat(run.eventCount()).isEqualTo(5);
  }

  @Test
  void withoutAggregationEveryEventIsQueuedOnItsOwn() {
    EventRuns runs = new EventRuns(run, false, (save, block, gen, sim) -> log.add("run"));
    runs.pushBlock(100, block(0));
    runs.pushBlock(100, block(1));
    runs.pushSaveDone(200, block(2));
    runs.pushSaveDone(200, block(3));
    assertThat(run.events.size()).isEqualTo(4);
    assertThat(runs.blockMembers() + runs.saveMembers()).isZero();
  }
}
