//! The documentation's Markdown, read the way the docs tests need it: the
//! pages (README.md, ARCHITECTURE.md and every `docs/**/*.md`), their
//! fenced blocks and their headings' anchors.

// Each docs test file uses a part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The crate root, where README.md lives.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every Markdown page of the book under `docs/`, sorted.
pub fn book_pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut pages = Vec::new();
    walk(&root().join("docs"), &mut pages);
    pages.sort();
    pages
}

/// README.md, ARCHITECTURE.md and the book's pages.
pub fn all_pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    pages.extend(book_pages());
    pages
}

/// A page's path relative to the crate root, for messages.
pub fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// One fenced block: its info string (`console`, `sh`, ...), the 0-based
/// line numbers of its opening and closing fences, the indentation of the
/// opening fence and its lines with that indentation removed.
pub struct Fence {
    pub info: String,
    pub open: usize,
    pub close: usize,
    pub indent: usize,
    pub lines: Vec<String>,
}

/// The fenced blocks (```) of a page, in order. A block opened with an
/// indentation (inside a list item) has that indentation removed from its
/// lines. An unclosed block is an error naming its line.
pub fn fences(text: &str) -> Result<Vec<Fence>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            let indent = lines[i].len() - trimmed.len();
            let open = i;
            let mut body = Vec::new();
            i += 1;
            while i < lines.len() && lines[i].trim() != "```" {
                let line = lines[i];
                let cut = line.len() - line.trim_start().len();
                body.push(line[cut.min(indent)..].to_string());
                i += 1;
            }
            if i == lines.len() {
                return Err(format!(
                    "the block opened on line {} is not closed",
                    open + 1
                ));
            }
            out.push(Fence {
                info: info.trim().to_string(),
                open,
                close: i,
                indent,
                lines: body,
            });
        }
        i += 1;
    }
    Ok(out)
}

/// The lines of a page outside its fenced blocks, with their 0-based
/// numbers.
pub fn prose(text: &str) -> Vec<(usize, String)> {
    let mut inside = false;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
            continue;
        }
        if !inside {
            out.push((n, line.to_string()));
        }
    }
    out
}

/// The anchors of a page's headings, as GitHub makes them: lower case,
/// punctuation but `-` and `_` dropped, spaces as `-`, a repeated anchor
/// suffixed `-1`, `-2`, ...
pub fn anchors(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (_, line) in prose(text) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let title = heading.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut unique = slug.clone();
        let mut n = 1;
        while out.contains(&unique) {
            unique = format!("{slug}-{n}");
            n += 1;
        }
        out.push(unique);
    }
    out
}
