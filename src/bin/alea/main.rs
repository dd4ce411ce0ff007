//! The `alea` command: parses arguments and calls the library. Every error prints one
//! message on stderr and exits with code 2; a closed standard output ends quietly.

mod args;
mod commands;
mod output;
mod progress;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return output::clap_exit(&e),
    };
    match commands::dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            output::print_error(&e.to_string());
            ExitCode::from(2)
        }
    }
}
