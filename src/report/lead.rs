//! The top of every report: the base rules file's `description`, put under
//! the report's title in both report.md and report.html, and the lead
//! sentence of its answer, kept in the manifest for the reports index.

use std::path::Path;

use super::manifest::Manifest;

/// The `description` of the rules file at `path` (relative to the working
/// directory), if it can be read.
pub(super) fn file_description(path: &Path) -> Option<String> {
    top_level_text(path, "description").map(|d| d.to_string())
}

/// The `notes` of the experiment file at `path` (relative to the working
/// directory), trimmed, if it can be read and has them.
pub(super) fn file_notes(path: &Path) -> Option<String> {
    top_level_text(path, "notes").map(|n| n.trim().to_string())
}

/// The top-level string `key` of the TOML file at `path`.
fn top_level_text(path: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let table: toml::Table = text.parse().ok()?;
    table.get(key)?.as_str().map(str::to_string)
}

/// The description shown for `manifest`'s rules: the rules file's, or the
/// one the manifest kept when the file cannot be read from here (a folder
/// merged or rendered elsewhere).
pub fn rules_description(manifest: &Manifest) -> Option<String> {
    file_description(Path::new(&manifest.rules_file)).or_else(|| manifest.rules_description.clone())
}

/// The notes shown for `manifest`'s experiment: the experiment file's, or
/// the ones the manifest kept when the file cannot be read from here.
pub fn experiment_notes(manifest: &Manifest) -> Option<String> {
    file_notes(Path::new(&manifest.experiment_file)).or_else(|| manifest.notes.clone())
}

/// The first sentence of `text` (up to the first `. ` or the end).
pub fn lead_sentence(text: &str) -> String {
    match text.find(". ") {
        Some(at) => text[..=at].to_string(),
        None => text.to_string(),
    }
}

/// Escapes `&`, `<`, `>` and `"` for HTML text.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `markdown` with a paragraph (`**label:** text`) after its first `# `
/// title line.
pub fn with_markdown_description(markdown: &str, label: &str, description: &str) -> String {
    let line = format!("\n**{label}:** {description}\n");
    match markdown
        .find("\n# ")
        .map(|a| a + 1)
        .or_else(|| markdown.starts_with("# ").then_some(0))
    {
        Some(start) => {
            let end = markdown[start..]
                .find('\n')
                .map_or(markdown.len(), |e| start + e + 1);
            format!("{}{line}{}", &markdown[..end], &markdown[end..])
        }
        // No title: the paragraph first, a blank line before the rest.
        None => format!("{}\n{markdown}", line.trim_start()),
    }
}

/// `html` with a paragraph (`<strong>label:</strong> text`, of `class`)
/// after its first `</h1>`.
pub fn with_html_description(html: &str, class: &str, label: &str, description: &str) -> String {
    let paragraph = format!(
        "\n<p class=\"{class}\"><strong>{label}:</strong> {}</p>",
        escape(description)
    );
    match html.find("</h1>") {
        Some(at) => {
            let end = at + "</h1>".len();
            format!("{}{paragraph}{}", &html[..end], &html[end..])
        }
        None => html.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_description_goes_under_the_title() {
        let md = with_markdown_description("# reveal\n\nQ?\n", "Rules", "Rules <a>.");
        assert_eq!(md, "# reveal\n\n**Rules:** Rules <a>.\n\nQ?\n");
        let html = with_html_description(
            "<h1>reveal</h1><p>Q?</p>",
            "rules-description",
            "Rules",
            "A & B",
        );
        assert!(html.contains(
            "</h1>\n<p class=\"rules-description\"><strong>Rules:</strong> A &amp; B</p><p>Q?"
        ));
        assert_eq!(
            with_markdown_description("small: 1\n", "Rules", "R."),
            "**Rules:** R.\n\nsmall: 1\n"
        );
        assert_eq!(lead_sentence("One is 1.5 units. Two."), "One is 1.5 units.");
    }
}
