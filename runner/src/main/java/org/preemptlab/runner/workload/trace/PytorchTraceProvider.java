package org.preemptlab.runner.workload.trace;

/**
 * The {@code pytorch-trace} workload: replays the GPU kernels, copies and sets of a PyTorch
 * profiler (Kineto) Chrome-trace JSON file, {@code .json} or {@code .json.gz} ({@code
 * docs/traces.md}).
 */
public final class PytorchTraceProvider extends TraceProvider {

  /** The provider ServiceLoader instantiates. */
  public PytorchTraceProvider() {
    super("pytorch-trace", "PyTorch profiler trace (.json or .json.gz)", true,
        KinetoTraceReader::read);
  }

  @Override
  public String description() {
    return "Replays a PyTorch profiler (Kineto) trace: kernels, copies, streams (docs/traces.md)";
  }
}
