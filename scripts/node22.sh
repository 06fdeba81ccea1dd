#!/usr/bin/env bash
# A Node 22 binary (see scripts/node.sh): the MCP conformance CLI needs Node 22.
set -euo pipefail
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -ge 22 ]; then command -v node; exit 0; fi
exec "$(dirname "$0")/node.sh" 22
