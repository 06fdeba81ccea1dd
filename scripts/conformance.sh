#!/usr/bin/env bash
# The MCP conformance scenarios against the built server (see scripts/conformance.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
exec npx tsx scripts/conformance.ts
