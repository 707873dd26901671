// Probe interrupt: interrupting a kernel that never ends, against kernels of finite length
// (issue 28, item 6; METHOD.md). Two processes, so two time-sliced contexts:
//   A fills every SM (2 blocks x 1,024 threads per SM). Variant "never_ending": one kernel whose
//     threads spin until a flag in device memory is set (the kernel would otherwise never end;
//     A's host sets it after the window, with a copy on another stream, which the copy engine
//     performs beside the kernel). Variant "finite": back-to-back kernels whose
//     blocks spin 20 ms each. Thread 0 of block 0 logs every jump of the global timer over 5 us
//     (A switched out).
//   B launches tiny kernels (1 block x 32 threads) at uniform random gaps of 0-3 ms; each
//     records the global time it starts; the host times launch call to cudaStreamSynchronize.
// Usage: interrupt OUT_DIR never_ending|finite [PROBES, default 300].
// Output interrupt_probes.csv (variant,sample,latency_us,start_ns) and interrupt_gaps.csv
// (variant,gap_start_ns,gap_ns), appended under a lock.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <random>
#include <string>
#include <vector>

#include "common.cuh"

constexpr int kMaxGaps = 8192;
constexpr int64_t kWindowNs = 4'000'000'000LL;

// Spins for run_ns of global time, or, with run_ns = 0, until *stop (device memory, set by the
// host with a copy on another stream) is not 0. Thread 0 of each block reads the flag about every
// 16 us and tells its block through shared memory; thread 0 of block 0, the logger, reads it
// only every 2^20 iterations and does not count the time of that read as a gap.
__global__ void occupy(uint64_t run_ns, const volatile int* stop, unsigned long long* gaps,
                       unsigned int* count) {
  __shared__ volatile int stopped;
  if (threadIdx.x == 0) stopped = 0;
  __syncthreads();
  uint64_t start = global_ns();
  bool logger = blockIdx.x == 0 && threadIdx.x == 0;
  uint64_t last = start;
  unsigned int n = 0;
  for (unsigned int i = 1;; i++) {
    uint64_t now = global_ns();
    if (logger && now - last > 5000 && n < kMaxGaps) {
      gaps[2 * n] = last;  // posted writes to pinned host memory
      gaps[2 * n + 1] = now - last;
      n++;
    }
    last = now;
    if (run_ns != 0) {
      if (now - start >= run_ns) break;
      continue;
    }
    if (threadIdx.x == 0 && (i & (logger ? 0xFFFFF : 0xFFF)) == 0) {
      if (*stop != 0) stopped = 1;
      last = global_ns();
    }
    if (stopped) break;
  }
  if (logger) *count = n;
}

__global__ void tiny(unsigned long long* start) {
  if (threadIdx.x == 0) *start = global_ns();
}

static void append(const std::string& path, const std::string& rows) {
  int fd = open(path.c_str(), O_WRONLY | O_APPEND);
  if (fd < 0 || flock(fd, LOCK_EX) != 0) {
    std::fprintf(stderr, "cannot append to %s\n", path.c_str());
    std::_Exit(1);
  }
  ssize_t written = write(fd, rows.data(), rows.size());
  flock(fd, LOCK_UN);
  close(fd);
  if (written != (ssize_t)rows.size()) std::_Exit(1);
}

static int run_a(const std::string& dir, const std::string& variant, int64_t start_ns) {
  use_spin_wait();
  int sms = sm_count();
  unsigned long long* gaps;
  unsigned int* count;
  int* stop;
  static const int kOne = 1;
  CHECK(cudaMallocHost(&gaps, 2 * kMaxGaps * sizeof(unsigned long long)));
  CHECK(cudaMallocHost(&count, sizeof(unsigned int)));
  CHECK(cudaMalloc(&stop, sizeof(int)));
  CHECK(cudaMemset(stop, 0, sizeof(int)));
  cudaStream_t work, copy;
  CHECK(cudaStreamCreateWithFlags(&work, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&copy, cudaStreamNonBlocking));
  occupy<<<1, 32, 0, work>>>(1000, stop, gaps, count);  // warm-up
  CHECK(cudaDeviceSynchronize());
  std::string rows;
  char line[160];
  host_wait_until(start_ns);
  int kernels = 0;
  do {
    *count = 0;
    occupy<<<2 * sms, 1024, 0, work>>>(variant == "never_ending" ? 0 : 20'000'000, stop, gaps,
                                       count);
    if (variant == "never_ending") {
      host_wait_until(start_ns + kWindowNs);
      CHECK(cudaMemcpyAsync(stop, &kOne, sizeof kOne, cudaMemcpyHostToDevice, copy));
    }
    CHECK(cudaStreamSynchronize(work));
    for (unsigned int g = 0; g < *count; g++) {
      std::snprintf(line, sizeof line, "%s,%llu,%llu\n", variant.c_str(), gaps[2 * g],
                    gaps[2 * g + 1]);
      rows += line;
    }
    kernels++;
  } while (variant == "finite" && host_ns() < start_ns + kWindowNs);
  CHECK(cudaDeviceSynchronize());
  append(dir + "/interrupt_gaps.csv", rows);
  return kernels > 0 ? 0 : 1;
}

static int run_b(const std::string& dir, const std::string& variant, int64_t start_ns,
                 int probes) {
  use_spin_wait();
  unsigned long long* start;
  CHECK(cudaMallocHost(&start, sizeof(unsigned long long)));
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  tiny<<<1, 32, 0, stream>>>(start);  // warm-up
  CHECK(cudaStreamSynchronize(stream));
  std::mt19937_64 rng(280006);
  std::uniform_real_distribution<double> gap_ms(0.0, 3.0);
  host_wait_until(start_ns + 500'000'000LL);  // A is running
  std::string rows;
  char line[160];
  for (int s = 0; s < probes && host_ns() < start_ns + kWindowNs - 100'000'000LL; s++) {
    host_wait_until(host_ns() + (int64_t)(gap_ms(rng) * 1e6));
    int64_t t1 = host_ns();
    tiny<<<1, 32, 0, stream>>>(start);
    CHECK(cudaStreamSynchronize(stream));
    int64_t t2 = host_ns();
    std::snprintf(line, sizeof line, "%s,%d,%.3f,%llu\n", variant.c_str(), s, (t2 - t1) / 1000.0,
                  *start);
    rows += line;
  }
  append(dir + "/interrupt_probes.csv", rows);
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: interrupt OUT_DIR never_ending|finite [PROBES]\n");
    return 2;
  }
  std::string dir = argv[1];
  std::string variant = argv[2];
  int probes = argc > 3 ? std::atoi(argv[3]) : 300;
  if (variant != "never_ending" && variant != "finite") {
    std::fprintf(stderr, "VARIANT must be never_ending or finite\n");
    return 2;
  }
  for (const char* name : {"interrupt_probes.csv", "interrupt_gaps.csv"}) {
    std::string path = dir + "/" + name;
    if (access(path.c_str(), F_OK) != 0) {
      bool probes_file = std::string(name) == "interrupt_probes.csv";
      std::fclose(open_csv(dir, name, probes_file ? "variant,sample,latency_us,start_ns"
                                                  : "variant,gap_start_ns,gap_ns"));
    }
  }
  // No CUDA call before fork: each child creates its own context.
  int64_t start = host_ns() + 3'000'000'000LL;
  pid_t a = fork();
  if (a == 0) std::_Exit(run_a(dir, variant, start));
  pid_t b = fork();
  if (b == 0) std::_Exit(run_b(dir, variant, start, probes));
  int failed = 0;
  for (pid_t pid : {a, b}) {
    int status = 0;
    waitpid(pid, &status, 0);
    failed += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  return failed == 0 ? 0 : 1;
}
