//! The `alea` command: parses arguments and calls the library. Every error prints one
//! message on stderr and exits with code 2; a closed standard output ends quietly.

mod args;
mod commands;
mod output;
mod progress;

use alea::error::Error;
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
            output::print_error(&describe(&e));
            ExitCode::from(2)
        }
    }
}

/// The library's error as the command line says it: request options as their flags.
fn describe(e: &Error) -> String {
    match e {
        Error::BadOption { option, message } => {
            let flag = match *option {
                "from" => "--from/--to",
                other => other,
            };
            let flag = if flag.starts_with("--") {
                flag.to_string()
            } else {
                format!("--{flag}")
            };
            format!(
                "{flag}: {}",
                message.replace("with from and to", "with --from and --to")
            )
        }
        Error::NoExact { .. }
        | Error::NoExactPoint {
            by_option: true,
            in_file: false,
            ..
        } => format!("{e}; drop --exact to simulate it"),
        // Asked by the file too: the message ends "to simulate it, drop exact = true".
        Error::NoExactPoint {
            by_option: true, ..
        } => format!("{e} and --exact"),
        other => other.to_string(),
    }
}
