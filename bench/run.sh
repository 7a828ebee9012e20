#!/usr/bin/env bash
# Builds the benchmark jar (the bench profile of the root build), then runs JMH with the given
# arguments.
#
#   bash bench/run.sh                      every benchmark with its defaults (hours: see docs)
#   bash bench/run.sh 'getHit' -p size=1000000 -rf json -rff /tmp/r.json
#   bash bench/run.sh --memory             MemoryFootprint instead of JMH (same as memory.sh)
#   bash bench/run.sh --memory --smoothie  the same with SmoothieMap, every map in its JVM flags
#   SKIP_BUILD=1 bash bench/run.sh ...     reuse bench/target/benchmarks.jar as it is
#
# All other arguments go to JMH unchanged (java -jar benchmarks.jar -h lists them).
set -euo pipefail

bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root_dir="$(dirname "$bench_dir")"
jar="$bench_dir/target/benchmarks.jar"

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  # The bench module and the library it needs, in one reactor; the library's javadoc and
  # coverage do not change the jar.
  (cd "$root_dir" && mvn -B -q -P bench -pl bench -am package -DskipTests \
    -Dmaven.javadoc.skip=true -Djacoco.skip=true)
fi

if [[ "${1:-}" == --memory ]]; then
  shift
  flags=()
  if [[ "${1:-}" == --smoothie ]]; then
    # SmoothieMap's class needs these (Impl.SMOOTHIE_MAP_JVM_FLAGS): 16-byte object headers for
    # every map of the run.
    shift
    flags=(--add-opens=java.base/java.util=ALL-UNNAMED -XX:-UseCompressedClassPointers)
  fi
  # JOL reads exact object sizes through Instrumentation, which it gets by attaching an agent to
  # its own JVM; JDK 9+ forbids self-attach unless allowed. A heap under 32 GB keeps compressed
  # references, as in the JMH forks.
  exec java -Djdk.attach.allowAttachSelf=true -Xms4g -Xmx4g "${flags[@]}" \
    -cp "$jar" io.github.twochoice.bench.MemoryFootprint "$@"
fi

exec java -jar "$jar" "$@"
