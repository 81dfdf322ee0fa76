//! Helpers shared by the CLI test files.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the built `preflight` binary with `args`, writing `stdin` to it, and waits for it.
pub fn preflight(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_preflight"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn preflight");
    if let Some(mut s) = child.stdin.take() {
        // The tool may exit before reading (usage errors): a broken pipe is fine.
        let _ = s.write_all(stdin);
    }
    child.wait_with_output().expect("wait")
}
