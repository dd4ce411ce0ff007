//! A progress bar on stderr that appears only once a run has lasted a second, and never
//! when stderr is not a terminal or with --quiet.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The progress of a run, counted in samples.
pub struct Progress {
    /// The bar (hidden until shown).
    pub bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
    enabled: bool,
}

impl Progress {
    /// A bar over `total` samples (a spinner when the total is not known).
    pub fn new(total: Option<u64>, quiet: bool) -> Self {
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        let template = if total.is_some() {
            "{elapsed_precise} [{bar:40}] {percent}% {msg} (eta {eta})"
        } else {
            "{elapsed_precise} {spinner} {human_pos} samples {msg}"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Self {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
            enabled: !quiet && std::io::stderr().is_terminal(),
        }
    }

    /// Counts `samples` more; shows the bar once a second has passed.
    pub fn add(&self, samples: u64) {
        self.bar.inc(samples);
        if self.enabled
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}
