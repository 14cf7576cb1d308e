//! The simulator through the command line: chart and solver-written
//! strategy files, the JSON report and bad strategy files.

use std::process::Command;

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::strategy_file::{FileInfo, to_json};

use crate::loaded_table;

use loaded_table::table;

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

#[test]
fn the_cli_plays_a_chart_file_and_reports_json() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("mine.toml");
    std::fs::write(&chart, "[player]\nhit_below = 17\n").unwrap();
    let chart = chart.to_str().unwrap();
    let args = [
        "simulate",
        "--rules",
        "rules/banluck.toml",
        "--hands",
        "100_000",
        "--seed",
        "5",
        "--json",
        "--quiet",
        "--exact",
        "-0.1",
    ];
    let out = cli(&[&args[..], &["--strategy", chart, "--threads", "1"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["stats"]["hands"], 100_000);
    assert_eq!(report["exact"]["exact"], -0.1);
    assert!(report["exact"]["z"].is_f64());
    // The built-in stand17 is the same habit: the same numbers on 2 threads.
    let builtin = cli(&[&args[..], &["--strategy", "stand17", "--threads", "2"]].concat());
    let builtin: serde_json::Value = serde_json::from_slice(&builtin.stdout).unwrap();
    assert_eq!(report["stats"], builtin["stats"]);
}

#[test]
fn the_cli_plays_a_solver_written_strategy_file_against_its_recorded_ev() {
    let rules = table("reveal-on.toml", &[]);
    let solution = dp::solve(&rules);
    let info = FileInfo {
        engine: Some("dp".into()),
        ev: Some(solution.ev),
        description: None,
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dp.json");
    std::fs::write(&file, to_json(&rules, &solution.player, None, &info)).unwrap();
    let args = [
        "simulate",
        "--rules",
        "rules/reveal-on.toml",
        "--strategy",
        file.to_str().unwrap(),
    ];
    let out = cli(&[&args[..], &["--hands", "1e6", "--json", "--quiet"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["exact_source"], "the strategy file");
    let recorded = report["exact"]["exact"].as_f64().unwrap();
    assert!((recorded - solution.ev).abs() < 1e-15);
    let z = report["exact"]["z"].as_f64().unwrap();
    assert!(z.abs() < 4.0, "z = {z}");
    // Under other rules the file still plays, with a note and no exact value.
    let out = cli(&[
        "simulate",
        "--strategy",
        file.to_str().unwrap(),
        "--hands",
        "1000",
        "--json",
        "--quiet",
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("was computed for other rules"));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(report.get("exact").is_none());
}

#[test]
fn the_cli_explains_bad_strategy_files_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("bad.toml");
    std::fs::write(&chart, "[player]\nhit_below = \"seventeen\"\n").unwrap();
    let out = cli(&[
        "simulate",
        "--strategy",
        chart.to_str().unwrap(),
        "--hands",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr
            .contains("bad.toml: player.hit_below = \"seventeen\": expected a total from 0 to 22"),
        "{stderr}"
    );
    let out = cli(&["simulate", "--strategy", "stand18", "--hands", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("neither a built-in strategy (dp, chart, cfr, stand17) nor an existing file")
    );
}
