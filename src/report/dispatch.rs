//! An experiment's outputs: the Parquet tables of a grid run, and the
//! reports of an output folder of any kind, rendered by its family's grid
//! report or its kind's study (picked from the registry by the manifest)
//! and written with the manifest last.

use std::path::Path;

use super::error::ReportError;
use super::format::FORMAT_VERSION;
use super::frames::build_frames;
use super::lead::{
    lead_sentence, refresh_from_files, with_html_description, with_markdown_description,
};
use super::parquet::write_frames;
use crate::atomic::{remove_stale_temporaries, write_atomic};
use crate::lab::{Experiment, Manifest, Registry, Rendering, Shard, TaskResult};
use crate::rules::GameKind;

/// File name of the Markdown report.
pub const REPORT_MD: &str = "report.md";
/// File name of the HTML report.
pub const REPORT_HTML: &str = "report.html";

/// Writes the Parquet files of a run's `results` into `folder` (created
/// if missing) and returns the run's manifest, which the caller writes (a
/// shard's, whose folder is not rendered) or hands to [`render_output`],
/// which writes it once, complete with the answer, after the reports: so
/// that a killed run never leaves a manifest that differs from a whole
/// run's.
///
/// # Errors
/// A table that cannot be built or written.
pub fn write_outputs(
    folder: &Path,
    experiment: &Experiment,
    results: &[TaskResult],
    shard: Option<Shard>,
) -> Result<Manifest, ReportError> {
    std::fs::create_dir_all(folder).map_err(|e| ReportError::file(folder, e))?;
    remove_stale_temporaries(folder);
    let mut frames = build_frames(experiment, results)?;
    write_frames(folder, &mut frames)?;
    Ok(Manifest::new(experiment, shard, FORMAT_VERSION))
}

/// Renders the reports of the output folder `folder`, described by
/// `manifest` as given (a run's or a merge's), with the grid report of its
/// game's family or its kind's study; writes them and then the manifest
/// (each atomically, the manifest last and only if it changed) into the
/// folder, and returns the headline.
///
/// # Errors
/// A family or kind this build does not know, a folder that cannot be
/// read or rendered, a file that cannot be written.
pub fn render_output(
    folder: &Path,
    manifest: Manifest,
    templates: Option<&Path>,
    registry: &Registry,
) -> Result<Vec<String>, ReportError> {
    let rendering = if manifest.kind.is_grid() {
        let family = GameKind::from_word(manifest.game.as_deref())
            .and_then(|game| registry.family_of_game(game))
            .ok_or_else(|| {
                ReportError::file(
                    folder,
                    match &manifest.game {
                        Some(word) => format!("no game family `{word}` is registered"),
                        None => "no game family is registered".to_string(),
                    },
                )
            })?;
        family.render(folder, &manifest, templates)
    } else {
        let study = registry.study(manifest.kind.name()).ok_or_else(|| {
            ReportError::file(
                folder,
                format!(
                    "holds a {} experiment, a kind this build does not know",
                    manifest.kind.name()
                ),
            )
        })?;
        study.render(folder, &manifest, templates)
    };
    write_rendering(folder, manifest, rendering.map_err(ReportError::Data)?)
}

/// Renders the reports of an output folder of any kind (as its manifest
/// says) from its Parquet files, the manifest brought up to date with the
/// files it names ([`refresh_from_files`]), as [`render_output`] does.
///
/// # Errors
/// As [`render_output`], and a folder without a readable manifest.
pub fn render_any_folder(
    folder: &Path,
    templates: Option<&Path>,
    registry: &Registry,
) -> Result<Vec<String>, ReportError> {
    let mut manifest = Manifest::read(folder)?;
    refresh_from_files(&mut manifest);
    render_output(folder, manifest, templates, registry)
}

/// The label of the rules file's description under a report's title: it
/// describes the file, which the experiment's variants (its base
/// included) may change.
const RULES_LABEL: &str = "Rules file (before the experiment's changes)";

/// Writes `report.md` and `report.html` of `rendering` into `folder`
/// (atomically), each with its rules' description and its experiment's
/// notes under the title; then writes `manifest`, with the answer's lead
/// sentence, if the folder's manifest differs from it. Returns the
/// headline.
fn write_rendering(
    folder: &Path,
    mut manifest: Manifest,
    rendering: Rendering,
) -> Result<Vec<String>, ReportError> {
    remove_stale_temporaries(folder);
    let (mut markdown, mut html) = (rendering.markdown, rendering.html);
    // Inserted under the title in reverse: the rules first, then the notes.
    if let Some(notes) = &manifest.notes {
        markdown = with_markdown_description(&markdown, "Reading these figures", notes);
        html = with_html_description(&html, "notes", "Reading these figures", notes);
    }
    if let Some(description) = &manifest.rules_description {
        markdown = with_markdown_description(&markdown, RULES_LABEL, description);
        html = with_html_description(&html, "rules-description", RULES_LABEL, description);
    }
    for (name, text) in [(REPORT_MD, &markdown), (REPORT_HTML, &html)] {
        let path = folder.join(name);
        write_atomic(&path, text.as_bytes()).map_err(|e| ReportError::file(&path, e))?;
    }
    manifest.answer = rendering.headline.first().map(|h| lead_sentence(h));
    if Manifest::read(folder).ok().as_ref() != Some(&manifest) {
        manifest.write(folder)?;
    }
    Ok(rendering.headline)
}
