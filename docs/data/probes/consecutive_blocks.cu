// Probe consecutive_blocks: what consecutive block launches on one SM cost (issue 28, item 3;
// METHOD.md). Every block records its SM and the global time it starts and ends, so the gap on
// one SM between a block's end and the next block's start is the cost of dispatching a further
// block of a running grid; back-to-back one-block kernels give the same gap for a new grid.
//
// Series (each block spins S us of global time):
//   grid_1_per_sm    SMs x 16 blocks, 256 threads, 227 KiB shared memory: one resident block per
//                    SM, so each SM runs 16 blocks one after another; S = 0 and 5 us.
//   grid_4_per_sm    SMs x 64 blocks, 256 threads, 48 KiB shared memory: four resident per SM;
//                    S = 5 us.
//   kernel_per_block 200 kernels of one block (256 threads) back to back in one stream; S = 5 us.
// Output consecutive_blocks.csv: series,spin_us,kernel,block,sm,start_ns,end_ns (global timer).
#include <vector>

#include "common.cuh"

__global__ void blocks_kernel(uint64_t spin, unsigned long long* rows, int kernel_index) {
  extern __shared__ unsigned char smem[];
  uint64_t start = global_ns();
  if (threadIdx.x == 0) smem[0] = 1;
  spin_ns(spin);
  __syncthreads();
  if (threadIdx.x == 0) {
    size_t i = 3 * ((size_t)kernel_index + blockIdx.x);
    rows[i] = sm_id();
    rows[i + 1] = start;
    rows[i + 2] = global_ns();
  }
}

static void write_rows(FILE* csv, const char* series, double spin_us, int kernels, int blocks,
                       const unsigned long long* rows) {
  for (int k = 0; k < kernels; k++) {
    for (int b = 0; b < blocks; b++) {
      const unsigned long long* r = rows + 3 * ((size_t)k + b);
      std::fprintf(csv, "%s,%.0f,%d,%d,%llu,%llu,%llu\n", series, spin_us, k, b, r[0], r[1], r[2]);
    }
  }
}

int main(int argc, char** argv) {
  std::string dir = out_dir(argc, argv);
  use_spin_wait();
  CHECK(cudaFuncSetAttribute(blocks_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             kWholeSmSharedBytes));
  int sms = sm_count();
  size_t most = (size_t)sms * 64 + 200;
  unsigned long long* rows;
  CHECK(cudaMallocHost(&rows, 3 * most * sizeof(unsigned long long)));
  FILE* csv = open_csv(dir, "consecutive_blocks.csv",
                       "series,spin_us,kernel,block,sm,start_ns,end_ns");
  blocks_kernel<<<sms, 256, kWholeSmSharedBytes>>>(0, rows, 0);  // warm-up
  CHECK(cudaDeviceSynchronize());
  for (double spin_us : {0.0, 5.0}) {
    blocks_kernel<<<sms * 16, 256, kWholeSmSharedBytes>>>((uint64_t)(spin_us * 1000), rows, 0);
    CHECK(cudaDeviceSynchronize());
    write_rows(csv, "grid_1_per_sm", spin_us, 1, sms * 16, rows);
  }
  blocks_kernel<<<sms * 64, 256, 48 * 1024>>>(5000, rows, 0);
  CHECK(cudaDeviceSynchronize());
  write_rows(csv, "grid_4_per_sm", 5.0, 1, sms * 64, rows);
  for (int k = 0; k < 200; k++) {
    blocks_kernel<<<1, 256, 0>>>(5000, rows, k);
  }
  CHECK(cudaDeviceSynchronize());
  write_rows(csv, "kernel_per_block", 5.0, 200, 1, rows);
  std::fclose(csv);
  CHECK(cudaGetLastError());
  return 0;
}
