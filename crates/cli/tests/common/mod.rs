//! Running the built CLI from the integration tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `gpu-sizer args…`, feeding `stdin` when given, and waits for it.
pub fn gpu_sizer(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpu-sizer"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gpu-sizer runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    child.wait_with_output().expect("gpu-sizer finishes")
}
