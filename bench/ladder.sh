#!/usr/bin/env bash
# Runs the lookup ladder (bench/src/main/java/io/github/twochoice/bench/ladder/LadderMap.java):
# for every round and rung, one JMH invocation of the lookups beside HashMap and the product maps,
# written to bench/results/ladder/<tag>-r<round>-rung<rung>.json; then prints the table.
#
#   bash bench/ladder.sh TAG ROUNDS "RUNGS" [JMH arguments...]
#   bash bench/ladder.sh gethit 3 "0 1 2 3 4 5 6 7 8 9 p" 'ReadBenchmark.getHit' -p size=10000,1000000
#
# Rung "p" is the last rung with -Dladder.prefetch=true. Rounds run every rung once before the
# next round starts, so that a slow spell of the shared machine spreads over the rungs.
set -euo pipefail
bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tag=$1 rounds=$2 rungs=$3
shift 3
out="$bench_dir/results/ladder"
mkdir -p "$out"
for round in $(seq "$rounds"); do
  for rung in $rungs; do
    flags="-Dladder.rung=$rung"
    [[ $rung == p ]] && flags="-Dladder.rung=9 -Dladder.prefetch=true"
    java -jar "$bench_dir/target/benchmarks.jar" "$@" -p impl=HashMap,Ladder \
      -jvmArgsPrepend "$flags" -rf json -rff "$out/$tag-r$round-rung$rung.json" > /dev/null
  done
done
python3 "$bench_dir/ladder.py" "$out" "$tag"
