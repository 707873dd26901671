// Probe sm_clock: the SM clock under sustained load (issue 28, item 5; METHOD.md). Every SM runs
// one block of 1,024 threads for SECONDS of global time; thread 0 of every eleventh block reads
// clock64() and the global timer about every 10 ms, so the clock in MHz over each interval is
// delta(clock64) / delta(global ns) x 1,000.
//
// Loads: "spin" (every thread spins on clock64: the kind of kernel block-cycles describes, little
// power) and "fma" (every thread runs chains of dependent fused multiply-adds: a power-bound
// load). Usage: sm_clock OUT_DIR [SECONDS per load, default 20].
// Output sm_clock.csv: load,block,sm,sample,global_ns,clock64.
#include <vector>

#include "common.cuh"

constexpr int kEvery = 11;           // sampled blocks: 0, 11, 22, ...
constexpr int kMaxSamples = 4096;

__global__ void load_kernel(int fma, uint64_t run_ns, unsigned long long* samples,
                            unsigned int* sm_of, float* sink) {
  bool sampler = threadIdx.x == 0 && blockIdx.x % kEvery == 0;
  unsigned long long* mine = samples + 2ull * kMaxSamples * (blockIdx.x / kEvery);
  if (sampler) sm_of[blockIdx.x / kEvery] = sm_id();
  uint64_t start = global_ns();
  uint64_t next = start;
  int n = 0;
  float a = threadIdx.x * 1e-3f, b = 1.0001f, c = 1e-7f;
  uint64_t now = start;
  while (now - start < run_ns) {
    if (fma) {
#pragma unroll 64
      for (int i = 0; i < 256; i++) a = fmaf(a, b, c);
    } else {
      spin_cycles(256);
    }
    now = global_ns();
    if (sampler && now >= next && n < kMaxSamples) {
      mine[2 * n] = now;
      mine[2 * n + 1] = clock64();
      n++;
      next = now + 10'000'000;
    }
  }
  if (a == 12345.678f) sink[0] = a;  // keeps the FMA chain alive
  if (sampler && n < kMaxSamples) mine[2 * n] = 0;  // end marker
}

int main(int argc, char** argv) {
  std::string dir = out_dir(argc, argv);
  double seconds = argc > 2 ? std::atof(argv[2]) : 20.0;
  use_spin_wait();
  int sms = sm_count();
  int sampled = (sms + kEvery - 1) / kEvery;
  size_t count = 2ull * kMaxSamples * sampled;
  unsigned long long* device_samples;
  float* sink;
  unsigned int* sm_of;
  CHECK(cudaMallocHost(&sm_of, sampled * sizeof(unsigned int)));
  CHECK(cudaMalloc(&device_samples, count * sizeof(unsigned long long)));
  CHECK(cudaMalloc(&sink, sizeof(float)));
  std::vector<unsigned long long> samples(count);
  FILE* csv = open_csv(dir, "sm_clock.csv", "load,block,sm,sample,global_ns,clock64");
  for (int fma : {0, 1}) {
    CHECK(cudaMemset(device_samples, 0, count * sizeof(unsigned long long)));
    load_kernel<<<sms, 1024>>>(fma, (uint64_t)(seconds * 1e9), device_samples, sm_of,
                                     sink);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(samples.data(), device_samples, count * sizeof(unsigned long long),
                     cudaMemcpyDeviceToHost));
    for (int s = 0; s < sampled; s++) {
      const unsigned long long* mine = samples.data() + 2ull * kMaxSamples * s;
      for (int n = 0; n < kMaxSamples && mine[2 * n] != 0; n++) {
        std::fprintf(csv, "%s,%d,%u,%d,%llu,%llu\n", fma ? "fma" : "spin", s * kEvery,
                     sm_of[s], n, mine[2 * n], mine[2 * n + 1]);
      }
    }
  }
  std::fclose(csv);
  CHECK(cudaGetLastError());
  return 0;
}
