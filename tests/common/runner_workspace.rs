//! The small experiment of the runner tests, its temporary workspace, the
//! command line and Parquet column readers.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use polars::prelude::*;

/// The small experiment: two axes of two values, solved by dp.
pub const EXPERIMENT: &str = r#"
name = "small"
question = "What are selective reveal and a 2:1 Ban Ban worth?"
rules = "banluck.toml"
output = "out"

[[axis]]
key = "dealer.fixed.reveal"
values = ["off", "on"]
title = "Selective reveal"

[[axis]]
key = "payouts.ban_ban"
values = [3, 2]
labels = ["ban_ban=3:1", "ban_ban=2:1"]
title = "Ban Ban's payout"

[engines.dp]
"#;

/// (variant name, overrides) of the small experiment, in task order.
pub const VARIANTS: [(&str, [&str; 2]); 4] = [
    (
        "reveal=off, ban_ban=3:1",
        ["dealer.fixed.reveal=off", "payouts.ban_ban=3"],
    ),
    (
        "reveal=off, ban_ban=2:1",
        ["dealer.fixed.reveal=off", "payouts.ban_ban=2"],
    ),
    (
        "reveal=on, ban_ban=3:1",
        ["dealer.fixed.reveal=on", "payouts.ban_ban=3"],
    ),
    (
        "reveal=on, ban_ban=2:1",
        ["dealer.fixed.reveal=on", "payouts.ban_ban=2"],
    ),
];

/// A temporary folder holding the canonical rules and `experiment` as
/// `x.toml`.
pub fn workspace(experiment: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/banluck.toml");
    std::fs::copy(rules, dir.path().join("banluck.toml")).unwrap();
    let file = dir.path().join("x.toml");
    std::fs::write(&file, experiment).unwrap();
    (dir, file)
}

/// Runs the built binary in `dir` with `args`.
pub fn cli(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// Runs the built binary in `dir` with `args`, failing the test unless it
/// succeeds, and returns its stdout.
pub fn cli_ok(dir: &Path, args: &[&str]) -> String {
    let out = cli(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Reads a Parquet file.
pub fn read(path: &Path) -> DataFrame {
    ParquetReader::new(File::open(path).unwrap())
        .finish()
        .unwrap()
}

/// The `f64` column `name` of `df`.
pub fn floats(df: &DataFrame, name: &str) -> Vec<Option<f64>> {
    df.column(name).unwrap().f64().unwrap().iter().collect()
}

/// The string column `name` of `df`.
pub fn strings(df: &DataFrame, name: &str) -> Vec<Option<String>> {
    df.column(name)
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .map(|s| s.map(str::to_string))
        .collect()
}

/// Whether `a` is `b` to 12 significant digits.
pub fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() <= 1e-12 * b.abs().max(1.0))
}
