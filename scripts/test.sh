#!/usr/bin/env bash
# Runs every test: formatting, lints, native engine tests, browser component tests and
# end-to-end tests of the release build. Installs missing tools first.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"
ensure_build_tools
ensure_chromium

say "formatting"
cargo fmt --all --check

say "lints (native engine, formats, markup and CLI; wasm app)"
cargo clippy --workspace --exclude gpu-sizer --all-targets -- -D warnings
cargo clippy -p gpu-sizer --target wasm32-unknown-unknown --all-targets -- -D warnings
# The release build's split points in modules of their own (feature `split`, see index.html).
cargo clippy -p gpu-sizer --target wasm32-unknown-unknown --features split -- -D warnings

say "native tests (engine, formats, markup, CLI)"
cargo test --workspace --exclude gpu-sizer

say "fuzzing the decoders and importers (a short run; scripts/fuzz.sh alone runs the long one)"
scripts/fuzz.sh --inputs 20000

say "start-up scripts (boot/) and the build hook: syntax and tests"
for script in boot/*.js boot/*.mjs scripts/*.mjs tests/boot/*.mjs; do
    node --check "$script"
done
node --test tests/boot/

say "component tests in headless Chromium (the app's, and crates/wasm-streams')"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test -p gpu-sizer -p wasm-streams --target wasm32-unknown-unknown

say "release build"
trunk build --release --offline

say "end-to-end tests of the release build"
node --test --test-concurrency=1 tests/e2e/
