package org.preemptlab.runner.workload.trace;

/**
 * The {@code nsys-trace} workload: replays the CSV of {@code nsys stats --report cuda_gpu_trace
 * --format csv} (Nsight Systems; {@code docs/traces.md}).
 */
public final class NsysTraceProvider extends TraceProvider {

  /** The provider ServiceLoader instantiates. */
  public NsysTraceProvider() {
    super("nsys-trace", "CSV of nsys stats --report cuda_gpu_trace", false, NsysCsvReader::read);
  }

  @Override
  public String description() {
    return "Replays an Nsight Systems cuda_gpu_trace CSV: kernels, copies, streams "
        + "(docs/traces.md)";
  }
}
