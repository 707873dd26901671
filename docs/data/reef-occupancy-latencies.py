"""Writes reef-occupancy-latencies.csv from REEF's kernel profiles, SJTU-IPADS/reef @58dabe0
(Apache-2.0): resource/<model>/<model>.profile.json for the six models of reef-kernels.csv. One row
per profiled kernel, in each file's order: the kernel as <model>/<name> (the name the `reef`
reproduction's traces give it), its latency alone (`total_latency`) and its latencies by occupancy
(`latency`: entry i, one round of its work-groups with i + 1 of them on each compute unit), all in
whole microseconds on an AMD MI50, as REEF's dynamic kernel padding reads them
(src/reef/server/scheduler.cpp, dynamic_kernel_padding). The format is the one the
`reset-realtime` policy's `padding-latencies-file` parameter reads.

Run: python3 docs/data/reef-occupancy-latencies.py PATH/TO/reef.git > docs/data/reef-occupancy-latencies.csv
(PATH/TO/reef.git: a clone of SJTU-IPADS/reef, or its bare git directory, at 58dabe0).
Python 3 standard library only; not run by the build.
"""
import json, subprocess, sys

COMMIT = "58dabe0a63fe6979349b358a78aa324cca050e4a"
MODELS = ["vgg", "resnet152", "densenet", "bert", "inception", "resnet"]

repo = sys.argv[1]
print(f"# REEF's kernel latencies on an AMD MI50, alone and by occupancy (us): SJTU-IPADS/reef"
      f" @{COMMIT[:7]} resource/<model>/<model>.profile.json (Apache-2.0),")
print("# converted by docs/data/reef-occupancy-latencies.py")
print("kernel,total_us,latency_us")
for model in MODELS:
    text = subprocess.run(["git", "--git-dir", repo, "show",
                           f"{COMMIT}:resource/{model}/{model}.profile.json"],
                          check=True, capture_output=True, text=True).stdout
    profile = json.loads(text)
    for name, kernel in profile["kernel_latency"].items():
        latencies = kernel["latency"]
        assert latencies and all(isinstance(v, int) and v > 0 for v in latencies), (model, name)
        assert kernel["total_latency"] > 0, (model, name)
        print(f"{model}/{name.lower()},{kernel['total_latency']},{' '.join(map(str, latencies))}")
