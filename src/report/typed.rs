//! JSON values as typed polars columns: rule values (lists as list
//! columns) and engine parameters (one `params_<key>` column per key), and
//! the parameters read back as the JSON text the reports show.

use polars::prelude::*;
use serde_json::{Map, Value};

use super::format::exact_rule_value;
use crate::lab::canonical_json;

/// Prefix of the engine parameter columns of `runs.parquet`.
pub const PARAMS_PREFIX: &str = "params_";

/// A list cell: the elements of `value` (an array) as a series of `dtype`.
fn list_cell(value: &Value, dtype: &DataType) -> Series {
    let items: &[Value] = value.as_array().map_or(&[], Vec::as_slice);
    let name = PlSmallStr::EMPTY;
    match dtype {
        DataType::Boolean => {
            Series::new(name, items.iter().map(Value::as_bool).collect::<Vec<_>>())
        }
        DataType::Int64 => Series::new(name, items.iter().map(Value::as_i64).collect::<Vec<_>>()),
        DataType::Float64 => Series::new(
            name,
            items
                .iter()
                .map(|v| v.as_f64().map(exact_rule_value))
                .collect::<Vec<_>>(),
        ),
        _ => Series::new(
            name,
            items
                .iter()
                .map(|v| match v {
                    Value::String(s) => s.clone(),
                    other => canonical_json(other),
                })
                .collect::<Vec<_>>(),
        ),
    }
}

/// The dtype that holds every scalar in `values`: booleans, whole numbers
/// (Int64), numbers (Float64) or text.
fn scalar_dtype<'a>(values: impl Iterator<Item = &'a Value>) -> DataType {
    let values: Vec<&Value> = values.filter(|v| !v.is_null()).collect();
    if !values.is_empty() && values.iter().all(|v| v.is_boolean()) {
        DataType::Boolean
    } else if !values.is_empty() && values.iter().all(|v| v.is_i64()) {
        DataType::Int64
    } else if !values.is_empty() && values.iter().all(|v| v.is_number()) {
        DataType::Float64
    } else {
        DataType::String
    }
}

/// The column `name` of `values` (one per row, `Null` when missing), typed
/// by the values and by `default` (the key's default, so that a column has
/// one type in every folder): booleans, whole numbers, numbers (rounded as
/// rule values are), text, lists of these; an object is its JSON text.
pub fn json_column(name: &str, default: &Value, values: &[&Value]) -> Column {
    let name: PlSmallStr = name.into();
    if default.is_array() || values.iter().any(|v| v.is_array()) {
        let inner = scalar_dtype(
            std::iter::once(default)
                .chain(values.iter().copied())
                .filter_map(Value::as_array)
                .flatten(),
        );
        let cells: Vec<Series> = values.iter().map(|v| list_cell(v, &inner)).collect();
        return Column::new(name, cells);
    }
    let dtype = scalar_dtype(std::iter::once(default).chain(values.iter().copied()));
    match dtype {
        DataType::Boolean => {
            Column::new(name, values.iter().map(|v| v.as_bool()).collect::<Vec<_>>())
        }
        DataType::Int64 => Column::new(name, values.iter().map(|v| v.as_i64()).collect::<Vec<_>>()),
        DataType::Float64 => Column::new(
            name,
            values
                .iter()
                .map(|v| v.as_f64().map(exact_rule_value))
                .collect::<Vec<_>>(),
        ),
        _ => Column::new(
            name,
            values
                .iter()
                .map(|v| match v {
                    Value::Null => None,
                    Value::String(s) => Some(s.clone()),
                    other => Some(canonical_json(other)),
                })
                .collect::<Vec<_>>(),
        ),
    }
}

/// One `params_<key>` column per key of any of `params` (sorted by key);
/// a row without the key holds a null.
pub fn params_columns(params: &[&Value]) -> Vec<Column> {
    let mut keys: Vec<&String> = params
        .iter()
        .filter_map(|p| p.as_object())
        .flat_map(Map::keys)
        .collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .map(|key| {
            let values: Vec<&Value> = params
                .iter()
                .map(|p| p.get(key).unwrap_or(&Value::Null))
                .collect();
            json_column(&format!("{PARAMS_PREFIX}{key}"), &Value::Null, &values)
        })
        .collect()
}

/// The JSON value of row `i` of `column`.
pub fn cell_value(column: &Column, i: usize) -> PolarsResult<Value> {
    Ok(match column.dtype() {
        DataType::Boolean => column.bool()?.get(i).map_or(Value::Null, Value::from),
        DataType::Float64 => column.f64()?.get(i).map_or(Value::Null, Value::from),
        DataType::String => column.str()?.get(i).map_or(Value::Null, Value::from),
        DataType::List(_) => match column.list()?.get_as_series(i) {
            Some(series) => {
                let column = series.into_column();
                Value::Array(
                    (0..column.len())
                        .map(|j| cell_value(&column, j))
                        .collect::<PolarsResult<_>>()?,
                )
            }
            None => Value::Null,
        },
        dtype if dtype.is_integer() => column
            .cast(&DataType::Int64)?
            .i64()?
            .get(i)
            .map_or(Value::Null, Value::from),
        _ => Value::Null,
    })
}

/// Each row's engine parameters as canonical JSON text, from its
/// `params_<key>` columns (`{}` for an engine without parameters).
pub fn params_text(df: &DataFrame) -> PolarsResult<Vec<String>> {
    let params: Vec<&Column> = df
        .columns()
        .iter()
        .filter(|c| c.name().starts_with(PARAMS_PREFIX))
        .collect();
    (0..df.height())
        .map(|i| {
            let mut object = Map::new();
            for column in &params {
                let value = cell_value(column, i)?;
                if !value.is_null() {
                    let key = &column.name()[PARAMS_PREFIX.len()..];
                    object.insert(key.to_string(), value);
                }
            }
            Ok(canonical_json(&Value::Object(object)))
        })
        .collect()
}
