#!/usr/bin/env bash
# Writes the full report (target/report.html) with the executable jar and renders it in headless
# Chromium (Debian's chromium package) to docs/report.png, the picture the docs show.
#
#   bash scripts/render-report.sh            # seed 2026, as in the docs
#   SEED=7 bash scripts/render-report.sh     # another seed
set -euo pipefail
cd "$(dirname "$0")/.."

[[ -f cli/target/twochoice.jar ]] || mvn -B -q package -DskipTests
java -jar cli/target/twochoice.jar report --seed "${SEED:-2026}" --out target/report.html

profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
# The flags keep Chromium off the network (this machine has none) and out of the user's profile.
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --hide-scrollbars --user-data-dir="$profile" \
  --window-size=800,2150 --screenshot="$PWD/docs/report.png" "file://$PWD/target/report.html" \
  2> >(grep -v -e dbus -e 'unexpected operator' >&2)
echo "wrote docs/report.png"
