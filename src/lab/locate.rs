//! Where an experiment file writes a key, for error messages: the dotted
//! key paths of experiment problems (`axis.0.values`,
//! `axis.1.zip."dealer.fixed.stand_on"`, `rotation.sessions`) walked
//! through the TOML document with its spans.

use std::ops::Range;

use toml_edit::{Array, ArrayOfTables, ImDocument, Item, TableLike, Value};

/// A place in the document a key path can go through.
#[derive(Clone, Copy)]
enum Node<'a> {
    /// A table or an inline table: children by key.
    Table(&'a dyn TableLike),
    /// An array of tables (`[[axis]]`): children by index.
    Tables(&'a ArrayOfTables),
    /// An array value: children by index.
    Array(&'a Array),
    /// A scalar: no children.
    Leaf,
}

impl<'a> Node<'a> {
    fn of_item(item: &'a Item) -> Node<'a> {
        match item {
            Item::ArrayOfTables(tables) => Node::Tables(tables),
            Item::Value(value) => Node::of_value(value),
            other => other.as_table_like().map_or(Node::Leaf, Node::Table),
        }
    }

    fn of_value(value: &'a Value) -> Node<'a> {
        match value {
            Value::Array(array) => Node::Array(array),
            Value::InlineTable(table) => Node::Table(table),
            _ => Node::Leaf,
        }
    }

    /// The child at `segment` and the byte offset where the file writes it.
    fn child(self, segment: &str, text: &str) -> Option<(Node<'a>, Option<usize>)> {
        match self {
            Node::Table(table) => {
                let (key, item) = table.get_key_value(segment)?;
                let at = start(key.span(), text).or_else(|| start(item.span(), text));
                Some((Node::of_item(item), at))
            }
            Node::Tables(tables) => {
                let table = tables.get(segment.parse().ok()?)?;
                Some((Node::Table(table), start(table.span(), text)))
            }
            Node::Array(array) => {
                let value = array.get(segment.parse().ok()?)?;
                Some((Node::of_value(value), start(value.span(), text)))
            }
            Node::Leaf => None,
        }
    }
}

/// The segments of a dotted key path: split at dots outside double
/// quotes, with the quotes removed.
fn segments(key: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in key.chars() {
        match c {
            '"' => quoted = !quoted,
            '.' if !quoted => parts.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    parts.push(current);
    parts
}

/// The start of a span that points into `text` (tables a file only
/// implies, such as `engines` in `[engines.dp]`, have none).
fn start(span: Option<Range<usize>>, text: &str) -> Option<usize> {
    span.filter(|s| !s.is_empty() && s.end <= text.len())
        .map(|s| s.start)
}

/// The 1-based (line, column) of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The 1-based (line, column) where `text` writes the dotted `key`; when
/// the file does not write it (a missing key, a key of the wrong section),
/// where it writes the nearest enclosing key or section. `None` when the
/// text does not parse or writes no part of the path.
pub(crate) fn key_position(text: &str, key: &str) -> Option<(usize, usize)> {
    let document = ImDocument::parse(text).ok()?;
    let mut node = Node::Table(document.as_table());
    let mut found = None;
    for segment in segments(key) {
        let Some((next, at)) = node.child(&segment, text) else {
            break;
        };
        found = at.or(found);
        node = next;
    }
    found.map(|offset| line_column(text, offset))
}

#[cfg(test)]
mod tests {
    use super::key_position;

    const TEXT: &str = r#"name = "x"
rules = "../rules/banluck.toml"

[[axis]]
key = "dealer.fixed.stand_on"
values = [16, 99]

[[axis]]
labels = ["off", "on"]
zip."dealer.allow_reveal" = [false, true]

[engines.cfr]
max_iterations = "many"
"#;

    #[test]
    fn finds_keys_in_arrays_of_tables_zip_groups_and_sections() {
        assert_eq!(key_position(TEXT, "rules"), Some((2, 1)));
        assert_eq!(key_position(TEXT, "axis.0.values"), Some((6, 1)));
        assert_eq!(key_position(TEXT, "axis.0.values.1"), Some((6, 15)));
        assert_eq!(
            key_position(TEXT, "axis.1.zip.\"dealer.allow_reveal\""),
            Some((10, 5))
        );
        assert_eq!(
            key_position(TEXT, "engines.cfr.max_iterations"),
            Some((13, 1))
        );
    }

    #[test]
    fn a_key_the_file_lacks_points_at_its_section_or_nothing() {
        assert_eq!(
            key_position(TEXT, "axis.1.values"),
            key_position(TEXT, "axis.1")
        );
        assert!(key_position(TEXT, "axis.1").is_some());
        assert_eq!(key_position(TEXT, "question"), None);
        assert_eq!(key_position("not = [toml", "not"), None);
    }
}
