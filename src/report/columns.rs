//! Reading one column of a frame as plain Rust values (nulls as `None`),
//! for the report models of every family.

use polars::prelude::*;

/// The string column `name`.
///
/// # Errors
/// A missing column or one of another type.
pub fn strings(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<String>>> {
    Ok(df
        .column(name)?
        .str()?
        .iter()
        .map(|v| v.map(str::to_string))
        .collect())
}

/// The numeric column `name` as `f64`.
///
/// # Errors
/// A missing column or one that does not cast.
pub fn floats(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<f64>>> {
    Ok(df
        .column(name)?
        .cast(&DataType::Float64)?
        .f64()?
        .iter()
        .collect())
}

/// The numeric column `name` as `u64`.
///
/// # Errors
/// A missing column or one that does not cast.
pub fn whole(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<u64>>> {
    Ok(df
        .column(name)?
        .cast(&DataType::UInt64)?
        .u64()?
        .iter()
        .collect())
}

/// The numeric column `name` as `i32`.
///
/// # Errors
/// A missing column or one that does not cast.
pub fn ints(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<i32>>> {
    Ok(df
        .column(name)?
        .cast(&DataType::Int32)?
        .i32()?
        .iter()
        .collect())
}

/// The boolean column `name`.
///
/// # Errors
/// A missing column or one of another type.
pub fn bools(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<bool>>> {
    Ok(df.column(name)?.bool()?.iter().collect())
}
