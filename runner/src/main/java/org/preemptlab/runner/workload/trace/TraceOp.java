package org.preemptlab.runner.workload.trace;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Objects;

/**
 * One GPU operation of a recorded trace, in the trace's own terms: a kernel, a memory copy or a
 * memory set. Times are ns on the trace's clock.
 *
 * @param kind what the operation is
 * @param name the kernel's name, or a label such as {@code Memcpy HtoD}
 * @param device the GPU's index in the trace
 * @param context the CUDA context the operation ran in (0 when the trace does not say)
 * @param stream the CUDA stream
 * @param correlation the id that links it to its CPU-side launch, or -1
 * @param startNs when it started on the GPU
 * @param durationNs how long it ran on the GPU, at least 0
 * @param launchNs when the CPU called the launch (or copy) API, or -1 when the trace does not say
 * @param gridBlocks blocks in the grid (x * y * z); 1 for copies and sets
 * @param threadsPerBlock threads per block (x * y * z); 1 for copies and sets
 * @param registersPerThread registers per thread; 0 for copies and sets
 * @param sharedMemoryBytes static plus dynamic shared memory per block; 0 for copies and sets
 * @param where where the operation is written in the file, for error messages (e.g. {@code
 *     "line 12"})
 */
public record TraceOp(
    Kind kind,
    String name,
    int device,
    long context,
    long stream,
    long correlation,
    long startNs,
    long durationNs,
    long launchNs,
    long gridBlocks,
    int threadsPerBlock,
    int registersPerThread,
    int sharedMemoryBytes,
    String where) {

  /** What a GPU operation is. */
  public enum Kind {
    /** A kernel: runs blocks on SMs. */
    KERNEL,
    /** A memory copy: runs on a copy engine. */
    MEMCPY,
    /** A memory set: runs on a copy engine. */
    MEMSET
  }

  /** Checks the fields. */
  public TraceOp {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(where, "where");
    checkArgument(
        durationNs >= 0 && gridBlocks >= 1 && threadsPerBlock >= 1 && registersPerThread >= 0
            && sharedMemoryBytes >= 0,
        "%s: invalid operation %s", where, name);
  }

  /** When the operation ended on the GPU. */
  public long endNs() {
    return startNs + durationNs;
  }

  /** When it was handed to the GPU: the launch time if known, else its start. */
  public long submittedNs() {
    return launchNs >= 0 ? launchNs : startNs;
  }
}
