//! Loading a grid experiment for one family, typed: the engines from
//! `[engines]`, the base rules, every axis and every variant's rules,
//! all checked before anything runs.

use crate::guard::calibration::{BYTES_PER_VARIANT_LOAD, SECONDS_PER_VARIANT_LOAD};
use crate::guard::{Estimate, format_bytes, format_seconds};
use std::path::Path;

use super::axes::{disambiguate_names, resolve_axis};
use super::checks::{convert_figment_error, other_sections};
use super::error::{ExperimentError, ExperimentProblem};
use super::experiment::{EngineInfo, Experiment};
use super::family::{Engine, Family};
use super::family_grid::FamilyGrid;
use super::schema::ExperimentFile;
use super::section::read_engines;
use super::variants::resolve_variants;
use crate::rules::{RulesError, RulesText};

/// A grid experiment file as the lab hands it to its rules' family: the
/// file, its text and table, its shared keys parsed, its base rules (read
/// once, or why they cannot be: unreadable, or rules of a game no family
/// reads) and the registered study kinds (for the wording of mistakes).
pub struct GridSource<'a> {
    /// The experiment file.
    pub path: &'a Path,
    /// Its text, as read.
    pub text: &'a str,
    /// Its TOML table.
    pub table: &'a toml::Table,
    /// Its shared keys.
    pub spec: ExperimentFile,
    /// The base rules, read once.
    pub rules: Result<&'a RulesText, RulesError>,
    /// The registered study kinds, in order.
    pub kinds: &'a [&'static str],
}

/// Loads the grid experiment `source` of the family `family`.
///
/// # Errors
/// Every problem found: unknown or missing keys, an empty grid, zip groups
/// of unequal length, axis keys that are not rule keys, values the rules
/// reject, variants whose rules do not fit together, engines this build
/// lacks. Each names the file and the key.
pub fn load_family_grid<F: Family>(
    family: &'static F,
    source: GridSource<'_>,
) -> Result<Experiment<FamilyGrid<F>>, ExperimentError> {
    let GridSource {
        path,
        text,
        table,
        spec,
        rules,
        kinds,
    } = source;
    let key_problem = |key: &str, found: String, allowed: String| ExperimentProblem::Key {
        at: None,
        file: path.to_path_buf(),
        key: key.to_string(),
        found,
        allowed,
    };
    let mut problems = spec.common_problems(path);
    problems.extend(other_sections(
        path,
        table,
        kinds,
        "grid",
        "a grid (kind = \"grid\")",
    ));
    let engines = match &spec.engines {
        Some(_) => match read_engines(family, text) {
            Ok(Ok(engines)) => engines,
            Ok(Err(message)) => {
                problems.push(key_problem("engines", String::new(), message));
                Vec::new()
            }
            Err(error) => return Err(convert_figment_error(*error, path, kinds)),
        },
        None => {
            problems.push(key_problem(
                "engines",
                String::new(),
                "missing: this key is required".into(),
            ));
            Vec::new()
        }
    };
    let base = rules.and_then(|rules| family.load_rules(rules, &[]).map(|_| rules));
    let rules = match base {
        Ok(rules) => rules,
        Err(error) => {
            problems.push(key_problem(
                "rules",
                format!("\"{}\"", spec.rules.display()),
                format!("the base rules do not load: {error}"),
            ));
            return Err(ExperimentError { problems });
        }
    };
    if spec.axis.is_empty() {
        problems.push(key_problem(
            "axis",
            String::new(),
            "the grid is empty: add at least one [[axis]] with `key` and `values` (or a `zip` group)"
                .into(),
        ));
    }
    let mut axes = Vec::new();
    for (i, axis) in spec.axis.iter().enumerate() {
        match resolve_axis(path, i, axis) {
            Ok(resolved) => axes.push(resolved),
            Err(mut found) => problems.append(&mut found),
        }
    }
    disambiguate_names(&mut axes, &spec.axis);
    let points = axes.iter().try_fold(1u64, |product, axis| {
        product.checked_mul(u64::try_from(axis.labels.len()).unwrap_or(u64::MAX))
    });
    if let Err(why) = crate::limits::check(
        "grid points",
        points.unwrap_or(u64::MAX),
        crate::limits::MAX_GRID_POINTS,
    ) {
        let load = Estimate::per_unit(
            points.unwrap_or(u64::MAX),
            SECONDS_PER_VARIANT_LOAD,
            BYTES_PER_VARIANT_LOAD,
        );
        problems.push(key_problem(
            "axis",
            String::new(),
            format!(
                "the axes' product is too large: {why}; loading the variants alone would take about {} and {}",
                format_seconds(load.cpu_seconds),
                format_bytes(load.bytes)
            ),
        ));
    }
    if !problems.is_empty() {
        return Err(ExperimentError { problems });
    }
    let (variants, variant_rules) = resolve_variants(path, family, rules, &axes)?;
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    let output = spec.output.as_ref().map_or_else(
        || Path::new("reports").join(&spec.name),
        |out| folder.join(out),
    );
    Ok(Experiment {
        file: path.to_path_buf(),
        file_hash: blake3::hash(text.as_bytes()).to_hex().to_string(),
        name: spec.name,
        question: spec.question,
        notes: spec.notes.map(|notes| notes.trim().to_string()),
        rules_file: folder.join(&spec.rules),
        rules_description: rules.description(),
        output,
        axes,
        variants,
        engines: engines
            .iter()
            .map(|engine| EngineInfo {
                name: engine.name(),
                params: engine.params(),
            })
            .collect(),
        grid: Box::new(FamilyGrid {
            family,
            rules: variant_rules,
            engines,
        }),
    })
}
