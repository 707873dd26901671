package org.preemptlab.runner.workload.trace;

/**
 * What a trace says about one of its GPUs (Kineto's {@code deviceProperties}).
 *
 * @param id the device index
 * @param name the GPU's name, e.g. {@code NVIDIA H200}
 * @param smCount its SMs, or 0 when the trace does not say
 */
public record GpuProperties(int id, String name, int smCount) {}
