//! What a cached [`TaskOutput`] must be before the runner serves it
//! instead of running its engine: the shape the family declares
//! ([`OutputColumns`]) and finite numbers.
//!
//! - every figure a declared figure column, once, its value of the
//!   column's type (or empty);
//! - every decision row as wide as the declared decision columns, each
//!   value of its column's type (or empty);
//! - every convergence row's own columns as the family declares them, its
//!   iteration counts increasing;
//! - every float finite, the seconds not below zero.
//!
//! An entry that fails counts as missing and is computed again.

use super::record::{Cell, ColumnSpec, ColumnType, OutputColumns, TaskOutput};

/// The most characters of a value an error shows.
const SHOWN: usize = 40;

/// Checks `output` against the family's `columns` and its convergence
/// columns `convergence`.
///
/// # Errors
/// What does not fit, with the figure, row and column.
pub fn check_output(
    output: &TaskOutput,
    columns: &OutputColumns,
    convergence: &[ColumnSpec],
) -> Result<(), String> {
    if !output.seconds.is_finite() || output.seconds < 0.0 {
        return Err(format!("`seconds` is {}", output.seconds));
    }
    for (i, (name, cell)) in output.figures.iter().enumerate() {
        let Some(spec) = columns.figures.iter().find(|c| c.name == name) else {
            return Err(format!("figure `{name}` is no column of the family"));
        };
        if output.figures[..i].iter().any(|(n, _)| n == name) {
            return Err(format!("figure `{name}` is given twice"));
        }
        check_cell(cell, spec).map_err(|e| format!("figure {e}"))?;
    }
    for (row, cells) in output.decisions.iter().enumerate() {
        check_row(cells, columns.decisions).map_err(|e| format!("decision row {row}: {e}"))?;
    }
    let mut last = None;
    for (row, point) in output.convergence.iter().enumerate() {
        let floats = [point.seconds, point.exploitability, point.value];
        if floats.iter().any(|x| !x.is_finite()) || point.seconds < 0.0 {
            return Err(format!(
                "convergence row {row}: a number that is not finite"
            ));
        }
        if last.is_some_and(|l| point.iteration <= l) {
            return Err(format!(
                "convergence row {row}: iteration {} after {}",
                point.iteration,
                last.unwrap_or_default()
            ));
        }
        last = Some(point.iteration);
        check_row(&point.extra, convergence).map_err(|e| format!("convergence row {row}: {e}"))?;
    }
    Ok(())
}

/// A row of `cells` against `specs`: as wide, each cell of its type.
fn check_row(cells: &[Cell], specs: &[ColumnSpec]) -> Result<(), String> {
    if cells.len() != specs.len() {
        return Err(format!(
            "{} values where the family declares {} columns",
            cells.len(),
            specs.len()
        ));
    }
    cells
        .iter()
        .zip(specs)
        .try_for_each(|(cell, spec)| check_cell(cell, spec))
}

/// One value against its column: empty, or of the column's type (a float
/// finite).
fn check_cell(cell: &Cell, spec: &ColumnSpec) -> Result<(), String> {
    let fits = match (cell, spec.ty) {
        (Cell::Null, _)
        | (Cell::U64(_), ColumnType::U64)
        | (Cell::I64(_), ColumnType::I64)
        | (Cell::I32(_), ColumnType::I32)
        | (Cell::Bool(_), ColumnType::Bool)
        | (Cell::Str(_), ColumnType::Str) => true,
        (Cell::F64(x), ColumnType::F64) => x.is_finite(),
        _ => false,
    };
    if fits {
        return Ok(());
    }
    let found: String = format!("{cell:?}").chars().take(SHOWN).collect();
    Err(format!(
        "`{}` is {found}, not a finite value of type {:?}",
        spec.name, spec.ty
    ))
}
