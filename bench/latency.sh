#!/usr/bin/env bash
# Builds the benchmark jar, then runs GrowthLatency (the latency of every put while maps grow and of
# every remove while they shrink) under ParallelGC and under G1, and draws the traces. Everything
# goes to bench/results/<short commit>/latency-<collector>/: a table per size and key type
# (<size>-<keys>.md), the traces (.csv), the pictures (.svg), the log and the collector's log.
#
#   bash bench/latency.sh                          4·2^20 Integer keys, 4 rounds, both collectors
#   bash bench/latency.sh --sizes 4194304,10000000 --keys Integer,String --rounds 4
#   GCS=parallel bash bench/latency.sh ...         one collector only (parallel or g1)
#   HEAP=16g YOUNG=10g bash bench/latency.sh ...   the heap (default 8g), ParallelGC's young
#                                                  generation (default 4g)
#   SKIP_BUILD=1 bash bench/latency.sh ...         reuse bench/target/benchmarks.jar as it is
#
# The other arguments go to GrowthLatency (--sizes, --keys, --rounds, --maps, --bucket, --threads);
# --maps takes Impl names, and presized:NAME for a map sized for the keys up front (a control).
set -euo pipefail

bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root_dir="$(dirname "$bench_dir")"
jar="$bench_dir/target/benchmarks.jar"
heap="${HEAP:-8g}"
# ParallelGC's young generation must hold everything one map allocates while it grows and
# shrinks, so that no collection falls inside a pass (the tables count those that do): about
# 350 MB for 4·2^20 Integer keys.
young="${YOUNG:-4g}"

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  (cd "$root_dir" && mvn -B -q -P bench -pl bench -am package -DskipTests \
    -Dmaven.javadoc.skip=true -Djacoco.skip=true)
fi

commit="$(git -C "$root_dir" rev-parse --short HEAD)"
for gc in ${GCS:-parallel g1}; do
  case "$gc" in
    parallel) gc_flags=(-XX:+UseParallelGC "-Xmn$young") ;;
    g1) gc_flags=(-XX:+UseG1GC) ;;
    *) echo "unknown collector: $gc (parallel or g1)" >&2; exit 2 ;;
  esac
  out="$bench_dir/results/$commit/latency-$gc"
  mkdir -p "$out"
  # A fixed heap touched up front, so that no page fault lands inside a pass (on a virtual machine
  # a first touch can cost tens of µs a page: touching 8 GB takes a minute). SmoothieMap's class
  # needs the two flags after it (Impl.SMOOTHIE_MAP_JVM_FLAGS); every map runs with them alike.
  java "-Xms$heap" "-Xmx$heap" -XX:+AlwaysPreTouch "${gc_flags[@]}" \
    --add-opens=java.base/java.util=ALL-UNNAMED -XX:-UseCompressedClassPointers \
    "-Xlog:gc:file=$out/gc-%p.log" \
    -cp "$jar" io.github.twochoice.bench.GrowthLatency --out "$out" "$@" 2>&1 |
    tee -a "$out/log.txt"
  python3 "$bench_dir/latency_plot.py" "$out"
done
