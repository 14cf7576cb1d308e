//! The shipped grid and compare reports are what the code computes today:
//! each experiment is run afresh (no cache) into a temporary folder and its
//! Parquet tables must equal the committed ones cell for cell (wall-clock
//! time is kept out of them, in `timings.parquet`). With `report_figures.rs` (each report.md is what its
//! Parquet files render) every number of these reports is pinned to the
//! code: the exact values, the equilibria (values, exploitabilities,
//! reveal and surrender frequencies, convergence logs) and the seeded
//! simulations.

mod common;

use banluck_lab::report::read_frame;
use common::{manifest_dir, run_experiment};
use polars::prelude::*;

fn assert_rerun_matches(name: &str, tables: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let experiment = manifest_dir()
        .join("experiments")
        .join(format!("{name}.toml"));
    run_experiment(&experiment, dir.path());
    for table in tables {
        let committed = manifest_dir().join("reports").join(name).join(table);
        let committed = read_frame(&committed).unwrap();
        let fresh = read_frame(&dir.path().join(table)).unwrap();
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
fn the_river_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches("river", &GRID);
}

#[test]
fn the_blackjack_rules_report_is_what_a_fresh_run_computes() {
    // 16 exact solves under three split algorithms: about 35 s of CPU.
    assert_rerun_matches("blackjack-rules", &GRID);
}

#[test]
fn the_blackjack_compare_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches(
        "blackjack-compare",
        &["compare.parquet", "compare_summary.parquet"],
    );
}

/// The rows of `frame` whose column `key` is `value`.
fn rows_with(frame: &DataFrame, key: &str, value: i64) -> DataFrame {
    let mask = frame.column(key).unwrap().i64().unwrap().equal(value);
    frame.filter(&mask).unwrap()
}

#[test]
fn the_rotation_reports_heads_up_rows_are_what_a_fresh_run_computes() {
    // The whole experiment takes about 20 s; its heads-up part (exact) and
    // the one-player reveal gain, run with the committed parameters, must
    // reproduce the committed rows.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(manifest_dir().join("experiments/rotation.toml"))
        .unwrap()
        .replace(
            "rules = \"../rules/banluck.toml\"",
            &format!(
                "rules = \"{}\"",
                manifest_dir().join("rules/banluck.toml").display()
            ),
        )
        .replace("people = [2, 3, 4, 5, 6, 7]", "people = [2]")
        .replace(
            "reveal_players = [1, 2, 3, 4, 5, 6, 7]",
            "reveal_players = [1]",
        );
    assert!(text.contains("people = [2]\n") && text.contains("reveal_players = [1]\n"));
    let file = dir.path().join("rotation.toml");
    std::fs::write(&file, text).unwrap();
    let output = dir.path().join("out");
    run_experiment(&file, &output);
    let committed = manifest_dir().join("reports/rotation");
    for (table, key, value) in [
        ("answers.parquet", "people", 2),
        ("rotation.parquet", "people", 2),
        ("banker_share.parquet", "people", 2),
        ("sessions.parquet", "", 0),
        ("reveal_gain.parquet", "players", 1),
    ] {
        let mut old = read_frame(&committed.join(table)).unwrap();
        let new = read_frame(&output.join(table)).unwrap();
        if !key.is_empty() {
            old = rows_with(&old, key, value);
            assert_eq!(new.height(), old.height(), "{table}");
        }
        assert!(old.height() > 0, "{table}");
        assert!(
            old.equals_missing(&new),
            "reports/rotation/{table}: committed {old}\nfresh {new}"
        );
    }
}
