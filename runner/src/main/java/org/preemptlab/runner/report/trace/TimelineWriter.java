package org.preemptlab.runner.report.trace;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.engine.EngineListener;

/**
 * Writes a run's timeline as Chrome Trace Event JSON while the simulation runs: register it with
 * {@link org.preemptlab.engine.Simulator#listen} and close it after the run. Each engine
 * callback becomes one event, streamed at once (only the jobs dispatched and not yet finished, and
 * the restores of resident blocks, are held until their slices can be closed); the same run gives
 * the same bytes.
 *
 * <ul>
 *   <li>SM processes, one track per block slot: a slice per block stay named {@code "kernel (job
 *       N)"} (args: job, queue, block, how it ended), and {@code save} / {@code restore} slices
 *       that follow or precede it in the slot (a restore is written with its block's stay, and
 *       cut short if the block was switched out or stopped before it started executing);
 *   <li>engine processes ({@code COMPUTE}, ...): a slice per job from dispatch to finish, each on
 *       the lowest lane free at its dispatch so slices on a lane never overlap; preemption requests
 *       as instants on the victim's lane; a {@code jobs} counter with the ready and dispatched
 *       counts;
 *   <li>the {@code GPU} process: context switches as slices named {@code "from -> to"}.
 * </ul>
 *
 * <p>Not thread-safe: one writer observes one simulation.
 */
public final class TimelineWriter implements EngineListener, AutoCloseable {
  private final TraceEventWriter out;
  private final Tracks tracks;
  private final Map<EngineKind, Lanes> lanes = new EnumMap<>(EngineKind.class);
  private final Map<EngineKind, long[]> lastLoad = new EnumMap<>(EngineKind.class);
  private final Map<Long, Running> running = new HashMap<>();
  private final Map<Long, Restore> restores = new HashMap<>();
  private long lastNs;

  /** A dispatched, unfinished job and the lane its slice will be drawn on. */
  private record Running(JobView job, EngineKind engine, int lane, long dispatchNs) {}

  /** A restore reported at placement, written with its block's stay (which may cut it short). */
  private record Restore(int sm, int slot, JobView job, int blockIndex, long startNs, long endNs,
      long bytes) {}

  /**
   * A writer to {@code out}, which it closes; {@code labels} go into the trace's {@code otherData}
   * (e.g. the configuration's name, seed and plugin ids).
   */
  public TimelineWriter(OutputStream out, Map<String, String> labels) {
    this.out = new TraceEventWriter(out, labels);
    this.tracks = new Tracks(this.out);
  }

  /**
   * A writer to {@code file}, replaced if it exists; missing parent directories are created.
   *
   * @throws UncheckedIOException if the file cannot be created
   */
  public static TimelineWriter open(Path file, Map<String, String> labels) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      // a new file only: an existing file (or a link, or a device) is never truncated
      return new TimelineWriter(new BufferedOutputStream(Files.newOutputStream(file,
          StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
          1 << 16), labels);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the timeline " + file + ": " + e.getMessage(),
          e);
    }
  }

  /** How many trace events were written so far, metadata included. */
  public long events() {
    return out.events();
  }

  @Override
  public void jobDispatched(long timeNs, JobView job) {
    seen(timeNs);
    EngineKind engine = job.queue().engine();
    int lane = lanes.computeIfAbsent(engine, e -> new Lanes()).take();
    tracks.lane(engine, lane);
    running.put(job.id(), new Running(job, engine, lane, timeNs));
  }

  @Override
  public void jobFinished(long timeNs, JobView job) {
    seen(timeNs);
    Running run = running.remove(job.id());
    if (run != null) {
      lanes.get(run.engine()).release(run.lane());
      jobSlice(run, timeNs, false);
    }
  }

  @Override
  public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, BlockEnd end) {
    seen(endNs);
    tracks.slot(sm, slot);
    Restore restore = restores.remove(slotKey(sm, slot));
    if (restore != null) {
      writeRestore(restore, Math.min(restore.endNs(), endNs), endNs < startNs ? end : null);
    }
    if (endNs < startNs) {
      return; // switched out or stopped before it started executing: its slot shows the restore
    }
    out.complete(name(job), "block", Tracks.smPid(sm), Tracks.tid(slot), startNs, endNs, json -> {
      json.writeNumberField("job", job.id());
      json.writeStringField("queue", job.queue().id());
      json.writeNumberField("block", blockIndex);
      json.writeStringField("end", end.name());
    });
  }

  @Override
  public void contextSaved(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, long bytes) {
    context("save", sm, slot, job, blockIndex, startNs, endNs, bytes);
  }

  @Override
  public void contextRestored(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, long bytes) {
    seen(endNs);
    tracks.slot(sm, slot);
    Restore previous = restores.put(slotKey(sm, slot),
        new Restore(sm, slot, job, blockIndex, startNs, endNs, bytes));
    if (previous != null) {
      writeRestore(previous, previous.endNs(), null);
    }
  }

  @Override
  public void preemptionRequested(long timeNs, JobView victim) {
    seen(timeNs);
    Running run = running.get(victim.id());
    Args args = json -> {
      json.writeNumberField("job", victim.id());
      json.writeStringField("queue", victim.queue().id());
      json.writeStringField("kernel", victim.job().kernel().name());
    };
    if (run != null) {
      out.instant("preemption request", "preemption", Tracks.enginePid(run.engine()),
          Tracks.tid(run.lane()), timeNs, args);
    } else {
      tracks.device(Tracks.PREEMPTION_TID, "preemption requests");
      out.instant("preemption request", "preemption", Tracks.DEVICE_PID, Tracks.PREEMPTION_TID,
          timeNs, args);
    }
  }

  @Override
  public void contextSwitched(long startNs, long endNs, String from, String to) {
    seen(endNs);
    tracks.device(Tracks.SWITCH_TID, "context switches");
    out.complete(from + " -> " + to, "context-switch", Tracks.DEVICE_PID, Tracks.SWITCH_TID,
        startNs, endNs, json -> {
          json.writeStringField("from", from);
          json.writeStringField("to", to);
        });
  }

  @Override
  public void engineLoad(long timeNs, EngineKind engine, int readyJobs, int dispatchedJobs) {
    seen(timeNs);
    long[] last = lastLoad.computeIfAbsent(engine, e -> new long[] {-1, -1});
    if (last[0] == readyJobs && last[1] == dispatchedJobs) {
      return;
    }
    last[0] = readyJobs;
    last[1] = dispatchedJobs;
    tracks.engine(engine);
    out.counter("jobs", Tracks.enginePid(engine), timeNs, json -> {
      json.writeNumberField("ready", readyJobs);
      json.writeNumberField("dispatched", dispatchedJobs);
    });
  }

  /**
   * Ends the file. Restores whose block never reported its stay are written whole, in slot order;
   * jobs still unfinished (a run that failed) get slices up to the latest time
   * seen, marked {@code "unfinished": true}, in job-id order.
   */
  @Override
  public void close() {
    try {
      restores.entrySet().stream().sorted(Map.Entry.comparingByKey())
          .forEach(entry -> writeRestore(entry.getValue(), entry.getValue().endNs(), null));
      restores.clear();
      running.values().stream().sorted(Comparator.comparingLong(run -> run.job().id()))
          .forEach(run -> jobSlice(run, Math.max(lastNs, run.dispatchNs()), true));
      running.clear();
    } finally {
      out.close();
    }
  }

  private void jobSlice(Running run, long endNs, boolean unfinished) {
    JobView job = run.job();
    out.complete(name(job), "job", Tracks.enginePid(run.engine()), Tracks.tid(run.lane()),
        run.dispatchNs(), endNs, json -> {
          json.writeNumberField("job", job.id());
          json.writeStringField("queue", job.queue().id());
          json.writeStringField("priority", job.priority().name());
          json.writeNumberField("blocks", job.job().kernel().gridBlocks());
          json.writeNumberField("preemptions", job.preemptions());
          json.writeNumberField("submit_ns", job.submitTimeNs());
          json.writeNumberField("first_start_ns", job.firstStartNs());
          if (unfinished) {
            json.writeBooleanField("unfinished", true);
          }
        });
  }

  private void context(String what, int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, long bytes) {
    seen(endNs);
    tracks.slot(sm, slot);
    out.complete(what, what, Tracks.smPid(sm), Tracks.tid(slot), startNs, endNs,
        contextArgs(job, blockIndex, bytes, null));
  }

  /** Writes {@code restore} up to {@code endNs}; {@code cut} says how it was cut short, if it was. */
  private void writeRestore(Restore restore, long endNs, BlockEnd cut) {
    out.complete("restore", "restore", Tracks.smPid(restore.sm()), Tracks.tid(restore.slot()),
        restore.startNs(), Math.max(restore.startNs(), endNs),
        contextArgs(restore.job(), restore.blockIndex(), restore.bytes(), cut));
  }

  private static Args contextArgs(JobView job, int blockIndex, long bytes, BlockEnd cut) {
    return json -> {
      json.writeNumberField("job", job.id());
      json.writeStringField("kernel", job.job().kernel().name());
      json.writeNumberField("block", blockIndex);
      json.writeNumberField("bytes", bytes);
      if (cut != null) {
        json.writeStringField("end", cut.name());
      }
    };
  }

  private static long slotKey(int sm, int slot) {
    return ((long) sm << 32) | (slot & 0xffffffffL);
  }

  private void seen(long ns) {
    lastNs = Math.max(lastNs, ns);
  }

  private static String name(JobView job) {
    return job.job().kernel().name() + " (job " + job.id() + ")";
  }
}
