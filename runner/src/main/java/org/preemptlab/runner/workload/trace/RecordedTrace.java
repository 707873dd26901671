package org.preemptlab.runner.workload.trace;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A trace file as read, before any mapping: its GPU operations, cross-stream waits, iteration
 * annotations and device properties.
 *
 * @param source the file name, for error messages
 * @param ops the GPU operations in file order
 * @param waits the cross-stream waits
 * @param steps the {@code ProfilerStep#N} annotations, in file order
 * @param devices the properties of the GPUs the trace describes, by index
 * @param cpuEvents how many CPU-side events (operators, runtime calls, annotations) it holds
 * @param rank the distributed rank that wrote the trace (Kineto's {@code distributedInfo}), or -1
 *     when the trace does not say
 */
public record RecordedTrace(String source, List<TraceOp> ops, List<StreamWait> waits,
    List<ProfilerStep> steps, Map<Integer, GpuProperties> devices, long cpuEvents, int rank) {

  /** Copies the collections. */
  public RecordedTrace {
    ops = List.copyOf(ops);
    waits = List.copyOf(waits);
    steps = List.copyOf(steps);
    devices = Map.copyOf(devices);
  }

  /** The indices of the devices that ran at least one operation, ascending. */
  public TreeSet<Integer> usedDevices() {
    TreeSet<Integer> used = new TreeSet<>();
    ops.forEach(op -> used.add(op.device()));
    return used;
  }

  /** The properties of a device, if the trace has them. */
  public Optional<GpuProperties> device(int id) {
    return Optional.ofNullable(devices.get(id));
  }
}
