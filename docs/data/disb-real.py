"""Writes disb-real.csv from DISB's real-world workload, SJTU-IPADS/disb @7ad5fba:
benchmarks/workloads/REAL.json (Apache-2.0), the trace REEF's §7.2 evaluates on (Han et al., OSDI
2022). One row per task, in the file's order: its id, whether it is real-time (the id's _rt or _be
suffix), its model (the file's model_name), its load type (`trace`: request times in ms from the
start; `continuous`: a closed loop, the next request as soon as the previous one ends) and, for a
traced task, its request times in ms separated by spaces. The file's run length ("time", seconds)
is the first comment line.

Run: git --git-dir=PATH/TO/disb show 7ad5fba:benchmarks/workloads/REAL.json \
       | python3 docs/data/disb-real.py > docs/data/disb-real.csv
Python 3 standard library only; not run by the build.
"""
import json, sys

workload = json.load(sys.stdin)
print(f"# time={workload['time']}: DISB's REAL workload, SJTU-IPADS/disb @7ad5fba:"
      " benchmarks/workloads/REAL.json (Apache-2.0), converted by docs/data/disb-real.py")
print("task,real_time,model,load,times_ms")
for task in workload["tasks"]:
    load = task["load"]
    assert task["id"].endswith(("_rt", "_be")), task["id"]
    assert load["type"] in ("trace", "continuous"), load["type"]
    times = load.get("trace", [])
    assert times == sorted(times), task["id"]
    print(",".join([task["id"], str(task["id"].endswith("_rt")).lower(),
                    task["client"]["model_name"], load["type"], " ".join(map(str, times))]))
