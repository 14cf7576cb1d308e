//! The shipped grid and compare reports are what the code computes today:
//! each experiment is run afresh (no cache) into a temporary folder and its
//! Parquet tables must equal the committed ones cell for cell (wall-clock
//! time is kept out of them, in `timings.parquet`); the long ones
//! (`rotation`, `blackjack-rules`) run a part with the committed
//! parameters, whose rows must equal the committed rows. With `report_figures.rs` (each report.md is what its
//! Parquet files render) every number of these reports is pinned to the
//! code: the exact values, the equilibria (values, exploitabilities,
//! reveal and surrender frequencies, convergence logs) and the seeded
//! simulations.

use crate::common;

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

/// A Banluck grid's tables: its DP engine's single hands too.
const BANLUCK_GRID: [&str; 4] = [
    "runs.parquet",
    "strategies.parquet",
    "hands.parquet",
    "convergence.parquet",
];

#[test]
fn the_reveal_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches("reveal", &BANLUCK_GRID);
}

#[test]
fn the_surrender_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches("surrender", &BANLUCK_GRID);
}

#[test]
fn the_payouts_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches("payouts", &BANLUCK_GRID);
}

#[test]
fn the_river_report_is_what_a_fresh_run_computes() {
    assert_rerun_matches("river", &GRID);
}

/// The `(variant, engine)` pairs of a grid table, row by row.
fn tasks_of(frame: &DataFrame) -> Vec<(String, String)> {
    let text = |name: &str| -> Vec<String> {
        let column = frame.column(name).unwrap().str().unwrap().clone();
        column.iter().map(|s| s.unwrap().to_string()).collect()
    };
    text("variant").into_iter().zip(text("engine")).collect()
}

/// The rows of `frame` whose `(variant, engine)` is one of `tasks`.
fn rows_of_tasks(frame: &DataFrame, tasks: &[(String, String)]) -> DataFrame {
    let mask: BooleanChunked = tasks_of(frame)
        .iter()
        .map(|t| Some(tasks.contains(t)))
        .collect();
    frame.filter(&mask).unwrap()
}

#[test]
fn the_blackjack_rules_reports_first_and_last_tasks_are_what_a_fresh_run_computes() {
    // The whole experiment (every variant solved under three split
    // algorithms and simulated) takes minutes; the shard holding its first
    // task (the base, exact) and its last (the last variant, simulated) is
    // run with the committed parameters and must reproduce those rows of
    // every table. `tests/suite/blackjack_experiment.rs` checks the committed
    // report byte for byte against its tables, and other rows against
    // `solve --json`.
    let committed = manifest_dir().join("reports/blackjack-rules");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(committed.join("manifest.json")).unwrap())
            .unwrap();
    let count = |key: &str| manifest[key].as_array().unwrap().len();
    let tasks = count("variants") * count("engines");
    assert!(tasks > 2, "{tasks} tasks");
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args([
            "run",
            "experiments/blackjack-rules.toml",
            "--quiet",
            "--shard",
        ])
        .arg(format!("0/{}", tasks - 1))
        .arg("--output")
        .arg(dir.path())
        .current_dir(manifest_dir())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shard = dir.path().join(format!("shard-0-of-{}", tasks - 1));
    let fresh_runs = read_frame(&shard.join("runs.parquet")).unwrap();
    let ran = tasks_of(&fresh_runs);
    let engines = |i: usize| manifest["engines"][i]["name"].as_str().unwrap().to_string();
    let variants = |i: usize| {
        manifest["variants"][i]["name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let last = (
        variants(count("variants") - 1),
        engines(count("engines") - 1),
    );
    assert_eq!(ran, [(variants(0), engines(0)), last]);
    for table in GRID {
        let old = rows_of_tasks(&read_frame(&committed.join(table)).unwrap(), &ran);
        let new = read_frame(&shard.join(table)).unwrap();
        assert_eq!(old.height(), new.height(), "{table}");
        assert!(
            old.equals_missing(&new),
            "reports/blackjack-rules/{table} is not what the code computes today (run \
             `banluck-lab run experiments/blackjack-rules.toml`):\ncommitted {old}\nfresh {new}"
        );
    }
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

/// `old` without the columns `new` leaves out, each of which must be all
/// null in `old`'s rows (a file leaves out its all-null columns, so a run
/// of part of an experiment can leave out a column the whole run fills
/// for other rows).
fn without_left_out(old: &DataFrame, new: &DataFrame, table: &str) -> DataFrame {
    let kept: Vec<PlSmallStr> = old
        .columns()
        .iter()
        .filter(|column| {
            let left_out = new.column(column.name()).is_err();
            assert!(
                !left_out || column.null_count() == column.len(),
                "{table}: the fresh run leaves out {}, which the committed rows fill",
                column.name()
            );
            !left_out
        })
        .map(|column| column.name().clone())
        .collect();
    old.select(kept).unwrap()
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
        let old = without_left_out(&old, &new, table);
        assert!(
            old.equals_missing(&new),
            "reports/rotation/{table}: committed {old}\nfresh {new}"
        );
    }
}
