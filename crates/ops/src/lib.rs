//! From an answer to action: what to paste into a terminal to rent the chosen candidate with an
//! auto-stop (`launch`), and what a running job's `nvidia-smi` output says about the money it
//! wastes (`doctor`).
//!
//! Both are pure functions of text and engine values, so the page, the command line and native
//! tests produce the same bytes. Nothing here reads a clock, a file or the network: dates a
//! recipe needs are computed by the shell that runs it.

pub mod doctor;
pub mod launch;
