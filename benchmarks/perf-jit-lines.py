#!/usr/bin/env python3
"""Where perf's samples of JIT-compiled Java code fall: by source line, class, or instruction.

JFR attributes samples inside inlined code coarsely, and `perf` alone only names the compiled
method (with -XX:+DumpPerfMapAtExit), whose code holds everything inlined into it. This maps each
sample's address into the JVM's own listing of the code it compiled (-XX:+PrintAssembly; without
the hsdis plug-in the JVM prints the code as hex, which is enough): the listing names, for each
stretch of code, the source line and the chain of inlined methods it came from.

Record (the JVM's listing goes to standard output; any Java program, here benchmarks/EngineAlone;
-XX:+DebugNonSafepoints makes the JVM list a source line for far more stretches of code than the
calls and safepoints it lists by default, so that samples are not charged to a distant call):
  perf record -F 5000 -o perf.data java -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints \\
      -XX:+PrintAssembly -XX:+UseParallelGC -cp LAB_JAR:DIR \\
      org.preemptlab.lab.bench.EngineAlone 15 > listing.txt
  perf script -i perf.data -F ip | sort | uniq -c > samples.txt
Then:
  benchmarks/perf-jit-lines.py listing.txt samples.txt [--top N] [--prefix P]
      shares of the samples in methods compiled by C2 whose name contains P (default
      org.preemptlab.engine.), by compiled method, by innermost source line with its chain
      of inlined callers, and by the innermost line's class
  benchmarks/perf-jit-lines.py listing.txt samples.txt --method NAME [--top N]
      the N hottest instructions of the last C2 compile of NAME (e.g. ResidentBlock::fire),
      disassembled with objdump, each with its source line

Addresses are attributed to the last compile listed at them (the JVM reuses code memory), so
record a program whose measured part runs after its hot code has settled (EngineAlone's later
runs). A sample at an instruction is often charged to the one after a slow one (skid): read the
instruction before a hot one too.
"""
import argparse
import bisect
import collections
import re
import subprocess
import sys
import tempfile

HEADER = re.compile(r'^Compiled method \((c1|c2)\)\s+\d+\s+\d+\s*%?\s+\d\s+(\S+)')
MAIN_CODE = re.compile(r'main code\s+\[(0x[0-9a-f]+),(0x[0-9a-f]+)\]')
ANNOTATION = re.compile(r'^\s*(0x[0-9a-f]+):\s*;')
HEX = re.compile(r'^\s*(0x[0-9a-f]+):\s*((?:[0-9a-f]{4}\s*\|?\s*)+)$')
SOURCE = re.compile(r'- (\S+)@(\d+) \(line (\d+)\)')


def short(qualified):
    """org.x.Y::m -> Y::m"""
    return qualified.split('.')[-1]


class Compile:
    def __init__(self, compiler, method):
        self.compiler = compiler
        self.method = method
        self.start = self.end = 0
        self.code = {}  # address -> byte
        self.sources = {}  # address -> [innermost line, caller line, ...]


def read_listing(path):
    compiles = []
    current = None
    annotated = None
    with open(path, errors='replace') as listing:
        for line in listing:
            match = HEADER.match(line)
            if match:
                current = Compile(match.group(1), match.group(2))
                compiles.append(current)
                annotated = None
                continue
            if current is None:
                continue
            match = MAIN_CODE.search(line)
            if match:
                current.start, current.end = (int(match.group(1), 16), int(match.group(2), 16))
                continue
            match = ANNOTATION.match(line)
            if match:
                annotated = int(match.group(1), 16)
                continue
            stripped = line.strip()
            if stripped.startswith('; -') and annotated is not None:
                match = SOURCE.search(stripped)
                if match:
                    chain = current.sources.setdefault(annotated, [])
                    chain.append(short(match.group(1)) + ':' + match.group(3))
                continue
            match = HEX.match(line)
            if match:
                address = int(match.group(1), 16)
                for i, byte in enumerate(bytes.fromhex(re.sub(r'[\s|]', '', match.group(2)))):
                    current.code[address + i] = byte
    return [c for c in compiles if c.end > c.start]


def read_samples(path):
    samples = collections.Counter()
    with open(path) as lines:
        for line in lines:
            fields = line.split()
            if len(fields) == 2:
                samples[int(fields[1], 16)] += int(fields[0])
    return samples


def owner(compiles):
    """For each address range, the last compile listed there."""
    ranges = sorted(((c.start, c.end, i, c) for i, c in enumerate(compiles)),
                    key=lambda r: (r[0], -r[2]))
    starts = [r[0] for r in ranges]

    def find(address):
        k = bisect.bisect_right(starts, address) - 1
        best = None
        while k >= 0 and starts[k] > address - (1 << 20):
            start, end, order, compile_ = ranges[k]
            if start <= address < end and (best is None or order > best[0]):
                best = (order, compile_)
            k -= 1
        return best[1] if best else None
    return find


def source_of(compile_, address):
    annotated = sorted(compile_.sources)
    k = bisect.bisect_right(annotated, address) - 1
    return compile_.sources[annotated[k]] if k >= 0 else ['?']


def shares(compiles, samples, prefix, top):
    find = owner(compiles)
    by_method, by_line, by_chain, by_class = (collections.Counter() for _ in range(4))
    total = 0
    for address, count in samples.items():
        compile_ = find(address)
        if compile_ is None or compile_.compiler != 'c2' or prefix not in compile_.method:
            continue
        total += count
        by_method[short(compile_.method)] += count
        chain = source_of(compile_, address)
        by_line[chain[0]] += count
        by_chain[' < '.join(chain[:3])] += count
        by_class[chain[0].split('::')[0]] += count
    if total == 0:
        sys.exit('no samples in C2 code of methods containing ' + prefix)
    print(f'{total} samples in C2-compiled methods containing {prefix!r} '
          f'(of {sum(samples.values())} in all), % of those:')
    for title, counter in (('compiled method', by_method), ('class of the innermost line', by_class),
                           ('innermost source line', by_line),
                           ('source line < inlined into < ...', by_chain)):
        print(f'\n-- by {title}')
        for key, count in counter.most_common(top):
            print(f'{100 * count / total:5.1f}  {key}')


def hottest_instructions(compiles, samples, name, top):
    matching = [c for c in compiles if c.compiler == 'c2' and name in c.method]
    if not matching:
        sys.exit('no C2 compile of a method containing ' + name)
    compile_ = matching[-1]
    code = bytes(compile_.code.get(a, 0x90) for a in range(compile_.start, compile_.end))
    with tempfile.NamedTemporaryFile(suffix='.bin') as raw:
        raw.write(code)
        raw.flush()
        listing = subprocess.run(['objdump', '-D', '-b', 'binary', '-mi386:x86-64', '-Mintel',
                                  f'--adjust-vma={compile_.start}', raw.name],
                                 capture_output=True, text=True, check=True).stdout
    instructions = {}
    for line in listing.splitlines():
        match = re.match(r'^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)$', line)
        if match:
            instructions[int(match.group(1), 16)] = match.group(2)
    counts = {a: c for a, c in samples.items() if compile_.start <= a < compile_.end}
    total = sum(counts.values())
    print(f'{compile_.method}: {total} samples; its hottest instructions, % of those:')
    for address, count in sorted(counts.items(), key=lambda x: -x[1])[:top]:
        print(f'{100 * count / total:5.1f}  {address:x}  '
              f'{instructions.get(address, "?"):45.45s}  {source_of(compile_, address)[0]}')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('listing')
    parser.add_argument('samples')
    parser.add_argument('--top', type=int, default=25)
    parser.add_argument('--prefix', default='org.preemptlab.engine.')
    parser.add_argument('--method')
    args = parser.parse_args()
    compiles = read_listing(args.listing)
    samples = read_samples(args.samples)
    if args.method:
        hottest_instructions(compiles, samples, args.method, args.top)
    else:
        shares(compiles, samples, args.prefix, args.top)


if __name__ == '__main__':
    main()
