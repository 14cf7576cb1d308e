//! What a report renders to ([`Rendering`]) and the seam the report
//! dispatch calls for a grid output folder ([`GridReport`]), which every
//! family's report implements through `crate::report::FamilyReport`.

use std::path::Path;

use super::manifest::Manifest;

/// A rendered output folder: the headline (one sentence per finding, as
/// `run` prints it) and the two reports' text.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendering {
    /// The answer, one sentence per finding.
    pub headline: Vec<String>,
    /// `report.md`.
    pub markdown: String,
    /// `report.html`.
    pub html: String,
}

/// A family's grid report as the report dispatch calls it.
pub trait GridReport: Send + Sync {
    /// Renders the grid output folder `folder` from its Parquet tables and
    /// `manifest` (given, so that a run renders before it writes its one
    /// complete `manifest.json`). `<name>.tera` files in `templates`, where
    /// given, replace the report's embedded templates of the same name.
    ///
    /// # Errors
    /// Why the folder could not be read or rendered, in words.
    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String>;
}
