//! The reports index (`banluck-lab reports`): `index.html` and `README.md`
//! in a folder of output folders, linking every report with its question
//! and its one-line answer (the manifest's `answer`, kept when the report
//! was rendered).

use std::path::Path;

use super::dispatch::{REPORT_HTML, REPORT_MD};
use super::error::ReportError;
use super::lead::escape;
use crate::atomic::write_atomic;
use crate::lab::{MANIFEST, Manifest};

/// File name of the HTML index.
pub const INDEX_HTML: &str = "index.html";
/// File name of the Markdown index.
pub const INDEX_MD: &str = "README.md";

/// One report in the index.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexEntry {
    /// The output folder's name (the link target).
    pub folder: String,
    /// The manifest.
    pub manifest: Manifest,
}

impl IndexEntry {
    /// The one-line answer, or a note that the report has not been
    /// rendered since answers were kept.
    fn answer(&self) -> String {
        self.manifest.answer.clone().unwrap_or_else(|| {
            format!(
                "(no answer recorded: re-render with `banluck-lab report {}`)",
                self.folder
            )
        })
    }
}

/// The output folders (subfolders with a manifest) of `dir`, by name.
pub fn index_entries(dir: &Path) -> Result<Vec<IndexEntry>, ReportError> {
    let listing = std::fs::read_dir(dir).map_err(|e| ReportError::file(dir, e))?;
    let mut entries = Vec::new();
    for item in listing {
        let path = item.map_err(|e| ReportError::file(dir, e))?.path();
        if !path.join(MANIFEST).is_file() {
            continue;
        }
        let folder = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        entries.push(IndexEntry {
            folder,
            manifest: Manifest::read(&path)?,
        });
    }
    entries.sort_by(|a, b| a.folder.cmp(&b.folder));
    Ok(entries)
}

/// A page under a reports folder besides the reports, linked from its
/// index when its file is there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexPage {
    /// The page's path under the reports folder.
    pub file: &'static str,
    /// What a reader does with it.
    pub what: &'static str,
    /// The command that writes it, from the repository's root.
    pub command: &'static str,
}

/// The committed pages besides the reports: the poker solver page and the
/// explore pages of the canonical Banluck and blackjack rules.
pub const INDEX_PAGES: [IndexPage; 3] = [
    IndexPage {
        file: "poker/solver.html",
        what: "The poker solver page: solve a river spot in the browser",
        command: "bash wasm/build.sh",
    },
    IndexPage {
        file: "explore/banluck.html",
        what: "Explore Banluck: the player's and the dealer's optimal charts under rules/banluck.toml, with the EV of every action",
        command: "banluck-lab explore --rules rules/banluck.toml --out reports/explore/banluck.html",
    },
    IndexPage {
        file: "explore/blackjack.html",
        what: "Explore blackjack: the basic strategy chart of rules/blackjack-6d-s17.toml, with the EV of every move",
        command: "banluck-lab explore --rules rules/blackjack-6d-s17.toml --out reports/explore/blackjack.html",
    },
];

/// A report's variants are explored with this command (the page is not
/// committed: it holds every variant's solve).
const EXPLORE_REPORT_COMMAND: &str = "banluck-lab explore --rules reports/reveal --out reveal.html";

/// The pages section, as `(Markdown, HTML)`: a link to each of `pages`
/// with the command that rewrites it, and how to explore a report's
/// variants.
fn pages_section(pages: &[IndexPage]) -> (String, String) {
    let mut markdown = String::from("## Pages\n\n");
    let mut html = String::from("<h2>Pages</h2>\n<ul>\n");
    for page in pages {
        markdown.push_str(&format!(
            "- [{}]({}) (`{}`).\n",
            page.what, page.file, page.command
        ));
        html.push_str(&format!(
            "<li><a href=\"{}\">{}</a> (<code>{}</code>).</li>\n",
            escape(page.file),
            escape(page.what),
            escape(page.command)
        ));
    }
    let report = "The charts of a report's variants, side by side";
    markdown.push_str(&format!("- {report}: `{EXPLORE_REPORT_COMMAND}`.\n\n"));
    html.push_str(&format!(
        "<li>{report}: <code>{}</code>.</li>\n</ul>\n",
        escape(EXPLORE_REPORT_COMMAND)
    ));
    (markdown, html)
}

/// The Markdown index of `entries`, with the pages section linking
/// `pages`.
pub fn index_markdown(entries: &[IndexEntry], pages: &[IndexPage]) -> String {
    let mut out = String::from(
        "# Reports\n\nEvery shipped report, with the question it answers and its one-line answer. \
         Regenerate this file with `banluck-lab reports`.\n\n",
    );
    for e in entries {
        out.push_str(&format!(
            "## [{}]({}/{REPORT_MD})\n\n*{}*\n\n{}\n\n[HTML]({}/{REPORT_HTML})\n\n",
            e.manifest.name,
            e.folder,
            e.manifest.question,
            e.answer(),
            e.folder
        ));
    }
    out.push_str(&pages_section(pages).0);
    out
}

/// Turns Markdown code spans (`` `x` ``) of already escaped text into
/// `<code>`.
fn code(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            out.push_str(&format!("<code>{part}</code>"));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// The HTML index of `entries`: one self-contained page, with the pages
/// section linking `pages`.
pub fn index_html(entries: &[IndexEntry], pages: &[IndexPage]) -> String {
    let mut rows = String::new();
    for e in entries {
        rows.push_str(&format!(
            "<section>\n<h2><a href=\"{f}/{REPORT_HTML}\">{name}</a></h2>\n\
             <p class=\"question\">{q}</p>\n<p>{a}</p>\n\
             <p class=\"links\"><a href=\"{f}/{REPORT_HTML}\">HTML</a> · <a href=\"{f}/{REPORT_MD}\">Markdown</a></p>\n</section>\n",
            f = escape(&e.folder),
            name = escape(&e.manifest.name),
            q = escape(&e.manifest.question),
            a = code(&escape(&e.answer())),
        ));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>banluck-lab reports</title>\n<style>\n  body {{ font-family: system-ui, -apple-system, \"Segoe UI\", sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; line-height: 1.45; }}\n  \
         section {{ border-left: 4px solid #2b6c9e; padding: 0.2rem 1rem; margin: 1.2rem 0; background: #f4f8fb; }}\n  \
         .question {{ color: #444; font-style: italic; }}\n  .links {{ font-size: 0.9rem; }}\n  code {{ font-size: 0.9rem; }}\n</style>\n</head>\n<body>\n\
         <h1>Reports</h1>\n<p>Every shipped report, with the question it answers and its one-line answer.</p>\n{rows}{pages}</body>\n</html>\n",
        pages = pages_section(pages).1
    )
}

/// Writes `index.html` and `README.md` into `dir` for its output folders
/// and returns how many reports they link.
pub fn write_index(dir: &Path) -> Result<usize, ReportError> {
    let entries = index_entries(dir)?;
    let pages: Vec<IndexPage> = INDEX_PAGES
        .into_iter()
        .filter(|p| dir.join(p.file).is_file())
        .collect();
    for (name, text) in [
        (INDEX_HTML, index_html(&entries, &pages)),
        (INDEX_MD, index_markdown(&entries, &pages)),
    ] {
        let path = dir.join(name);
        write_atomic(&path, text.as_bytes()).map_err(|e| ReportError::file(&path, e))?;
    }
    Ok(entries.len())
}
