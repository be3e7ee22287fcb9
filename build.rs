//! With the `split` feature, the app's wasm is linked keeping its relocations, which
//! `scripts/data-layout.mjs` needs to move its read-only data and `wasm-split-cli` to cut it into
//! the main module and one per split point (`scripts/app-modules.mjs`); wasm-bindgen and wasm-opt
//! drop them afterwards. Only this binary's link: a flag in RUSTFLAGS would rebuild every crate.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo::rustc-link-arg-bin=gpu-sizer-app=--emit-relocs");
    }
}
