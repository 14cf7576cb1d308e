//! What a kill left in an output folder: every file, the temporary files,
//! and the comparison with the folder of an uninterrupted run.

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use polars::prelude::*;
use serde_json::Value;

/// Every file under `folder` (relative path → bytes), temporary files
/// included.
pub fn files(folder: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    walk(folder, folder, &mut out);
    out
}

fn walk(root: &Path, folder: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out);
        } else if let Ok(bytes) = std::fs::read(&path) {
            out.insert(path.strip_prefix(root).unwrap().to_path_buf(), bytes);
        }
    }
}

/// Whether `path` is a temporary file of the atomic writer: hidden,
/// `.NAME.HOST.PID.THREAD.tmp`.
pub fn is_temporary(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    name.ends_with(".tmp")
}

/// The temporary files under `folder`.
pub fn temporaries(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if is_temporary(&path) {
                found.push(path);
            }
        }
    }
    found
}

/// A temporary file left by a kill must be named as the atomic writer
/// names them (so no reader takes it for output); returns how many there
/// are.
pub fn check_temporaries(folder: &Path) -> usize {
    let left = temporaries(folder);
    for path in &left {
        let name = path.file_name().unwrap().to_string_lossy();
        let parts: Vec<&str> = name.split('.').collect();
        assert!(
            name.starts_with('.') && parts.len() >= 5,
            "a temporary file not named by the atomic writer: {}",
            path.display()
        );
    }
    left.len()
}

/// Reads Parquet bytes back in full.
fn parquet(bytes: &[u8]) -> DataFrame {
    ParquetReader::new(Cursor::new(bytes.to_vec()))
        .finish()
        .unwrap()
}

/// JSON text with the wall-clock `seconds` (top level and in `output`)
/// taken out.
fn json_without_seconds(bytes: &[u8]) -> Value {
    let mut value: Value = serde_json::from_slice(bytes).unwrap();
    if let Some(map) = value.as_object_mut() {
        map.remove("seconds");
        if let Some(output) = map.get_mut("output").and_then(Value::as_object_mut) {
            output.remove("seconds");
        }
    }
    value
}

/// A saved poker solve (`poker solve --out`) read back in full and
/// written again with its wall-clock seconds at 0.
fn solve_without_seconds(bytes: &[u8]) -> Vec<u8> {
    let mut solved = banluck_lab::games::poker::solved::from_bytes(bytes).unwrap();
    solved.solution.seconds = 0.0;
    banluck_lab::games::poker::solved::to_bytes(&solved)
}

/// Checks every file in `folder` against the folder of an uninterrupted
/// run (`reference`): Parquet files read back in full, JSON parses, and
/// each file equals the reference byte for byte, except for wall-clock
/// seconds (the `seconds` column of `timings.parquet`, the `seconds` of a
/// cache entry or a saved solution), which are compared without them.
/// With `complete`, every reference file must be there too. Returns the
/// number of files checked.
pub fn check_against(
    folder: &Path,
    reference: &BTreeMap<PathBuf, Vec<u8>>,
    complete: bool,
) -> usize {
    let found = files(folder);
    let mut checked = 0;
    for (path, bytes) in &found {
        if is_temporary(path) {
            continue;
        }
        let name = path.display();
        let want = reference
            .get(path)
            .unwrap_or_else(|| panic!("{name}: not written by an uninterrupted run"));
        let extension = path.extension().map(|e| e.to_string_lossy().into_owned());
        if path.ends_with("timings.parquet") {
            let (got, want) = (parquet(bytes), parquet(want));
            let strip = |df: &DataFrame| df.drop("seconds").unwrap();
            assert!(strip(&got).equals_missing(&strip(&want)), "{name}");
        } else if extension.as_deref() == Some("bin") && bytes != want {
            assert_eq!(
                solve_without_seconds(bytes),
                solve_without_seconds(want),
                "{name}"
            );
        } else if extension.as_deref() == Some("json") && bytes != want {
            assert_eq!(
                json_without_seconds(bytes),
                json_without_seconds(want),
                "{name}"
            );
        } else {
            assert!(
                bytes == want,
                "{name}: differs from the uninterrupted run's"
            );
            match extension.as_deref() {
                Some("parquet") => assert!(parquet(bytes).width() > 0, "{name}"),
                Some("json") => drop(json_without_seconds(bytes)),
                Some("bin") => drop(solve_without_seconds(bytes)),
                _ => {}
            }
        }
        checked += 1;
    }
    if complete {
        for path in reference.keys().filter(|p| !is_temporary(p)) {
            assert!(found.contains_key(path), "{}: missing", path.display());
        }
    }
    checked
}
