#!/usr/bin/env bash
# Builds this consumer against the installed library and runs it on the module path.
# Run `mvn install -DskipTests` in the repository root first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
mvn -B -q package
java -p "target/twochoice-consumer-1.jar:$(cat target/dependencies-path)" \
  -m com.example.consumer/com.example.consumer.WordCount "$@"
