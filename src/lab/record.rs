//! What an engine hands back for one task, in a form that names no game:
//! named figures (one `runs` row), decision rows (`strategies`),
//! convergence rows, the seed and the seconds. A family declares its
//! figure and decision columns once ([`OutputColumns`]); the cache stores
//! [`TaskOutput`] as JSON and [`crate::report`] writes its Parquet frames
//! from the declared columns alone.

use serde::{Deserialize, Serialize};

/// The type of one declared column (every column may hold nulls).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnType {
    /// 64-bit float.
    F64,
    /// Unsigned 64-bit integer.
    U64,
    /// Signed 64-bit integer.
    I64,
    /// Signed 32-bit integer.
    I32,
    /// Boolean.
    Bool,
    /// Text.
    Str,
}

/// One declared column: its name in the Parquet file and its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnSpec {
    /// The column's name.
    pub name: &'static str,
    /// The column's type.
    pub ty: ColumnType,
}

impl ColumnSpec {
    /// A column named `name` of type `ty`.
    pub const fn new(name: &'static str, ty: ColumnType) -> Self {
        ColumnSpec { name, ty }
    }
}

/// The columns a family's engines fill: the figures of a `runs` row
/// (after the provenance and the rule columns) and the decision columns
/// of `strategies` (after `variant` and `engine`), in file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutputColumns {
    /// The figure columns of `runs.parquet`.
    pub figures: &'static [ColumnSpec],
    /// The decision columns of `strategies.parquet`.
    pub decisions: &'static [ColumnSpec],
    /// A decision column that only the rows of a finer grain fill (one
    /// hand, where the others are one cell of a chart): those rows go to
    /// `hands.parquet` and the others, without the column, to
    /// `strategies.parquet`, so that each file has one grain. `None`: every
    /// decision row is of one grain.
    pub hand_column: Option<&'static str>,
}

/// One value of a figure or a decision row; a cell whose type does not
/// match its column is written as a null.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Cell {
    /// No value.
    Null,
    /// A float.
    F64(f64),
    /// An unsigned integer.
    U64(u64),
    /// A signed integer.
    I64(i64),
    /// A 32-bit signed integer.
    I32(i32),
    /// A boolean.
    Bool(bool),
    /// Text.
    Str(String),
}

impl Cell {
    /// The float, if this is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Cell::F64(x) => Some(*x),
            _ => None,
        }
    }

    /// The unsigned integer, if this is one.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Cell::U64(x) => Some(*x),
            _ => None,
        }
    }

    /// The signed integer, if this is one.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Cell::I64(x) => Some(*x),
            _ => None,
        }
    }

    /// The 32-bit integer, if this is one.
    pub fn as_i32(&self) -> Option<i32> {
        match self {
            Cell::I32(x) => Some(*x),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Cell::Bool(x) => Some(*x),
            _ => None,
        }
    }

    /// The text, if this is text.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Cell::Str(x) => Some(x),
            _ => None,
        }
    }
}

impl From<Option<f64>> for Cell {
    fn from(value: Option<f64>) -> Self {
        value.map_or(Cell::Null, Cell::F64)
    }
}

impl From<Option<u64>> for Cell {
    fn from(value: Option<u64>) -> Self {
        value.map_or(Cell::Null, Cell::U64)
    }
}

impl From<Option<i32>> for Cell {
    fn from(value: Option<i32>) -> Self {
        value.map_or(Cell::Null, Cell::I32)
    }
}

impl From<Option<String>> for Cell {
    fn from(value: Option<String>) -> Self {
        value.map_or(Cell::Null, Cell::Str)
    }
}

/// One row of `convergence.parquet` (without the variant and engine).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConvergencePoint {
    /// Iterations done.
    pub iteration: u64,
    /// Seconds since the solver started.
    pub seconds: f64,
    /// Exploitability of the average strategy (units per hand).
    pub exploitability: f64,
    /// The game value of the average strategy (player's EV per game).
    pub value: f64,
    /// The family's own convergence columns
    /// ([`super::Family::convergence_columns`]), in their order (none for
    /// most families).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<Cell>,
}

/// Everything one engine reports for one task. The rest of its provenance
/// (rules hash, engine, parameters, crate version) is its cache key.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TaskOutput {
    /// The figures of the `runs` row by column name; a declared figure
    /// that is missing is a null.
    pub figures: Vec<(String, Cell)>,
    /// The decision rows, each in the family's declared column order.
    pub decisions: Vec<Vec<Cell>>,
    /// The `convergence` rows.
    pub convergence: Vec<ConvergencePoint>,
    /// The seed of a random engine.
    pub seed: Option<u64>,
    /// Wall-clock seconds the engine took.
    pub seconds: f64,
}

impl TaskOutput {
    /// The figure named `name` (a null when the engine has none).
    pub fn figure(&self, name: &str) -> &Cell {
        self.figures
            .iter()
            .find(|(n, _)| n == name)
            .map_or(&Cell::Null, |(_, cell)| cell)
    }
}
