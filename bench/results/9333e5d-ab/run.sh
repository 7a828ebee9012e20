#!/usr/bin/env bash
# A = 5820653 (one table per map), B = 9333e5d (segments); alternating, two runs each, G1.
# old.jar: bench/target/benchmarks.jar of a checkout of 5820653 (mvn -B -q install -DskipTests,
# then mvn -B -q -f bench/pom.xml package); new.jar: that of 9333e5d (bash bench/run.sh -l).
# Both copied into /tmp/ab.
set -u
cd /tmp/ab
for run in 1 2; do
  for build in old new; do
    java -jar $build.jar 'ReadBenchmark.get|ChurnBenchmark.churn|PutBenchmark.put' \
      -p impl=HashMap,TwoChoice,DLeft,Cuckoo -f 1 -wi 1 -i 2 -w 1s -r 1s \
      -jvmArgsAppend "-Xms4g -Xmx4g -XX:+UseG1GC -XX:+AlwaysPreTouch" \
      -rf json -rff $build-run$run.json > $build-run$run.log 2>&1
    echo "$build run $run done $(date +%T)" >> progress
  done
done
echo ALLDONE >> progress
