#!/usr/bin/env bash
# Builds the benchmark jar, then prints the JOL memory tables (MemoryFootprint).
#
#   bash bench/memory.sh                   sizes 10^4, 6*10^5, 7.5*10^5, 10^6
#   bash bench/memory.sh 1000 2000000      other sizes
#   bash bench/memory.sh --smoothie ...    with SmoothieMap, in the JVM flags it needs
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/run.sh" --memory "$@"
