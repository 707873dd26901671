package org.preemptlab.runner.workload.trace;

/**
 * A cross-stream dependency recorded in a trace: stream {@code stream} waited, from {@code atNs}
 * on the GPU, for an event recorded on stream {@code sourceStream} ({@code cudaStreamWaitEvent} on
 * a {@code cudaEventRecord}).
 *
 * @param device the GPU
 * @param stream the waiting stream
 * @param atNs when the wait was reached on the GPU
 * @param sourceStream the stream the awaited event was recorded on
 * @param recordLaunchNs when the CPU called {@code cudaEventRecord}, or -1 when the trace does not
 *     say; the event completes with the last operation launched on {@code sourceStream} before it
 * @param where where the wait is written in the file, for error messages (e.g. {@code "line 12"})
 */
public record StreamWait(int device, long stream, long atNs, long sourceStream,
    long recordLaunchNs, String where) {}
