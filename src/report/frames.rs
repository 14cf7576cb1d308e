//! The tables of an output folder as polars frames, built from the
//! runner's task results: `runs` (one row per variant × engine: identity
//! and provenance, then every rule key a column, then the figures),
//! `strategies` (long format, one row per action of an information set,
//! a chart cell), `hands` (for a family whose engines also report single
//! hands: one row per action of one hand, a finer grain kept in its own
//! table), `convergence`, and `timings`: every wall-clock figure, kept
//! apart so that the others (and the reports) are the same bytes on every
//! run.

use polars::prelude::*;
use serde_json::Value;

use super::format::column_name;
use super::typed::{json_column, params_columns};
use crate::lab::{Cell, ColumnSpec, ColumnType, Experiment, TaskOutput, TaskResult, VERSION};

/// The frames of an output folder.
#[derive(Debug, Clone)]
pub struct Frames {
    /// One row per variant × engine.
    pub runs: DataFrame,
    /// One row per (variant, engine, information set, action).
    pub strategies: DataFrame,
    /// One row per (variant, engine, hand, action), for a family with a
    /// hand column ([`crate::lab::OutputColumns::hand_column`]); `None`
    /// otherwise.
    pub hands: Option<DataFrame>,
    /// One row per logged iteration of an iterative engine.
    pub convergence: DataFrame,
    /// Wall-clock seconds: one row per run (`iteration` null) and one per
    /// logged iteration. Written to `timings.parquet`, which is not
    /// committed: it differs on every run.
    pub timings: DataFrame,
}

/// One declared column from its cells; a cell of another type is a null.
fn typed_column<'a>(spec: &ColumnSpec, cells: impl Iterator<Item = &'a Cell>) -> Column {
    let name: PlSmallStr = spec.name.into();
    match spec.ty {
        ColumnType::F64 => Column::new(name, cells.map(Cell::as_f64).collect::<Vec<_>>()),
        ColumnType::U64 => Column::new(name, cells.map(Cell::as_u64).collect::<Vec<_>>()),
        ColumnType::I64 => Column::new(name, cells.map(Cell::as_i64).collect::<Vec<_>>()),
        ColumnType::I32 => Column::new(name, cells.map(Cell::as_i32).collect::<Vec<_>>()),
        ColumnType::Bool => Column::new(name, cells.map(Cell::as_bool).collect::<Vec<_>>()),
        ColumnType::Str => Column::new(name, cells.map(Cell::as_str).collect::<Vec<_>>()),
    }
}

/// Builds the frames of `results` (in the order given).
pub fn build_frames(experiment: &Experiment, results: &[TaskResult]) -> PolarsResult<Frames> {
    let decisions = strategies_frame(experiment, results)?;
    let (strategies, hands) = match experiment.grid.columns().hand_column {
        Some(column) => {
            let (cells, hands) = split_grains(&decisions, column)?;
            (cells, Some(hands))
        }
        None => (decisions, None),
    };
    Ok(Frames {
        runs: runs_frame(experiment, results)?,
        strategies,
        hands,
        convergence: convergence_frame(experiment, results)?,
        timings: timings_frame(experiment, results)?,
    })
}

/// The decision rows without a value in `column` (without the column) and
/// the rows with one.
fn split_grains(decisions: &DataFrame, column: &str) -> PolarsResult<(DataFrame, DataFrame)> {
    let missing = decisions.column(column)?.is_null();
    let cells = decisions.filter(&missing)?.drop(column)?;
    let hands = decisions.filter(&!missing)?;
    Ok((cells, hands))
}

fn runs_frame(experiment: &Experiment, results: &[TaskResult]) -> PolarsResult<DataFrame> {
    let variant = |r: &TaskResult| experiment.variants[r.variant].name.as_str();
    let rules: Vec<Vec<(String, Value)>> = results
        .iter()
        .map(|r| experiment.grid.rule_columns(r.variant))
        .collect();
    let defaults = experiment.grid.default_rule_columns();
    let figures: Vec<&TaskOutput> = results.iter().map(|r| &r.output).collect();
    let params: Vec<&Value> = results.iter().map(|r| &r.key.params).collect();
    let mut columns = vec![
        Column::new(
            "variant".into(),
            results.iter().map(variant).collect::<Vec<_>>(),
        ),
        Column::new(
            "engine".into(),
            results
                .iter()
                .map(|r| r.key.engine.as_str())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "rules_hash".into(),
            results
                .iter()
                .map(|r| r.key.rules_hash.as_str())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "seed".into(),
            figures.iter().map(|f| f.seed).collect::<Vec<_>>(),
        ),
        Column::new("version".into(), vec![VERSION; results.len()]),
    ];
    columns.extend(params_columns(&params));
    for (i, (name, default)) in defaults.iter().enumerate() {
        let values: Vec<&Value> = rules.iter().map(|row| &row[i].1).collect();
        columns.push(json_column(&column_name(name), default, &values));
    }
    columns.extend(
        experiment
            .grid
            .columns()
            .figures
            .iter()
            .map(|spec| typed_column(spec, figures.iter().map(|f| f.figure(spec.name)))),
    );
    DataFrame::new(results.len(), columns)
}

fn strategies_frame(experiment: &Experiment, results: &[TaskResult]) -> PolarsResult<DataFrame> {
    let rows = || {
        results.iter().flat_map(|r| {
            r.output.decisions.iter().map(move |row| {
                (
                    experiment.variants[r.variant].name.as_str(),
                    r.key.engine.as_str(),
                    row,
                )
            })
        })
    };
    let height = rows().count();
    let mut columns = vec![
        Column::new(
            "variant".into(),
            rows().map(|(v, _, _)| v).collect::<Vec<_>>(),
        ),
        Column::new(
            "engine".into(),
            rows().map(|(_, e, _)| e).collect::<Vec<_>>(),
        ),
    ];
    columns.extend(
        experiment
            .grid
            .columns()
            .decisions
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                typed_column(
                    spec,
                    rows().map(move |(_, _, row)| row.get(i).unwrap_or(&Cell::Null)),
                )
            }),
    );
    DataFrame::new(height, columns)
}

fn convergence_frame(experiment: &Experiment, results: &[TaskResult]) -> PolarsResult<DataFrame> {
    let rows = || {
        results.iter().flat_map(|r| {
            r.output.convergence.iter().map(move |point| {
                (
                    experiment.variants[r.variant].name.as_str(),
                    r.key.engine.as_str(),
                    point,
                )
            })
        })
    };
    let height = rows().count();
    let mut columns = vec![
        Column::new(
            "variant".into(),
            rows().map(|(v, _, _)| v).collect::<Vec<_>>(),
        ),
        Column::new(
            "engine".into(),
            rows().map(|(_, e, _)| e).collect::<Vec<_>>(),
        ),
        Column::new(
            "iteration".into(),
            rows().map(|(_, _, p)| p.iteration).collect::<Vec<_>>(),
        ),
        Column::new(
            "exploitability".into(),
            rows().map(|(_, _, p)| p.exploitability).collect::<Vec<_>>(),
        ),
        Column::new(
            "value".into(),
            rows().map(|(_, _, p)| p.value).collect::<Vec<_>>(),
        ),
    ];
    columns.extend(
        experiment
            .grid
            .convergence_columns()
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                typed_column(
                    spec,
                    rows().map(move |(_, _, p)| p.extra.get(i).unwrap_or(&Cell::Null)),
                )
            }),
    );
    DataFrame::new(height, columns)
}

/// The timings of `results`: each run's seconds, then the seconds of each
/// of its logged iterations.
fn timings_frame(experiment: &Experiment, results: &[TaskResult]) -> PolarsResult<DataFrame> {
    let rows = results.iter().flat_map(|r| {
        let variant = experiment.variants[r.variant].name.as_str();
        let engine = r.key.engine.as_str();
        let points = r
            .output
            .convergence
            .iter()
            .map(|p| (Some(p.iteration), p.seconds));
        std::iter::once((None, r.output.seconds))
            .chain(points)
            .map(move |(iteration, seconds)| (variant, engine, iteration, seconds))
    });
    timings_table(rows)
}

/// An empty `timings` frame, for an output folder whose timings file is
/// gone (a fresh clone of committed reports).
pub fn empty_timings() -> PolarsResult<DataFrame> {
    timings_table(std::iter::empty())
}

/// The `timings` table of (variant, engine, iteration, seconds) rows.
fn timings_table<'a>(
    rows: impl Iterator<Item = (&'a str, &'a str, Option<u64>, f64)>,
) -> PolarsResult<DataFrame> {
    let (mut variants, mut engines, mut iterations, mut seconds) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (variant, engine, iteration, secs) in rows {
        variants.push(variant);
        engines.push(engine);
        iterations.push(iteration);
        seconds.push(secs);
    }
    DataFrame::new(
        seconds.len(),
        vec![
            Column::new("variant".into(), variants),
            Column::new("engine".into(), engines),
            Column::new("iteration".into(), iterations),
            Column::new("seconds".into(), seconds),
        ],
    )
}

impl Frames {
    /// Appends the rows of `other` to these frames. A column only one side
    /// has (the other left it out: all null) is null on the other side's
    /// rows; it keeps its place after the columns before it.
    pub fn append(&mut self, other: &Frames) -> PolarsResult<()> {
        match (&mut self.hands, &other.hands) {
            (Some(mine), Some(theirs)) => append_aligned(mine, theirs)?,
            (mine @ None, Some(theirs)) => *mine = Some(theirs.clone()),
            (_, None) => {}
        }
        for (mine, theirs) in [
            (&mut self.runs, &other.runs),
            (&mut self.strategies, &other.strategies),
            (&mut self.convergence, &other.convergence),
            (&mut self.timings, &other.timings),
        ] {
            append_aligned(mine, theirs)?;
        }
        Ok(())
    }

    /// Sorts every frame by task number, as given for each (variant,
    /// engine) by `task_of`; rows of one task keep their order.
    pub fn sort_by_task(
        &mut self,
        task_of: &dyn Fn(&str, &str) -> Option<usize>,
    ) -> PolarsResult<()> {
        for frame in [
            &mut self.runs,
            &mut self.strategies,
            &mut self.convergence,
            &mut self.timings,
        ]
        .into_iter()
        .chain(self.hands.as_mut())
        {
            let variants = frame.column("variant")?.str()?.clone();
            let engines = frame.column("engine")?.str()?.clone();
            let tasks: Vec<u64> = variants
                .iter()
                .zip(engines.iter())
                .map(|(v, e)| {
                    task_of(v.unwrap_or_default(), e.unwrap_or_default())
                        .map_or(u64::MAX, |t| t as u64)
                })
                .collect();
            frame.with_column(Column::new("__task".into(), tasks))?;
            *frame = frame.sort(
                ["__task"],
                SortMultipleOptions::default().with_maintain_order(true),
            )?;
            frame.drop_in_place("__task")?;
        }
        Ok(())
    }
}

/// Appends the rows of `theirs` to `mine`, each with the columns of both.
fn append_aligned(mine: &mut DataFrame, theirs: &DataFrame) -> PolarsResult<()> {
    let names = union_names(mine, theirs);
    let theirs = aligned(theirs, mine, &names)?;
    *mine = aligned(mine, &theirs, &names)?;
    mine.vstack_mut(&theirs)?;
    Ok(())
}

/// The column names of `a` and `b` in one order: `a`'s, with each name
/// only `b` has placed after the name before it in `b`.
fn union_names(a: &DataFrame, b: &DataFrame) -> Vec<PlSmallStr> {
    let mut names: Vec<PlSmallStr> = a.get_column_names_owned();
    let mut after: Option<usize> = None;
    for name in b.get_column_names_owned() {
        match names.iter().position(|n| *n == name) {
            Some(at) => after = Some(at),
            None => {
                let at = after.map_or(0, |a| a + 1);
                names.insert(at, name);
                after = Some(at);
            }
        }
    }
    names
}

/// `frame` with the columns `names` in that order; a column it lacks is an
/// all-null column of `other`'s dtype.
fn aligned(frame: &DataFrame, other: &DataFrame, names: &[PlSmallStr]) -> PolarsResult<DataFrame> {
    let columns = names
        .iter()
        .map(|name| match frame.column(name) {
            Ok(column) => Ok(column.clone()),
            Err(_) => Ok(Column::full_null(
                name.clone(),
                frame.height(),
                other.column(name)?.dtype(),
            )),
        })
        .collect::<PolarsResult<Vec<_>>>()?;
    DataFrame::new(frame.height(), columns)
}
