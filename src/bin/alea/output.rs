//! Standard output and error that never panic. A closed pipe (`alea list | head -1`) ends
//! the output quietly, as other command-line tools do; any other write failure (a full
//! disk) is an error, which makes the command exit with code 2.

use alea::error::{Error, Result};
use std::io::{ErrorKind, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Standard output, written and flushed piece by piece.
#[derive(Debug, Default)]
pub struct Printer {
    /// The reader has gone: what follows is dropped.
    closed: bool,
}

impl Printer {
    /// Writes `text` to standard output. A closed pipe is no error: the text, and all
    /// text after it, is dropped.
    pub fn print(&mut self, text: &str) -> Result<()> {
        if self.closed {
            return Ok(());
        }
        if STDOUT_CLOSED_AT_START.load(Ordering::Relaxed) {
            return Err(Error::io(
                "write to",
                "standard output",
                std::io::Error::other("it is closed (>&-)"),
            ));
        }
        let mut out = std::io::stdout().lock();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            Err(e) => Err(Error::io("write to", "standard output", e)),
        }
    }
}

/// True when the process started with its standard output closed (`alea list >&-`).
///
/// The Rust runtime opens `/dev/null` in place of a closed standard stream before `main`,
/// so that writes to it vanish without an error; this is recorded before that, by a
/// function the loader runs before the runtime starts (Linux, where `/proc/self/fd` tells;
/// elsewhere a closed standard output stays unnoticed).
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static RECORD_CLOSED_STDOUT: extern "C" fn() = {
    extern "C" fn record() {
        let fds = std::path::Path::new("/proc/self/fd");
        let closed = fds.is_dir() && std::fs::symlink_metadata(fds.join("1")).is_err();
        STDOUT_CLOSED_AT_START.store(closed, Ordering::Relaxed);
    }
    record
};

/// Writes `text` to standard output (see [`Printer::print`]).
pub fn print(text: &str) -> Result<()> {
    Printer::default().print(text)
}

/// Writes an error message to standard error; if even that fails, nothing more can be
/// said, and the exit code tells.
pub fn print_error(message: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "alea: error: {message}");
    let _ = err.flush();
}

/// Writes a note (something the user should know, not an error) to standard error.
pub fn print_note(message: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "alea: note: {message}");
    let _ = err.flush();
}

/// Prints clap's help, version or usage error and returns its exit code (help and
/// version to standard output, where a full disk is an error, code 2).
pub fn clap_exit(e: &clap::Error) -> ExitCode {
    let printed = e.print().and_then(|()| std::io::stdout().flush());
    match printed {
        Err(io) if io.kind() != ErrorKind::BrokenPipe => {
            print_error(&format!("could not write to 'standard output': {io}"));
            ExitCode::from(2)
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
    }
}

/// Removes the temporary folders of a run on SIGINT, SIGTERM or SIGHUP (waiting for a
/// report being renamed into place), then ends the process by that signal.
#[cfg(unix)]
pub fn clean_up_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            alea::report::staging::abandon();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
}

/// Elsewhere the next run cleans what an interrupted one left.
#[cfg(not(unix))]
pub fn clean_up_on_signals() {}
