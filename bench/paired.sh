#!/usr/bin/env bash
# Runs one round of a JMH benchmark cell by cell: one fork per map and cell, the two maps of a cell
# back to back, each first in every other cell (A B, B A, ...; the other way round in an even
# round). A machine whose speed drifts over tens of seconds then slows both forks of a pair alike,
# where a plain JMH run forks every cell of one map before the other's, minutes apart. Each fork
# writes its own JSON file, OUT/roundR/CELL-MAP.json; bench/ratios.py --median takes one ratio per
# round.
#
#   for r in 1 2 3; do
#     SKIP_BUILD=1 bash bench/paired.sh OUT $r A B 'size=10000,1000000 keyType=Integer,String' \
#         ConcurrentBenchmark -p mix=read -wi 2 -i 3 -w 1s -r 1s -t 1
#   done
#   python3 bench/ratios.py --baseline A --median $(for r in 1 2 3; do ls OUT/round$r/*.json |
#       paste -sd,; done)
#
# The fifth argument lists the parameters that make the cells (space-separated name=v1,v2);
# everything after the benchmark's name goes to JMH unchanged, with -f 1 added.
set -euo pipefail

bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$1" round="$2" first="$3" second="$4" cell_params="$5" benchmark="$6"
shift 6

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  bash "$bench_dir/run.sh" -l > /dev/null
fi

# Every combination of the cell parameters, one line each: " -p name=v -p name=v".
cells=("")
for spec in $cell_params; do
  IFS=, read -r -a values <<< "${spec#*=}"
  next=()
  for cell in "${cells[@]}"; do
    for value in "${values[@]}"; do
      next+=("$cell -p ${spec%%=*}=$value")
    done
  done
  cells=("${next[@]}")
done

mkdir -p "$out/round$round"
index=0
for cell in "${cells[@]}"; do
  if (((index + round) % 2 == 1)); then order=("$first" "$second"); else order=("$second" "$first"); fi
  name="$(echo "$cell" | sed 's/ -p /_/g; s/^_//; s/=/-/g')"
  for impl in "${order[@]}"; do
    # shellcheck disable=SC2086 # the cell's words are separate JMH options
    SKIP_BUILD=1 bash "$bench_dir/run.sh" "$benchmark" $cell -p "impl=$impl" -f 1 "$@" \
      -rf json -rff "$out/round$round/$name-$impl.json" > "$out/round$round/$name-$impl.log" 2>&1
  done
  index=$((index + 1))
  echo "round $round: $name $(date +%T)"
done
