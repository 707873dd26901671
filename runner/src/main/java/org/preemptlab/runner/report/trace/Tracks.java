package org.preemptlab.runner.report.trace;

import java.util.HashSet;
import java.util.Set;
import org.preemptlab.api.model.EngineKind;

/**
 * The track layout of a timeline, and the metadata events that name and order its tracks, written
 * the first time a track is used. Processes: the device ({@value #DEVICE_PID}, first), one per
 * hardware engine ({@code 2 + ordinal}) and one per SM ({@code 100 + sm}); threads count from 1.
 */
final class Tracks {
  /** The device process: context switches and preemption requests that have no job lane. */
  static final int DEVICE_PID = 1;
  /** The device's context-switch track. */
  static final int SWITCH_TID = 1;
  /** The device's track for preemption requests whose victim has no lane. */
  static final int PREEMPTION_TID = 2;

  private static final int FIRST_SM_PID = 100;

  private final TraceEventWriter out;
  private final Set<Long> declared = new HashSet<>();

  /** Declares tracks on {@code out}. */
  Tracks(TraceEventWriter out) {
    this.out = out;
  }

  /** The process of {@code engine}. */
  static int enginePid(EngineKind engine) {
    return 2 + engine.ordinal();
  }

  /** The process of SM {@code sm}. */
  static int smPid(int sm) {
    return FIRST_SM_PID + sm;
  }

  /** The thread of block slot (or job lane) {@code index}. */
  static int tid(int index) {
    return index + 1;
  }

  /** Declares SM {@code sm}'s process and the track of its block slot {@code slot}. */
  void slot(int sm, int slot) {
    int pid = smPid(sm);
    process(pid, "SM " + sm, 10 + sm);
    thread(pid, tid(slot), "slot " + slot, slot);
  }

  /** Declares {@code engine}'s process. */
  void engine(EngineKind engine) {
    process(enginePid(engine), engine.name(), 1 + engine.ordinal());
  }

  /** Declares {@code engine}'s process and its job lane {@code lane}. */
  void lane(EngineKind engine, int lane) {
    engine(engine);
    thread(enginePid(engine), tid(lane), "jobs " + lane, lane);
  }

  /** Declares the device's track {@code tid}. */
  void device(int tid, String name) {
    process(DEVICE_PID, "GPU", 0);
    thread(DEVICE_PID, tid, name, tid);
  }

  private void process(int pid, String name, int order) {
    if (declared.add(key(pid, 0))) {
      out.metadata("process_name", pid, 0, json -> json.writeStringField("name", name));
      out.metadata("process_sort_index", pid, 0,
          json -> json.writeNumberField("sort_index", order));
    }
  }

  private void thread(int pid, int tid, String name, int order) {
    if (declared.add(key(pid, tid))) {
      out.metadata("thread_name", pid, tid, json -> json.writeStringField("name", name));
      out.metadata("thread_sort_index", pid, tid,
          json -> json.writeNumberField("sort_index", order));
    }
  }

  private static long key(int pid, int tid) {
    return ((long) pid << 32) | (tid & 0xffffffffL);
  }
}
