# Installs what building and testing GPU Sizer needs, skipping what is already there.
# Sourced by scripts/serve.sh and scripts/test.sh; every step is idempotent and quick when done.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION=0.21.14
export PATH="$HOME/.cargo/bin:$ROOT/tools/node_modules/.bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Runs apt-get as root directly, or through sudo when there is one.
apt_install() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if [ -z "${APT_UPDATED:-}" ]; then
        $sudo apt-get update -qq
        APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

ensure_wasm_target() {
    rustup target list --installed | grep -qx wasm32-unknown-unknown ||
        { say "adding the wasm32-unknown-unknown target"; rustup target add wasm32-unknown-unknown; }
}

ensure_trunk() {
    case "$(trunk --version 2>/dev/null)" in
    "trunk $TRUNK_VERSION") ;;
    *)
        say "installing trunk $TRUNK_VERSION (compiles from source; takes a while once)"
        cargo install trunk --version "$TRUNK_VERSION" --locked
        ;;
    esac
}

# The wasm-bindgen CLI must match the wasm-bindgen library in Cargo.lock exactly.
ensure_wasm_bindgen() {
    local want
    want="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock")"
    if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ]; then
        say "installing wasm-bindgen-cli $want"
        # Not --locked: the registry mirror may lack a dependency version pinned in its lock file.
        cargo install wasm-bindgen-cli --version "$want" --force
    fi
}

# The splitter that cuts the app's wasm into a module per split point (scripts/app-modules.mjs).
WASM_SPLIT_VERSION=0.2.4
ensure_wasm_split() {
    if ! command -v wasm-split-cli >/dev/null ||
        ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
        say "installing wasm-split-cli $WASM_SPLIT_VERSION"
        cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --force
    fi
}

# Node packages: wasm-opt from npm's binaryen (Debian's binaryen is too old for current
# wasm-bindgen output) and playwright-core for the end-to-end tests.
ensure_node_tools() {
    command -v npm >/dev/null || { say "installing Node.js and npm"; apt_install nodejs npm; }
    local stamp="$ROOT/tools/node_modules/.installed-from-lock"
    if ! cmp -s "$ROOT/tools/package-lock.json" "$stamp"; then
        say "installing Node tools (binaryen, esbuild, playwright-core, axe-core)"
        (cd "$ROOT/tools" && npm ci --no-audit --no-fund --loglevel=error)
        cp "$ROOT/tools/package-lock.json" "$stamp"
    fi
}

ensure_chromium() {
    if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
        say "installing Debian's chromium and chromium-driver"
        apt_install chromium chromium-driver
    fi
    export CHROMEDRIVER=/usr/bin/chromedriver
    export CHROMIUM=/usr/bin/chromium
}

ensure_build_tools() {
    ensure_wasm_target
    ensure_trunk
    ensure_wasm_bindgen
    ensure_wasm_split
    ensure_node_tools
}
