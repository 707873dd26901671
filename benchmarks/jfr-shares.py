#!/usr/bin/env python3
"""Shares of a trace replay's parts in JFR execution samples of one thread name.

Reads the output of `jfr print --json --stack-depth 100 --events jdk.ExecutionSample F.jfr` (one
or more files), keeps the samples of the thread named THREAD (benchmarks/TraceReplayPhases.java
names its measured runs with aggregation `on-meas`) and counts each under the first part of a
run found from the top of its stack: reading the trace, mapping it to jobs, the isolated runs,
the simulation, the metrics, creating the other plugins, the rest of `RunExecutor.execute`, and
`other` (the thread's own start and end). With --below FRAME, lists instead the frames called
under FRAME, by their share of all the thread's samples.

Usage: benchmarks/jfr-shares.py THREAD [--below FRAME] FILE.json...
"""
import collections
import json
import sys

PARTS = [('read', 'TraceProvider.load'), ('read', 'NsysCsvReader.read'),
         ('read', 'KinetoTraceReader.read'), ('map', 'TraceReplay.'),
         ('isolated', 'IsolatedRuntimes.'), ('simulate', 'RunExecutor.simulate'),
         ('metrics', 'RunMetrics.of'), ('plugins', 'PluginRegistry.create'),
         ('execute', 'RunExecutor.execute')]


def stacks(thread, files):
    for name in files:
        with open(name) as f:
            for event in json.load(f)['recording']['events']:
                values = event['values']
                sampled = values.get('sampledThread')
                frames = values['stackTrace']['frames']
                if sampled and sampled.get('javaName') == thread and frames:
                    yield [fr['method']['type']['name'].split('/')[-1] + '.'
                           + fr['method']['name'] for fr in frames]


def main(args):
    thread = args[0]
    below = None
    if len(args) > 2 and args[1] == '--below':
        below, args = args[2], [thread] + args[3:]
    counts = collections.Counter()
    total = 0
    for names in stacks(thread, args[1:]):
        total += 1
        if below:
            if below in names:
                counts.update(set(names[:names.index(below)]))
            continue
        part = next((p for n in names for p, prefix in PARTS if n.startswith(prefix)), 'other')
        counts[part] += 1
    print(f'{total} samples of thread {thread}')
    for key, n in counts.most_common(40 if below else None):
        print(f'{100 * n / total:5.1f} %  {key}')


if __name__ == '__main__':
    main(sys.argv[1:])
