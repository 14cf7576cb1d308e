//! Reading and writing the Parquet files of an output folder (zstd,
//! written atomically).

use std::fs::File;
use std::path::Path;

use polars::prelude::*;

use super::ReportError;
use super::frames::{Frames, empty_timings};
use crate::atomic::write_atomic_with;

/// File name of the runs table.
pub const RUNS: &str = "runs.parquet";
/// File name of the strategies table.
pub const STRATEGIES: &str = "strategies.parquet";
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
    Ok(())
}

/// Writes one frame as a Parquet file (zstd, atomically).
pub fn write_frame(path: &Path, frame: &mut DataFrame) -> Result<(), ReportError> {
    write_atomic_with(path, |file| {
        ParquetWriter::new(file)
            .with_compression(ParquetCompression::Zstd(None))
            .finish(frame)
            .map(|_| ())
            .map_err(std::io::Error::other)
    })
    .map_err(|e| ReportError::file(path, e))
}

/// Reads one Parquet file.
pub fn read_frame(path: &Path) -> Result<DataFrame, ReportError> {
    let file = File::open(path).map_err(|e| ReportError::file(path, e))?;
    ParquetReader::new(file)
        .finish()
        .map_err(|e| ReportError::file(path, e))
}

/// Reads the Parquet files of `folder`; a missing timings file (they are
/// not committed) reads as no timings.
pub fn read_frames(folder: &Path) -> Result<Frames, ReportError> {
    let timings = folder.join(TIMINGS);
    Ok(Frames {
        runs: read_frame(&folder.join(RUNS))?,
        strategies: read_frame(&folder.join(STRATEGIES))?,
        convergence: read_frame(&folder.join(CONVERGENCE))?,
        timings: if timings.exists() {
            read_frame(&timings)?
        } else {
            empty_timings()?
        },
    })
}
