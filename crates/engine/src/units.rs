//! Unit conversions in one place, so "GB" versus "GiB" is decided once.

/// Bytes in a GiB. GPU memory is reported in GiB by drivers and frameworks, so all memory figures
/// the engine shows are GiB.
pub const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// Converts bytes to GiB.
pub fn gib(bytes: f64) -> f64 {
    bytes / GIB
}
