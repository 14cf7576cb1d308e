//! The grid: axes checked and resolved from the file, and their product as
//! named variants.

use crate::rules::Override;

/// One resolved axis: the keys it sets and, per value, a label and the
/// `key=value` overrides.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    /// The name used in default labels, e.g. `reveal`.
    pub name: String,
    /// What the axis changes, in words (for the headline).
    pub title: String,
    /// The dotted rule keys set by this axis (one, or a zip group).
    pub keys: Vec<String>,
    /// One label per value, e.g. `reveal=on`.
    pub labels: Vec<String>,
    /// Per value, the overrides of every key.
    pub values: Vec<Vec<Override>>,
}

/// One point of the grid.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The variant's name: its labels joined with ", ".
    pub name: String,
    /// For every axis, the index of this variant's value (all zero for the
    /// base variant).
    pub positions: Vec<usize>,
    /// The overrides applied to the base rules.
    pub overrides: Vec<Override>,
    /// The content hash of its resolved rules (part of every cache key).
    pub rules_hash: String,
}

/// The text of a TOML value as `--set` reads it: strings bare, everything
/// else as TOML writes it.
pub fn value_text(value: &toml::Value) -> String {
    match value {
        toml::Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The cartesian product of the axes (the first axis varies slowest), as
/// value positions per axis.
pub fn product(axes: &[Axis]) -> Vec<Vec<usize>> {
    let mut points: Vec<Vec<usize>> = vec![Vec::new()];
    for axis in axes {
        points = points
            .into_iter()
            .flat_map(|point| {
                (0..axis.labels.len()).map(move |i| {
                    let mut next = point.clone();
                    next.push(i);
                    next
                })
            })
            .collect();
    }
    points
}

/// The name and overrides of the grid point `positions`.
pub fn describe(axes: &[Axis], positions: &[usize]) -> (String, Vec<Override>) {
    let name = axes
        .iter()
        .zip(positions)
        .map(|(axis, &i)| axis.labels[i].as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let overrides = axes
        .iter()
        .zip(positions)
        .flat_map(|(axis, &i)| axis.values[i].iter().cloned())
        .collect();
    (name, overrides)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(name: &str, n: usize) -> Axis {
        Axis {
            name: name.into(),
            title: name.into(),
            keys: vec![format!("x.{name}")],
            labels: (0..n).map(|i| format!("{name}={i}")).collect(),
            values: (0..n)
                .map(|i| vec![format!("x.{name}={i}").parse().unwrap()])
                .collect(),
        }
    }

    #[test]
    fn product_varies_the_last_axis_fastest_and_starts_at_the_base() {
        let axes = [axis("a", 2), axis("b", 3)];
        let points = product(&axes);
        assert_eq!(points.len(), 6);
        assert_eq!(points[0], vec![0, 0]);
        assert_eq!(points[1], vec![0, 1]);
        assert_eq!(points[5], vec![1, 2]);
        let (name, overrides) = describe(&axes, &points[5]);
        assert_eq!(name, "a=1, b=2");
        assert_eq!(overrides.len(), 2);
        assert_eq!(overrides[1].to_string(), "x.b=2");
    }

    #[test]
    fn strings_are_bare_and_lists_are_toml() {
        assert_eq!(value_text(&toml::Value::String("on".into())), "on");
        assert_eq!(value_text(&toml::Value::Integer(16)), "16");
        let list = toml::Value::Array(vec![toml::Value::Integer(1), toml::Value::Integer(10)]);
        assert_eq!(value_text(&list), "[1, 10]");
    }
}
