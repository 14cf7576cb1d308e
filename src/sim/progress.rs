//! A progress bar on stderr that appears only once a run has lasted a
//! second (and never when stderr is not a terminal).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before its progress bar appears.
const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// A delayed progress bar counting hands (or rounds), safe to advance from
/// worker threads.
pub struct Progress {
    bar: Option<ProgressBar>,
    shown: AtomicBool,
    start: Instant,
}

impl Progress {
    /// A bar counting `hands` (hidden unless `enabled`).
    pub fn new(enabled: bool, hands: u64) -> Progress {
        let bar = enabled.then(|| {
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {percent:>3}% {human_pos}/{human_len} hands, eta {eta}",
            )
            .expect("a valid progress template")
            .progress_chars("=> ");
            ProgressBar::with_draw_target(Some(hands), ProgressDrawTarget::hidden()).with_style(style)
        });
        Progress {
            bar,
            shown: AtomicBool::new(false),
            start: Instant::now(),
        }
    }

    /// Counts `hands` more as done.
    pub fn advance(&self, hands: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(hands);
            if self.start.elapsed() >= PROGRESS_DELAY && !self.shown.swap(true, Ordering::Relaxed) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
