//! The shipped grid and compare reports are what the code computes today:
//! each experiment is run afresh (no cache) into a temporary folder and its
//! Parquet tables must equal the committed ones cell for cell, wall-clock
//! seconds aside. With `report_figures.rs` (each report.md is what its
//! Parquet files render) every number of these reports is pinned to the
//! code: the exact values, the equilibria (values, exploitabilities,
//! reveal and surrender frequencies, convergence logs) and the seeded
//! simulations.

use std::path::Path;
use std::process::Command;

use banluck_lab::report::read_frame;
use polars::prelude::*;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `frame` without its wall-clock columns.
fn without_timings(frame: DataFrame) -> DataFrame {
    let timings: Vec<PlSmallStr> = frame
        .get_column_names()
        .into_iter()
        .filter(|name| name.as_str() == "seconds")
        .cloned()
        .collect();
    frame.drop_many(timings)
}

fn assert_rerun_matches(name: &str, tables: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let experiment = manifest_dir()
        .join("experiments")
        .join(format!("{name}.toml"));
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .arg("run")
        .arg(&experiment)
        .arg("--output")
        .arg(dir.path())
        .arg("--quiet")
        .current_dir(manifest_dir())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    for table in tables {
        let committed = manifest_dir().join("reports").join(name).join(table);
        let committed = without_timings(read_frame(&committed).unwrap());
        let fresh = without_timings(read_frame(&dir.path().join(table)).unwrap());
        assert!(
            committed.equals_missing(&fresh),
            "reports/{name}/{table} is not what the code computes today (run \
             `banluck-lab run experiments/{name}.toml`):\ncommitted {committed}\nfresh {fresh}"
        );
    }
}

const GRID: [&str; 3] = ["runs.parquet", "strategies.parquet", "convergence.parquet"];

#[test]
fn the_reveal_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches("reveal", &GRID);
}

#[test]
fn the_surrender_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches("surrender", &GRID);
}

#[test]
fn the_payouts_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches("payouts", &GRID);
}

#[test]
fn the_blackjack_compare_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches(
        "blackjack-compare",
        &["compare.parquet", "compare_summary.parquet"],
    );
}
