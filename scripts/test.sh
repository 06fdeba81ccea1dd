#!/usr/bin/env bash
# The one test command (`npm test`): installs what the tests need where it can, builds, runs
# the whole suite (unit, end-to-end over stdio and HTTP, Redis, SMTP, headless Chromium) and the
# official MCP conformance scenarios.
#
# System packages (Debian): redis-server, chromium, nginx-light (the multi-instance test) and
# prometheus (its promtool checks the /metrics exposition).
# When one is missing it is installed with apt-get if we can (root or sudo). If it still is missing, the tests that need it are skipped
# with a loud notice, except under CI=true, where a missing package fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[test]\033[0m %s\n' "$*" >&2; }

missing_system_packages() {
  local missing=()
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
  command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
  printf '%s\n' "${missing[@]}"
}

install_system_packages() {
  local packages=("$@")
  [ "${#packages[@]}" -eq 0 ] && return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo=(sudo -n); else return 1; fi
  fi
  command -v apt-get >/dev/null 2>&1 || return 1
  say "installing ${packages[*]} with apt-get"
  "${sudo[@]}" apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
}

mapfile -t missing < <(missing_system_packages | sed '/^$/d')
if [ "${#missing[@]}" -gt 0 ]; then
  install_system_packages "${missing[@]}" || true
  mapfile -t missing < <(missing_system_packages | sed '/^$/d')
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "${CI:-}" = "true" ]; then
    say "missing system packages under CI=true: ${missing[*]}; failing instead of skipping tests"
    exit 1
  fi
  say "WARNING: ${missing[*]} not installed and could not be installed; tests that need them are SKIPPED"
  for package in "${missing[@]}"; do
    case "$package" in
      redis-server) export SKIP_REDIS_TESTS=1 ;;
      chromium) export SKIP_BROWSER_TESTS=1 ;;
      nginx-light) export SKIP_NGINX_TESTS=1 ;;
      prometheus) export SKIP_PROMTOOL_TESTS=1 ;;
    esac
  done
fi

[ -d node_modules ] || { say "installing npm dependencies"; npm ci --no-audit --no-fund; }

say "type-checking and building"
npx tsc -p tsconfig.json --noEmit
npm run --silent build

say "running the test suite"
npx vitest run "$@"

if [ "$#" -eq 0 ]; then
  say "running the MCP conformance scenarios"
  scripts/conformance.sh
fi
say "all tests passed"
