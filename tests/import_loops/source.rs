//! What one source file names: its `use` trees expanded into paths, and
//! its `crate::`, `super::` and `self::` paths, read from the text with
//! comments dropped and string literals emptied. The rules are those of
//! the project's `rust_loops.py`, character for character, so both count
//! the same loops.

/// The module paths `text` (a source file) names, each as its segments:
/// every path of every `use` tree, then every `crate::`/`super::`/`self::`
/// path.
pub fn named_paths(text: &str) -> Vec<Vec<String>> {
    let code = strip(text);
    let mut paths = Vec::new();
    for tree in use_trees(&code) {
        paths.extend(expand(&tree.replace('\n', " ")));
    }
    paths.extend(qualified_paths(&code));
    paths
}

/// `text` without block comments (`/* ... */`, not nested), then without
/// line comments (`//` to the end of the line), then with every string
/// literal emptied to `""`.
fn strip(text: &str) -> Vec<char> {
    let chars: Vec<char> = text.chars().collect();
    let chars = drop_block_comments(&chars);
    let chars = drop_line_comments(&chars);
    empty_strings(&chars)
}

/// Whether `text` holds `pattern` at `at`.
fn holds(text: &[char], at: usize, pattern: &str) -> bool {
    (at..)
        .zip(pattern.chars())
        .all(|(i, p)| text.get(i) == Some(&p))
}

/// The first position from `from` where `text` holds `pattern`.
fn find(text: &[char], from: usize, pattern: &str) -> Option<usize> {
    (from..text.len()).find(|&i| holds(text, i, pattern))
}

/// `text` without each `/*` and the first `*/` after it.
fn drop_block_comments(text: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    while let Some(open) = find(text, at, "/*") {
        let Some(close) = find(text, open + 2, "*/") else {
            break;
        };
        out.extend_from_slice(&text[at..open]);
        at = close + 2;
    }
    out.extend_from_slice(&text[at..]);
    out
}

/// `text` without each `//` and the rest of its line (the newline stays).
fn drop_line_comments(text: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    while let Some(open) = find(text, at, "//") {
        out.extend_from_slice(&text[at..open]);
        at = (open..text.len())
            .find(|&i| text[i] == '\n')
            .unwrap_or(text.len());
    }
    out.extend_from_slice(&text[at..]);
    out
}

/// The end (past the closing quote) of a string literal opening at
/// `open`: characters, or a backslash and any character but a newline, up
/// to the first unescaped `"`; none where a backslash ends a line or the
/// text ends first.
fn string_end(text: &[char], open: usize) -> Option<usize> {
    let mut i = open + 1;
    loop {
        match text.get(i)? {
            '"' => return Some(i + 1),
            '\\' => match text.get(i + 1)? {
                '\n' => return None,
                _ => i += 2,
            },
            _ => i += 1,
        }
    }
}

/// `text` with every string literal replaced by `""`; a `"` that opens
/// none is kept.
fn empty_strings(text: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == '"'
            && let Some(end) = string_end(text, i)
        {
            out.extend(['"', '"']);
            i = end;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// Whether `c` is a word character (a letter, a digit or `_`).
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether a word starts at `at` (no word character before it).
fn word_starts(text: &[char], at: usize) -> bool {
    at == 0 || !is_word(text[at - 1])
}

/// Whether `c` is whitespace.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

/// The tree of every `use` item: the text between the word `use` with the
/// whitespace after it and the next `;`.
fn use_trees(text: &[char]) -> Vec<String> {
    let mut trees = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if let Some((tree, end)) = use_tree_at(text, i) {
            trees.push(tree);
            i = end;
        } else {
            i += 1;
        }
    }
    trees
}

/// The `use` tree at `at` and the position past its `;`, if a `use` item
/// starts there.
fn use_tree_at(text: &[char], at: usize) -> Option<(String, usize)> {
    if !word_starts(text, at) || !holds(text, at, "use") {
        return None;
    }
    let spaces = at + 3;
    let after = (spaces..text.len())
        .find(|&i| !is_space(text[i]))
        .unwrap_or(text.len());
    if after == spaces {
        return None;
    }
    let semicolon = (after..text.len()).find(|&i| text[i] == ';')?;
    // The tree takes at least one character: the last space when nothing
    // else stands before the `;`.
    let start = if semicolon > after {
        after
    } else if after - spaces >= 2 {
        after - 1
    } else {
        return None;
    };
    Some((text[start..semicolon].iter().collect(), semicolon + 1))
}

/// Every path that starts with `crate`, `super` or `self` and goes on with
/// `::` and identifiers, split at `::`.
fn qualified_paths(text: &[char]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if let Some(end) = qualified_path_at(text, i) {
            let path: String = text[i..end].iter().collect();
            paths.push(path.split("::").map(String::from).collect());
            i = end;
        } else {
            i += 1;
        }
    }
    paths
}

/// The end of the qualified path starting at `at`, if one does.
fn qualified_path_at(text: &[char], at: usize) -> Option<usize> {
    if !word_starts(text, at) {
        return None;
    }
    let head = ["crate", "super", "self"]
        .into_iter()
        .find(|head| holds(text, at, head))?;
    let mut end = at + head.len();
    let mut segments = 0;
    while holds(text, end, "::")
        && text
            .get(end + 2)
            .is_some_and(|&c| c.is_ascii_alphabetic() || c == '_')
    {
        end += 3;
        while text.get(end).is_some_and(|&c| is_word(c)) {
            end += 1;
        }
        segments += 1;
    }
    (segments > 0).then_some(end)
}

/// The paths of a `use` tree: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`
/// and `a::c::e`; a leading `{...}` group is expanded the same way; an
/// `as` rename is dropped. Empty segments are left out.
pub fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim();
    if tree.ends_with('}')
        && let Some(at) = tree.find("::{")
        && !tree[..at].contains('{')
    {
        let prefix: Vec<String> = segments(&tree[..at]);
        return split_top_level(&tree[at + 3..tree.len() - 1])
            .iter()
            .filter(|item| !item.trim().is_empty())
            .flat_map(|item| expand(item))
            .map(|path| prefix.iter().cloned().chain(path).collect())
            .collect();
    }
    if tree.starts_with('{') && tree.ends_with('}') {
        return expand(&format!("x::{tree}"))
            .into_iter()
            .map(|path| path.into_iter().skip(1).collect())
            .collect();
    }
    let tree = tree.split(" as ").next().unwrap_or_default().trim();
    vec![segments(tree)]
}

/// The non-empty segments of `path` between `::`.
fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// `list` split at the commas outside braces.
fn split_top_level(list: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut depth = 0_i32;
    let mut current = String::new();
    for c in list.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            items.push(std::mem::take(&mut current));
        } else {
            current.push(c);
        }
    }
    items.push(current);
    items
}
