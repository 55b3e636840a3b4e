#!/usr/bin/env bash
# Builds the linkbench-jmh module and runs the core JMH benchmarks (package io.linkbench.jmh.core:
# memory store operations, the driver's measured path, the phases against the no-op store).
#
#   scripts/bench-jmh.sh                        # the whole core suite (about 4 minutes)
#   scripts/bench-jmh.sh DriverPath -prof gc    # a first argument that is not an option replaces
#                                               # the benchmark regex; the rest go to JMH as they are
#   SKIP_BUILD=1 scripts/bench-jmh.sh ...       # reuse linkbench-jmh/target/benchmarks.jar
#
# The benchmarks carry their own settings (-f 1 -wi 2 -i 3, 1 s iterations); JMH options given here
# override them. Every benchmark also reports the JVM's CPU time per op (cpu.time.norm) and the CPUs it
# got (cpu.util) through io.linkbench.jmh.core.CpuProfiler (CPU_PROFILER=0 leaves it out): on a
# shared machine the wall-clock scores grow with the other load, the CPU time per op much less.
# Results are printed as JMH's table and kept in target/jmh-core.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${SKIP_BUILD:-0}" != 1 || ! -f linkbench-jmh/target/benchmarks.jar ]]; then
    echo "building linkbench-jmh ..." >&2
    mvn -B -q -pl linkbench-jmh -am package -DskipTests
fi

regex='io\.linkbench\.jmh\.core\.'
if [[ $# -gt 0 && "$1" != -* ]]; then
    regex="$1"
    shift
fi

mkdir -p target
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs" >&2
prof=()
if [[ "${CPU_PROFILER:-1}" != 0 ]]; then
    prof=(-prof io.linkbench.jmh.core.CpuProfiler)
fi
java -jar linkbench-jmh/target/benchmarks.jar "$regex" "${prof[@]}" -rf text -rff target/jmh-core.txt "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
