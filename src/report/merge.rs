//! Joining shard outputs into one output folder, after checking that they
//! belong together: one experiment file, one grid, one crate version and
//! engine build, one shard count, and every task exactly once.

use std::path::{Path, PathBuf};

use polars::prelude::DataFrame;

use super::error::ReportError;
use super::frames::Frames;
use super::lead::refresh_from_files;
use super::order::{joined_order, reordered};
use super::parquet::{
    CONVERGENCE, HANDS, RUNS, STRATEGIES, TIMINGS, read_column_order, read_frames, write_frames,
};
use crate::lab::{Manifest, Shard, assign, engine_cost};

/// How many missing tasks an error names before it counts the rest.
const NAMED: usize = 8;

/// Merges the Parquet files of the output folders `shards` (of one
/// experiment, written with `--shard`) into `output`, rows in task order.
/// Refused: folders of another experiment file, grid, crate version,
/// engine build or shard count; a task present in two folders (the shards
/// overlap); and, unless `partial`, a task present in none (each named,
/// with the shards to run again). Returns the merged manifest, brought up
/// to date with the files it names ([`refresh_from_files`]) and not yet
/// written (`render_output` writes it after the reports), and the number
/// of runs held.
pub fn merge_folders(
    shards: &[&Path],
    output: &Path,
    partial: bool,
) -> Result<(Manifest, usize), ReportError> {
    let Some(first) = shards.first() else {
        return Err(ReportError::Data(
            "give at least one folder to merge".into(),
        ));
    };
    let mut manifest = Manifest::read(first)?;
    if !manifest.kind.is_grid() {
        return Err(ReportError::refused(
            first,
            format!(
                "holds a {} experiment: only grid experiments are run in shards and merged",
                manifest.kind.name()
            ),
        ));
    }
    let mut merged: Option<Frames> = None;
    let mut seen: Vec<((String, String), PathBuf)> = Vec::new();
    let mut orders: Vec<(&str, Vec<Vec<String>>)> = TABLES.iter().map(|&t| (t, vec![])).collect();
    for folder in shards {
        let other = Manifest::read(folder)?;
        check_together(&manifest, first, &other, folder)?;
        let frames = read_frames(folder)?;
        for (table, lists) in &mut orders {
            let path = folder.join(table);
            if path.exists() {
                lists.push(read_column_order(&path)?);
            }
        }
        for key in run_keys(&frames)? {
            if let Some((_, earlier)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(ReportError::refused(
                    folder,
                    format!(
                        "variant `{}` by `{}` is also in {}: the folders overlap (a task done twice)",
                        key.0,
                        key.1,
                        earlier.display()
                    ),
                ));
            }
            seen.push((key, folder.to_path_buf()));
        }
        match &mut merged {
            None => merged = Some(frames),
            Some(all) => all.append(&frames)?,
        }
    }
    if !partial {
        check_complete(&manifest, &seen, output)?;
    }
    let mut frames = merged.ok_or_else(|| ReportError::Data("nothing to merge".into()))?;
    let task_of = |variant: &str, engine: &str| manifest.task_of(variant, engine);
    frames.sort_by_task(&task_of)?;
    for (table, lists) in &orders {
        if let Some(frame) = table_of(&mut frames, table) {
            *frame = reordered(frame, &joined_order(lists))?;
        }
    }
    std::fs::create_dir_all(output).map_err(|e| ReportError::file(output, e))?;
    write_frames(output, &mut frames)?;
    manifest.shard = None;
    manifest.provenance = None;
    refresh_from_files(&mut manifest);
    Ok((manifest, frames.runs.height()))
}

/// The tables of an output folder.
const TABLES: [&str; 5] = [RUNS, STRATEGIES, HANDS, CONVERGENCE, TIMINGS];

/// The frame of `frames` written to the file `table`.
fn table_of<'a>(frames: &'a mut Frames, table: &str) -> Option<&'a mut DataFrame> {
    match table {
        RUNS => Some(&mut frames.runs),
        STRATEGIES => Some(&mut frames.strategies),
        HANDS => frames.hands.as_mut(),
        CONVERGENCE => Some(&mut frames.convergence),
        TIMINGS => Some(&mut frames.timings),
        _ => None,
    }
}

/// Refuses `folder` unless its manifest `other` is of the same experiment
/// as `first`'s manifest `base`.
fn check_together(
    base: &Manifest,
    first: &Path,
    other: &Manifest,
    folder: &Path,
) -> Result<(), ReportError> {
    let refuse = |what: String| {
        Err(ReportError::refused(
            folder,
            format!(
                "{what}, compared with {}: only shards of one run merge",
                first.display()
            ),
        ))
    };
    if other.format_version != base.format_version {
        return refuse(format!(
            "is in Parquet format {}, not {}",
            other.format_version, base.format_version
        ));
    }
    if other.version != base.version {
        return refuse(format!(
            "was written by banluck-lab {}, not {}",
            other.version, base.version
        ));
    }
    if let (Some(a), Some(b)) = (&base.provenance, &other.provenance) {
        if a.experiment_hash != b.experiment_hash {
            return refuse("comes from a different experiment file (its content differs)".into());
        }
        if a.grid_hash != b.grid_hash {
            return refuse("holds other rules or engine parameters".into());
        }
        if a.engine_fingerprint != b.engine_fingerprint {
            return refuse(format!(
                "was computed by other engine sources (fingerprint {}, not {})",
                b.engine_fingerprint, a.engine_fingerprint
            ));
        }
    }
    if let (Some(a), Some(b)) = (&base.shard, &other.shard)
        && shard_count(a) != shard_count(b)
    {
        return refuse(format!("is shard {b}, of another shard count than {a}"));
    }
    if other.name != base.name || other.variants != base.variants || other.engines != base.engines {
        return refuse(
            "holds a different experiment (or other variants or engine parameters)".into(),
        );
    }
    Ok(())
}

/// The N of a manifest's `I/N`.
fn shard_count(text: &str) -> Option<usize> {
    text.parse::<Shard>().ok().map(|s| s.count)
}

/// Refuses a merge that lacks some task, naming the tasks and the shards
/// that hold them.
fn check_complete(
    manifest: &Manifest,
    seen: &[((String, String), PathBuf)],
    output: &Path,
) -> Result<(), ReportError> {
    let engines = manifest.engines.len();
    let total = manifest.variants.len() * engines;
    let mut done = vec![false; total];
    for ((variant, engine), _) in seen {
        if let Some(task) = manifest.task_of(variant, engine) {
            done[task] = true;
        }
    }
    let missing: Vec<usize> = (0..total).filter(|&t| !done[t]).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut names: Vec<String> = missing
        .iter()
        .take(NAMED)
        .map(|&t| {
            format!(
                "variant `{}` by `{}`",
                manifest.variants[t / engines].name,
                manifest.engines[t % engines].name
            )
        })
        .collect();
    if missing.len() > NAMED {
        names.push(format!("and {} more", missing.len() - NAMED));
    }
    let owners = match manifest.shard.as_deref().and_then(shard_count) {
        Some(count) => {
            let costs: Vec<f64> = (0..total)
                .map(|t| {
                    let engine = &manifest.engines[t % engines];
                    engine_cost(&engine.name, &engine.params)
                })
                .collect();
            let owner = assign(&costs, count);
            let mut shards: Vec<usize> = missing.iter().map(|&t| owner[t]).collect();
            shards.dedup();
            shards.sort_unstable();
            shards.dedup();
            let list: Vec<String> = shards.iter().map(ToString::to_string).collect();
            format!(
                " They belong to shard(s) {} of {count}: run those again (on Slurm: \
                 `sbatch --array={} shards.sbatch`) and merge all shards.",
                list.join(", "),
                list.join(",")
            )
        }
        None => String::new(),
    };
    Err(ReportError::refused(
        output,
        format!(
            "{} of {total} tasks are in none of the folders: {}.{owners} \
             (`merge --partial` merges what there is.)",
            missing.len(),
            names.join(", ")
        ),
    ))
}

/// The (variant, engine) of every run in `frames`.
fn run_keys(frames: &Frames) -> Result<Vec<(String, String)>, ReportError> {
    let variants = frames.runs.column("variant")?.str()?.clone();
    let engines = frames.runs.column("engine")?.str()?.clone();
    Ok(variants
        .iter()
        .zip(engines.iter())
        .map(|(v, e)| {
            (
                v.unwrap_or_default().to_string(),
                e.unwrap_or_default().to_string(),
            )
        })
        .collect())
}
