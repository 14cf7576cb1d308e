//! The experiment runner end to end, through the command line: Parquet
//! tables checked column by column against direct solves, both reports and
//! the cache. Shards, merging and experiment-file errors are in
//! `runner_shards.rs`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use banluck_lab::games::banluck::dp::{self, Action};
use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::lab::{Cache, RunOptions, load_experiment, run_tasks};
use banluck_lab::rules::Override;
use polars::prelude::*;

use crate::runner_workspace;

use runner_workspace::{EXPERIMENT, VARIANTS, cli_ok, close, floats, read, strings, workspace};

/// Modification times and contents of the cache files.
fn cache_files(out: &Path) -> BTreeMap<PathBuf, (SystemTime, Vec<u8>)> {
    std::fs::read_dir(out.join(".cache"))
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let meta = std::fs::metadata(&path).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            (path, (meta.modified().unwrap(), bytes))
        })
        .collect()
}

#[test]
fn a_small_experiment_runs_end_to_end_and_a_second_run_is_all_cache() {
    let (dir, file) = workspace(EXPERIMENT);
    let stdout = cli_ok(dir.path(), &["run", "x.toml", "--jobs", "2"]);
    assert!(
        stdout.contains("4 tasks (4 computed, 0 from the cache)"),
        "{stdout}"
    );
    // A Banluck grid's single hands are a table of their own, listed too.
    assert!(
        stdout.contains(
            "(runs.parquet, strategies.parquet, hands.parquet, convergence.parquet, report.md, report.html)"
        ),
        "{stdout}"
    );
    let out = dir.path().join("out");

    // runs.parquet: one row per variant, checked against direct solves.
    let runs = read(&out.join("runs.parquet"));
    assert_eq!(runs.height(), 4);
    let names: Vec<&str> = runs.get_column_names().iter().map(|n| n.as_str()).collect();
    for column in [
        "deck_decks",
        "ace_two_cards",
        "payouts_ban_ban",
        "dealer_fixed_reveal",
        "dealer_fixed_stand_on",
        "settlement_both_bust",
        "ev",
        "ev_chart",
        "std_dev",
        "void_rate",
        "rules_hash",
        "engine",
        "version",
    ] {
        assert!(names.contains(&column), "missing column {column}");
    }
    // Identity first (seed and parameters are all null for dp, so left
    // out), then the rules, then the figures.
    assert_eq!(names[..4], ["variant", "engine", "rules_hash", "version"]);
    let position = |name: &str| names.iter().position(|n| *n == name).unwrap();
    assert!(position("settlement_both_bust") < position("ev"));
    // Wall-clock time changes on every run: it lives in timings.parquet,
    // which is not committed, never in the tables the reports are made of.
    assert!(!names.contains(&"seconds"));
    let timings = read(&out.join("timings.parquet"));
    assert_eq!(
        timings.height(),
        runs.height() + read(&out.join("convergence.parquet")).height()
    );
    assert!(
        floats(&timings, "seconds")
            .iter()
            .all(|s| s.is_some_and(|s| s >= 0.0))
    );
    let strategies = read(&out.join("strategies.parquet"));
    let hand_rows = read(&out.join("hands.parquet"));
    let (ev, ev_chart, std_dev, void_rate) = (
        floats(&runs, "ev"),
        floats(&runs, "ev_chart"),
        floats(&runs, "std_dev"),
        floats(&runs, "void_rate"),
    );
    let reveal = strings(&runs, "dealer_fixed_reveal");
    let ban_ban = floats(&runs, "payouts_ban_ban");
    let hashes = strings(&runs, "rules_hash");
    for (i, (name, sets)) in VARIANTS.iter().enumerate() {
        let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
        let rules = load_rules(Some(&dir.path().join("banluck.toml")), &overrides).unwrap();
        let table = CompiledRules::compile(rules);
        let direct = dp::solve(&table);
        assert_eq!(strings(&runs, "variant")[i].as_deref(), Some(*name));
        assert!(close(ev[i], direct.ev), "{name}: ev");
        assert!(close(ev_chart[i], direct.ev_chart), "{name}: ev_chart");
        assert!(close(std_dev[i], direct.std_dev), "{name}: std_dev");
        assert!(close(void_rate[i], direct.void_rate), "{name}: void_rate");
        assert_eq!(hashes[i].as_deref(), Some(table.hash()));
        assert_eq!(reveal[i].as_deref(), Some(if i < 2 { "off" } else { "on" }));
        assert_eq!(ban_ban[i], Some(if i % 2 == 0 { 3.0 } else { 2.0 }));

        // strategies.parquet: the chart's hit rows match the direct chart.
        let mask = strategies
            .column("variant")
            .unwrap()
            .str()
            .unwrap()
            .equal(*name);
        let mine = strategies.filter(&mask).unwrap();
        // One grain per file: the chart cells here, the compositions in
        // hands.parquet.
        assert_eq!(mine.height(), 2 * direct.chart.len());
        assert!(mine.column("hand").is_err());
        let hand_mask = hand_rows
            .column("variant")
            .unwrap()
            .str()
            .unwrap()
            .equal(*name);
        let my_hands = hand_rows.filter(&hand_mask).unwrap();
        assert_eq!(my_hands.height(), 2 * direct.compositions.len());
        assert_eq!(my_hands.column("hand").unwrap().null_count(), 0);
        let actions = strings(&mine, "action");
        let frequency = floats(&mine, "frequency");
        let ev_hit = floats(&mine, "ev_hit");
        let chart_hits: Vec<usize> = (0..mine.height())
            .filter(|&r| actions[r].as_deref() == Some("hit"))
            .collect();
        assert_eq!(chart_hits.len(), direct.chart.len());
        for (cell, &r) in direct.chart.iter().zip(&chart_hits) {
            let hit = if cell.action == Action::Hit { 1.0 } else { 0.0 };
            assert_eq!(frequency[r], Some(hit));
            assert!(close(ev_hit[r], cell.ev_hit));
        }
    }
    // dp alone fills none of these: an all-null column is left out.
    for column in [
        "exploitability",
        "std_err",
        "z",
        "iterations",
        "seed",
        "hands",
    ] {
        assert!(runs.column(column).is_err(), "{column} is all null");
    }
    assert!(!names.iter().any(|n| n.starts_with("params")));

    // convergence.parquet: valid and empty without an iterative engine.
    let convergence = read(&out.join("convergence.parquet"));
    assert_eq!(convergence.height(), 0);
    assert!(convergence.column("exploitability").is_ok());

    // Both reports state the answer, computed from the data.
    let on = load_rules(
        Some(&dir.path().join("banluck.toml")),
        &["dealer.fixed.reveal=on".parse().unwrap()],
    )
    .unwrap();
    let gain = ev[0].unwrap() - dp::solve(&CompiledRules::compile(on)).ev;
    let verb = if gain > 0.0 {
        format!("is worth {gain:.4} units per hand to the dealer")
    } else {
        format!("costs the dealer {:.4} units per hand", -gain)
    };
    let headline = format!("Selective reveal (on instead of off) {verb}");
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(markdown.contains(&headline), "{markdown}");
    assert!(html.contains(&headline));
    assert!(markdown.contains("Ban Ban's payout (2:1 instead of 3:1)"));
    assert!(stdout.contains(&headline));
    assert!(html.contains("<svg") && html.contains("<style>"));
    assert!(
        !html.contains("<script") && !html.contains("src=\"http") && !html.contains("href=\"http")
    );

    // A second run computes nothing and leaves the cache untouched.
    let before = cache_files(&out);
    assert_eq!(before.len(), 4);
    let stdout = cli_ok(dir.path(), &["run", "x.toml", "-q"]);
    assert!(stdout.is_empty());
    assert_eq!(cache_files(&out), before);
    let experiment = load_experiment(&file, &banluck_lab::studies::registry()).unwrap();
    let outcome = run_tasks(&experiment, &Cache::new(&out), &RunOptions::default());
    assert_eq!((outcome.computed(), outcome.cached()), (0, 4));
    assert_eq!(read(&out.join("runs.parquet")).height(), 4);

    // `report` re-renders from the Parquet files alone.
    std::fs::remove_file(out.join("report.md")).unwrap();
    std::fs::remove_dir_all(out.join(".cache")).unwrap();
    cli_ok(dir.path(), &["report", "out"]);
    let again = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert_eq!(again, markdown);

    // A template folder replaces the built-in Markdown template.
    let templates = dir.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(
        templates.join("report.md.tera"),
        "{{ name }}: {% for s in sensitivity %}{{ s.cells[0].delta | signed }} {% endfor %}",
    )
    .unwrap();
    cli_ok(dir.path(), &["report", "out", "--templates", "templates"]);
    // The rules' description goes first, as over every report; then the
    // template's own text.
    let custom = std::fs::read_to_string(out.join("report.md")).unwrap();
    let rules: toml::Table = std::fs::read_to_string(dir.path().join("banluck.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let description = rules["description"].as_str().unwrap();
    let body = custom
        .strip_prefix(&format!(
            "**Rules file (before the experiment's changes):** {description}\n\n"
        ))
        .unwrap_or_else(|| panic!("no rules description first: {custom}"));
    assert!(body.starts_with("small: 0 "), "{custom}");
    assert_eq!(
        std::fs::read_to_string(out.join("report.html")).unwrap(),
        html
    );
}
