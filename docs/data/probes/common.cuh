// Shared helpers of the PreemptLab H200 probes (docs/data/probes/METHOD.md): error checks, the
// device's global timer and SM id, spins in ns or cycles, host time, and CSV output.
#pragma once

#include <cuda_runtime.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t err_ = (call);                                                             \
    if (err_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,            \
                   cudaGetErrorString(err_));                                              \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

// Dynamic shared memory that leaves room for exactly one block per SM on an H200 (227 KiB of
// the 228 KiB per SM; the system reserves 1 KiB per block).
constexpr int kWholeSmSharedBytes = 232448;

// The device's global timer in ns (the same clock on every SM).
__device__ __forceinline__ uint64_t global_ns() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// The SM this thread runs on.
__device__ __forceinline__ uint32_t sm_id() {
  uint32_t s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  return s;
}

// Spins for ns nanoseconds of global time (independent of the SM clock).
__device__ __forceinline__ void spin_ns(uint64_t ns) {
  uint64_t start = global_ns();
  while (global_ns() - start < ns) {
  }
}

// Spins for a number of SM cycles (its length in time depends on the SM clock).
__device__ __forceinline__ void spin_cycles(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

// A uniform number in [0, 1) from a 64-bit key (splitmix64), the same on host and device.
__host__ __device__ __forceinline__ double unit_hash(uint64_t key) {
  uint64_t z = key + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (z >> 11) * (1.0 / 9007199254740992.0);
}

// Host steady time in ns.
inline int64_t host_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Busy-waits on the host until host_ns() >= deadline (sleep is too coarse for us offsets).
inline void host_wait_until(int64_t deadline_ns) {
  while (host_ns() < deadline_ns) {
  }
}

// Opens OUT_DIR/name for writing and writes the header line; exits with a message on failure.
inline FILE* open_csv(const std::string& dir, const std::string& name, const char* header) {
  std::string path = dir + "/" + name;
  FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
  std::fprintf(f, "%s\n", header);
  return f;
}

// The output folder: the first argument, else the working folder.
inline std::string out_dir(int argc, char** argv) { return argc > 1 ? argv[1] : "."; }

// Spin-waits in the host for completions (as the E0/E1 measurements did).
inline void use_spin_wait() { CHECK(cudaSetDeviceFlags(cudaDeviceScheduleSpin)); }

inline int sm_count() {
  int n = 0;
  CHECK(cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, 0));
  return n;
}
