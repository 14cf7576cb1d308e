//! Reading one column of a frame as plain Rust values (nulls as `None`),
//! for the report models of every family. A column the file leaves out
//! (every value was null, see [`super::format`]) reads as nulls.

use polars::prelude::*;

/// The column `name`, or an all-null column of `dtype` when the frame has
/// none.
fn column(df: &DataFrame, name: &str, dtype: &DataType) -> PolarsResult<Column> {
    match df.column(name) {
        Ok(column) => column.cast(dtype),
        Err(_) => Ok(Column::full_null(name.into(), df.height(), dtype)),
    }
}

/// The string column `name`.
///
/// # Errors
/// A column of another type.
pub fn strings(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<String>>> {
    Ok(column(df, name, &DataType::String)?
        .str()?
        .iter()
        .map(|v| v.map(str::to_string))
        .collect())
}

/// The numeric column `name` as `f64`.
///
/// # Errors
/// A column that does not cast.
pub fn floats(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<f64>>> {
    Ok(column(df, name, &DataType::Float64)?
        .f64()?
        .iter()
        .collect())
}

/// The numeric column `name` as `u64`.
///
/// # Errors
/// A column that does not cast.
pub fn whole(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<u64>>> {
    Ok(column(df, name, &DataType::UInt64)?.u64()?.iter().collect())
}

/// The numeric column `name` as `i32`.
///
/// # Errors
/// A column that does not cast.
pub fn ints(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<i32>>> {
    Ok(column(df, name, &DataType::Int32)?.i32()?.iter().collect())
}

/// The boolean column `name`.
///
/// # Errors
/// A column of another type.
pub fn bools(df: &DataFrame, name: &str) -> PolarsResult<Vec<Option<bool>>> {
    Ok(column(df, name, &DataType::Boolean)?
        .bool()?
        .iter()
        .collect())
}
