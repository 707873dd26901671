// Probe whole_sm: high-priority kernels whose blocks each need a whole SM, launched while a
// low-priority kernel with jittered block times fills the device (issue 28, item 1; METHOD.md).
//
// LOW (lowest priority): SMs x W blocks, 256 threads, 227 KiB shared memory each (one per SM),
// block b spins 200 x (1 + 0.5 x (2u - 1)) us of global time; W = 500 (about 0.1 s).
// Probe (highest priority): P blocks of 256 threads with 227 KiB shared memory each, so every
// probe block waits for a whole SM to empty; P = 1, 8, 66, 132. Each block spins 5 us and
// records its start and end. Launched at a uniform random time in [0.2, 0.6] x W x 200 us.
// Output whole_sm.csv: probe_blocks,sample,latency_us,first_start_after_low_us,
// start_spread_us,end_spread_us  (latency: host, launch call to cudaStreamSynchronize; spreads:
// last minus first probe block's start and end on the global timer).
#include <algorithm>
#include <random>
#include <vector>

#include "common.cuh"

__global__ void low_kernel(uint64_t seed, unsigned long long* first_start) {
  extern __shared__ unsigned char smem[];
  if (threadIdx.x == 0) {
    atomicMin(first_start, (unsigned long long)global_ns());
    smem[0] = 1;
  }
  double u = unit_hash(seed * 1000003ull + blockIdx.x);
  spin_ns((uint64_t)(200000.0 * (1.0 + 0.5 * (2.0 * u - 1.0))));
}

__global__ void probe_kernel(unsigned long long* starts, unsigned long long* ends) {
  extern __shared__ unsigned char smem[];
  uint64_t start = global_ns();
  if (threadIdx.x == 0) smem[0] = 1;
  spin_ns(5000);
  __syncthreads();
  if (threadIdx.x == 0) {
    starts[blockIdx.x] = start;
    ends[blockIdx.x] = global_ns();
  }
}

int main(int argc, char** argv) {
  std::string dir = out_dir(argc, argv);
  int samples = argc > 2 ? std::atoi(argv[2]) : 40;
  use_spin_wait();
  for (auto f : {(const void*)low_kernel, (const void*)probe_kernel}) {
    CHECK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               kWholeSmSharedBytes));
  }
  int least, greatest;
  CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t low, high;
  CHECK(cudaStreamCreateWithPriority(&low, cudaStreamNonBlocking, least));
  CHECK(cudaStreamCreateWithPriority(&high, cudaStreamNonBlocking, greatest));
  int sms = sm_count();
  unsigned long long *first_start, *starts, *ends;
  CHECK(cudaMalloc(&first_start, sizeof(unsigned long long)));
  CHECK(cudaMallocHost(&starts, sms * sizeof(unsigned long long)));
  CHECK(cudaMallocHost(&ends, sms * sizeof(unsigned long long)));
  FILE* csv = open_csv(dir, "whole_sm.csv",
                       "probe_blocks,sample,latency_us,first_start_after_low_us,start_spread_us,"
                       "end_spread_us");
  std::mt19937_64 rng(2828);
  std::uniform_real_distribution<double> where(0.2, 0.6);
  const int waves = 500;
  probe_kernel<<<1, 256, kWholeSmSharedBytes, high>>>(starts, ends);  // warm-up
  CHECK(cudaDeviceSynchronize());
  const int probe_blocks[] = {1, 8, sms / 2, sms};
  for (int p : probe_blocks) {
    for (int s = 0; s < samples; s++) {
      unsigned long long none = ~0ull;
      CHECK(cudaMemcpy(first_start, &none, sizeof none, cudaMemcpyHostToDevice));
      double offset_us = where(rng) * waves * 200.0;
      int64_t t0 = host_ns();
      low_kernel<<<sms * waves, 256, kWholeSmSharedBytes, low>>>(s + 1, first_start);
      host_wait_until(t0 + (int64_t)(offset_us * 1000.0));
      int64_t t1 = host_ns();
      probe_kernel<<<p, 256, kWholeSmSharedBytes, high>>>(starts, ends);
      CHECK(cudaStreamSynchronize(high));
      int64_t t2 = host_ns();
      CHECK(cudaStreamSynchronize(low));
      unsigned long long low_start;
      CHECK(cudaMemcpy(&low_start, first_start, sizeof low_start, cudaMemcpyDeviceToHost));
      unsigned long long s0 = *std::min_element(starts, starts + p);
      unsigned long long s1 = *std::max_element(starts, starts + p);
      unsigned long long e0 = *std::min_element(ends, ends + p);
      unsigned long long e1 = *std::max_element(ends, ends + p);
      std::fprintf(csv, "%d,%d,%.3f,%.3f,%.3f,%.3f\n", p, s, (t2 - t1) / 1000.0,
                   ((double)s0 - (double)low_start) / 1000.0, (s1 - s0) / 1000.0,
                   (e1 - e0) / 1000.0);
    }
  }
  std::fclose(csv);
  CHECK(cudaGetLastError());
  return 0;
}
