// Probe timeslice: three and four time-sliced contexts (processes) sharing the device (issue 28,
// item 4; METHOD.md). Each process is its own CUDA context; its kernel fills every SM (2 blocks x
// 1,024 threads per SM) with threads that spin on the global timer, and thread 0 of block 0 logs
// every jump of the global timer over 5 us: the moments its context was switched out and for how
// long. The global timer is one clock for the whole device, so the logs of all processes give
// the order in which the contexts ran.
//
// Variants: "together" (every context launches at the same moment and spins 3 s) and "late"
// (contexts 0 .. N-2 spin 3 s; context N-1 launches 1 s later and spins 1 s: where does a newly
// runnable context enter the rotation?), for N = 3 and 4.
// Usage: timeslice OUT_DIR N VARIANT. Output timeslice_<N>_<variant>.csv (one file, appended by
// every process under a lock): contexts,variant,context,kernel_start_ns,kernel_end_ns,
// gap_start_ns,gap_ns (one row per switch-out; a row with gap_ns 0 if there was none).
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "common.cuh"

constexpr int kMaxGaps = 8192;

__global__ void spin_and_log(uint64_t run_ns, unsigned long long* gaps, unsigned int* count,
                             unsigned long long* span) {
  uint64_t start = global_ns();
  bool logger = blockIdx.x == 0 && threadIdx.x == 0;
  uint64_t last = start;
  uint64_t now = start;
  unsigned int n = 0;  // in a register: no read of host memory inside the loop
  while (now - start < run_ns) {
    now = global_ns();
    if (logger && now - last > 5000 && n < kMaxGaps) {
      gaps[2 * n] = last;  // posted writes to pinned host memory
      gaps[2 * n + 1] = now - last;
      n++;
    }
    last = now;
  }
  if (logger) {
    *count = n;
    span[0] = start;
    span[1] = now;
  }
}

static int run_context(const std::string& path, int contexts, const std::string& variant,
                       int index, int64_t launch_at_ns, uint64_t run_ns) {
  use_spin_wait();
  int sms = sm_count();
  unsigned long long *gaps, *span;
  unsigned int* count;
  CHECK(cudaMallocHost(&gaps, 2 * kMaxGaps * sizeof(unsigned long long)));
  CHECK(cudaMallocHost(&span, 2 * sizeof(unsigned long long)));
  CHECK(cudaMallocHost(&count, sizeof(unsigned int)));
  *count = 0;
  spin_and_log<<<1, 32>>>(1000, gaps, count, span);  // warm-up: context and module loaded
  CHECK(cudaDeviceSynchronize());
  *count = 0;
  host_wait_until(launch_at_ns);
  spin_and_log<<<2 * sms, 1024>>>(run_ns, gaps, count, span);
  CHECK(cudaDeviceSynchronize());
  int fd = open(path.c_str(), O_WRONLY | O_APPEND);
  if (fd < 0 || flock(fd, LOCK_EX) != 0) {
    std::fprintf(stderr, "cannot append to %s\n", path.c_str());
    return 1;
  }
  std::string rows;
  char line[256];
  for (unsigned int g = 0; g < (*count == 0 ? 1u : *count); g++) {
    std::snprintf(line, sizeof line, "%d,%s,%d,%llu,%llu,%llu,%llu\n", contexts, variant.c_str(),
                  index, span[0], span[1], *count == 0 ? 0ull : gaps[2 * g],
                  *count == 0 ? 0ull : gaps[2 * g + 1]);
    rows += line;
  }
  ssize_t written = write(fd, rows.data(), rows.size());
  flock(fd, LOCK_UN);
  close(fd);
  return written == (ssize_t)rows.size() ? 0 : 1;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: timeslice OUT_DIR CONTEXTS together|late\n");
    return 2;
  }
  std::string dir = argv[1];
  int contexts = std::atoi(argv[2]);
  std::string variant = argv[3];
  if (contexts < 2 || contexts > 8 || (variant != "together" && variant != "late")) {
    std::fprintf(stderr, "CONTEXTS must be 2..8 and VARIANT together or late\n");
    return 2;
  }
  std::string path = dir + "/timeslice_" + std::to_string(contexts) + "_" + variant + ".csv";
  std::fclose(open_csv(dir, "timeslice_" + std::to_string(contexts) + "_" + variant + ".csv",
                       "contexts,variant,context,kernel_start_ns,kernel_end_ns,gap_start_ns,"
                       "gap_ns"));
  // No CUDA call before fork: every child creates its own context.
  int64_t start = host_ns() + 3'000'000'000LL;  // time for every child to create its context
  std::vector<pid_t> children;
  for (int i = 0; i < contexts; i++) {
    bool late = variant == "late" && i == contexts - 1;
    pid_t pid = fork();
    if (pid == 0) {
      std::_Exit(run_context(path, contexts, variant, i,
                             start + (late ? 1'000'000'000LL : 0),
                             late ? 1'000'000'000ull : 3'000'000'000ull));
    }
    children.push_back(pid);
  }
  int failed = 0;
  for (pid_t pid : children) {
    int status = 0;
    waitpid(pid, &status, 0);
    failed += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  return failed == 0 ? 0 : 1;
}
