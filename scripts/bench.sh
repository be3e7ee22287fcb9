#!/usr/bin/env bash
# Builds the release and prints its sizes and browser timings (see scripts/bench.mjs).
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"
ensure_build_tools
ensure_chromium
trunk build --release --offline
node scripts/bench.mjs "${1:-10}"
