//! GPU Sizer's page: a thin Leptos layer over `gpu-sizer-engine`.
//!
//! Components only read inputs and render engine results; the figures come from the engine.

pub mod app;
