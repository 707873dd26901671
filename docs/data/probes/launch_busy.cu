// Probe launch_busy: a tiny high-priority kernel launched while a low-priority kernel fills every
// SM with blocks of D us whose lengths are jittered (issue 28, item 1; METHOD.md).
//
// LOW stream (lowest priority): one kernel of SMs x W blocks, 256 threads, 227 KiB of dynamic
// shared memory (one block per SM); block b spins D x (1 + j x (2u - 1)) us of global time,
// u = unit_hash(seed, b). j = 0 gives synchronised waves (the E1 setting); j = 0.5 blocks that
// end continuously. W = max(4, 100000 / D): about 0.1 s of work.
// Probe (highest priority stream): 1 block x 32 threads, launched at a uniform random time in
// [0.2, 0.6] x W x D after LOW's launch. It records the global time it starts and how many LOW
// blocks had started and ended by then.
// Output launch_busy.csv: jitter,block_us,sample,launch_offset_us,latency_us,low_started,
// low_ended,probe_after_low_start_us  (latency: host, launch call to cudaStreamSynchronize).
#include <algorithm>
#include <random>
#include <vector>

#include "common.cuh"

struct Counters {
  unsigned long long started;
  unsigned long long ended;
  unsigned long long first_start_ns;
};

__global__ void low_kernel(double block_us, double jitter, uint64_t seed, Counters* c) {
  extern __shared__ unsigned char smem[];
  if (threadIdx.x == 0) {
    uint64_t now = global_ns();
    atomicAdd(&c->started, 1ull);
    atomicMin(&c->first_start_ns, (unsigned long long)now);
    smem[0] = 1;
  }
  double u = unit_hash(seed * 1000003ull + blockIdx.x);
  double us = block_us * (1.0 + jitter * (2.0 * u - 1.0));
  spin_ns((uint64_t)(us * 1000.0));
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd(&c->ended, 1ull);
  }
}

__global__ void probe_kernel(const Counters* c, unsigned long long* out) {
  if (threadIdx.x == 0) {
    out[0] = global_ns();
    out[1] = *((volatile const unsigned long long*)&c->started);
    out[2] = *((volatile const unsigned long long*)&c->ended);
  }
}

int main(int argc, char** argv) {
  std::string dir = out_dir(argc, argv);
  int samples = argc > 2 ? std::atoi(argv[2]) : 60;
  use_spin_wait();
  CHECK(cudaFuncSetAttribute(low_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             kWholeSmSharedBytes));
  int least, greatest;
  CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t low, high;
  CHECK(cudaStreamCreateWithPriority(&low, cudaStreamNonBlocking, least));
  CHECK(cudaStreamCreateWithPriority(&high, cudaStreamNonBlocking, greatest));
  Counters* counters;
  unsigned long long* probe_out;
  CHECK(cudaMalloc(&counters, sizeof(Counters)));
  CHECK(cudaMallocHost(&probe_out, 3 * sizeof(unsigned long long)));
  int sms = sm_count();
  FILE* csv = open_csv(dir, "launch_busy.csv",
                       "jitter,block_us,sample,launch_offset_us,latency_us,low_started,"
                       "low_ended,probe_after_low_start_us");
  std::mt19937_64 rng(28);
  std::uniform_real_distribution<double> where(0.2, 0.6);
  // warm-up: every kernel once
  probe_kernel<<<1, 32, 0, high>>>(counters, probe_out);
  CHECK(cudaDeviceSynchronize());
  const double jitters[] = {0.0, 0.5};
  const double blocks_us[] = {20.0, 200.0};
  for (double jitter : jitters) {
    for (double d : blocks_us) {
      int waves = (int)std::max(4.0, 100000.0 / d);
      for (int s = 0; s < samples; s++) {
        Counters zero = {0, 0, ~0ull};
        CHECK(cudaMemcpy(counters, &zero, sizeof zero, cudaMemcpyHostToDevice));
        double offset_us = where(rng) * waves * d;
        int64_t t0 = host_ns();
        low_kernel<<<sms * waves, 256, kWholeSmSharedBytes, low>>>(d, jitter, s + 1, counters);
        host_wait_until(t0 + (int64_t)(offset_us * 1000.0));
        int64_t t1 = host_ns();
        probe_kernel<<<1, 32, 0, high>>>(counters, probe_out);
        CHECK(cudaStreamSynchronize(high));
        int64_t t2 = host_ns();
        CHECK(cudaStreamSynchronize(low));
        Counters after;
        CHECK(cudaMemcpy(&after, counters, sizeof after, cudaMemcpyDeviceToHost));
        std::fprintf(csv, "%.2f,%.0f,%d,%.3f,%.3f,%llu,%llu,%.3f\n", jitter, d, s,
                     (t1 - t0) / 1000.0, (t2 - t1) / 1000.0, probe_out[1], probe_out[2],
                     ((double)probe_out[0] - (double)after.first_start_ns) / 1000.0);
      }
    }
  }
  std::fclose(csv);
  CHECK(cudaGetLastError());
  return 0;
}
