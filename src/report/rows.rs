//! Plain serde rows as polars frames and back: the tables of the rotation
//! and compare experiments. Each field is a column (in field order),
//! typed by its values: booleans, whole numbers (Int64), numbers
//! (Float64), strings, lists of these (list columns), objects as JSON
//! text; a missing value is null. Reading a table back into
//! the same row type gives the same rows.

use polars::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::ReportError;
use super::typed::{cell_value, json_column};

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

/// A frame with one row per element of `rows` and one column per field.
pub fn rows_frame<T: Serialize>(rows: &[T]) -> Result<DataFrame, ReportError> {
    let objects: Vec<Map<String, Value>> = rows
        .iter()
        .map(|row| match serde_json::to_value(row).map_err(data_error)? {
            Value::Object(map) => Ok(map),
            other => Err(ReportError::Data(format!(
                "a table row is not a record: {other}"
            ))),
        })
        .collect::<Result<_, _>>()?;
    let mut names: Vec<&String> = Vec::new();
    for object in &objects {
        for key in object.keys() {
            if !names.contains(&key) {
                names.push(key);
            }
        }
    }
    let columns: Vec<Column> = names
        .iter()
        .map(|name| {
            let values: Vec<Value> = objects
                .iter()
                .map(|o| o.get(*name).cloned().unwrap_or(Value::Null))
                .collect();
            column(name, &values)
        })
        .collect();
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

/// The rows of `frame`, read back into `T`.
pub fn frame_rows<T: DeserializeOwned>(frame: &DataFrame) -> Result<Vec<T>, ReportError> {
    let columns: Vec<(String, Vec<Value>)> = frame
        .columns()
        .iter()
        .map(|c| Ok((c.name().to_string(), column_values(c)?)))
        .collect::<Result<_, ReportError>>()?;
    (0..frame.height())
        .map(|i| {
            let object: Map<String, Value> = columns
                .iter()
                .map(|(name, values)| (name.clone(), values[i].clone()))
                .collect();
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
    }
}
