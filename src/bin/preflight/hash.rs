//! `preflight hash`: to be written.

use crate::EXIT_USAGE;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: &Args) -> u8 {
    eprintln!("preflight: hash is not written yet");
    EXIT_USAGE
}
