//! Reading and writing the Parquet files of an output folder (zstd,
//! written atomically, tidied and tagged as [`super::format`] says).

use std::fs::File;
use std::path::Path;

use polars::prelude::*;

use super::error::ReportError;
use super::format::{COLUMNS_KEY, FORMAT_KEY, FORMAT_VERSION, drop_null_columns, metadata};
use super::frames::{Frames, empty_timings};
use crate::atomic::write_atomic_with;

/// File name of the runs table.
pub const RUNS: &str = "runs.parquet";
/// File name of the strategies table.
pub const STRATEGIES: &str = "strategies.parquet";
/// File name of the single-hand decisions (a family with a hand column).
pub const HANDS: &str = "hands.parquet";
/// File name of the convergence table.
pub const CONVERGENCE: &str = "convergence.parquet";
/// File name of the timings table (not committed: it changes every run).
pub const TIMINGS: &str = "timings.parquet";

/// Writes `frames` into `folder` (which must exist).
pub fn write_frames(folder: &Path, frames: &mut Frames) -> Result<(), ReportError> {
    for (name, frame) in [
        (RUNS, &mut frames.runs),
        (STRATEGIES, &mut frames.strategies),
        (CONVERGENCE, &mut frames.convergence),
        (TIMINGS, &mut frames.timings),
    ] {
        write_frame(&folder.join(name), frame)?;
    }
    if let Some(hands) = &mut frames.hands {
        write_frame(&folder.join(HANDS), hands)?;
    }
    Ok(())
}

/// Writes one frame as a Parquet file (zstd, atomically), without its
/// all-null columns and with the format version and units as key-value
/// metadata.
pub fn write_frame(path: &Path, frame: &mut DataFrame) -> Result<(), ReportError> {
    let mut tidy = drop_null_columns(frame)?;
    let metadata = KeyValueMetadata::from_static(metadata(frame, &tidy));
    write_atomic_with(path, |file| {
        ParquetWriter::new(file)
            .with_compression(ParquetCompression::Zstd(None))
            .with_key_value_metadata(Some(metadata.clone()))
            .finish(&mut tidy)
            .map(|_| ())
            .map_err(std::io::Error::other)
    })
    .map_err(|e| ReportError::file(path, e))
}

/// The key-value metadata of a Parquet file.
pub fn read_metadata(path: &Path) -> Result<Vec<(String, String)>, ReportError> {
    let file = File::open(path).map_err(|e| ReportError::file(path, e))?;
    let mut reader = ParquetReader::new(file);
    let metadata = reader
        .get_metadata()
        .map_err(|e| ReportError::file(path, e))?;
    Ok(metadata
        .key_value_metadata()
        .iter()
        .flatten()
        .map(|kv| (kv.key.clone(), kv.value.clone().unwrap_or_default()))
        .collect())
}

/// The columns of the table in the Parquet file `path`, in order, those
/// the file leaves out (all null) included, from its `columns` metadata
/// (the file's own columns when it has none).
pub fn read_column_order(path: &Path) -> Result<Vec<String>, ReportError> {
    let listed = read_metadata(path)?
        .into_iter()
        .find(|(key, _)| key == COLUMNS_KEY)
        .and_then(|(_, value)| serde_json::from_str::<Vec<String>>(&value).ok());
    match listed {
        Some(columns) => Ok(columns),
        None => Ok(read_frame(path)?
            .get_column_names()
            .iter()
            .map(|n| n.to_string())
            .collect()),
    }
}

/// Reads one Parquet file written in this build's format
/// ([`FORMAT_VERSION`]); a file of another format is an error that says
/// to re-run the experiment.
pub fn read_frame(path: &Path) -> Result<DataFrame, ReportError> {
    let version = read_metadata(path)?
        .into_iter()
        .find(|(key, _)| key == FORMAT_KEY)
        .map(|(_, value)| value);
    if version.as_deref() != Some(FORMAT_VERSION.to_string().as_str()) {
        return Err(ReportError::file(
            path,
            format!(
                "written in Parquet format {}, but this build reads format \
                 {FORMAT_VERSION}; re-run the experiment to rewrite it",
                version.as_deref().unwrap_or("1")
            ),
        ));
    }
    let file = File::open(path).map_err(|e| ReportError::file(path, e))?;
    ParquetReader::new(file)
        .finish()
        .map_err(|e| ReportError::file(path, e))
}

/// Reads the Parquet files of `folder`; a missing timings file (they are
/// not committed) reads as no timings, a missing hands file as none.
pub fn read_frames(folder: &Path) -> Result<Frames, ReportError> {
    let timings = folder.join(TIMINGS);
    let hands = folder.join(HANDS);
    Ok(Frames {
        runs: read_frame(&folder.join(RUNS))?,
        strategies: read_frame(&folder.join(STRATEGIES))?,
        hands: if hands.exists() {
            Some(read_frame(&hands)?)
        } else {
            None
        },
        convergence: read_frame(&folder.join(CONVERGENCE))?,
        timings: if timings.exists() {
            read_frame(&timings)?
        } else {
            empty_timings()?
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_tidy_and_tagged_and_an_untagged_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.parquet");
        let mut frame = df!("a" => [1i64, 2], "b" => [None::<f64>, None]).unwrap();
        write_frame(&path, &mut frame).unwrap();
        assert_eq!(read_frame(&path).unwrap().get_column_names(), ["a"]);
        let metadata = read_metadata(&path).unwrap();
        assert!(metadata.contains(&(FORMAT_KEY.into(), FORMAT_VERSION.to_string())));
        assert!(metadata.contains(&("units".into(), r#"{"a":"none"}"#.into())));
        assert_eq!(read_column_order(&path).unwrap(), ["a", "b"]);

        let old = dir.path().join("old.parquet");
        let file = File::create(&old).unwrap();
        ParquetWriter::new(file).finish(&mut frame).unwrap();
        let error = read_frame(&old).unwrap_err().to_string();
        assert!(error.contains("Parquet format 1"), "{error}");
        assert!(error.contains("re-run"), "{error}");
    }
}
