//! Plain serde rows as polars frames and back: the tables of the table,
//! rotation and compare experiments. Each field is a column, in the
//! order the row type declares its fields (identity first, figures
//! last), typed by its values: booleans, whole numbers (Int64), numbers
//! (Float64), strings, lists of these (list columns), other objects as
//! JSON text; a missing value is null. A field named `params` holding the
//! engine parameters (an object) is one `params_<key>` column per key, as
//! in the grid's `runs` table. Reading a table back into the same row type
//! gives the same rows.

use std::fmt;

use polars::prelude::*;
use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::error::ReportError;
use super::typed::{PARAMS_PREFIX, cell_value, json_column, params_columns};

/// The field of a row whose object becomes `params_<key>` columns.
const PARAMS: &str = "params";

fn data_error(error: impl std::fmt::Display) -> ReportError {
    ReportError::Data(error.to_string())
}

/// The column `name` of `values` (one per row, `Null` when missing).
fn column(name: &str, values: &[Value]) -> Column {
    let name: PlSmallStr = name.into();
    let first = values.iter().find(|v| !v.is_null());
    match first {
        Some(Value::Bool(_)) => {
            Column::new(name, values.iter().map(Value::as_bool).collect::<Vec<_>>())
        }
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => {
            Column::new(name, values.iter().map(Value::as_i64).collect::<Vec<_>>())
        }
        Some(Value::String(_)) => {
            Column::new(name, values.iter().map(Value::as_str).collect::<Vec<_>>())
        }
        Some(Value::Array(_)) => {
            let values: Vec<&Value> = values.iter().collect();
            json_column(name.as_str(), &Value::Null, &values)
        }
        Some(Value::Object(_)) => Column::new(
            name,
            values
                .iter()
                .map(|v| (!v.is_null()).then(|| v.to_string()))
                .collect::<Vec<_>>(),
        ),
        _ => Column::new(name, values.iter().map(Value::as_f64).collect::<Vec<_>>()),
    }
}

/// A record's fields in the order they were written (serde_json's own
/// map sorts its keys).
struct Fields(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FieldsVisitor;
        impl<'de> Visitor<'de> for FieldsVisitor {
            type Value = Fields;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a record")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
                let mut fields = Vec::new();
                while let Some(entry) = map.next_entry::<String, Value>()? {
                    fields.push(entry);
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_map(FieldsVisitor)
    }
}

/// The fields of `row` in declaration order.
fn fields<T: Serialize>(row: &T) -> Result<Vec<(String, Value)>, ReportError> {
    let text = serde_json::to_string(row).map_err(data_error)?;
    serde_json::from_str::<Fields>(&text)
        .map(|f| f.0)
        .map_err(|e| ReportError::Data(format!("a table row is not a record: {e}")))
}

/// A frame with one row per element of `rows` and one column per field
/// (in field order; a field only some rows have comes after the field
/// before it in the first row that has it).
pub fn rows_frame<T: Serialize>(rows: &[T]) -> Result<DataFrame, ReportError> {
    let records: Vec<Vec<(String, Value)>> = rows.iter().map(fields).collect::<Result<_, _>>()?;
    let mut names: Vec<&String> = Vec::new();
    for record in &records {
        let mut after: Option<usize> = None;
        for (key, _) in record {
            match names.iter().position(|n| *n == key) {
                Some(at) => after = Some(at),
                None => {
                    let at = after.map_or(0, |a| a + 1);
                    names.insert(at, key);
                    after = Some(at);
                }
            }
        }
    }
    let objects: Vec<Map<String, Value>> = records
        .iter()
        .map(|r| r.iter().cloned().collect())
        .collect();
    let mut columns = Vec::new();
    for name in names {
        let values: Vec<Value> = objects
            .iter()
            .map(|o| o.get(name).cloned().unwrap_or(Value::Null))
            .collect();
        if name == PARAMS && values.iter().all(|v| v.is_object() || v.is_null()) {
            columns.extend(params_columns(&values.iter().collect::<Vec<_>>()));
        } else {
            columns.push(column(name, &values));
        }
    }
    Ok(DataFrame::new(objects.len(), columns)?)
}

/// The values of one column as JSON.
fn column_values(column: &Column) -> Result<Vec<Value>, ReportError> {
    Ok(match column.dtype() {
        DataType::Boolean => column.bool()?.iter().map(Value::from).collect(),
        DataType::Float64 => column
            .f64()?
            .iter()
            .map(|v| v.map_or(Value::Null, Value::from))
            .collect(),
        DataType::String => column.str()?.iter().map(Value::from).collect(),
        DataType::Null => vec![Value::Null; column.len()],
        DataType::List(_) => (0..column.len())
            .map(|i| cell_value(column, i))
            .collect::<PolarsResult<_>>()?,
        dtype if dtype.is_integer() => column
            .cast(&DataType::Int64)?
            .i64()?
            .iter()
            .map(Value::from)
            .collect(),
        other => {
            return Err(ReportError::Data(format!(
                "column `{}` has type {other}, which no table row holds",
                column.name()
            )));
        }
    })
}

/// The rows of `frame`, read back into `T`; the `params_<key>` columns
/// (if any) are the `params` object of each row, without its nulls.
pub fn frame_rows<T: DeserializeOwned>(frame: &DataFrame) -> Result<Vec<T>, ReportError> {
    let columns: Vec<(String, Vec<Value>)> = frame
        .columns()
        .iter()
        .map(|c| Ok((c.name().to_string(), column_values(c)?)))
        .collect::<Result<_, ReportError>>()?;
    let has_params = columns.iter().any(|(n, _)| n.starts_with(PARAMS_PREFIX));
    (0..frame.height())
        .map(|i| {
            let mut object = Map::new();
            let mut params = Map::new();
            for (name, values) in &columns {
                match name.strip_prefix(PARAMS_PREFIX) {
                    Some(key) if !values[i].is_null() => {
                        params.insert(key.to_string(), values[i].clone());
                    }
                    Some(_) => {}
                    None => {
                        object.insert(name.clone(), values[i].clone());
                    }
                }
            }
            if has_params {
                object.insert(PARAMS.to_string(), Value::Object(params));
            }
            serde_json::from_value(Value::Object(object)).map_err(data_error)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Row {
        people: usize,
        share: f64,
        whole: f64,
        label: String,
        fair: Option<u32>,
        exact: bool,
        periods: Vec<u32>,
    }

    #[test]
    fn rows_round_trip_through_a_frame_with_nulls_and_whole_floats() {
        let rows = vec![
            Row {
                people: 2,
                share: 0.1 + 0.2,
                whole: 3.0,
                label: "every_n(5)".into(),
                fair: None,
                exact: true,
                periods: vec![1, 5],
            },
            Row {
                people: 7,
                share: -1e-300,
                whole: -2.0,
                label: "on_ban".into(),
                fair: Some(4),
                exact: false,
                periods: vec![],
            },
        ];
        let frame = rows_frame(&rows).unwrap();
        assert_eq!(frame.height(), 2);
        assert_eq!(frame.column("whole").unwrap().dtype(), &DataType::Float64);
        assert_eq!(frame.column("people").unwrap().dtype(), &DataType::Int64);
        assert_eq!(
            frame.column("periods").unwrap().dtype(),
            &DataType::List(Box::new(DataType::Int64))
        );
        assert_eq!(frame_rows::<Row>(&frame).unwrap(), rows);
        // The columns keep the fields' order, not the alphabet's.
        assert_eq!(
            frame.get_column_names(),
            [
                "people", "share", "whole", "label", "fair", "exact", "periods"
            ]
        );
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Run {
        players: usize,
        params: Value,
        value: f64,
    }

    #[test]
    fn params_are_typed_columns_in_the_field_s_place_and_read_back() {
        let rows = vec![
            Run {
                players: 1,
                params: serde_json::json!({"seed": 7, "strategy": "dp", "tolerance": 0.01}),
                value: 0.5,
            },
            Run {
                players: 2,
                params: serde_json::json!({"seed": 8, "strategy": "dp"}),
                value: -0.5,
            },
        ];
        let frame = rows_frame(&rows).unwrap();
        assert_eq!(
            frame.get_column_names(),
            [
                "players",
                "params_seed",
                "params_strategy",
                "params_tolerance",
                "value"
            ]
        );
        assert_eq!(
            frame.column("params_seed").unwrap().dtype(),
            &DataType::Int64
        );
        assert_eq!(frame_rows::<Run>(&frame).unwrap(), rows);
    }

    #[test]
    fn a_row_that_is_not_a_record_is_an_error() {
        let error = rows_frame(&[1, 2]).unwrap_err().to_string();
        assert!(error.contains("not a record"), "{error}");
    }
}
