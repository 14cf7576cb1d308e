//! `explore` on a poker spot file: the library solves it
//! ([`crate::explore::spot_variant`]); this draws the progress bar on
//! stderr (hidden by `-q` and `--json`).

use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::CliError;
use crate::explore::{Budget, ExploreError, Variant, spot_variant};
use crate::rules::Override;

/// Loads the spot file at `path` with `overrides`, solves it within
/// `budget` (with a progress bar when `progress`) and returns its page
/// data.
pub fn solve_spot(
    path: &Path,
    overrides: &[Override],
    budget: &Budget,
    progress: bool,
) -> Result<Variant, CliError> {
    let draw = if progress {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(None, draw);
    bar.set_style(
        ProgressStyle::with_template(
            "solving {elapsed_precise} [{bar:40}] {human_pos}/{human_len} iterations, {msg}",
        )
        .expect("a valid progress template")
        .progress_chars("=> "),
    );
    let variant = spot_variant(path, overrides, budget, &mut |at| {
        bar.set_length(at.cap);
        bar.set_position(at.iteration);
        bar.set_message(format!(
            "exploitability {:.3} % of the pot (target {:.3} %)",
            at.exploitability_pct, at.target_pct
        ));
    });
    bar.finish_and_clear();
    variant.map_err(|e| match e {
        ExploreError::Input(message) => CliError::input(message),
    })
}
