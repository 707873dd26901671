package org.preemptlab.applications;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.application.JobRequest;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Kernel;

/**
 * An {@link ApplicationContext} for unit tests: one application alone on a device, its queue
 * serial, each job lasting its waves times its block time ({@code ceil(grid / (SMs * resident
 * blocks per SM))} waves, no dispatch or launch cost). Events are ordered by (time, sequence).
 */
public final class FakeApplicationContext implements ApplicationContext {

  /** A job as the fake ran it. */
  public record Run(long id, String queueId, Kernel kernel, long submitNs, long startNs, long finishNs) {}

  private record Event(long timeNs, long sequence, long jobId) {}

  private final DeviceSpec device;
  private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.timeNs != b.timeNs
      ? Long.compare(a.timeNs, b.timeNs) : Long.compare(a.sequence, b.sequence));
  private final List<Run> runs = new ArrayList<>();
  private long now;
  private long sequence;
  private long queueFreeNs;

  public FakeApplicationContext(DeviceSpec device) {
    this.device = device;
  }

  @Override
  public long nowNs() {
    return now;
  }

  @Override
  public long submit(JobRequest request) {
    Kernel k = request.kernel();
    int resident = Math.min(device.sm().maxBlocks(), device.sm().maxThreads() / k.threadsPerBlock());
    if (k.registersPerBlock() > 0) {
      resident = (int) Math.min(resident, device.sm().registers() / k.registersPerBlock());
    }
    checkArgument(resident >= 1, "kernel %s does not fit", k.name());
    long perWave = (long) resident * device.smCount();
    long waves = (k.gridBlocks() + perWave - 1) / perWave;
    long start = Math.max(now, queueFreeNs);
    long finish = start + waves * k.program().durationNs();
    queueFreeNs = finish;
    long id = runs.size();
    runs.add(new Run(id, request.queueId(), k, now, start, finish));
    events.add(new Event(finish, sequence++, id));
    return id;
  }

  @Override
  public void wakeAt(long timeNs) {
    checkArgument(timeNs >= now, "wake-up at %s is before now (%s)", timeNs, now);
    events.add(new Event(timeNs, sequence++, -1));
  }

  /** Starts {@code app} at 0 and runs it until no event is left or the next is after {@code untilNs}. */
  public void run(Application app, long untilNs) {
    app.resources();
    app.start(this);
    while (!events.isEmpty() && events.peek().timeNs <= untilNs) {
      Event e = events.poll();
      now = e.timeNs;
      if (e.jobId < 0) {
        app.onWakeUp(this);
      } else {
        Run r = runs.get((int) e.jobId);
        app.onJobFinished(new FinishedJob(r.id, r.queueId, r.submitNs, r.startNs, r.finishNs),
            this);
      }
    }
  }

  /** Every job submitted, in submission order. */
  public List<Run> runs() {
    return runs;
  }
}
