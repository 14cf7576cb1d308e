//! Joining shard outputs into one output folder.

use std::path::{Path, PathBuf};

use super::ReportError;
use super::frames::Frames;
use super::manifest::Manifest;
use super::parquet::{read_frames, write_frames};

/// Merges the output folders `shards` (of one experiment, written with
/// `--shard`) into `output`, rows in task order. A run present in two
/// folders is an error (the shards overlap). Returns the merged manifest
/// and the number of runs held.
pub fn merge_folders(shards: &[&Path], output: &Path) -> Result<(Manifest, usize), ReportError> {
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
    for folder in shards {
        let other = Manifest::read(folder)?;
        if other.name != manifest.name
            || other.variants != manifest.variants
            || other.engines != manifest.engines
        {
            return Err(ReportError::refused(
                folder,
                format!(
                    "holds a different experiment (or other variants or engine parameters) than {}",
                    first.display()
                ),
            ));
        }
        let frames = read_frames(folder)?;
        for key in run_keys(&frames)? {
            if let Some((_, earlier)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(ReportError::refused(
                    folder,
                    format!(
                        "variant `{}` by `{}` is also in {}: the folders overlap",
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
    let mut frames = merged.ok_or_else(|| ReportError::Data("nothing to merge".into()))?;
    let task_of = |variant: &str, engine: &str| manifest.task_of(variant, engine);
    frames.sort_by_task(&task_of)?;
    std::fs::create_dir_all(output).map_err(|e| ReportError::file(output, e))?;
    write_frames(output, &mut frames)?;
    manifest.shard = None;
    manifest.write(output)?;
    Ok((manifest, frames.runs.height()))
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
