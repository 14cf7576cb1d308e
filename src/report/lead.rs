//! The top of every report: the base rules file's `description`, put under
//! the report's title in both report.md and report.html, and the lead
//! sentence of its answer, kept in the manifest for the reports index.

use std::path::Path;

use super::manifest::Manifest;

/// The `description` of the rules file at `path` (as the manifest names
/// it, relative to the working directory), if it can be read.
fn description_of(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let table: toml::Table = text.parse().ok()?;
    table.get("description")?.as_str().map(str::to_string)
}

/// The description shown for `manifest`'s rules: the rules file's, or the
/// one the manifest kept when the file cannot be read from here.
pub fn rules_description(manifest: &Manifest) -> Option<String> {
    description_of(Path::new(&manifest.rules_file)).or_else(|| manifest.rules_description.clone())
}

/// The `notes` of the experiment file `manifest` names, if it can be read
/// from here and has them.
pub fn experiment_notes(manifest: &Manifest) -> Option<String> {
    let text = std::fs::read_to_string(&manifest.experiment_file).ok()?;
    let table: toml::Table = text.parse().ok()?;
    table.get("notes")?.as_str().map(|n| n.trim().to_string())
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
        None => format!("{}{markdown}", line.trim_start()),
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
        assert_eq!(lead_sentence("One is 1.5 units. Two."), "One is 1.5 units.");
    }
}
