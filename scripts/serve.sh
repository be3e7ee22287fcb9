#!/usr/bin/env bash
# Builds the release app and serves it at http://127.0.0.1:8080 (installs missing tools first).
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"
ensure_build_tools
say "building and serving the release build at http://127.0.0.1:8080"
exec trunk serve --release --offline --address 127.0.0.1 --port 8080 --no-autoreload
