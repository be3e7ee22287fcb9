#!/usr/bin/env bash
# Fuzzes the share-link decoder, the saved-scenario loader, the catalog-edit importer, the form
# reader and the prices a link carries natively (crates/formats/examples/fuzz.rs): 10 million
# inputs on 2 threads by default (README.md gives the measured times). Prints inputs per second;
# on a panic prints the input and exits non-zero.
#   scripts/fuzz.sh                      # the long run
#   scripts/fuzz.sh --inputs 20000       # a short one (scripts/test.sh runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet --profile fuzz -p gpu-sizer-formats --example fuzz -- "$@"
