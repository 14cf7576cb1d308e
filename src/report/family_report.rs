//! The one grid report: a grid output folder's manifest and Parquet
//! frames read, the family's page built from them (its model, headline
//! and templates: [`FamilyReport`]), rendered with Tera. Every
//! [`FamilyReport`] is the lab's `GridReport`.

use std::path::Path;

use serde::Serialize;

use super::error::ReportError;
use super::frames::Frames;
use super::parquet::read_frames;
use super::render::render_templates;
use crate::lab::{GridReport, Manifest, Rendering};

/// A grid output folder as a family's report reads it.
#[derive(Debug, Clone, Copy)]
pub struct GridFolder<'a> {
    /// The folder.
    pub path: &'a Path,
    /// Its manifest (a run's, before it is written).
    pub manifest: &'a Manifest,
    /// Its tables.
    pub frames: &'a Frames,
    /// The folder of `<name>.tera` files replacing embedded templates, if
    /// given.
    pub templates: Option<&'a Path>,
}

/// A report page: the model its templates see, its headline (one sentence
/// per finding) and its Markdown and HTML templates (`(name, embedded
/// source)`; `<name>.tera` given to `--templates` replaces one).
#[derive(Debug, Clone)]
pub struct Page<M> {
    /// The model.
    pub model: M,
    /// The answer, one sentence per finding.
    pub headline: Vec<String>,
    /// The Markdown template, then the HTML template.
    pub templates: [(&'static str, &'static str); 2],
}

/// A family's grid report, filled in: its page from a grid output folder.
pub trait FamilyReport: Send + Sync {
    /// What its templates see.
    type Model: Serialize;

    /// The page of the grid output folder `folder`.
    ///
    /// # Errors
    /// Tables without the columns the model needs, or a chart that cannot
    /// be drawn.
    fn page(&self, folder: &GridFolder<'_>) -> Result<Page<Self::Model>, ReportError>;
}

/// Renders `page` with its templates (`templates` replacing them file by
/// file).
///
/// # Errors
/// As [`render_templates`].
pub fn render_page<M: Serialize>(
    page: Page<M>,
    templates: Option<&Path>,
) -> Result<Rendering, ReportError> {
    let rendered = render_templates(&page.model, templates, page.templates)?;
    Ok(Rendering {
        headline: page.headline,
        markdown: rendered.markdown,
        html: rendered.html,
    })
}

impl<R: FamilyReport> GridReport for R {
    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String> {
        let frames = read_frames(folder).map_err(|e| e.to_string())?;
        let page = self
            .page(&GridFolder {
                path: folder,
                manifest,
                frames: &frames,
                templates,
            })
            .map_err(|e| e.to_string())?;
        render_page(page, templates).map_err(|e| e.to_string())
    }
}
