package org.preemptlab.lab.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The heap a section of code used, from the JVM's notifications of its garbage collections: the
 * most heap in use just before a collection (<em>peak in use</em>) and the most still in use just
 * after one (<em>peak live after GC</em>, what the code kept reachable, plus garbage an incremental
 * collection left). As {@code docs/images/regenerate-ten-million.sh} reads them from a GC log. A
 * section with no collection reports 0 for both. Notifications arrive on a JVM thread a moment
 * after each collection; {@link #close()} waits for none, so the last collection of a section may
 * be missed.
 */
final class GcPeaks implements AutoCloseable {
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = (notification, handback) -> {
    if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION
        .equals(notification.getType())) {
      var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData())
          .getGcInfo();
      saw(sum(info.getMemoryUsageBeforeGc()), sum(info.getMemoryUsageAfterGc()));
    }
  };
  private long peakInUse;
  private long peakLive;

  /** Starts listening to every collector. */
  GcPeaks() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(listener, null, null);
        emitters.add(emitter);
      }
    }
  }

  private synchronized void saw(long before, long after) {
    peakInUse = Math.max(peakInUse, before);
    peakLive = Math.max(peakLive, after);
  }

  /** The most heap bytes in use before a collection so far. */
  synchronized long peakInUseBytes() {
    return peakInUse;
  }

  /** The most heap bytes in use after a collection so far. */
  synchronized long peakLiveBytes() {
    return peakLive;
  }

  private static long sum(Map<String, MemoryUsage> pools) {
    // the heap's pools only: the collectors report the non-heap ones (metaspace, code) too
    long bytes = 0;
    for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == java.lang.management.MemoryType.HEAP) {
        MemoryUsage usage = pools.get(pool.getName());
        if (usage != null) {
          bytes += usage.getUsed();
        }
      }
    }
    return bytes;
  }

  /** Stops listening. */
  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException e) {
        // already gone: nothing to stop
      }
    }
  }
}
