//! The `alea` command: parses arguments and calls the library. Every error prints one
//! message on stderr and exits with code 2.

mod args;
mod commands;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("alea: error: {e}");
            ExitCode::from(2)
        }
    }
}
