//! What a read `manifest.json` must be before reports and merges trust
//! it: the shapes the runner writes.
//!
//! - every axis as many settings as labels, axis names once each;
//! - every variant one position per axis, each within its axis's labels;
//!   variant names once each, engine names once each;
//! - a grid at least one variant and one engine;
//! - a shard's tasks within the grid (variants × engines).

use std::collections::HashSet;

use super::manifest::Manifest;

/// Checks the shapes of `manifest`.
///
/// # Errors
/// What does not fit, with the axis, variant or engine.
pub fn check_manifest(manifest: &Manifest) -> Result<(), String> {
    let mut axes = HashSet::new();
    for axis in &manifest.axes {
        if !axes.insert(axis.name.as_str()) {
            return Err(format!("axis `{}` is listed twice", axis.name));
        }
        if axis.settings.len() != axis.labels.len() {
            return Err(format!(
                "axis `{}` has {} labels and {} settings",
                axis.name,
                axis.labels.len(),
                axis.settings.len()
            ));
        }
    }
    let mut variants = HashSet::new();
    for variant in &manifest.variants {
        if !variants.insert(variant.name.as_str()) {
            return Err(format!("variant `{}` is listed twice", variant.name));
        }
        if variant.positions.len() != manifest.axes.len() {
            return Err(format!(
                "variant `{}` has {} positions for {} axes",
                variant.name,
                variant.positions.len(),
                manifest.axes.len()
            ));
        }
        for (axis, &at) in manifest.axes.iter().zip(&variant.positions) {
            if at >= axis.labels.len() {
                return Err(format!(
                    "variant `{}` takes value {at} of axis `{}`, which has {}",
                    variant.name,
                    axis.name,
                    axis.labels.len()
                ));
            }
        }
    }
    let mut engines = HashSet::new();
    for engine in &manifest.engines {
        if !engines.insert(engine.name.as_str()) {
            return Err(format!("engine `{}` is listed twice", engine.name));
        }
    }
    if manifest.kind.is_grid() && (manifest.variants.is_empty() || manifest.engines.is_empty()) {
        return Err("a grid with no variant or no engine".to_string());
    }
    let tasks = manifest.variants.len() * manifest.engines.len();
    if let Some(provenance) = &manifest.provenance
        && let Some(task) = provenance.tasks.iter().find(|&&t| t >= tasks)
    {
        return Err(format!(
            "its shard lists task {task} of a grid of {tasks} tasks"
        ));
    }
    Ok(())
}
