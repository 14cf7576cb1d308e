//! One `[[axis]]` of an experiment file checked and resolved: its rule
//! keys, values and labels.

use std::collections::BTreeSet;
use std::path::Path;

use super::error::ExperimentProblem;
use super::grid::{Axis, value_text};
use super::schema::AxisSpec;
use crate::rules::Override;

/// Checks one `[[axis]]` and resolves its keys, values and labels.
pub(super) fn resolve_axis(
    file: &Path,
    index: usize,
    spec: &AxisSpec,
) -> Result<Axis, Vec<ExperimentProblem>> {
    let at = |key: &str| format!("axis.{index}.{key}");
    let problem = |key: String, found: String, allowed: String| ExperimentProblem::Key {
        at: None,
        file: file.to_path_buf(),
        key,
        found,
        allowed,
    };
    // (file key, rule key, values) per rule key of the axis.
    let columns: Vec<(String, String, Vec<toml::Value>)> =
        match (&spec.key, &spec.values, &spec.zip) {
            (Some(key), Some(values), None) => vec![(at("values"), key.clone(), values.clone())],
            (None, None, Some(zip)) => {
                let mut columns = Vec::new();
                flatten(zip, "", &mut columns);
                if columns.is_empty() {
                    return Err(vec![problem(
                        at("zip"),
                        String::new(),
                        "the zip group is empty: give each key a list of values".into(),
                    )]);
                }
                let mut problems = Vec::new();
                let columns = columns
                    .into_iter()
                    .filter_map(|(key, value)| match value {
                        toml::Value::Array(values) => {
                            Some((format!("{}.\"{key}\"", at("zip")), key, values))
                        }
                        other => {
                            problems.push(problem(
                                format!("{}.\"{key}\"", at("zip")),
                                other.to_string(),
                                "must be a list of values, one per point of the axis".into(),
                            ));
                            None
                        }
                    })
                    .collect();
                if !problems.is_empty() {
                    return Err(problems);
                }
                columns
            }
            (Some(_), None, None) => {
                return Err(vec![problem(
                    at("values"),
                    String::new(),
                    "missing: an axis with `key` needs `values = [...]`".into(),
                )]);
            }
            (None, Some(_), None) => {
                return Err(vec![problem(
                    at("key"),
                    String::new(),
                    "missing: name the dotted rule key the `values` are for".into(),
                )]);
            }
            _ => {
                return Err(vec![problem(
                    format!("axis.{index}"),
                    String::new(),
                    "give either `key` with `values`, or a `zip` table of keys with value lists"
                        .into(),
                )]);
            }
        };
    let lengths: BTreeSet<usize> = columns.iter().map(|(_, _, v)| v.len()).collect();
    if lengths.len() > 1 {
        let found = columns
            .iter()
            .map(|(_, key, v)| format!("{key} has {}", v.len()))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(vec![problem(
            at("zip"),
            found,
            "every key of a zip group needs the same number of values".into(),
        )]);
    }
    let count = lengths.into_iter().next().unwrap_or(0);
    if count == 0 {
        return Err(vec![problem(
            columns[0].0.clone(),
            "[]".into(),
            "the axis has no values: the grid would be empty; give at least one".into(),
        )]);
    }
    let mut problems = Vec::new();
    let mut values: Vec<Vec<Override>> = vec![Vec::new(); count];
    for (file_key, rule_key, list) in &columns {
        // `value_text` makes every value a valid `--set` value; only the
        // key can be malformed, and then every value is.
        for (i, value) in list.iter().enumerate() {
            let text = value_text(value);
            let set: Override = match format!("{rule_key}={text}").parse() {
                Ok(set) => set,
                Err(message) => {
                    problems.push(problem(
                        file_key.clone(),
                        format!("\"{rule_key}\""),
                        message,
                    ));
                    break;
                }
            };
            values[i].push(set);
        }
    }
    let name = spec.name.clone().unwrap_or_else(|| {
        columns
            .iter()
            .map(|(_, key, _)| key.rsplit('.').next().unwrap_or(key).to_string())
            .collect::<Vec<_>>()
            .join("+")
    });
    let labels = match &spec.labels {
        Some(labels) if labels.len() != count => {
            problems.push(problem(
                at("labels"),
                format!("{} labels", labels.len()),
                format!("give one label per value ({count})"),
            ));
            Vec::new()
        }
        Some(labels) => labels.clone(),
        None => (0..count)
            .map(|i| {
                let shown: Vec<String> = values[i].iter().map(|s| s.value.clone()).collect();
                format!("{name}={}", shown.join("/"))
            })
            .collect(),
    };
    let distinct: BTreeSet<&String> = labels.iter().collect();
    if distinct.len() != labels.len() {
        problems.push(problem(
            at("labels"),
            format!("{labels:?}"),
            "labels must differ from each other (they name the variants)".into(),
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Axis {
        title: spec.title.clone().unwrap_or_else(|| name.clone()),
        name,
        keys: columns.iter().map(|(_, key, _)| key.clone()).collect(),
        labels,
        values,
    })
}

/// Gives axes whose default names collide (e.g. `dealer.min_total` and
/// `player.min_total`) their full key as name, and relabels them.
pub(super) fn disambiguate_names(axes: &mut [Axis], specs: &[AxisSpec]) {
    let names: Vec<String> = axes.iter().map(|a| a.name.clone()).collect();
    for (axis, spec) in axes.iter_mut().zip(specs) {
        let clash = names.iter().filter(|n| **n == axis.name).count() > 1;
        if !clash || spec.name.is_some() {
            continue;
        }
        let full = axis.keys.join("+");
        if spec.labels.is_none() {
            for (label, sets) in axis.labels.iter_mut().zip(&axis.values) {
                let shown: Vec<&str> = sets.iter().map(|s| s.value.as_str()).collect();
                *label = format!("{full}={}", shown.join("/"));
            }
        }
        if spec.title.is_none() {
            axis.title = full.clone();
        }
        axis.name = full;
    }
}

/// Flattens nested tables into dotted keys (`a = { b = [..] }` → `a.b`).
fn flatten(table: &toml::Table, prefix: &str, out: &mut Vec<(String, toml::Value)>) {
    for (key, value) in table {
        let dotted = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            toml::Value::Table(inner) => flatten(inner, &dotted, out),
            other => out.push((dotted, other.clone())),
        }
    }
}
