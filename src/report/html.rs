//! The finishing pass over every rendered HTML report, whatever its
//! template: each table in a horizontal scroll container (a wide table
//! scrolls instead of overflowing the page; long code in a cell wraps),
//! charts no wider than the page, a link back to the reports index of the
//! folder above (`../index.html`, written by `banluck-lab reports`), and
//! Markdown code spans left in the text (`` `x` ``, from headline
//! sentences shared with report.md) turned into `<code>` elements.

/// The class of the scroll container around each table.
pub const TABLE_SCROLL_CLASS: &str = "table-scroll";

/// The style rules of [`TABLE_SCROLL_CLASS`], of code in table cells, of
/// charts and of the index link, added to the report's `<style>` (or a new
/// one in `<head>`).
const SCROLL_STYLE: &str = ".table-scroll { overflow-x: auto; max-width: 100%; }\n\
code, td { overflow-wrap: anywhere; }\n\
svg { max-width: 100%; height: auto; }\n\
nav.index-link { font-size: 0.9rem; margin-bottom: 0.6rem; }";

/// The link back to the reports index, put first in `<body>`.
const INDEX_LINK: &str =
    "<nav class=\"index-link\"><a href=\"../index.html\">← All reports</a></nav>\n";

/// `html` with its tables wrapped in scroll containers, its code spans as
/// `<code>`, the index link first in its body, and the style rules.
pub fn finish_html(html: &str) -> String {
    let mut wrapped = wrap_tables(&code_spans(html));
    if let Some(at) = wrapped.find("<body>") {
        wrapped.insert_str(at + "<body>".len(), &format!("\n{INDEX_LINK}"));
    }
    if let Some(at) = wrapped.find("</style>") {
        format!("{}{SCROLL_STYLE}\n{}", &wrapped[..at], &wrapped[at..])
    } else if let Some(at) = wrapped.find("</head>") {
        format!(
            "{}<style>{SCROLL_STYLE}</style>\n{}",
            &wrapped[..at],
            &wrapped[at..]
        )
    } else {
        wrapped
    }
}

/// Wraps every top-level `<table ...>...</table>` in a scroll `<div>`
/// (nested tables stay inside their parent's container).
fn wrap_tables(html: &str) -> String {
    let open = format!("<div class=\"{TABLE_SCROLL_CLASS}\">");
    let mut out = String::with_capacity(html.len() + 64);
    let mut depth = 0usize;
    let mut rest = html;
    while let Some(at) = rest
        .find("<table")
        .into_iter()
        .chain(rest.find("</table>"))
        .min()
    {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with("</table>") {
            out.push_str("</table>");
            rest = &rest["</table>".len()..];
            depth = depth.saturating_sub(1);
            if depth == 0 {
                out.push_str("</div>");
            }
        } else {
            if depth == 0 {
                out.push_str(&open);
            }
            depth += 1;
            out.push_str("<table");
            rest = &rest["<table".len()..];
        }
    }
    out.push_str(rest);
    out
}

/// The elements whose text is left alone: code, preformatted text, scripts,
/// styles and SVG.
const VERBATIM: [&str; 5] = ["code", "pre", "script", "style", "svg"];

/// Replaces each pair of backticks in text outside [`VERBATIM`] elements by
/// `<code>` and `</code>`; a lone backtick becomes `&#96;`.
fn code_spans(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut inside: Option<&str> = None;
    let mut open_code = false;
    let mut rest = html;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = rest.find('>').map_or(rest.len(), |e| e + 1);
            let tag = &rest[..end];
            let name: String = tag
                .trim_start_matches(['<', '/'])
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase();
            match inside {
                None if !tag.starts_with("</") => {
                    inside = VERBATIM.iter().copied().find(|v| *v == name);
                }
                Some(v) if tag.starts_with("</") && name == v => inside = None,
                _ => {}
            }
            out.push_str(tag);
            rest = &rest[end..];
            continue;
        }
        let next = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..next];
        if inside.is_some() {
            out.push_str(text);
        } else {
            for c in text.chars() {
                if c == '`' {
                    out.push_str(if open_code { "</code>" } else { "<code>" });
                    open_code = !open_code;
                } else {
                    out.push(c);
                }
            }
        }
        rest = &rest[next..];
    }
    if open_code {
        // An unpaired backtick: undo the last opening as a literal entity.
        if let Some(at) = out.rfind("<code>") {
            out.replace_range(at..at + "<code>".len(), "&#96;");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_scroll_and_code_spans_become_code() {
        let html = "<html><head><style>p {}</style></head><body>\
            <p>set `reveal = \"on\"` here</p><pre>`kept`</pre>\
            <table><tr><td><table></table></td></tr></table></body></html>";
        let out = finish_html(html);
        assert!(out.contains("<p>set <code>reveal = \"on\"</code> here</p>"));
        assert!(out.contains("<pre>`kept`</pre>"));
        assert_eq!(
            out.matches("<div class=\"table-scroll\"><table>").count(),
            1
        );
        assert!(out.contains("</table></td></tr></table></div>"));
        assert!(out.contains(".table-scroll { overflow-x: auto"));
        assert!(out.contains("<body>\n<nav class=\"index-link\"><a href=\"../index.html\">"));
        assert_eq!(code_spans("a ` b"), "a &#96; b");
    }
}
