//! CSV copies of an output folder's Parquet files (`run --csv`): one
//! `<name>.csv` beside each `<name>.parquet`, a header row then one line
//! per row, fields quoted where they need it, floats in full precision,
//! nulls empty, nested values (lists, structs) in polars' text form.

use std::path::{Path, PathBuf};

use polars::prelude::*;

use super::error::ReportError;
use super::parquet::read_frame;
use crate::atomic::write_atomic;

/// One value as CSV text (before quoting).
fn field(value: &AnyValue<'_>) -> String {
    match value {
        AnyValue::Null => String::new(),
        AnyValue::String(s) => (*s).to_string(),
        AnyValue::StringOwned(s) => s.to_string(),
        AnyValue::Float64(x) => format!("{x}"),
        AnyValue::Float32(x) => format!("{x}"),
        other => format!("{other}"),
    }
}

/// `text` quoted if it holds a comma, a quote or a line break.
fn quote(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// `frame` as CSV text.
pub fn frame_csv(frame: &DataFrame) -> Result<String, ReportError> {
    let columns = frame.columns();
    let mut out = columns
        .iter()
        .map(|c| quote(c.name()))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for row in 0..frame.height() {
        let mut fields = Vec::with_capacity(columns.len());
        for column in columns {
            let value = column
                .get(row)
                .map_err(|e| ReportError::Data(format!("CSV of {}: {e}", column.name())))?;
            fields.push(quote(&field(&value)));
        }
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    Ok(out)
}

/// Writes `<name>.csv` beside every `<name>.parquet` in `folder` and
/// returns the CSV files, in name order.
pub fn write_csv_beside(folder: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let entries = std::fs::read_dir(folder).map_err(|e| ReportError::file(folder, e))?;
    let mut parquets: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "parquet"))
        .collect();
    parquets.sort();
    let mut written = Vec::with_capacity(parquets.len());
    for parquet in parquets {
        let text = frame_csv(&read_frame(&parquet)?)?;
        let csv = parquet.with_extension("csv");
        write_atomic(&csv, text.as_bytes()).map_err(|e| ReportError::file(&csv, e))?;
        written.push(csv);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_becomes_quoted_csv_with_full_floats_and_empty_nulls() {
        let frame = df!(
            "name" => ["a,b", "say \"hi\""],
            "x" => [Some(0.1 + 0.2), None],
        )
        .unwrap();
        assert_eq!(
            frame_csv(&frame).unwrap(),
            "name,x\n\"a,b\",0.30000000000000004\n\"say \"\"hi\"\"\",\n"
        );
    }
}
