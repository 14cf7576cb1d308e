//! The top of every report: the base rules file's `description` and the
//! experiment's `notes`, put under the report's title in both report.md
//! and report.html (as the manifest holds them, or as the files it names
//! say now: [`refresh_from_files`]), and the lead sentence of its answer,
//! kept in the manifest for the reports index.

use std::path::Path;

use crate::input::{MAX_INPUT_FILE_BYTES, read_text_capped};
use crate::lab::Manifest;
use crate::rules::RulesText;

/// `manifest` brought up to date with the files it names, each read once:
/// the rules file's `description` (and, for a grid manifest that names no
/// game, the game of its rules) and the experiment file's `notes`,
/// trimmed. Where a file cannot be read from here (a folder merged or
/// rendered elsewhere) or does not say, the manifest keeps what it holds.
pub fn refresh_from_files(manifest: &mut Manifest) {
    if let Ok(rules) = RulesText::read(Path::new(&manifest.rules_file)) {
        if let Some(description) = rules.description() {
            manifest.rules_description = Some(description);
        }
        if manifest.game.is_none() && manifest.kind.is_grid() {
            manifest.game = rules.game_word().ok().flatten();
        }
    }
    let notes = read_text_capped(Path::new(&manifest.experiment_file), MAX_INPUT_FILE_BYTES)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .and_then(|table| table.get("notes")?.as_str().map(|n| n.trim().to_string()));
    if notes.is_some() {
        manifest.notes = notes;
    }
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
