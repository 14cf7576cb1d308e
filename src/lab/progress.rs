//! Progress bars on stderr: one for all tasks and one per engine, hidden
//! with `--quiet` and whenever stderr is not a terminal.

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bars of one run.
pub struct Progress {
    overall: ProgressBar,
    engines: Vec<ProgressBar>,
}

impl Progress {
    /// Bars for `total` tasks and, per engine, `(name, tasks)`.
    pub fn new(visible: bool, total: usize, engines: &[(&str, usize)]) -> Progress {
        let target = if visible {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let multi = MultiProgress::with_draw_target(target);
        let style = ProgressStyle::with_template(
            "{prefix:>8} [{bar:30}] {pos}/{len} ({elapsed}, eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        let bar = |prefix: &str, len: usize| {
            let bar = multi.add(ProgressBar::new(len as u64));
            bar.set_style(style.clone());
            bar.set_prefix(prefix.to_string());
            bar
        };
        Progress {
            overall: bar("all", total),
            engines: engines.iter().map(|(name, n)| bar(name, *n)).collect(),
        }
    }

    /// One task of engine number `engine` is done (computed or cached).
    pub fn task_done(&self, engine: usize) {
        self.overall.inc(1);
        if let Some(bar) = self.engines.get(engine) {
            bar.inc(1);
        }
    }

    /// Clears the bars.
    pub fn finish(&self) {
        for bar in self.engines.iter().chain(std::iter::once(&self.overall)) {
            bar.finish_and_clear();
        }
    }
}
