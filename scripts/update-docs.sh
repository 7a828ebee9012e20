#!/usr/bin/env bash
# Rewrites every block of README.md and docs/*.md marked <!-- output: ... --> with what its
# command prints now (slow blocks included), so that no figure is ever edited by hand. Review the
# change with git diff: a figure that moves is a finding, not noise.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -P integration -pl cli -am test -Dtest=DocsCheckTest -Dsurefire.failIfNoSpecifiedTests=false \
  -DdocsUpdate=true -Djacoco.skip=true
git diff --stat -- README.md docs
