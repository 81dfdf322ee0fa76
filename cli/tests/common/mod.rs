//! Helpers shared by the CLI's test files: running the built `preflight` binary.

// Each test file uses some of them.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The environment variables the signing subcommands read the consumer secret, the token secret
/// and the consumer key from.
pub const CONSUMER_SECRET_ENV: &str = "PREFLIGHT_CONSUMER_SECRET";
pub const TOKEN_SECRET_ENV: &str = "PREFLIGHT_TOKEN_SECRET";
pub const CONSUMER_KEY_ENV: &str = "PREFLIGHT_CONSUMER_KEY";

/// Runs the built `preflight` binary with `args`, writing `stdin` to it, and waits for it.
pub fn preflight(args: &[&str], stdin: &[u8]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_preflight"));
    cmd.args(args);
    wait(cmd, stdin)
}

/// [`preflight`] with the `PREFLIGHT_*` secret and key variables removed, then `env` set.
pub fn preflight_env(args: &[&str], env: &[(&str, &str)], stdin: &[u8]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_preflight"));
    cmd.args(args)
        .env_remove(CONSUMER_SECRET_ENV)
        .env_remove(TOKEN_SECRET_ENV)
        .env_remove(CONSUMER_KEY_ENV)
        .envs(env.iter().copied());
    wait(cmd, stdin)
}

fn wait(mut cmd: Command, stdin: &[u8]) -> Output {
    let mut child = cmd
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

/// A fresh, empty directory for one test: `preflight-<name>-<process id>` in the system's
/// temporary directory (`name` says which file and test, so parallel tests never share one).
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("preflight-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes `bytes` to `dir/name`; its path as a string, to pass as an argument.
pub fn write(dir: &std::path::Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write input");
    path.to_string_lossy().into_owned()
}

/// A run's standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A run's standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
