//! The documentation's links hold: every relative link of README.md,
//! ARCHITECTURE.md and the book (`docs/**/*.md`) names a file or folder of
//! the repository, a `#anchor` names a heading of its page, and every page
//! of the book is reachable from its index, `docs/README.md`. The pages
//! name no document a reader of the repository cannot open.

use crate::markdown;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use markdown::{all_pages, anchors, book_pages, prose, root, shown};

/// The targets of a page's Markdown links `[text](target)` outside code
/// (fenced blocks and `inline code`), with their 0-based line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose(text) {
        // Drop inline code spans.
        let mut plain = String::new();
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                plain.push(c);
            }
        }
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((n, after[..end].trim().to_string()));
            rest = &after[end..];
        }
    }
    out
}

fn is_external(target: &str) -> bool {
    target.starts_with("http://") || target.starts_with("https://") || target.starts_with("mailto:")
}

/// Where a relative link of `page` leads, and its anchor if any.
fn resolve(page: &Path, target: &str) -> (PathBuf, Option<String>) {
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor.to_string())),
        None => (target, None),
    };
    let path = if file.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().unwrap().join(file)
    };
    (path, anchor)
}

fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_relative_link_resolves() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for page in all_pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (n, target) in links(&text) {
            if is_external(&target) {
                continue;
            }
            checked += 1;
            let (path, anchor) = resolve(&page, &target);
            let path = normalise(&path);
            if !path.starts_with(root()) {
                problems.push(format!(
                    "{}:{}: `{target}` leads out of the repository",
                    shown(&page),
                    n + 1
                ));
                continue;
            }
            if !path.exists() {
                problems.push(format!(
                    "{}:{}: `{target}`: no such file",
                    shown(&page),
                    n + 1
                ));
                continue;
            }
            if let Some(anchor) = anchor {
                let heads = anchors(&std::fs::read_to_string(&path).unwrap_or_default());
                if !heads.contains(&anchor) {
                    problems.push(format!(
                        "{}:{}: `{target}`: {} has no heading with the anchor `#{anchor}`",
                        shown(&page),
                        n + 1,
                        shown(&path)
                    ));
                }
            }
        }
    }
    assert!(checked >= 30, "{checked} links checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_book_page_is_reachable_from_the_index() {
    let index = root().join("docs/README.md");
    let mut seen = BTreeSet::from([index.clone()]);
    let mut todo = vec![index];
    while let Some(page) = todo.pop() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (_, target) in links(&text) {
            if is_external(&target) {
                continue;
            }
            let path = normalise(&resolve(&page, &target).0);
            if path.extension().is_some_and(|e| e == "md")
                && path.starts_with(root().join("docs"))
                && seen.insert(path.clone())
            {
                todo.push(path);
            }
        }
    }
    let lost: Vec<String> = book_pages()
        .into_iter()
        .filter(|p| !seen.contains(p))
        .map(|p| shown(&p))
        .collect();
    assert!(
        lost.is_empty(),
        "not reachable from docs/README.md: {lost:?}"
    );
}

#[test]
fn the_pages_cite_nothing_a_reader_cannot_open() {
    let mut problems = Vec::new();
    for page in all_pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for word in ["prd", "../shared", "in progress"] {
                let hit = lower.match_indices(word).any(|(at, _)| {
                    let before = lower[..at].chars().next_back();
                    let after = lower[at + word.len()..].chars().next();
                    !before.is_some_and(char::is_alphanumeric)
                        && !after.is_some_and(char::is_alphanumeric)
                });
                if hit {
                    problems.push(format!("{}:{}: `{word}`", shown(&page), n + 1));
                }
            }
            let issue_number = lower
                .match_indices("issue ")
                .any(|(at, _)| lower[at + 6..].starts_with(|c: char| c.is_ascii_digit()));
            if issue_number {
                problems.push(format!("{}:{}: an issue number", shown(&page), n + 1));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_readme_and_the_map_fit_on_a_few_screens() {
    for (file, most) in [("README.md", 300), ("ARCHITECTURE.md", 300)] {
        let lines = std::fs::read_to_string(root().join(file))
            .unwrap()
            .lines()
            .count();
        assert!(lines <= most, "{file} has {lines} lines (at most {most})");
    }
}
