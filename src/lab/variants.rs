//! Every point of an experiment's grid with its rules, checked before
//! anything runs; rules problems are placed on the axis that causes them.

use std::path::Path;

use rayon::prelude::*;

use super::error::{ExperimentError, ExperimentProblem};
use super::family::{Family, VariantRules};
use super::grid::{Axis, Variant, describe, product};
use crate::rules::{RuleProblem, RulesError, RulesText};

/// Where in the experiment file a rules problem belongs: the axis that sets
/// the rule key (or its parent table, for an unknown key), else `None`.
fn axis_of_problem(axes: &[Axis], problem: &RuleProblem) -> Option<(String, String, String)> {
    let RuleProblem::Key {
        key,
        found,
        allowed,
        ..
    } = problem
    else {
        return None;
    };
    let unknown = allowed.starts_with("unknown key");
    axes.iter().enumerate().find_map(|(i, axis)| {
        axis.keys.iter().find_map(|axis_key| {
            let under = axis_key == key || axis_key.starts_with(&format!("{key}."));
            if unknown && under {
                Some((
                    if axis.keys.len() == 1 {
                        format!("axis.{i}.key")
                    } else {
                        format!("axis.{i}.zip")
                    },
                    format!("\"{axis_key}\""),
                    {
                        let rest = allowed.trim_start_matches("unknown key; ");
                        if axis_key == key {
                            format!("not a rule key; {rest}")
                        } else {
                            format!("not a rule key: `{key}` does not exist; {rest}")
                        }
                    },
                ))
            } else if axis_key == key {
                let file_key = if axis.keys.len() == 1 {
                    format!("axis.{i}.values")
                } else {
                    format!("axis.{i}.zip.\"{key}\"")
                };
                Some((
                    file_key,
                    found.clone(),
                    format!("rule key `{key}`: {allowed}"),
                ))
            } else {
                None
            }
        })
    })
}

/// One grid point's variant and rules, or its name and why its rules do
/// not load.
type VariantResult<R> = Result<(Variant, R), (String, RulesError)>;

/// Every point of the grid with its rules, loaded in parallel from the
/// base rules `rules` (read once). Problems with an axis's own key or
/// values are reported once against the axis; other problems (values that
/// do not fit together) against the first variant showing them, with the
/// number of variants affected.
pub(super) fn resolve_variants<F: Family>(
    file: &Path,
    family: &F,
    rules: &RulesText,
    axes: &[Axis],
) -> Result<(Vec<Variant>, Vec<F::Rules>), ExperimentError> {
    let points = product(axes);
    let results: Vec<VariantResult<F::Rules>> = points
        .into_par_iter()
        .map(|positions| {
            let (name, overrides) = describe(axes, &positions);
            match family.load_rules(rules, &overrides) {
                Ok(loaded) => Ok((
                    Variant {
                        name,
                        positions,
                        overrides,
                        rules_hash: loaded.hash(),
                    },
                    loaded,
                )),
                Err(error) => Err((name, error)),
            }
        })
        .collect();
    let mut variants = Vec::with_capacity(results.len());
    let mut variant_rules = Vec::with_capacity(results.len());
    // (problem, number of variants showing it), in order of appearance.
    let mut problems: Vec<(ExperimentProblem, usize)> = Vec::new();
    let mut note =
        |problem: ExperimentProblem, same: &dyn Fn(&ExperimentProblem) -> bool| match problems
            .iter_mut()
            .find(|(p, _)| same(p))
        {
            Some((_, count)) => *count += 1,
            None => problems.push((problem, 1)),
        };
    for result in results {
        let (name, error) = match result {
            Ok((variant, loaded)) => {
                variants.push(variant);
                variant_rules.push(loaded);
                continue;
            }
            Err(failure) => failure,
        };
        let mut rest = Vec::new();
        for problem in error.problems {
            match axis_of_problem(axes, &problem) {
                Some((key, found, allowed)) => {
                    let problem = ExperimentProblem::Key {
                        at: None,
                        file: file.to_path_buf(),
                        key,
                        found,
                        allowed,
                    };
                    note(problem.clone(), &|p| *p == problem);
                }
                None => rest.push(problem),
            }
        }
        if !rest.is_empty() {
            let error = RulesError { problems: rest };
            let text = error.to_string();
            note(
                ExperimentProblem::Variant {
                    file: file.to_path_buf(),
                    variant: name,
                    error,
                    others: 0,
                },
                &|p| matches!(p, ExperimentProblem::Variant { error, .. } if error.to_string() == text),
            );
        }
    }
    if problems.is_empty() {
        return Ok((variants, variant_rules));
    }
    let problems = problems
        .into_iter()
        .map(|(problem, count)| match problem {
            ExperimentProblem::Variant {
                file,
                variant,
                error,
                ..
            } => ExperimentProblem::Variant {
                file,
                variant,
                error,
                others: count - 1,
            },
            other => other,
        })
        .collect();
    Err(ExperimentError { problems })
}
