//! Running a table experiment: every variant (seats × surrender × draw
//! choice) is one
//! task, answered from the lab's cache under `<output>/.cache/` when it
//! can be (keyed by the variant's rules hash, the engine, its parameters,
//! the crate version and the engine sources), computed otherwise, with a
//! progress bar per table size. The tasks run one after another; each
//! spreads its rounds over the worker pool.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::rotation_rows::RotationSettings;
use super::rows::TableTables;
use super::spec::{TableExperiment, draw_word};
use super::task::{TaskSpec, run_task};
use crate::lab::{Cache, Progress, RunOptions};

/// One task's wall-clock seconds (`timings.parquet`, not committed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimingRow {
    /// Seats facing the dealer.
    pub players: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice`.
    pub draw_choice: String,
    /// Seconds the computation took (when it was computed).
    pub seconds: f64,
    /// Whether this run took it from the cache.
    pub cached: bool,
}

/// Runs (or reads from the cache) every task of `experiment`.
///
/// # Errors
/// A task that failed or a cache that could not be written, in words.
pub fn run_table(
    experiment: &TableExperiment,
    folder: &Path,
    options: &RunOptions,
) -> Result<(TableTables, Vec<TimingRow>), String> {
    let spec = &experiment.spec;
    let cache = Cache::new(folder);
    let variants = spec.variants();
    let sizes: Vec<String> = spec.players.iter().map(|k| format!("K={k}")).collect();
    let per_size: Vec<(&str, usize)> = sizes
        .iter()
        .map(|name| (name.as_str(), spec.per_size()))
        .collect();
    let progress = Progress::new(options.progress, variants.len(), &per_size);
    let rotation = RotationSettings {
        session_rounds: spec.session_rounds,
        tolerance: spec.tolerance,
        rounds: spec.rotation_rounds,
    };
    let mut tables = TableTables::default();
    let mut timings = Vec::with_capacity(variants.len());
    for (i, &variant) in variants.iter().enumerate() {
        let task = TaskSpec::new(&experiment.rules, spec, variant);
        let key = task.key();
        let cached = if options.force { None } else { cache.get(&key) };
        let was_cached = cached.is_some();
        let output = match cached {
            Some(output) => output,
            None => {
                let output = run_task(spec, &task)
                    .map_err(|e| format!("variant `{}`: {e}", variant.name()))?;
                cache
                    .put(&key, &output)
                    .map_err(|e| format!("cannot write the cache: {e}"))?;
                output
            }
        };
        tables.add(&task, &key, &output, rotation)?;
        timings.push(TimingRow {
            players: variant.players,
            allow_surrender: variant.allow_surrender,
            draw_choice: draw_word(variant.draw_choice).to_string(),
            seconds: output.seconds,
            cached: was_cached,
        });
        progress.task_done(i / spec.per_size());
    }
    progress.finish();
    Ok((tables, timings))
}
