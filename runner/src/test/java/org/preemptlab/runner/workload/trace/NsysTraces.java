package org.preemptlab.runner.workload.trace;

/** Rows in the format of {@code nsys stats --report cuda_gpu_trace --format csv}. */
final class NsysTraces {
  static final String HEADER = "Start (ns),Duration (ns),CorrId,GrdX,GrdY,GrdZ,BlkX,BlkY,BlkZ,"
      + "Reg/Trd,StcSMem (MB),DymSMem (MB),Bytes (MB),Throughput (MBps),SrcMemKd,DstMemKd,"
      + "Device,Ctx,GreenCtx,Strm,Name";
  private static int correlation = 100;

  private NsysTraces() {}

  /** A kernel on device 0, stream 7, with shared memory given in bytes (written as MB). */
  static String kernelRow(long startNs, long durationNs, int blocks, int threads, int registers,
      int sharedBytes, String name) {
    return kernelRow(startNs, durationNs, blocks, threads, registers, sharedBytes, 7, name);
  }

  static String kernelRow(long startNs, long durationNs, int blocks, int threads, int registers,
      int sharedBytes, int stream, String name) {
    return startNs + "," + durationNs + "," + correlation++ + "," + blocks + ",1,1," + threads
        + ",1,1," + registers + "," + String.format(java.util.Locale.ROOT, "%.6f", sharedBytes / 1e6)
        + ",0.000,,,,,NVIDIA H200 (0),1,," + stream + ",\"" + name + "\"";
  }

  /** A copy on device 0. */
  static String copyRow(long startNs, long durationNs, long bytes, int stream, String name) {
    return startNs + "," + durationNs + "," + correlation++ + ",,,,,,,,,," + String.format(
        java.util.Locale.ROOT, "%.3f", bytes / 1e6) + ",,Device,Pageable,NVIDIA H200 (0),1,,"
        + stream + ",\"" + name + "\"";
  }
}
